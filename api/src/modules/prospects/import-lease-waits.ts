// Wakes the calls that wait on an import as soon as a holder gives its lease back, in this process or
// (through the cluster's primary, process-signals.ts) in another: a batch waiting for the lease, and a
// batch waiting for the ones before it once a batch was stored. The wait's timeout stays the fallback
// (a killed process never says it let go: its lease expires), and a wake only makes the caller read
// the store again. docs/decisions/import-speed.md, seventh pass.
import type { ProcessSignals } from '../../process-signals';

/** What a release says: the lease is free; `stored` when the holder's work may have moved `received`. */
type Release = { stored: boolean };
type Waiter = { storedOnly: boolean; wake: () => void };

export type LeaseWait = {
  /** Resolves at the watched release, after the timeout, or at `cancel`. */
  done: Promise<void>;
  cancel(): void;
};

export class ImportLeaseWaits {
  private readonly waiting = new Map<string, Set<Waiter>>();
  private stopListening: (() => void) | undefined;

  constructor(private readonly signals?: ProcessSignals) {}

  /**
   * Watches `importId` from now on (so a release between the caller's look at the store and its wait
   * is not missed) for `ms` at most: any release, or with `storedOnly` a release after stored rows (a
   * batch ahead of the rows received waits for those; waking it at every release would have two such
   * batches hand the lease back and forth for nothing).
   */
  next(importId: string, ms: number, storedOnly = false): LeaseWait {
    let waiter: Waiter | undefined;
    let timer: NodeJS.Timeout | undefined;
    const done = new Promise<void>((resolve) => {
      waiter = { storedOnly, wake: resolve };
      timer = setTimeout(resolve, ms);
    }).finally(() => {
      clearTimeout(timer);
      this.forget(importId, waiter as Waiter);
    });
    this.remember(importId, waiter as Waiter);
    return { done, cancel: () => waiter?.wake() };
  }

  /** The lease of `importId` was given back here: wakes this process's waiters and tells the others. */
  released(importId: string, release: Release): void {
    this.wake(importId, release);
    this.signals?.send(`${release.stored ? 'stored' : 'free'}:${importId}`);
  }

  /**
   * Rows of `importId` were stored and the lease stays in this process (handed to its next call):
   * this process's batches waiting for those rows look again; the other processes are not told.
   */
  storedHere(importId: string): void {
    for (const waiter of this.waiting.get(importId) ?? []) if (waiter.storedOnly) waiter.wake();
  }

  private wake(importId: string, release: Release): void {
    for (const waiter of this.waiting.get(importId) ?? [])
      if (release.stored || !waiter.storedOnly) waiter.wake();
  }

  private remember(importId: string, waiter: Waiter): void {
    const set = this.waiting.get(importId) ?? new Set<Waiter>();
    set.add(waiter);
    this.waiting.set(importId, set);
    if (this.signals && !this.stopListening)
      this.stopListening = this.signals.listen((key) => {
        const split = key.indexOf(':');
        this.wake(key.slice(split + 1), { stored: key.slice(0, split) === 'stored' });
      });
  }

  private forget(importId: string, waiter: Waiter): void {
    const set = this.waiting.get(importId);
    if (!set?.delete(waiter) || set.size > 0) return;
    this.waiting.delete(importId);
    if (this.waiting.size === 0) {
      this.stopListening?.();
      this.stopListening = undefined;
    }
  }
}
