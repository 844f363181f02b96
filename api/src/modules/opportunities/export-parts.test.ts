import { opportunityCsvHeader } from '@app/domain';
import { exportBytes, type ExportPart, exportReply } from './export-share';
import { shares } from './export-pool';

/** A part holding these lines (each ends with CRLF, as the writer's). */
const part = (...lines: string[]): ExportPart => {
  const ends: number[] = [];
  let text = '';
  for (const line of lines) {
    text += `${line}\r\n`;
    ends.push(text.length);
  }
  return { text, ends };
};

/** The reply's pieces joined, as the client receives them. */
const replyOf = (...args: Parameters<typeof exportReply>): Buffer => Buffer.concat(exportReply(...args));

/** The reply as the route wrote it before the threads wrote its bytes: the joined text's JSON. */
const replyOfText = (csvString: string): string => JSON.stringify({ csvString });

describe('exportReply', () => {
  const parts = [part('a', 'b', 'c'), part(), part('d', 'e')].map(exportBytes);
  const lines = (startId: number, endId: number) =>
    (JSON.parse(replyOf(parts, startId, endId).toString('utf8')) as { csvString: string }).csvString
      .slice(opportunityCsvHeader().length)
      .split('\r\n')
      .slice(0, -1);

  it('joins the parts in order under the header, as the JSON of the file', () => {
    expect(replyOf(parts, 0, Number.MAX_SAFE_INTEGER).toString('utf8')).toBe(
      replyOfText(`${opportunityCsvHeader()}a\r\nb\r\nc\r\nd\r\ne\r\n`),
    );
  });

  it('keeps the positions [startId, endId) across the parts', () => {
    expect(lines(1, 4)).toEqual(['b', 'c', 'd']);
    expect(lines(3, 5)).toEqual(['d', 'e']);
    expect(lines(2, 3)).toEqual(['c']);
    expect(lines(4, 100)).toEqual(['e']);
  });

  it('gives an empty csvString when no line falls in the window, or there is none', () => {
    expect(replyOf(parts, 5, 10).toString('utf8')).toBe(replyOfText(''));
    expect(replyOf(parts, 2, 2).toString('utf8')).toBe(replyOfText(''));
    expect(replyOf([part(), part()].map(exportBytes), 0, 10).toString('utf8')).toBe(replyOfText(''));
  });

  it('writes the bytes JSON.stringify writes, whatever the lines hold', () => {
    // Quotes, backslashes, controls, accents, a ligature, emoji (pairs of surrogates), a lone
    // surrogate, the separators JSON leaves as they are, and a line long enough to grow the buffer.
    const odd = [
      '"Société ""Crèche"" Œuvre";C:\\dossier;\t\u0001\u001f',
      'Émile 😀 l’été 🇫🇷',
      'seul \ud83d ici \udc00',
      'ligne\u2028sépare\u2029',
      'à'.repeat(50_000) + '"'.repeat(20_000),
    ];
    const text = [part(...odd.slice(0, 2)), part(), part(...odd.slice(2))];
    const whole = `${opportunityCsvHeader()}${odd.map((line) => `${line}\r\n`).join('')}`;
    const reply = replyOf(text.map(exportBytes), 0, Number.MAX_SAFE_INTEGER);
    expect(reply.equals(Buffer.from(replyOfText(whole)))).toBe(true);
    const middle = replyOf(text.map(exportBytes), 1, 4);
    expect(
      middle.equals(
        Buffer.from(
          replyOfText(
            `${opportunityCsvHeader()}${odd
              .slice(1, 4)
              .map((line) => `${line}\r\n`)
              .join('')}`,
          ),
        ),
      ),
    ).toBe(true);
  });
});

describe('shares', () => {
  it('cuts a list into contiguous shares of about the same size, in order', () => {
    const items = Array.from({ length: 7 }, (_, i) => i);
    expect(shares(items, 2)).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6],
    ]);
    expect(shares(items, 3).flat()).toEqual(items);
    expect(shares(items, 1)).toEqual([items]);
    expect(shares([], 2)).toEqual([]);
  });
});
