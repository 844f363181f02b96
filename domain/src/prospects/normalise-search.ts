// One normal form for searching and comparing names: what users type and what files hold differ in
// case, accents, ligatures and spacing, never in meaning.
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', '’': "'", ʼ: "'" };
const LIGATURE_PATTERN = /[œæß’ʼ]/g;
const COMBINING_MARKS = /\p{M}+/gu;
const SPACES = /\s+/g;
/** Text with no character past U+007F (control characters included, hence the lint exception). */
// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/** What one character (a code point, already lower-cased) becomes: its accents removed, ligatures spelt out. */
function foldCharacter(char: string): string {
  return char
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .replace(LIGATURE_PATTERN, (ligature) => LIGATURES[ligature] ?? ligature);
}

/** Each non-ASCII code point met so far, folded (a file repeats the same few accented letters). */
const FOLDED = new Map<string, string>();
const NON_ASCII = /[\u0080-\u{10ffff}]/gu;

function foldedCharacter(char: string): string {
  let folded = FOLDED.get(char);
  if (folded === undefined) {
    folded = foldCharacter(char);
    FOLDED.set(char, folded);
  }
  return folded;
}

/**
 * Lower case, accents removed (NFD), ligatures spelt out, spaces collapsed and trimmed.
 *
 * After the lower-casing (done on the whole text: the one rule that reads a character's neighbours,
 * Greek final sigma, sees them), each step works code point by code point: the decomposition only
 * reorders combining marks, and every mark is removed. So each non-ASCII code point is replaced by
 * its folded form, computed once (FOLDED), instead of decomposing the whole text and running two
 * expressions over it; the result is the same as the passes in a row (`normaliseSearchByPasses`,
 * compared in the tests).
 */
export function normaliseSearch(text: string): string {
  const lower = text.toLowerCase();
  // Plain ASCII has no accent nor ligature: nothing to fold.
  const folded = ASCII.test(lower) ? lower : lower.replace(NON_ASCII, foldedCharacter);
  return folded.replace(SPACES, ' ').trim();
}

/** normaliseSearch as the passes in a row over the whole text: the reference its tests compare with. */
export function normaliseSearchByPasses(text: string): string {
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
