// The iCalendar text of RFC 5545 that the feed needs: escaping of TEXT values (§3.3.11), folding of
// content lines at 75 octets without cutting a UTF-8 character (§3.1), CRLF line ends, UTC and DATE
// values (§3.3.5, §3.3.4). Written here (about 80 lines) rather than with a generator library: the
// feed has one shape, and the tests parse it with Mozilla's ical.js.

const CRLF = '\r\n';
/** A content line's octets before it is folded (the CRLF not counted). */
const LINE_OCTETS = 75;

const TEXT_SPECIALS = /[\\;,]|\r\n|[\r\n]/g;
/** Controls other than HTAB are not allowed in a TEXT value (§3.3.11): dropped. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const NOT_PLAIN_ASCII = /[^\u0020-\u007E]/;

/** A TEXT value: backslash, semicolon and comma escaped, any line break written `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(CONTROLS, '')
    .replace(TEXT_SPECIALS, (special) =>
      special === '\\' || special === ';' || special === ',' ? `\\${special}` : '\\n',
    );
}

/**
 * One content line folded into lines of at most 75 octets: a break, then one space, before the
 * octet that would pass the limit, never inside a character (a code point is kept whole).
 */
export function foldLine(line: string): string {
  if (line.length <= LINE_OCTETS && !NOT_PLAIN_ASCII.test(line)) return line;
  if (Buffer.byteLength(line, 'utf8') <= LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // The first line holds 75 octets; each following one a space and 74.
  let room = LINE_OCTETS;
  for (const character of line) {
    const size = octetsOf(character.codePointAt(0) ?? 0);
    if (octets + size > room) {
      parts.push(current);
      current = '';
      octets = 0;
      room = LINE_OCTETS - 1;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function octetsOf(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A UTC DATE-TIME value: 20250312T133000Z. */
export function utcDateTime(ms: number): string {
  const date = new Date(ms);
  return (
    `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  );
}

/** A DATE value: 20250410. */
export function dateValue(year: number, month: number, day: number): string {
  return `${pad(year, 4)}${pad(month)}${pad(day)}`;
}

/** The day after a calendar date (the exclusive end of an all-day event), as a DATE value. */
export function nextDateValue(year: number, month: number, day: number): string {
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return dateValue(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}

/** Content lines, each folded, joined and ended with CRLF. */
export function icsText(lines: readonly string[]): string {
  let text = '';
  for (const line of lines) text += foldLine(line) + CRLF;
  return text;
}
