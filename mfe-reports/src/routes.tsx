import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { ReportFilters } from '@app/domain';
import { LoadingScreen, startFirstScreen, type FirstScreenAddress } from '@app/platform';
import { preloadChart } from './components/bar-chart';
import { getFilesReport } from './features/files/api/get-files-report';
import { FilesReport } from './features/files/components/files-report';
import { getGeographyReport } from './features/geography/api/get-geography-report';
import { getSalespeopleReport } from './features/salespeople/api/get-salespeople-report';
import { getTimelineReport } from './features/timeline/api/get-timeline-report';
import { type ReportInput, prefetchReport } from './hooks/use-report';
import { prefetchReportChoices } from './hooks/use-report-choices';
import { filtersFromSearch } from './hooks/use-report-filters';

// The other reports load with their page; the first one comes with the remote's entry.
const loadSalespeopleReport = () => import('./features/salespeople/components/salespeople-report');
const SalespeopleReport = lazy(() =>
  loadSalespeopleReport().then((module) => ({ default: module.SalespeopleReport })),
);
const loadTimelineReport = () => import('./features/timeline/components/timeline-report');
const TimelineReport = lazy(() =>
  loadTimelineReport().then((module) => ({ default: module.TimelineReport })),
);
const loadGeographyReport = () => import('./features/geography/components/geography-report');
const GeographyReport = lazy(() =>
  loadGeographyReport().then((module) => ({ default: module.GeographyReport })),
);

type ReportPage = {
  key: string;
  call: (input: ReportInput) => Promise<unknown>;
  load?: () => Promise<unknown>;
  chart: boolean;
};

/**
 * A report page opened by its address starts with this module, alongside the shell's session check:
 * its code, its report and the filters' choices (keyed as the page asks them: the filters of the URL,
 * the stored organisation) and chart.js, in parallel (docs/decisions/reports.md, "first chart").
 */
const startReportPage =
  ({ key, call, load, chart }: ReportPage) =>
  ({ search, organisationId }: FirstScreenAddress) => {
    // A failed load is tried again by the page's own lazy import, which reports it.
    load?.().catch(() => undefined);
    const filters: ReportFilters = filtersFromSearch(search);
    prefetchReport(key, call, filters, organisationId);
    prefetchReportChoices(organisationId);
    if (chart) preloadChart();
  };

startFirstScreen([
  {
    path: '/dashboard/reports',
    start: startReportPage({ key: 'report/files', call: getFilesReport, chart: true }),
  },
  {
    path: '/dashboard/reports/commerciaux',
    start: startReportPage({
      key: 'report/salespeople',
      call: getSalespeopleReport,
      load: loadSalespeopleReport,
      chart: true,
    }),
  },
  {
    path: '/dashboard/reports/evolution',
    start: startReportPage({
      key: 'report/timeline',
      call: getTimelineReport,
      load: loadTimelineReport,
      chart: true,
    }),
  },
  {
    path: '/dashboard/reports/territoires',
    start: startReportPage({
      key: 'report/geography',
      call: getGeographyReport,
      load: loadGeographyReport,
      chart: false,
    }),
  },
]);

// The one exposed module (./Routes): absolute paths under the prefix the manifest gives this module.
export default function ReportsRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route path="/dashboard/reports" element={<FilesReport />} />
        <Route path="/dashboard/reports/commerciaux" element={<SalespeopleReport />} />
        <Route path="/dashboard/reports/evolution" element={<TimelineReport />} />
        <Route path="/dashboard/reports/territoires" element={<GeographyReport />} />
      </Routes>
    </Suspense>
  );
}
