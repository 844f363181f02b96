import {
  MAX_REPORT_DAYS,
  REPORT_GRANULARITIES,
  REPORT_GRANULARITY_LABELS,
  REPORT_MESSAGES,
  REPORT_PERIOD_LABELS,
  REPORT_PERIODS,
} from './report-filters';
import { reportFiltersSchema } from './reports';

describe('report filters without zod', () => {
  it('load without zod, which the reports remote keeps out of its first screen', () => {
    jest.isolateModules(() => {
      jest.doMock('zod', () => {
        throw new Error('zod chargé');
      });
      jest.doMock('zod/v4/core', () => {
        throw new Error('zod chargé');
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded under the mocks above
      expect(() => require('./report-filters')).not.toThrow();
      // The guard itself works: the schemas' module does need zod.
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded under the mocks above
      expect(() => require('./reports')).toThrow('zod chargé');
    });
  });

  it('label every period and time bucket in French', () => {
    expect(REPORT_PERIODS.map((period) => REPORT_PERIOD_LABELS[period])).toEqual([
      'Cette semaine',
      'Ce mois-ci',
      '30 derniers jours',
      'Période personnalisée',
    ]);
    expect(REPORT_GRANULARITIES.map((granularity) => REPORT_GRANULARITY_LABELS[granularity])).toEqual([
      'Par jour',
      'Par semaine',
      'Par mois',
    ]);
  });

  it('are the values and limits the server schema enforces', () => {
    for (const period of REPORT_PERIODS.filter((value) => value !== 'custom'))
      expect(reportFiltersSchema.safeParse({ period }).success).toBe(true);
    for (const granularity of REPORT_GRANULARITIES)
      expect(reportFiltersSchema.safeParse({ period: 'week', granularity }).success).toBe(true);
    const tooLong = reportFiltersSchema.safeParse({ period: 'custom', from: '2024-01-01', to: '2025-01-01' });
    expect(MAX_REPORT_DAYS).toBe(366);
    expect(tooLong.error?.issues[0]?.message).toBe(REPORT_MESSAGES.tooLong);
  });
});
