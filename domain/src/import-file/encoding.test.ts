import { decodeBytes, decodeWindows1252, detectEncoding, readText } from './encoding';

// "Société;Crèche;Œuvre;12 €;l’école" as Excel saves it in France (Windows-1252).
const WINDOWS_1252_FIXTURE = Uint8Array.from([
  0x53, 0x6f, 0x63, 0x69, 0xe9, 0x74, 0xe9, 0x3b, 0x43, 0x72, 0xe8, 0x63, 0x68, 0x65, 0x3b, 0x8c, 0x75, 0x76,
  0x72, 0x65, 0x3b, 0x31, 0x32, 0x20, 0x80, 0x3b, 0x6c, 0x92, 0xe9, 0x63, 0x6f, 0x6c, 0x65,
]);
const EXPECTED = 'Société;Crèche;Œuvre;12 €;l’école';

const utf8 = (text: string) => new TextEncoder().encode(text);

test('a Windows-1252 file is detected as such', () => {
  expect(detectEncoding(WINDOWS_1252_FIXTURE)).toBe('windows-1252');
});

test('Windows-1252 bytes read "Société", "Crèche", "Œuvre", "€" and "’" right', () => {
  expect(decodeWindows1252(WINDOWS_1252_FIXTURE)).toBe(EXPECTED);
  expect(readText(WINDOWS_1252_FIXTURE)).toEqual({ text: EXPECTED, encoding: 'windows-1252' });
});

test('every byte of 0x80–0x9F has its Windows-1252 character, the five unassigned keep their code', () => {
  const bytes = Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i);
  expect(decodeWindows1252(bytes)).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ');
});

test('a long Windows-1252 file is decoded whole, across the internal chunks', () => {
  const bytes = new Uint8Array(200_000).fill(0xe9);
  expect(decodeWindows1252(bytes)).toBe('é'.repeat(200_000));
});

test('UTF-8 without BOM is detected and read', () => {
  expect(readText(utf8(EXPECTED))).toEqual({ text: EXPECTED, encoding: 'utf-8' });
});

test('UTF-8 with a BOM is detected, and the BOM is not part of the text', () => {
  const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(EXPECTED)]);
  expect(detectEncoding(bytes)).toBe('utf-8');
  expect(readText(bytes)).toEqual({ text: EXPECTED, encoding: 'utf-8' });
});

test('an ASCII-only file reads as UTF-8', () => {
  expect(detectEncoding(utf8('Nom;CP\nACME;01000'))).toBe('utf-8');
});

test('the user can force an encoding: a UTF-8 file read as Windows-1252 shows the raw bytes', () => {
  expect(readText(utf8('é'), 'windows-1252')).toEqual({ text: 'Ã©', encoding: 'windows-1252' });
  expect(decodeBytes(WINDOWS_1252_FIXTURE, 'utf-8')).toContain('\uFFFD');
});
