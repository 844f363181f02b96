import type { LatLng } from './geo';
import type { OptimiseReply, OptimiseRequest } from './optimise-protocol';
import { optimiseOrder, type OptimisedOrder } from './tour';

/**
 * The optimise worker, or null when it cannot run. Its chunk is named `*-worker` so the build keeps
 * its code whole (tooling/webpack/create-config.js). A remote served from another origin than the
 * page cannot start a worker from its own URL: the constructor throws (docs/decisions/rounds.md).
 */
function startOptimiseWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(
      new URL(/* webpackChunkName: "round-optimise-worker" */ './optimise.worker.ts', import.meta.url),
      { name: 'round-optimise-worker' },
    );
  } catch {
    return null;
  }
}

let nextId = 1;

/** The visit order from the worker; on the page's thread when no worker can start or it fails. */
export function optimiseInWorker(start: LatLng, stops: LatLng[]): Promise<OptimisedOrder> {
  const worker = startOptimiseWorker();
  if (!worker) return Promise.resolve(optimiseOrder(start, stops));
  const id = nextId++;
  return new Promise<OptimisedOrder>((resolve) => {
    worker.onmessage = (event: MessageEvent<OptimiseReply>) => {
      if (event.data.id !== id) return;
      worker.terminate();
      resolve({ order: event.data.order, km: event.data.km });
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(optimiseOrder(start, stops));
    };
    worker.postMessage({ id, start, stops } satisfies OptimiseRequest);
  });
}
