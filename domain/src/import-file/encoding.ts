/** The encodings French spreadsheets come in: UTF-8 (with or without BOM) and Excel's Windows-1252. */
export const FILE_ENCODINGS = ['utf-8', 'windows-1252'] as const;

export type FileEncoding = (typeof FILE_ENCODINGS)[number];

export const FILE_ENCODING_LABELS: Record<FileEncoding, string> = {
  'utf-8': 'UTF-8',
  'windows-1252': 'Windows-1252 (Excel)',
};

// Windows-1252 differs from Latin-1 only in 0x80–0x9F; the five unassigned bytes keep their C1 code.
// Our own table, because Node's decoder gets this range wrong (docs/decisions/import-files.md).
const HIGH_CONTROLS = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,
  0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x9d, 0x017e, 0x0178,
];

const WINDOWS_1252 = Uint16Array.from({ length: 256 }, (_, byte) =>
  byte >= 0x80 && byte <= 0x9f ? (HIGH_CONTROLS[byte - 0x80] ?? byte) : byte,
);

const CHUNK = 1 << 16;

// The WHATWG encoding API is global in browsers and in Node, but domain builds without the DOM or
// Node typings: its shape is declared here.
declare const TextDecoder: new (
  label?: string,
  options?: { fatal?: boolean; ignoreBOM?: boolean },
) => { decode(input?: ArrayBufferView): string };

function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/** True when the bytes are well-formed UTF-8 (an ASCII-only file is both, and reads the same). */
export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** UTF-8 when there is a BOM or the bytes are valid UTF-8; otherwise the file comes from Excel. */
export function detectEncoding(bytes: Uint8Array): FileEncoding {
  return hasUtf8Bom(bytes) || isValidUtf8(bytes) ? 'utf-8' : 'windows-1252';
}

/** Windows-1252 bytes to text, exactly, in any JavaScript engine. */
export function decodeWindows1252(bytes: Uint8Array): string {
  const utf16 = new TextDecoder('utf-16le');
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const slice = bytes.subarray(start, Math.min(start + CHUNK, bytes.length));
    const units = new Uint16Array(slice.length);
    for (let i = 0; i < slice.length; i += 1) units[i] = WINDOWS_1252[slice[i] as number] as number;
    parts.push(utf16.decode(units));
  }
  return parts.join('');
}

/** The text of a file in `encoding`, without its BOM; invalid UTF-8 sequences become U+FFFD. */
export function decodeBytes(bytes: Uint8Array, encoding: FileEncoding): string {
  if (encoding === 'windows-1252') return decodeWindows1252(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

/** Detects the encoding (unless the user chose one) and decodes, in one pass for a UTF-8 file. */
export function readText(
  bytes: Uint8Array,
  chosen: FileEncoding | 'auto' = 'auto',
): { text: string; encoding: FileEncoding } {
  if (chosen !== 'auto') return { text: decodeBytes(bytes, chosen), encoding: chosen };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}
