import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingScreen } from '@app/platform';
import { FilesReport } from './features/files/components/files-report';

// The other reports load with their page; the first one comes with the remote's entry.
const SalespeopleReport = lazy(() =>
  import('./features/salespeople/components/salespeople-report').then((module) => ({
    default: module.SalespeopleReport,
  })),
);
const TimelineReport = lazy(() =>
  import('./features/timeline/components/timeline-report').then((module) => ({
    default: module.TimelineReport,
  })),
);
const GeographyReport = lazy(() =>
  import('./features/geography/components/geography-report').then((module) => ({
    default: module.GeographyReport,
  })),
);

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
