import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { APP_EVENTS, Spinner } from '@app/platform';
import { DeferredHost } from './deferred-host';
import { OpportunityListScreen } from './features/opportunities/components/opportunity-list-screen';
import './prospecting.css';

// The first screen (an opportunity list) is in the remote's first download; every other screen and
// both modals load when first needed (docs/decisions/bundle-budget.md).
const ProspectFilesScreen = lazy(() =>
  import('./features/prospect-files/components/prospect-files-screen').then((module) => ({
    default: module.ProspectFilesScreen,
  })),
);
const ProspectFileScreen = lazy(() =>
  import('./features/prospect-files/components/prospect-file-screen').then((module) => ({
    default: module.ProspectFileScreen,
  })),
);
const OpportunityDetailScreen = lazy(() =>
  import('./features/opportunity-detail/components/opportunity-detail-screen').then((module) => ({
    default: module.OpportunityDetailScreen,
  })),
);
const UnassignedScreen = lazy(() =>
  import('./features/unassigned/components/unassigned-screen').then((module) => ({
    default: module.UnassignedScreen,
  })),
);
const RoundsScreen = lazy(() =>
  import('./features/rounds/components/rounds-screen').then((module) => ({ default: module.RoundsScreen })),
);
const RoundBuilderScreen = lazy(() =>
  import('./features/rounds/components/round-builder-screen').then((module) => ({
    default: module.RoundBuilderScreen,
  })),
);
const RoundScreen = lazy(() =>
  import('./features/rounds/components/round-screen').then((module) => ({ default: module.RoundScreen })),
);
const MyDayScreen = lazy(() =>
  import('./features/rounds/components/my-day-screen').then((module) => ({ default: module.MyDayScreen })),
);
const TodayScreen = lazy(() =>
  import('./features/today/components/today-screen').then((module) => ({ default: module.TodayScreen })),
);
const BinScreen = lazy(() =>
  import('./features/bin/components/bin-screen').then((module) => ({ default: module.BinScreen })),
);
const ImportModalHost = lazy(() =>
  import('./features/import/components/import-modal-host').then((module) => ({
    default: module.ImportModalHost,
  })),
);
const NewOpportunityHost = lazy(() =>
  import('./features/new-opportunity/components/new-opportunity-host').then((module) => ({
    default: module.NewOpportunityHost,
  })),
);

export default function ProspectingRoutes() {
  return (
    <>
      <Suspense fallback={<Spinner label="Chargement…" />}>
        <Routes>
          <Route
            path="/dashboard/prospect"
            element={<Navigate to="/dashboard/opportunity/list/todo" replace />}
          />
          <Route path="/dashboard/prospect/list" element={<ProspectFilesScreen />} />
          <Route path="/dashboard/prospect/show/:id" element={<ProspectFileScreen />} />
          <Route path="/dashboard/prospect/corbeille" element={<BinScreen />} />
          <Route path="/dashboard/opportunity/list/:filter" element={<OpportunityListScreen />} />
          <Route
            path="/dashboard/opportunity/list"
            element={<Navigate to="/dashboard/opportunity/list/all" replace />}
          />
          <Route path="/dashboard/opportunity/unassigned" element={<UnassignedScreen />} />
          <Route path="/dashboard/opportunity/:id" element={<OpportunityDetailScreen />} />
          <Route path="/dashboard/tournees" element={<RoundsScreen />} />
          <Route path="/dashboard/tournees/nouvelle" element={<RoundBuilderScreen />} />
          <Route path="/dashboard/tournees/ma-journee" element={<MyDayScreen />} />
          <Route path="/dashboard/tournees/:id" element={<RoundScreen />} />
          <Route path="/dashboard/aujourdhui" element={<TodayScreen />} />
        </Routes>
      </Suspense>
      {/* Outside <Routes>: the import and the new opportunity open from every prospecting page. */}
      <DeferredHost event={APP_EVENTS.openImportModal}>
        <ImportModalHost />
      </DeferredHost>
      <DeferredHost event={APP_EVENTS.openNewOpportunityModal}>
        <NewOpportunityHost />
      </DeferredHost>
    </>
  );
}
