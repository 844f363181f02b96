import ICAL from 'ical.js';
import { escapeText, foldLine, icsText, nextDateValue, utcDateTime } from './ics';

describe('escapeText', () => {
  it('escapes backslashes, semicolons and commas, and writes every line break as \\n', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('drops control characters other than the tab', () => {
    expect(escapeText('a\u0000b\u0007c\td')).toBe('abc\td');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets alone', () => {
    expect(foldLine('A'.repeat(75))).toBe('A'.repeat(75));
  });

  it.each([
    ['accents', 'SUMMARY:' + 'é'.repeat(60)],
    ['a three-octet character on the limit', 'SUMMARY:' + 'a'.repeat(66) + '€€€€€€€'],
    ['emoji (four octets, two UTF-16 units)', 'DESCRIPTION:' + '🥐'.repeat(40)],
  ])('with %s: lines of at most 75 octets, a space after each break, no character cut', (_label, line) => {
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const part of lines) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    for (const part of lines.slice(1)) expect(part.startsWith(' ')).toBe(true);
    // Unfolding (RFC 5545 §3.1) gives the line back.
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(Buffer.from(folded, 'utf8').toString('utf8')).not.toContain('\uFFFD');
  });
});

describe('values', () => {
  it('writes UTC date-times with Z and the day after a date across a month and a year', () => {
    expect(utcDateTime(Date.UTC(2025, 2, 9, 7, 5, 3))).toBe('20250309T070503Z');
    expect(nextDateValue(2025, 2, 28)).toBe('20250301');
    expect(nextDateValue(2024, 12, 31)).toBe('20250101');
  });

  it('gives text that ical.js reads back as written', () => {
    const summary = 'Café « Le Zinc », Paris; 🥐 \\ ' + 'long '.repeat(20);
    const text = icsText([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//FR',
      'BEGIN:VEVENT',
      'UID:1@test',
      'DTSTAMP:20250101T000000Z',
      'DTSTART:20250101T100000Z',
      `SUMMARY:${escapeText(summary)}`,
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('pas d’événement');
    const event = new ICAL.Event(vevent);
    expect(event.summary).toBe(summary);
  });
});
