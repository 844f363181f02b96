import { utf8Of } from './utf8-pieces';

describe('utf8Of', () => {
  it('writes the pieces as the UTF-8 of their joined text, in a buffer of its own', () => {
    const pieces = [
      '{"value":[',
      '{"nom":"Crèche Les P’tits Loups","ville":"ŒUVRE"}',
      ',',
      '{"nom":"Café 😀","vide":""}',
      '',
      `,{"seul":"${'\ud83d'}"}`,
      '],"total":2}',
    ];
    const bytes = utf8Of(pieces);
    expect(bytes.equals(Buffer.from(pieces.join(''), 'utf8'))).toBe(true);
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
  });

  it('gives small pages a buffer of their own too, never a slice of the shared pool', () => {
    const bytes = utf8Of(['{"total":0}']);
    expect(bytes.toString()).toBe('{"total":0}');
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
  });

  it('gives an empty buffer for no pieces', () => {
    expect(utf8Of([]).byteLength).toBe(0);
  });
});
