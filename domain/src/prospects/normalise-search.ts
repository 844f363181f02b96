// One normal form for searching and comparing names: what users type and what files hold differ in
// case, accents, ligatures and spacing, never in meaning.
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', '’': "'", ʼ: "'" };
const LIGATURE_PATTERN = /[œæß’ʼ]/g;
const COMBINING_MARKS = /\p{M}+/gu;
const SPACES = /\s+/g;

/** Lower case, accents removed (NFD), ligatures spelt out, spaces collapsed and trimmed. */
export function normaliseSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .replace(LIGATURE_PATTERN, (char) => LIGATURES[char] ?? char)
    .replace(SPACES, ' ')
    .trim();
}
