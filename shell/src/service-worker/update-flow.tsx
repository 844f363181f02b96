// The page's side of the service worker: register it, and when a new version is installed and
// waiting (a redeployed shell), offer to switch: "Mettre à jour" lets it take over, then reloads.
import { toast } from 'react-toastify';
import { messageSW, Workbox } from 'workbox-window';
import { CACHE_LOADED_FILES_MESSAGE, loadedFilesToCache } from './routes';

export const UPDATE_AVAILABLE_MESSAGE = 'Une nouvelle version est disponible';
export const UPDATE_BUTTON_LABEL = 'Mettre à jour';
const UPDATE_TOAST_ID = 'nouvelle-version';

export function UpdatePrompt({ onUpdate }: { onUpdate: () => void }) {
  return (
    <div className="shell-update-prompt">
      <span>{UPDATE_AVAILABLE_MESSAGE}</span>{' '}
      <button type="button" className="ui-button ui-button--primary" onClick={onUpdate}>
        {UPDATE_BUTTON_LABEL}
      </button>
    </div>
  );
}

/**
 * Hands the worker every file of this origin the page loads, as it loads them, for as long as the page
 * lives: the first visit's files (loaded before the worker controlled the page), and any response that
 * was on its way when it took control (a remote's chunks requested just before). The worker caches
 * each through its route unless it already holds it (service-worker.ts), so the screens seen once
 * open offline. A PerformanceObserver, not one read of the timeline at activation: a file finishing
 * after that read was never handed over (the "Module indisponible" offline of issue 19).
 */
export function keepLoadedFilesCached(): void {
  if (typeof PerformanceObserver === 'undefined') return;
  const handedOver = new Set<string>();
  let waiting: string[] = [];
  let active: ServiceWorker | null = null;
  const handOver = () => {
    if (!active) return; // kept until the worker is active
    const urls = [...new Set(waiting)].filter((url) => !handedOver.has(url));
    waiting = [];
    if (urls.length === 0) return;
    for (const url of urls) handedOver.add(url);
    void messageSW(active, { type: CACHE_LOADED_FILES_MESSAGE, urls }).catch((error: unknown) => {
      // Handed over again with the next file loaded.
      for (const url of urls) handedOver.delete(url);
      waiting.push(...urls);
      console.warn('[shell] fichiers non mis en cache pour le hors-ligne', error);
    });
  };
  new PerformanceObserver((list) => {
    waiting.push(
      ...loadedFilesToCache(
        list.getEntries().map((entry) => entry.name),
        window.location.origin,
      ),
    );
    handOver();
  }).observe({ type: 'resource', buffered: true });
  void navigator.serviceWorker.ready.then((registration) => {
    active = registration.active;
    handOver();
  });
}

export function startServiceWorker(): Promise<unknown> {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    const update = () => {
      toast.dismiss(UPDATE_TOAST_ID);
      // The new version controls the page once it is active: load the page it serves.
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    };
    toast.info(<UpdatePrompt onUpdate={update} />, {
      toastId: UPDATE_TOAST_ID,
      autoClose: false,
      closeOnClick: false,
    });
  });
  const registered = workbox.register();
  keepLoadedFilesCached();
  return registered;
}
