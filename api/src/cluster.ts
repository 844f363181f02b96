// Every core: the primary process forks WEB_CONCURRENCY workers, each the whole API on the same port
// (node:cluster hands out the connections) and the same DATA_DIR; it passes SIGTERM/SIGINT on, waits for
// every worker to finish, and replaces a worker that dies while serving (docs/decisions/every-core.md).
import type { Serializable } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { CLUSTER_KEY } from './lease-holders';
import { isRelayedSignal, sendToPrimary } from './process-signals';

/** A worker dying this soon after the previous replacement counts toward giving up. */
const RESTART_WINDOW_MS = 60_000;
/** More deaths than this within the window: the fault is not passing, stop everything. */
const MAX_RESTARTS_IN_WINDOW = 5;

/** Set in the environment of a worker that must wait for FIRST_LISTENS before opening the store. */
const WAIT_FOR_FIRST = 'API_WAIT_FOR_FIRST_WORKER';
/** A waiting worker's message to the primary: its code is loaded, it waits for FIRST_LISTENS. */
const WAITING = 'api:worker-waits-for-first';
/** The primary's answer: the first worker listens, the store is ready. */
const FIRST_LISTENS = 'api:first-worker-listens';

/**
 * glibc's allocator settings every worker starts with, unless the operator set them. Without them its
 * main arena keeps the large blocks the list pages, exports and compression free and never gives them
 * back (about 11 MB/min per worker at 1,000 sessions); with them it stays level (docs/decisions/load.md,
 * "What grows at 1,000 sessions"). glibc reads them when a process starts: they go in the workers'
 * environment (a single process, WEB_CONCURRENCY=1, takes them from its own environment only).
 */
export const ALLOCATOR_SETTINGS = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_ARENA_MAX: '2' } as const;

/** What a worker's environment adds to the primary's: the allocator settings the operator left unset. */
export function workerEnvironment(
  primary: NodeJS.ProcessEnv,
  extra: Record<string, string> = {},
): Record<string, string> {
  const unset = Object.entries(ALLOCATOR_SETTINGS).filter(([name]) => primary[name] === undefined);
  return { ...Object.fromEntries(unset), ...extra };
}

/**
 * In a worker: resolves at once, or (a worker forked beside the first) once the primary says the
 * first worker listens. It asks once its listener is in place, so the answer cannot arrive unheard.
 */
export function firstWorkerListens(send: (message: string) => void = sendToPrimary): Promise<void> {
  if (process.env[WAIT_FOR_FIRST] !== '1') return Promise.resolve();
  return new Promise((resolve) => {
    const heard = (message: unknown) => {
      if (message !== FIRST_LISTENS) return;
      process.off('message', heard);
      resolve();
    };
    process.on('message', heard);
    send(WAITING);
  });
}

/**
 * In the primary: sends `message` to `worker` if its channel is open. A worker killed a moment ago
 * still looks connected until the primary reads the end of its channel; the write then fails (EPIPE),
 * and without a callback Node emits that as an 'error' event that nothing handles, which ended the
 * primary and so the whole API (every-core.md, "A worker killed during an import"). The failure goes
 * to `failed` instead; the worker's 'exit' follows and replaces it.
 */
export function sendToWorker(worker: Worker, message: Serializable, failed: (error: Error) => void): void {
  if (!worker.isConnected()) return;
  worker.send(message, undefined, (error) => {
    if (error) failed(error);
  });
}

/** The primary passes a worker's signal (process-signals.ts) on to every other worker. */
export function relayToSiblings(
  from: Worker,
  message: unknown,
  workers: readonly Worker[],
  failed: (error: Error) => void,
): void {
  if (!isRelayedSignal(message)) return;
  for (const worker of workers) if (worker !== from) sendToWorker(worker, message, failed);
}

/** Runs the primary: forks `count` workers (this same script, with cluster.isPrimary false). */
export function runPrimary(count: number, logger: Logger): void {
  const listening = new WeakSet<Worker>();
  const restarts: number[] = [];
  let stopping = false;
  let exitCode = 0;

  // Set once the first worker listens: the store and the port are good then, so from then on a worker
  // that dies before listening (a sibling of the start or a replacement, killed while it started, or
  // failing on a loaded machine) is replaced within the limit below instead of stopping everything.
  let firstListens = false;

  const alive = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);
  const notDelivered = (worker: Worker) => (error: Error) =>
    logger.warn({ pid: worker.process.pid, err: error }, 'Message non remis à un processus de l’API arrêté');
  // A worker's channel that fails (a write to a worker just killed) is logged, never thrown: an 'error'
  // event without a listener would end the primary, and with it every worker.
  cluster.on('fork', (worker) => worker.on('error', notDelivered(worker)));
  // Names this cluster in the workers' lease tokens: a worker may take the lease of a sibling that died.
  const clusterKey = { [CLUSTER_KEY]: randomUUID() };
  const fork = () => {
    const worker = cluster.fork(workerEnvironment(process.env, clusterKey));
    worker.once('listening', () => listening.add(worker));
    return worker;
  };

  const stop = (reason: string, code: number) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    logger.info({ reason, workers: alive().length }, 'Arrêt de tous les processus de l’API');
    // Each worker stops as one process does: no new connection, running calls end, the store closes.
    for (const worker of alive()) worker.process.kill('SIGTERM');
    if (alive().length === 0) process.exit(exitCode);
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (alive().length === 0) {
        logger.info({ code: exitCode }, 'Arrêt terminé (tous les processus)');
        process.exit(exitCode);
      }
      return;
    }
    if (!listening.has(worker) && !firstListens) {
      // No worker has listened yet (bad store, port taken): another would fail the same way.
      logger.error({ pid: worker.process.pid, code, signal }, 'Un processus de l’API n’a pas pu démarrer');
      stop('échec du démarrage', 1);
      return;
    }
    const now = Date.now();
    while (restarts.length > 0 && (restarts[0] as number) < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length >= MAX_RESTARTS_IN_WINDOW) {
      logger.error({ restarts: restarts.length }, 'Processus de l’API arrêtés trop souvent : arrêt');
      stop('arrêts répétés', 1);
      return;
    }
    restarts.push(now);
    logger.error({ pid: worker.process.pid, code, signal }, 'Un processus de l’API s’est arrêté : remplacé');
    fork();
  });

  // The first worker alone creates the tables and indexes (and imports a NeDB DATA_DIR); the others
  // open the store once it listens, on a store that is ready (docs/deployment.md: "start one instance
  // first"). They are forked at once and load their code meanwhile, then wait for the word
  // (every-core.md, "Start-up": the start no longer takes the sum of the workers' loading times).
  const first = fork();
  const asking = new Set<Worker>();
  const answer = (worker: Worker) => sendToWorker(worker, FIRST_LISTENS, notDelivered(worker));
  for (let i = 1; i < count; i += 1) {
    const worker = cluster.fork(workerEnvironment(process.env, { ...clusterKey, [WAIT_FOR_FIRST]: '1' }));
    worker.once('listening', () => listening.add(worker));
    worker.on('message', (message: unknown) => {
      if (message !== WAITING) return;
      if (firstListens) answer(worker);
      else asking.add(worker);
    });
  }
  first.once('listening', () => {
    firstListens = true;
    for (const worker of asking) answer(worker);
    asking.clear();
    const started = () => {
      if (alive().filter((worker) => listening.has(worker)).length < count) return;
      cluster.off('listening', started);
      logger.info({ workers: count }, `API : ${count} processus à l’écoute`);
    };
    cluster.on('listening', started);
    started();
  });

  // A worker's signal for the others (process-signals.ts: an import's lease given back, a large
  // list's first reading).
  cluster.on('message', (from, message: unknown) =>
    relayToSiblings(from, message, alive(), (error) =>
      logger.warn({ err: error }, 'Message non remis à un processus de l’API arrêté'),
    ),
  );

  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));
}
