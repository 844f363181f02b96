import { opportunityCsvHeader } from '@app/domain';
import { csvOf, type ExportPart } from './export-share';
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

describe('csvOf', () => {
  const parts = [part('a', 'b', 'c'), part(), part('d', 'e')];
  const lines = (startId: number, endId: number) =>
    csvOf(parts, startId, endId).slice(opportunityCsvHeader().length).split('\r\n').slice(0, -1);

  it('joins the parts in order under the header', () => {
    expect(csvOf(parts, 0, Number.MAX_SAFE_INTEGER)).toBe(
      `${opportunityCsvHeader()}a\r\nb\r\nc\r\nd\r\ne\r\n`,
    );
  });

  it('keeps the positions [startId, endId) across the parts', () => {
    expect(lines(1, 4)).toEqual(['b', 'c', 'd']);
    expect(lines(3, 5)).toEqual(['d', 'e']);
    expect(lines(2, 3)).toEqual(['c']);
    expect(lines(4, 100)).toEqual(['e']);
  });

  it("gives '' when no line falls in the window, or there is none", () => {
    expect(csvOf(parts, 5, 10)).toBe('');
    expect(csvOf(parts, 2, 2)).toBe('');
    expect(csvOf([part(), part()], 0, 10)).toBe('');
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
