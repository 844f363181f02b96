// The characters of 0x80–0x9F that Windows-1252 puts where Latin-1 has C1 controls.
const HIGH_PLANE: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/**
 * Encodes text byte by byte as Excel's "CSV (séparateur : point-virgule)" does in France, without
 * relying on a decoder/encoder of the runtime (Node's maps 0x80–0x9F wrongly).
 */
export function encodeWindows1252(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const byte = HIGH_PLANE[char] ?? (code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : undefined);
    if (byte === undefined) throw new Error(`« ${char} » n'existe pas en Windows-1252`);
    bytes.push(byte);
  }
  return Buffer.from(bytes);
}
