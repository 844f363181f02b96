// The filters of the report pages live in the URL (?periode=…&du=…&au=…&commercial=…&fichier=…&par=…),
// so a report is shared by its link. Anything unreadable in the URL falls back to the default.
import {
  REPORT_GRANULARITIES,
  REPORT_PERIODS,
  type ReportFilters,
  type ReportGranularity,
  type ReportPeriod,
} from '@app/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export const DEFAULT_PERIOD: ReportPeriod = '30days';

const ID = /^[0-9a-f]{24}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The URL's parameter for each filter. */
export const FILTER_PARAMS = {
  period: 'periode',
  from: 'du',
  to: 'au',
  userId: 'commercial',
  excelId: 'fichier',
  granularity: 'par',
} as const;

export type FilterPatch = Partial<Record<keyof typeof FILTER_PARAMS, string | undefined>>;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** The filters a URL's query holds; a custom period without both dates reads as the default one. */
export function filtersFromSearch(search: URLSearchParams): ReportFilters {
  const read = (key: keyof typeof FILTER_PARAMS) => search.get(FILTER_PARAMS[key]);
  let period = oneOf(REPORT_PERIODS, read('period')) ?? DEFAULT_PERIOD;
  const from = read('from');
  const to = read('to');
  const custom = period === 'custom' && from && to && DAY.test(from) && DAY.test(to);
  if (period === 'custom' && !custom) period = DEFAULT_PERIOD;
  const userId = read('userId');
  const excelId = read('excelId');
  const granularity: ReportGranularity | undefined = oneOf(REPORT_GRANULARITIES, read('granularity'));
  return {
    period,
    ...(custom ? { from: from as string, to: to as string } : {}),
    ...(userId && ID.test(userId) ? { userId } : {}),
    ...(excelId && ID.test(excelId) ? { excelId } : {}),
    ...(granularity ? { granularity } : {}),
  };
}

export function useReportFilters(): {
  filters: ReportFilters;
  setFilters: (patch: FilterPatch) => void;
  search: string;
} {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const setFilters = useCallback(
    (patch: FilterPatch) => {
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(patch)) {
            const param = FILTER_PARAMS[key as keyof typeof FILTER_PARAMS];
            if (value) next.set(param, value);
            else next.delete(param);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearch],
  );
  return { filters, setFilters, search: search.toString() };
}
