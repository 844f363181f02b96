import { REPORT_MESSAGES } from './report-filters';
import { reportBoundaries, reportFiltersSchema, reportRange, isoDayOf } from './reports';

// Wednesday 15 January 2025, 10:00 in Paris.
const NOW = Date.UTC(2025, 0, 15, 9, 0);
const day = (ms: number) => isoDayOf(ms);

describe('report periods', () => {
  it('this week runs from Monday to Sunday, this month from the 1st to its last day, 30 days up to today', () => {
    const week = reportRange({ period: 'week' }, NOW);
    expect([day(week.from), day(week.to)]).toEqual(['2025-01-13', '2025-01-20']);
    const month = reportRange({ period: 'month' }, NOW);
    expect([day(month.from), day(month.to)]).toEqual(['2025-01-01', '2025-02-01']);
    const last30 = reportRange({ period: '30days' }, NOW);
    expect([day(last30.from), day(last30.to)]).toEqual(['2024-12-17', '2025-01-16']);
    // Midnight in Paris, not in UTC.
    expect(week.from).toBe(Date.UTC(2025, 0, 12, 23, 0));
  });

  it('a custom period covers its last day whole', () => {
    const range = reportRange({ period: 'custom', from: '2025-03-29', to: '2025-03-31' }, NOW);
    // 30 March 2025 is a 23-hour day (summer time).
    expect(range.to - range.from).toBe(71 * 60 * 60 * 1000);
  });

  it('cuts a period in days, weeks from Monday and months, the first bucket at the period’s start', () => {
    const range = reportRange({ period: 'custom', from: '2025-01-30', to: '2025-03-04' }, NOW);
    expect(reportBoundaries(range, 'month').map(day)).toEqual([
      '2025-01-30',
      '2025-02-01',
      '2025-03-01',
      '2025-04-01',
    ]);
    expect(reportBoundaries(range, 'week').map(day).slice(0, 3)).toEqual([
      '2025-01-30',
      '2025-02-03',
      '2025-02-10',
    ]);
    expect(reportBoundaries(reportRange({ period: 'week' }, NOW), 'day')).toHaveLength(8);
  });
});

describe('report filters', () => {
  const message = (input: unknown) => {
    const result = reportFiltersSchema.safeParse(input);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('accepts the periods, a granularity, a salesperson and a file', () => {
    expect(
      message({ period: 'month', granularity: 'week', userId: 'a'.repeat(24), excelId: 'b'.repeat(24) }),
    ).toBeNull();
  });

  it.each([
    [{ period: 'year' }, REPORT_MESSAGES.invalidPeriod],
    [{ period: 'custom', from: '2025-01-01' }, REPORT_MESSAGES.missingDates],
    [{ period: 'custom', from: '2025-02-30', to: '2025-03-01' }, REPORT_MESSAGES.invalidDate],
    [{ period: 'custom', from: '2025-03-02', to: '2025-03-01' }, REPORT_MESSAGES.reversedDates],
    [{ period: 'custom', from: '2024-01-01', to: '2025-01-02' }, REPORT_MESSAGES.tooLong],
    [{ period: 'week', granularity: 'hour' }, REPORT_MESSAGES.invalidGranularity],
    [{ period: 'week', userId: { $ne: '' } }, 'commercial'],
  ])('refuses %j in French', (input, expected) => {
    expect(message(input)).toContain(expected);
  });
});
