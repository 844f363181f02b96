// Registers the service worker (service-worker.ts, built to /sw.js) in production builds only: the
// development server has no /sw.js and jest no worker. workbox-window and the update toast load after
// the page, outside the shell's first download (docs/decisions/offline-app.md), and once the browser is
// idle after `load`: evaluating them is not work the first screen waits for, and on a phone's slow CPU
// it was one more long task of the start (docs/decisions/lighthouse.md). The files the page loaded
// before are still handed to the worker (update-flow.ts reads the resource timeline from its start).
const IDLE_TIMEOUT_MS = 3000;

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else window.setTimeout(run, 200);
}

export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const failed = (error: unknown) => console.warn('[shell] service worker non enregistré', error);
  const start = () => {
    import('./update-flow')
      // The module's evaluation and the registration in two tasks, each when the browser is idle.
      .then(({ startServiceWorker }) => whenIdle(() => void startServiceWorker().catch(failed)))
      .catch(failed);
  };
  const afterLoad = () => whenIdle(start);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
