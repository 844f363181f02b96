// The wake-up of calls waiting on an import (import-lease-waits.ts), in one process and between two
// joined as the cluster's primary joins its workers (process-signals.ts).
import { isRelayedSignal, type ProcessSignals } from '../../process-signals';
import { ImportLeaseWaits } from './import-lease-waits';

/** Two processes' signals, each hearing what the other sends, with their listeners counted. */
function joined(): { a: ProcessSignals; b: ProcessSignals; listening: () => number } {
  const listeners = { a: new Set<(key: string) => void>(), b: new Set<(key: string) => void>() };
  const side = (own: 'a' | 'b', other: 'a' | 'b'): ProcessSignals => ({
    send: (key) => {
      for (const listener of listeners[other]) listener(key);
    },
    listen: (listener) => {
      listeners[own].add(listener);
      return () => listeners[own].delete(listener);
    },
  });
  return { a: side('a', 'b'), b: side('b', 'a'), listening: () => listeners.a.size + listeners.b.size };
}

/** Whether `promise` has settled once the pending callbacks ran. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
  return done;
}

describe('calls waiting on an import', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('wake when the lease is given back in the same process, those waiting for rows only once rows were stored', async () => {
    const waits = new ImportLeaseWaits();
    const forLease = waits.next('import-1', 60_000);
    const forRows = waits.next('import-1', 60_000, true);
    const otherImport = waits.next('import-2', 60_000);

    waits.released('import-1', { stored: false });
    expect(await settled(forLease.done)).toBe(true);
    expect(await settled(forRows.done)).toBe(false);
    expect(await settled(otherImport.done)).toBe(false);

    waits.released('import-1', { stored: true });
    expect(await settled(forRows.done)).toBe(true);
    expect(await settled(otherImport.done)).toBe(false);
    otherImport.cancel();
    expect(await settled(otherImport.done)).toBe(true);
  });

  it('wake when another process gives the lease back, and hear the others only while something waits', async () => {
    const { a, b, listening } = joined();
    const here = new ImportLeaseWaits(a);
    const there = new ImportLeaseWaits(b);
    expect(listening()).toBe(0);

    const forLease = here.next('import-1', 60_000);
    const forRows = here.next('import-1', 60_000, true);
    expect(listening()).toBe(1);
    there.released('import-1', { stored: false });
    expect(await settled(forLease.done)).toBe(true);
    expect(await settled(forRows.done)).toBe(false);
    there.released('import-1', { stored: true });
    expect(await settled(forRows.done)).toBe(true);
    expect(listening()).toBe(0);

    // A release nobody waits for is sent all the same, and harms nothing.
    there.released('import-1', { stored: true });
    expect(listening()).toBe(0);
  });

  it('end after their time when no release comes (a holder killed never says it let go)', async () => {
    const waits = new ImportLeaseWaits(joined().a);
    const wait = waits.next('import-1', 25);
    expect(await settled(wait.done)).toBe(false);
    jest.advanceTimersByTime(25);
    expect(await settled(wait.done)).toBe(true);
  });
});

describe('the signals the primary passes on', () => {
  it('are the relayed ones only, not the cluster’s own messages nor the start-up words', () => {
    expect(isRelayedSignal({ type: 'api:relay:import-lease', key: 'stored:abc' })).toBe(true);
    expect(isRelayedSignal('api:first-worker-listens')).toBe(false);
    expect(isRelayedSignal({ cmd: 'NODE_CLUSTER', act: 'online' })).toBe(false);
    expect(isRelayedSignal({ type: 'api:relay:import-lease' })).toBe(false);
    expect(isRelayedSignal({ type: 'autre', key: 'abc' })).toBe(false);
    expect(isRelayedSignal(null)).toBe(false);
  });
});
