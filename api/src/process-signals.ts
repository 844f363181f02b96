// Signals between the API's processes (WEB_CONCURRENCY above 1, docs/decisions/every-core.md): a
// worker sends `{ type: 'api:relay:<topic>', key }` to the primary, which passes it on to every other
// worker (cluster.ts). Outside a cluster (one process, the tests) nothing is sent and nothing heard.
// A signal is only ever a hint to look again sooner: what it says is read from the store.
import cluster from 'node:cluster';

const RELAY = 'api:relay:';

export type RelayedSignal = { type: string; key: string };

/** A message the primary passes on to the other workers. */
export function isRelayedSignal(message: unknown): message is RelayedSignal {
  if (typeof message !== 'object' || message === null) return false;
  const { type, key } = message as Partial<RelayedSignal>;
  return typeof type === 'string' && type.startsWith(RELAY) && typeof key === 'string';
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
      if (process.connected) process.send?.({ type, key } satisfies RelayedSignal);
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

// Calls from one worker to another (WEB_CONCURRENCY above 1): `{ type: 'api:call:<topic>', to, from,
// id, payload }` goes to the primary, which hands it to worker `to` (cluster.ts); the answer comes back
// the same way as `api:answer:<topic>`. When worker `to` is not there, or exits before answering, the
// caller hears it (`api:gone`) and its call rejects with PeerAbsent: it then does the work itself.
const CALL = 'api:call:';
const ANSWER = 'api:answer:';
/** The primary's word that a worker exited (or never was): its callers stop waiting for it. */
export const WORKER_GONE = 'api:gone';

export type RoutedMessage = { type: string; to: number; from?: number; id: number; payload?: string };

/** A call or an answer the primary hands to worker `to`. */
export function isRoutedMessage(message: unknown): message is RoutedMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { type, to, id } = message as Partial<RoutedMessage>;
  return (
    typeof type === 'string' &&
    (type.startsWith(CALL) || type.startsWith(ANSWER)) &&
    typeof to === 'number' &&
    typeof id === 'number'
  );
}

/** The answer a caller gets when worker `to` of its call is not there (`absent`: not a reply). */
export function absentAnswer(
  call: RoutedMessage,
): { type: string; to: number; id: number; absent: true } | null {
  if (!call.type.startsWith(CALL) || typeof call.from !== 'number') return null;
  return { type: `${ANSWER}${call.type.slice(CALL.length)}`, to: call.from, id: call.id, absent: true };
}

/** The other worker was not there, or exited before answering: the work was not done there. */
export class PeerAbsent extends Error {
  constructor(worker: number) {
    super(`Processus ${worker} absent`);
    this.name = 'PeerAbsent';
  }
}

export type ProcessCalls = {
  /** This worker's id in the cluster (what another worker's call names). */
  self: number;
  /** Runs the topic's handler in worker `to`: its answer, or PeerAbsent. */
  call(to: number, payload: string): Promise<string>;
  /** Answers the other workers' calls (one handler per topic; errors are the handler's to encode). */
  serve(handler: (payload: string) => Promise<string>): void;
  /** Hears that a worker exited (its id). */
  onGone(listener: (worker: number) => void): void;
};

/** Calls of `topic` between the cluster's workers; undefined in a process outside a cluster. */
export function clusterCalls(topic: string): ProcessCalls | undefined {
  const worker = cluster.worker;
  if (!cluster.isWorker || !worker || typeof process.send !== 'function') return undefined;
  const self = worker.id;
  const callType = `${CALL}${topic}`;
  const answerType = `${ANSWER}${topic}`;
  const pending = new Map<
    number,
    { to: number; resolve: (payload: string) => void; reject: (error: Error) => void }
  >();
  const goneListeners: ((worker: number) => void)[] = [];
  let handler: ((payload: string) => Promise<string>) | undefined;
  let nextId = 0;
  let listening = false;
  const send = (message: object) => {
    if (process.connected) process.send?.(message);
  };
  const gone = (id: number) => {
    for (const [callId, call] of pending)
      if (call.to === id) {
        pending.delete(callId);
        call.reject(new PeerAbsent(id));
      }
    for (const listener of goneListeners) listener(id);
  };
  // Always listening once used: a call may come at any time. A worker serves HTTP, which keeps it
  // alive anyway, and stops by process.exit (index.ts), so the channel's reference changes nothing.
  const listen = () => {
    if (listening) return;
    listening = true;
    process.on('message', (message: unknown) => {
      if (typeof message !== 'object' || message === null) return;
      const { type } = message as { type?: unknown };
      if (type === WORKER_GONE) {
        const id = (message as { worker?: unknown }).worker;
        if (typeof id === 'number') gone(id);
        return;
      }
      if (!isRoutedMessage(message) || message.to !== self) return;
      if (message.type === answerType) {
        const call = pending.get(message.id);
        if (!call) return;
        pending.delete(message.id);
        if ((message as { absent?: unknown }).absent === true) call.reject(new PeerAbsent(call.to));
        else call.resolve(message.payload ?? '');
      } else if (message.type === callType && handler && typeof message.from === 'number') {
        const { from, id } = message;
        // A handler that fails says nothing of its own: the caller then does the work itself.
        void handler(message.payload ?? '').then(
          (payload) => send({ type: answerType, to: from, id, payload }),
          () => send({ type: answerType, to: from, id, absent: true }),
        );
      }
    });
    // The primary gone: this worker exits (node:cluster), its calls will not be answered.
    process.once('disconnect', () => {
      for (const [callId, call] of pending) {
        pending.delete(callId);
        call.reject(new PeerAbsent(call.to));
      }
    });
  };
  return {
    self,
    call(to, payload) {
      listen();
      if (!process.connected) return Promise.reject(new PeerAbsent(to));
      nextId += 1;
      const id = nextId;
      return new Promise<string>((resolve, reject) => {
        pending.set(id, { to, resolve, reject });
        send({ type: callType, to, from: self, id, payload });
      });
    },
    serve(serving) {
      handler = serving;
      listen();
    },
    onGone(listener) {
      goneListeners.push(listener);
      listen();
    },
  };
}
