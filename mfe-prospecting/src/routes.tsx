import { lazy, Suspense } from 'react';
import { matchRoutes, Navigate, Route, Routes } from 'react-router-dom';
import { APP_EVENTS, prefetchApiQuery, Spinner, startFirstScreen } from '@app/platform';
import { DeferredHost } from './deferred-host';
import { getRound } from './features/rounds/api/get-round';
import {
  OpportunityListScreen,
  startOpportunityListScreen,
} from './features/opportunities/components/opportunity-list-screen';
import './prospecting.css';

// The first screen (an opportunity list) is in the remote's first download; every other screen and
// both modals load when first needed (docs/decisions/bundle-budget.md).
const loadProspectFilesScreen = () => import('./features/prospect-files/components/prospect-files-screen');
const ProspectFilesScreen = lazy(() =>
  loadProspectFilesScreen().then((module) => ({
    default: module.ProspectFilesScreen,
  })),
);
const loadProspectFileScreen = () => import('./features/prospect-files/components/prospect-file-screen');
const ProspectFileScreen = lazy(() =>
  loadProspectFileScreen().then((module) => ({
    default: module.ProspectFileScreen,
  })),
);
const loadOpportunityDetailScreen = () =>
  import('./features/opportunity-detail/components/opportunity-detail-screen');
const OpportunityDetailScreen = lazy(() =>
  loadOpportunityDetailScreen().then((module) => ({
    default: module.OpportunityDetailScreen,
  })),
);
const loadUnassignedScreen = () => import('./features/unassigned/components/unassigned-screen');
const UnassignedScreen = lazy(() =>
  loadUnassignedScreen().then((module) => ({
    default: module.UnassignedScreen,
  })),
);
const loadRoundsScreen = () => import('./features/rounds/components/rounds-screen');
const RoundsScreen = lazy(() => loadRoundsScreen().then((module) => ({ default: module.RoundsScreen })));
const loadRoundBuilderScreen = () => import('./features/rounds/components/round-builder-screen');
const RoundBuilderScreen = lazy(() =>
  loadRoundBuilderScreen().then((module) => ({
    default: module.RoundBuilderScreen,
  })),
);
const loadRoundScreen = () => import('./features/rounds/components/round-screen');
const RoundScreen = lazy(() => loadRoundScreen().then((module) => ({ default: module.RoundScreen })));
const loadMyDayScreen = () => import('./features/rounds/components/my-day-screen');
const MyDayScreen = lazy(() => loadMyDayScreen().then((module) => ({ default: module.MyDayScreen })));
const loadTodayScreen = () => import('./features/today/components/today-screen');
const TodayScreen = lazy(() => loadTodayScreen().then((module) => ({ default: module.TodayScreen })));
const loadBinScreen = () => import('./features/bin/components/bin-screen');
const BinScreen = lazy(() => loadBinScreen().then((module) => ({ default: module.BinScreen })));
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

// The screen of the address the page was opened on starts loading with this module, alongside the
// session check, instead of after it: one round trip less before a round's first paint on a phone
// (docs/decisions/lighthouse.md). The list routes are here to outrank `:id` and load nothing.
const FIRST_SCREEN_LOADERS: { path: string; load?: () => Promise<unknown> }[] = [
  { path: '/dashboard/prospect/list', load: loadProspectFilesScreen },
  { path: '/dashboard/prospect/show/:id', load: loadProspectFileScreen },
  { path: '/dashboard/prospect/corbeille', load: loadBinScreen },
  { path: '/dashboard/opportunity/list/:filter' },
  { path: '/dashboard/opportunity/list' },
  { path: '/dashboard/opportunity/unassigned', load: loadUnassignedScreen },
  { path: '/dashboard/opportunity/:id', load: loadOpportunityDetailScreen },
  { path: '/dashboard/tournees', load: loadRoundsScreen },
  { path: '/dashboard/tournees/nouvelle', load: loadRoundBuilderScreen },
  { path: '/dashboard/tournees/ma-journee', load: loadMyDayScreen },
  { path: '/dashboard/tournees/:id', load: loadRoundScreen },
  { path: '/dashboard/aujourdhui', load: loadTodayScreen },
];
if (typeof window !== 'undefined') {
  const [first] = matchRoutes(FIRST_SCREEN_LOADERS, window.location.pathname) ?? [];
  // A failed load is retried by the screen's own lazy import, which reports it.
  first?.route.load?.().catch(() => undefined);
}

// A saved round opened by its address asks for itself alongside the session check too, keyed as its
// screen asks (round-screen.tsx): its summary is the phone's largest paint (docs/decisions/lighthouse.md).
// So does an opportunity list: its tabs' counts, and a large list's first window (opportunity-list.md).
startFirstScreen([
  { path: '/dashboard/opportunity/list/:filter', start: startOpportunityListScreen },
  { path: '/dashboard/tournees/nouvelle' },
  { path: '/dashboard/tournees/ma-journee' },
  {
    path: '/dashboard/tournees/:id',
    start: ({ params, organisationId }) =>
      prefetchApiQuery(getRound, { organisationId, roundId: params.id ?? '' }, { key: 'round/get' }),
  },
]);

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
