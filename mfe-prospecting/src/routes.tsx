import { lazy, Suspense } from 'react';
import { matchRoutes, Navigate, Route, Routes } from 'react-router-dom';
import { APP_EVENTS, prefetchApiQuery, Spinner, startFirstScreen } from '@app/platform';
import { DeferredHost } from './deferred-host';
import { lazyScreen } from './utils/lazy-screen';
import { getRound } from './features/rounds/api/get-round';
import { startOpportunityListScreen } from './features/opportunities/components/start-opportunity-list';
import './prospecting.css';

// Every screen and both modals load when first needed (docs/decisions/bundle-budget.md); the page
// opened on a screen's address asks for its code with the remote's first files (first-chunks.json,
// docs/decisions/lighthouse.md), and this module starts it (below).

const opportunityList = lazyScreen(
  () => import('./features/opportunities/components/opportunity-list-screen'),
  (module) => module.OpportunityListScreen,
);
const prospectFiles = lazyScreen(
  () => import('./features/prospect-files/components/prospect-files-screen'),
  (module) => module.ProspectFilesScreen,
);
const prospectFile = lazyScreen(
  () => import('./features/prospect-files/components/prospect-file-screen'),
  (module) => module.ProspectFileScreen,
);
const opportunityDetail = lazyScreen(
  () => import('./features/opportunity-detail/components/opportunity-detail-screen'),
  (module) => module.OpportunityDetailScreen,
);
const unassigned = lazyScreen(
  () => import('./features/unassigned/components/unassigned-screen'),
  (module) => module.UnassignedScreen,
);
const rounds = lazyScreen(
  () => import('./features/rounds/components/rounds-screen'),
  (module) => module.RoundsScreen,
);
const roundBuilder = lazyScreen(
  () => import('./features/rounds/components/round-builder-screen'),
  (module) => module.RoundBuilderScreen,
);
const round = lazyScreen(
  () => import('./features/rounds/components/round-screen'),
  (module) => module.RoundScreen,
);
const myDay = lazyScreen(
  () => import('./features/rounds/components/my-day-screen'),
  (module) => module.MyDayScreen,
);
const today = lazyScreen(
  () => import('./features/today/components/today-screen'),
  (module) => module.TodayScreen,
);
const bin = lazyScreen(
  () => import('./features/bin/components/bin-screen'),
  (module) => module.BinScreen,
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

// The screen of the address the page was opened on starts loading with this module, alongside the
// session check, instead of after it: one round trip less before a round's first paint on a phone
// (docs/decisions/lighthouse.md).
const FIRST_SCREEN_LOADERS: { path: string; load?: () => Promise<unknown> }[] = [
  { path: '/dashboard/prospect/list', load: prospectFiles.load },
  { path: '/dashboard/prospect/show/:id', load: prospectFile.load },
  { path: '/dashboard/prospect/corbeille', load: bin.load },
  { path: '/dashboard/opportunity/list/:filter', load: opportunityList.load },
  { path: '/dashboard/opportunity/list', load: opportunityList.load },
  { path: '/dashboard/opportunity/unassigned', load: unassigned.load },
  { path: '/dashboard/opportunity/:id', load: opportunityDetail.load },
  { path: '/dashboard/tournees', load: rounds.load },
  { path: '/dashboard/tournees/nouvelle', load: roundBuilder.load },
  { path: '/dashboard/tournees/ma-journee', load: myDay.load },
  { path: '/dashboard/tournees/:id', load: round.load },
  { path: '/dashboard/aujourdhui', load: today.load },
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
          <Route path="/dashboard/prospect/list" element={<prospectFiles.Screen />} />
          <Route path="/dashboard/prospect/show/:id" element={<prospectFile.Screen />} />
          <Route path="/dashboard/prospect/corbeille" element={<bin.Screen />} />
          <Route path="/dashboard/opportunity/list/:filter" element={<opportunityList.Screen />} />
          <Route
            path="/dashboard/opportunity/list"
            element={<Navigate to="/dashboard/opportunity/list/all" replace />}
          />
          <Route path="/dashboard/opportunity/unassigned" element={<unassigned.Screen />} />
          <Route path="/dashboard/opportunity/:id" element={<opportunityDetail.Screen />} />
          <Route path="/dashboard/tournees" element={<rounds.Screen />} />
          <Route path="/dashboard/tournees/nouvelle" element={<roundBuilder.Screen />} />
          <Route path="/dashboard/tournees/ma-journee" element={<myDay.Screen />} />
          <Route path="/dashboard/tournees/:id" element={<round.Screen />} />
          <Route path="/dashboard/aujourdhui" element={<today.Screen />} />
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
