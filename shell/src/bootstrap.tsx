import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { preloadApiClient, ToastHost, useSessionStore } from '@app/platform';
import { App } from './app';
import { keepStaticFrame } from './first-paint/static-frame';
import { nextTask } from './next-task';
import { fetchAppConfig } from './app-config';
import { injectChatWidget } from './chat/chat-widget';
import { loadRemoteRoutes, registerFederatedRemotes } from './remotes/federation';
import { fetchRemoteDefinitions } from './remotes/remote-manifest';
import { registerServiceWorker } from './service-worker/register';
import { prefetchSessionCheck } from './session/use-session-bootstrap';
import { DEFAULT_REMOTE_ROUTES, findRemoteForPath, type RemoteDefinition } from './remotes/remote-table';
import './shell.css';

// The hash variant of every route (/#/login) lands on its path (/login).
if (window.location.hash.startsWith('#/'))
  window.history.replaceState(null, '', window.location.hash.slice(1));

async function start() {
  // Behind a session the first screen calls the API at once: fetch the client alongside the rest, and
  // check the session while the first screen's code loads.
  if (useSessionStore.getState().token) {
    preloadApiClient();
    prefetchSessionCheck();
  }
  // The chat widget's settings do not hold the first screen back: its remote starts loading as soon
  // as the manifest of remotes is read (and with it the calls its routes module starts).
  const appConfig = fetchAppConfig();
  const remotes = await fetchRemoteDefinitions().catch((error: unknown): RemoteDefinition[] => {
    // Every module then shows "Module indisponible" with its retry button, instead of a blank page.
    console.error('[shell] /remotes.json illisible', error);
    return Object.entries(DEFAULT_REMOTE_ROUTES).map(([name, routes]) => ({ name, entry: '', routes }));
  });
  registerFederatedRemotes(remotes);
  // The federation runtime's work for the remote (its manifest, its entry's start, its module's
  // evaluation) and React's first render each in tasks of their own, not after this one.
  await nextTask();
  // The first screen's remote before the first render: the page's first paint (the product's name,
  // or the screen itself as the API sent it) is replaced by the screen, not by a loading screen
  // first. A remote that fails is left to its route, which shows "Module indisponible".
  const firstRemote = findRemoteForPath(remotes, window.location.pathname);
  if (firstRemote) {
    await loadRemoteRoutes(firstRemote).catch(() => undefined);
    await nextTask();
  }
  injectChatWidget((await appConfig).chatWidget);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root absent de index.html');
  keepStaticFrame(container);
  const root = createRoot(container);
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to the
  // browser in between, instead of one long task (a phone's slow CPU: Lighthouse's total blocking
  // time, docs/decisions/lighthouse.md). The page's static first paint stays until it is ready.
  startTransition(() => {
    root.render(
      <StrictMode>
        <BrowserRouter>
          <App remotes={remotes} />
          <ToastHost />
        </BrowserRouter>
      </StrictMode>,
    );
  });
  registerServiceWorker();
}

void start();
