// The iCalendar text of RFC 5545 that the feed needs: escaping of TEXT values (§3.3.11), folding of
// content lines at 75 octets without cutting a UTF-8 character (§3.1), CRLF line ends, UTC and DATE
// values (§3.3.5, §3.3.4). Written here (about 100 lines) rather than with a generator library: the
// feed has one shape, and the tests parse it with Mozilla's ical.js.

const CRLF = '\r\n';
/** A content line's octets before it is folded (the CRLF not counted). */
const LINE_OCTETS = 75;

/** Controls other than HTAB are not allowed in a TEXT value (§3.3.11): dropped. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const SPECIALS = /[\\;,]/g;
const LINE_BREAKS = /\r\n|[\r\n]/g;

/** A TEXT value: backslash, semicolon and comma escaped, any line break written `\n`. */
export function escapeText(value: string): string {
  // Replacement strings, not callbacks: a feed escapes tens of thousands of values.
  return value.replace(CONTROLS, '').replace(SPECIALS, '\\$&').replace(LINE_BREAKS, '\\n');
}

/** Octets of the UTF-16 unit at `index` in UTF-8 (a surrogate pair counts 4 on its first unit, 0 on its second). */
function octetsAt(line: string, index: number): number {
  const unit = line.charCodeAt(index);
  if (unit < 0x80) return 1;
  if (unit < 0x800) return 2;
  if (unit >= 0xd800 && unit <= 0xdbff) return 4;
  // The second half of a pair was counted with the first; a lone half is written as U+FFFD (3).
  if (unit >= 0xdc00 && unit <= 0xdfff) {
    const previous = index > 0 ? line.charCodeAt(index - 1) : 0;
    return previous >= 0xd800 && previous <= 0xdbff ? 0 : 3;
  }
  return 3;
}

/**
 * One content line folded into lines of at most 75 octets: a break, then one space, before the
 * character that would pass the limit, never inside one (a surrogate pair stays whole).
 */
export function foldLine(line: string): string {
  // Three octets at most per UTF-16 unit: a short line cannot need folding.
  if (line.length * 3 <= LINE_OCTETS || Buffer.byteLength(line, 'utf8') <= LINE_OCTETS) return line;
  let folded = '';
  let start = 0;
  let octets = 0;
  // The first line holds 75 octets; each following one a space and 74.
  let room = LINE_OCTETS;
  for (let index = 0; index < line.length; index += 1) {
    const size = octetsAt(line, index);
    if (octets + size > room) {
      folded += `${line.slice(start, index)}${CRLF} `;
      start = index;
      octets = 0;
      room = LINE_OCTETS - 1;
    }
    octets += size;
  }
  return folded + line.slice(start);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A UTC DATE-TIME value: 20250312T133000Z. */
export function utcDateTime(ms: number): string {
  // 2025-03-12T13:30:00.000Z, read by position (years 0 to 9999).
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
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
