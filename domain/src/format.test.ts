import {
  formatClock,
  formatNumber,
  formatDate,
  formatDateTime,
  formatDuration,
  formatLongDate,
  formatRemaining,
  progressPercent,
  truncateProspectName,
} from './format';

const local = (...parts: [number, number, number, number?, number?]) => new Date(...parts).getTime();

describe('formatDate', () => {
  it('writes DD/MM/YYYY in local time, zero-padded', () => {
    expect(formatDate(local(2024, 0, 5))).toBe('05/01/2024');
    expect(formatDate(local(1999, 11, 31, 23, 59))).toBe('31/12/1999');
  });
});

describe('formatLongDate', () => {
  it('writes the day, the French month and the year, in local time', () => {
    expect(formatLongDate(local(2026, 11, 10, 9, 30))).toBe('10 décembre 2026');
    expect(formatLongDate(local(2027, 7, 15))).toBe('15 août 2027');
    expect(formatLongDate(local(2027, 2, 1, 23, 59))).toBe('1er mars 2027');
  });
});

describe('formatDateTime', () => {
  it('writes DD/MM/YYYY HH:MM in local time', () => {
    expect(formatDateTime(local(2024, 6, 14, 9, 7))).toBe('14/07/2024 09:07');
    expect(formatDateTime(local(2024, 6, 14, 0, 0))).toBe('14/07/2024 00:00');
  });
});

describe('formatClock', () => {
  it('shows hours and minutes, zero-padded, on 24 hours', () => {
    expect(formatClock(new Date(2024, 0, 1, 7, 5))).toBe('07:05');
    expect(formatClock(new Date(2024, 0, 1, 23, 59, 59))).toBe('23:59');
    expect(formatClock(new Date(2024, 0, 1, 0, 0))).toBe('00:00');
  });
});

describe('truncateProspectName', () => {
  it('when the name is longer than 7 characters, keeps the first 5 and adds ..', () => {
    expect(truncateProspectName('Boulangerie')).toBe('Boula..');
    expect(truncateProspectName('ABCDEFGH')).toBe('ABCDE..');
  });

  it('when the name is 7 characters or fewer, leaves it unchanged', () => {
    expect(truncateProspectName('ABCDEFG')).toBe('ABCDEFG');
    expect(truncateProspectName('EDF')).toBe('EDF');
    expect(truncateProspectName('')).toBe('');
  });

  it('never cuts a character in half', () => {
    expect(truncateProspectName('😀😀😀😀😀😀😀')).toBe('😀😀😀😀😀😀😀');
    expect(truncateProspectName('Éé😀😀😀😀😀😀')).toBe('Éé😀😀😀..');
  });
});

describe('progressPercent', () => {
  it('gives countSelected / count as a percentage with 2 decimals', () => {
    expect(progressPercent(1, 3)).toBe('33.33');
    expect(progressPercent(2, 3)).toBe('66.67');
    expect(progressPercent(5, 5)).toBe('100.00');
    expect(progressPercent(0, 12)).toBe('0.00');
  });

  it("when the file is empty, gives '0.00' rather than NaN", () => {
    expect(progressPercent(0, 0)).toBe('0.00');
    expect(progressPercent(3, 0)).toBe('0.00');
    expect(progressPercent(Number.NaN, 10)).toBe('0.00');
  });
});

describe('formatDuration', () => {
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it.each([
    [DAY, '1 jour'],
    [3 * DAY, '3 jours'],
    [3 * DAY + 23 * HOUR, '3 jours'],
    [HOUR, '1 heure'],
    [5 * HOUR + 59 * MINUTE, '5 heures'],
    [MINUTE, '1 minute'],
    [12 * MINUTE + 30_000, '12 minutes'],
    [59_999, '0 jour'],
    [0, '0 jour'],
    [-5 * DAY, '0 jour'],
    [Number.NaN, '0 jour'],
  ])('writes %d ms as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('formatRemaining', () => {
  it.each([
    ['1 heure', '1 heure restante'],
    ['2 heures', '2 heures restantes'],
    ['1 minute', '1 minute restante'],
    ['5 minutes', '5 minutes restantes'],
    ['1 jour', '1 jour restant'],
    ['3 jours', '3 jours restants'],
    ['0 jour', '0 jour restant'],
  ])("agrees '%s' with its unit and count: '%s'", (delay, text) => {
    expect(formatRemaining(delay)).toBe(text);
  });

  it("keeps the spec's 'Date non disponible restants' without a delay", () => {
    expect(formatRemaining('')).toBe('Date non disponible restants');
    expect(formatRemaining('  ')).toBe('Date non disponible restants');
  });

  it('agrees every delay formatDuration writes', () => {
    expect(formatRemaining(formatDuration(60 * 60 * 1000))).toBe('1 heure restante');
    expect(formatRemaining(formatDuration(150 * 60 * 1000))).toBe('2 heures restantes');
  });
});

describe('formatNumber', () => {
  it('writes a number exactly as toLocaleString in French does, without an Intl formatter', () => {
    const values = [
      0, -0, 7, 999, 1000, 1234, 20_000, 123_456, 1_234_567, -1234, 0.04, -0.04, 0.05, 0.15, 0.25,
    ];
    const more = [1.25, 2.5, 2.675, 9.95, 99.94, 99.96, 999.96, 12.345, 123.6, 0.5, 1e-7, 12_345.678];
    for (const value of [...values, ...more])
      for (const decimals of [0, 1, 2]) {
        const options = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
        expect([value, decimals, formatNumber(value, decimals)]).toEqual([
          value,
          decimals,
          value.toLocaleString('fr-FR', options),
        ]);
      }
  });

  it('groups thousands with a narrow no-break space and uses a decimal comma', () => {
    expect(formatNumber(20_000)).toBe('20\u202f000');
    expect(formatNumber(12.34, 1)).toBe('12,3');
  });
});
