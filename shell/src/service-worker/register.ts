// Registers the service worker (service-worker.ts, built to /sw.js) in production builds only: the
// development server has no /sw.js and jest no worker. workbox-window and the update toast load after
// the page, outside the shell's first download (docs/decisions/offline-app.md).
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const start = () => {
    import('./update-flow')
      .then(({ startServiceWorker }) => startServiceWorker())
      .catch((error: unknown) => console.warn('[shell] service worker non enregistré', error));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
