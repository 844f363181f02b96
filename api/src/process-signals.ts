// Signals between the API's processes (WEB_CONCURRENCY above 1, docs/decisions/every-core.md): a
// worker sends `{ type: 'api:relay:<topic>', key }` to the primary, which passes it on to every other
// worker (cluster.ts). Outside a cluster (one process, the tests) nothing is sent and nothing heard.
// A signal is only ever a hint to look again sooner: what it says is read from the store.
import type { Serializable } from 'node:child_process';
import cluster from 'node:cluster';

const RELAY = 'api:relay:';

export type RelayedSignal = { type: string; key: string };

/** A message the primary passes on to the other workers. */
export function isRelayedSignal(message: unknown): message is RelayedSignal {
  if (typeof message !== 'object' || message === null) return false;
  const { type, key } = message as Partial<RelayedSignal>;
  return typeof type === 'string' && type.startsWith(RELAY) && typeof key === 'string';
}

/**
 * In a worker: sends `message` to the primary if the channel is open. A primary gone meanwhile (the
 * write fails with EPIPE) is no error of the worker, whose 'error' event nothing handles: Node ends a
 * worker whose channel closes, so it exits once instead of failing at every signal.
 */
export function sendToPrimary(message: Serializable): void {
  if (process.connected) process.send?.(message, undefined, undefined, () => undefined);
}

export type ProcessSignals = {
  /** Tells the other processes about `key`. */
  send(key: string): void;
  /**
   * Hears the other processes' signals until the returned function is called. Listen only while
   * something waits: a listener on the primary's channel keeps a worker from exiting on its own.
   */
  listen(listener: (key: string) => void): () => void;
};

/** The signals of `topic` between the cluster's workers; undefined in a process outside a cluster. */
export function clusterSignals(topic: string): ProcessSignals | undefined {
  if (!cluster.isWorker || typeof process.send !== 'function') return undefined;
  const type = `${RELAY}${topic}`;
  return {
    send(key) {
      sendToPrimary({ type, key } satisfies RelayedSignal);
    },
    listen(listener) {
      const heard = (message: unknown) => {
        if (isRelayedSignal(message) && message.type === type) listener(message.key);
      };
      process.on('message', heard);
      return () => process.off('message', heard);
    },
  };
}
