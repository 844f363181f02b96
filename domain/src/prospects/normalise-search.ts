// One normal form for searching and comparing names: what users type and what files hold differ in
// case, accents, ligatures and spacing, never in meaning.
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', '’': "'", ʼ: "'" };
const LIGATURE_PATTERN = /[œæß’ʼ]/g;
const COMBINING_MARKS = /\p{M}+/gu;
const SPACES = /\s+/g;
/** Text with no character past U+007F (control characters included, hence the lint exception). */
// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/** Lower case, accents removed (NFD), ligatures spelt out, spaces collapsed and trimmed. */
export function normaliseSearch(text: string): string {
  // Plain ASCII has no accent nor ligature: the decomposition and its two passes would change nothing.
  if (ASCII.test(text)) return text.toLowerCase().replace(SPACES, ' ').trim();
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .replace(LIGATURE_PATTERN, (char) => LIGATURES[char] ?? char)
    .replace(SPACES, ' ')
    .trim();
}

// A French number is typed 0715669840, 07 15 66 98 40, 07.15.66.98.40 or +33 7 15 66 98 40: the search
// form keeps one, so any typing finds any stored one (docs/decisions/prospect-import.md).
const FRENCH_PREFIX = /\+33[ .-]*(?:\(0\)[ .-]*)?(?=[1-9]|$)/g;
const DIGIT_SEPARATORS = /(?<=\d)[ .-]+(?=\d)/g;
const TRAILING_SEPARATORS = /(?<=\d)[ .-]+$/;

/**
 * normaliseSearch, then numbers written as one run of digits: '+33' becomes '0' and the spaces, dots
 * and hyphens between digits go ('+33 7 15.66' -> '071566'). For searching only: names are compared
 * with normaliseSearch, whose form the stored duplicate keys depend on.
 */
export function searchFormOf(text: string): string {
  return normaliseSearch(text)
    .replace(FRENCH_PREFIX, '0')
    .replace(DIGIT_SEPARATORS, '')
    .replace(TRAILING_SEPARATORS, '');
}

const SEPARATORS = '[ .-]*';
const LEADING_ZERO = `(?:0${SEPARATORS}|\\+33${SEPARATORS}(?:\\(0\\)${SEPARATORS})?)`;
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function digitsPattern(run: string): string {
  const digits = [...run];
  if (digits.length > 1 && digits[0] === '0' && digits[1] !== '0')
    return LEADING_ZERO + digits.slice(1).join(SEPARATORS);
  return digits.join(SEPARATORS);
}

/**
 * What a query must find in a text normalised with normaliseSearch (a prospect's stored searchText):
 * the query in search form, its numbers matching whatever spaces, dots, hyphens or '+33' the text
 * writes them with; null for an empty query. Without digits it is a plain substring pattern.
 */
export function searchPatternOf(query: string): RegExp | null {
  const needle = searchFormOf(query);
  if (needle === '') return null;
  const source = needle
    .split(/(\d+)/)
    .map((part, index) => (index % 2 === 1 ? digitsPattern(part) : escapeRegExp(part)))
    .join('');
  return new RegExp(source);
}
