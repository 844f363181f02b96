import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { LoadingScreen, setNavigator, useDocumentTitle, useSessionStore } from '@app/platform';
import { FallbackScreen } from './fallback/fallback-screen';
import { hasStaticFrame, releaseStaticFrame, StaticFrame } from './first-paint/static-frame';
import { DashboardLayout } from './layout/dashboard-layout';
import { RemoteRoute } from './remotes/remote-route';
import { findRemoteForPath, type RemoteDefinition } from './remotes/remote-table';
import { RemotesContext } from './remotes/remotes-context';
import { useSessionBootstrap } from './session/use-session-bootstrap';
import { StartScreen } from './start/start-screen';

export type AppProps = { remotes: readonly RemoteDefinition[] };

export function App({ remotes }: AppProps) {
  return (
    <RemotesContext.Provider value={remotes}>
      <RouterBridge />
      {/* One splat route: remotes render their own <Routes> with absolute paths under it. */}
      <Routes>
        <Route path="*" element={<AppRoutes remotes={remotes} />} />
      </Routes>
    </RemotesContext.Provider>
  );
}

function AppRoutes({ remotes }: AppProps) {
  const { pathname } = useLocation();
  if (pathname === '/') return <FallbackScreen />;
  const remote = findRemoteForPath(remotes, pathname);
  const screen = remote ? <RemoteRoute key={remote} name={remote} /> : <NotFound />;
  if (pathname === '/dashboard' || pathname.startsWith('/dashboard/')) {
    return (
      <RequireSession pathname={pathname}>
        <DashboardLayout>
          {pathname.replace(/\/$/, '') === '/dashboard' ? <StartScreen /> : screen}
        </DashboardLayout>
      </RequireSession>
    );
  }
  return screen;
}

type RequireSessionProps = { pathname: string; children: ReactNode };

function RequireSession({ pathname, children }: RequireSessionProps) {
  const token = useSessionStore((state) => state.token);
  const organisations = useSessionStore((state) => state.organisations);
  const { ready } = useSessionBootstrap();
  // The session's answer lands in the store, whose updates render in one blocking task: the dashboard
  // and its screen then render as a deferred update, in slices (docs/decisions/lighthouse.md).
  const shown = useDeferredValue(ready);
  useEffect(() => {
    if (ready && shown) releaseStaticFrame();
  }, [ready, shown]);
  if (!token) return <Navigate to="/login" replace />;
  // Until then, the page's static frame of the dashboard stays as it was painted, when there is one.
  if (!ready || !shown) return hasStaticFrame() ? <StaticFrame /> : <LoadingScreen />;
  // Without an organisation, only the start screen makes sense (SPEC.md §7 /api/organisation/get).
  if (organisations.length === 0 && pathname.replace(/\/$/, '') !== '/dashboard')
    return <Navigate to="/dashboard" replace />;
  return children;
}

function NotFound() {
  useDocumentTitle('Page introuvable');
  return (
    <section className="shell-not-found">
      <h1>Page introuvable</h1>
      <p>Cette adresse ne correspond à aucun écran.</p>
      <Link to="/dashboard">Revenir à l’accueil</Link>
    </section>
  );
}

/** Lets platform code navigate with the router, and accepts the hash variant of every path (/#/login). */
function RouterBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((path) => navigate(path));
    const handleHashChange = () => {
      if (window.location.hash.startsWith('#/')) navigate(window.location.hash.slice(1), { replace: true });
    };
    window.addEventListener('hashchange', handleHashChange);
    return () => window.removeEventListener('hashchange', handleHashChange);
  }, [navigate]);
  return null;
}
