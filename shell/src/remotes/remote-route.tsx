import {
  Component,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { Button, LoadingScreen } from '@app/platform';
import { forgetFailedRemote, loadedRemoteRoutes, loadRemoteRoutes } from './federation';

export type RemoteRouteProps = { name: string };

/** Renders a remote's routes; a remote that fails to load or throws leaves the rest of the app working. */
export function RemoteRoute({ name }: RemoteRouteProps) {
  // A failed React.lazy stays failed, so each attempt gets a lazy component of its own.
  const [attempt, setAttempt] = useState(() => ({
    id: 0,
    Routes: loadedRemoteRoutes(name)?.default ?? lazyRemote(name),
  }));
  const handleRetry = () => {
    forgetFailedRemote(name);
    setAttempt((previous) => ({ id: previous.id + 1, Routes: lazyRemote(name) }));
  };
  const { Routes } = attempt;
  return (
    <RemoteErrorBoundary key={`${name}-${attempt.id}`} onRetry={handleRetry}>
      <Suspense fallback={<LoadingScreen />}>
        <Routes />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

function lazyRemote(name: string): LazyExoticComponent<ComponentType> {
  return lazy(() => loadRemoteRoutes(name));
}

type RemoteErrorBoundaryProps = { children: ReactNode; onRetry: () => void };

class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('[shell] module en erreur', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="shell-remote-error" role="alert">
        <h2>Module indisponible</h2>
        <p>
          Cette partie de l'application ne répond pas pour le moment. Le reste de l'application reste
          utilisable.
        </p>
        <Button onClick={this.props.onRetry}>Réessayer</Button>
      </section>
    );
  }
}
