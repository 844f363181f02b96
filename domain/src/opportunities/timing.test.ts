import {
  badgeText,
  calendarDaysBetween,
  computeTiming,
  formatDateInZone,
  formatDateTimeInZone,
  listTimeOf,
  renewalDueAt,
  renewalReason,
  startOfCalendarDay,
  UNKNOWN_WAITING_TIME,
} from './timing';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** An instant given as Paris wall-clock time in winter (UTC+1). */
const parisWinter = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h - 1, min);
/** An instant given as Paris wall-clock time in summer (UTC+2). */
const parisSummer = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h - 2, min);

describe('calendar days in the organisation time zone', () => {
  it('counts calendar days, not 24-hour blocks: 23:30 to 00:30 the next day is one day', () => {
    expect(calendarDaysBetween(parisWinter(2025, 1, 6, 23, 30), parisWinter(2025, 1, 7, 0, 30))).toBe(1);
    expect(calendarDaysBetween(parisWinter(2025, 1, 6, 0, 30), parisWinter(2025, 1, 6, 23, 30))).toBe(0);
  });

  it('counts the 23-hour spring-forward day and the 25-hour fall-back day as one day each', () => {
    // 30 March 2025 (clocks go 02:00 -> 03:00) and 26 October 2025 (03:00 -> 02:00) in Paris.
    expect(calendarDaysBetween(parisWinter(2025, 3, 29, 12), parisSummer(2025, 3, 31, 0, 5))).toBe(2);
    expect(calendarDaysBetween(parisSummer(2025, 10, 25, 23, 59), parisWinter(2025, 10, 27, 0, 1))).toBe(2);
    expect(calendarDaysBetween(parisSummer(2025, 10, 26, 0, 1), parisWinter(2025, 10, 26, 23, 59))).toBe(0);
  });

  it('reads a day in the given zone, whatever the runtime zone', () => {
    const lateEvening = Date.UTC(2025, 0, 6, 23, 30); // 00:30 on the 7th in Paris
    expect(formatDateInZone(lateEvening)).toBe('07/01/2025');
    expect(formatDateInZone(lateEvening, 'UTC')).toBe('06/01/2025');
    expect(formatDateTimeInZone(lateEvening)).toBe('07/01/2025 00:30');
  });

  it('finds the start of a day on both DST days', () => {
    const march30 = Math.round(Date.UTC(2025, 2, 30) / DAY);
    expect(startOfCalendarDay(march30)).toBe(Date.UTC(2025, 2, 29, 23));
    const march31 = Math.round(Date.UTC(2025, 2, 31) / DAY);
    expect(startOfCalendarDay(march31)).toBe(Date.UTC(2025, 2, 30, 22));
    const october27 = Math.round(Date.UTC(2025, 9, 27) / DAY);
    expect(startOfCalendarDay(october27)).toBe(Date.UTC(2025, 9, 26, 23));
  });
});

describe('computeTiming', () => {
  const now = parisWinter(2025, 1, 10, 9);

  it('TODO: whole calendar days overdue, 0 when due today', () => {
    expect(computeTiming({ state: 'TODO', stateChangedAt: parisWinter(2025, 1, 10, 8) }, now)).toMatchObject({
      state: 'TODO',
      timeFilter: 0,
      howMuchTime: '0 jour',
    });
    expect(computeTiming({ state: 'TODO', stateChangedAt: parisWinter(2025, 1, 9, 23) }, now)).toMatchObject({
      timeFilter: 1,
      howMuchTime: '1 jour',
    });
    expect(computeTiming({ state: 'TODO', stateChangedAt: parisWinter(2025, 1, 7, 10) }, now)).toMatchObject({
      timeFilter: 3,
      howMuchTime: '3 jours',
    });
  });

  it('WAITING: the time left in ms, in French in its largest unit', () => {
    expect(computeTiming({ state: 'WAITING', stateChangedAt: 0, waitingDate: now + 5 * HOUR }, now)).toEqual({
      state: 'WAITING',
      timeFilter: 5 * HOUR,
      howMuchTime: '5 heures',
    });
    expect(
      computeTiming({ state: 'WAITING', stateChangedAt: 0, waitingDate: now + 2 * DAY + HOUR }, now),
    ).toEqual({ state: 'WAITING', timeFilter: 2 * DAY + HOUR, howMuchTime: '2 jours' });
  });

  it('WAITING whose date has passed: TODO, overdue from that date', () => {
    const passed = parisWinter(2025, 1, 8, 18);
    expect(computeTiming({ state: 'WAITING', stateChangedAt: 0, waitingDate: passed }, now)).toEqual({
      state: 'TODO',
      timeFilter: 2,
      howMuchTime: '2 jours',
      dueSince: passed,
    });
    expect(
      computeTiming({ state: 'WAITING', stateChangedAt: 0, waitingDate: now - HOUR }, now),
    ).toMatchObject({
      state: 'TODO',
      timeFilter: 0,
    });
  });

  it('WAITING without a date sorts last and says nothing', () => {
    expect(computeTiming({ state: 'WAITING', stateChangedAt: 0 }, now)).toEqual({
      state: 'WAITING',
      timeFilter: UNKNOWN_WAITING_TIME,
      howMuchTime: '',
    });
  });

  it('WIN and LOOSE: calendar days since closing', () => {
    expect(computeTiming({ state: 'WIN', stateChangedAt: parisWinter(2025, 1, 3, 17) }, now)).toEqual({
      state: 'WIN',
      timeFilter: 7,
      howMuchTime: '7 jours',
    });
    expect(computeTiming({ state: 'LOOSE', stateChangedAt: now }, now).timeFilter).toBe(0);
  });
});

describe('listTimeOf: every state on one scale of days', () => {
  const now = parisWinter(2025, 3, 10, 10);
  const at = (input: Parameters<typeof computeTiming>[0]) => listTimeOf(computeTiming(input, now));

  it('keeps the days of TODO, WIN and LOOSE, and puts a WAITING below them, the soonest highest', () => {
    const overdue = at({ state: 'TODO', stateChangedAt: now - 3 * DAY });
    const closed = at({ state: 'WIN', stateChangedAt: now - 2 * DAY });
    const today = at({ state: 'TODO', stateChangedAt: now });
    const soon = at({ state: 'WAITING', stateChangedAt: now, waitingDate: now + HOUR });
    const later = at({ state: 'WAITING', stateChangedAt: now, waitingDate: now + 40 * DAY });
    const undated = at({ state: 'WAITING', stateChangedAt: now });
    expect([overdue, closed, today]).toEqual([3, 2, 0]);
    expect(soon).toBeCloseTo(-1 / 24);
    expect(later).toBe(-40);
    expect([later, undated, soon, today, closed, overdue].sort((a, b) => b - a)).toEqual([
      overdue,
      closed,
      today,
      soon,
      later,
      undated,
    ]);
  });
});

describe('badgeText', () => {
  it("shows 'Aujourd'hui' for a TODO due today and '… en retard' otherwise", () => {
    expect(badgeText({ state: 'TODO', timeFilter: 0, howMuchTime: '0 jour' })).toBe("Aujourd'hui");
    expect(badgeText({ state: 'TODO', timeFilter: 3, howMuchTime: '3 jours' })).toBe('3 jours en retard');
    expect(badgeText({ state: 'TODO', timeFilter: 3, howMuchTime: '' })).toBe('0 jour en retard');
  });

  it("shows the time left agreed for a WAITING, 'Date non disponible restants' without a date", () => {
    expect(badgeText({ state: 'WAITING', timeFilter: 5, howMuchTime: '5 heures' })).toBe(
      '5 heures restantes',
    );
    expect(badgeText({ state: 'WAITING', timeFilter: 1, howMuchTime: '1 heure' })).toBe('1 heure restante');
    expect(badgeText({ state: 'WAITING', timeFilter: 2, howMuchTime: '2 jours' })).toBe('2 jours restants');
    expect(badgeText({ state: 'WAITING', timeFilter: UNKNOWN_WAITING_TIME, howMuchTime: '' })).toBe(
      'Date non disponible restants',
    );
  });

  it('shows how long ago a closed opportunity was closed', () => {
    expect(badgeText({ state: 'WIN', timeFilter: 0, howMuchTime: '0 jour' })).toBe("Clôturée aujourd'hui");
    expect(badgeText({ state: 'LOOSE', timeFilter: 4, howMuchTime: '4 jours' })).toBe(
      'Clôturée depuis 4 jours',
    );
  });
});

describe('renewal follow-up', () => {
  it('is due at the start (Paris) of the day `leadDays` calendar days before the end date', () => {
    // 90 days before 30 June 2025 is 1 April 2025 (summer time: midnight is 22:00 UTC the day before).
    expect(renewalDueAt('2025-06-30', 90)).toBe(Date.UTC(2025, 2, 31, 22));
    expect(renewalDueAt('2025-06-30', 0)).toBe(Date.UTC(2025, 5, 29, 22));
    expect(renewalDueAt('2025-02-30', 90)).toBeNull();
    expect(renewalDueAt('bientôt', 90)).toBeNull();
  });

  it('says why in the history', () => {
    expect(renewalReason('2025-06-30', 90)).toBe(
      'Renouvellement : fin de contrat prévue le 30/06/2025 (rappel 90 jours avant)',
    );
  });
});
