// The page's side of the service worker: register it, and when a new version is installed and
// waiting (a redeployed shell), offer to switch: "Mettre à jour" lets it take over, then reloads.
import { toast } from 'react-toastify';
import { Workbox } from 'workbox-window';

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
 * What this page loaded before the worker controlled it (the shell, /remotes.json, the first
 * screen's remote): handed to the worker on its first install, which caches each through its route
 * (workbox-routing's CACHE_URLS message), so even the first visit's screen opens offline.
 */
export function urlsLoadedSoFar(): string[] {
  const resources = performance.getEntriesByType('resource').map((entry) => entry.name);
  return [...new Set(resources)].filter((url) => {
    const parsed = new URL(url, window.location.href);
    return parsed.origin === window.location.origin && !parsed.pathname.startsWith('/api/');
  });
}

export function startServiceWorker(): Promise<unknown> {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('activated', (event) => {
    if (event.isUpdate) return;
    void workbox.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: urlsLoadedSoFar() } });
  });
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
  return workbox.register();
}
