// Named leases in the store: one holder at a time across the API processes sharing it, given back
// after the work and expiring if the holder dies (docs/deployment.md, "Several API processes").
import { randomUUID } from 'node:crypto';
import { DuplicateKeyError } from './errors';
import type { Collection, Store } from './types';

export type LeaseDoc = { _id: string; until: number; token: string };

export type LeaseOptions = {
  /** How long a lease holds if its holder never gives it back (killed); renewed while the work runs. */
  ttlMs: number;
  /** How long `run` waits for a lease another holder has before giving up. */
  waitMs: number;
  pollMs: number;
};

/** Thrown when the lease stayed with another holder for the whole wait. */
export class LeaseBusyError extends Error {
  constructor(readonly key: string) {
    super(`bail ${key} tenu ailleurs`);
    this.name = 'LeaseBusyError';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Leases {
  private readonly leases: Collection<LeaseDoc>;

  constructor(
    store: Store,
    collection: string,
    /** The lease's clock (expiry); waiting is counted in real time. */
    private readonly now: () => number,
    private readonly options: LeaseOptions = { ttlMs: 60_000, waitMs: 20_000, pollMs: 25 },
  ) {
    this.leases = store.collection<LeaseDoc>(collection);
  }

  /** Runs `work` holding the lease `key`; waits for it while another holder has it. */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const token = randomUUID();
    const deadline = Date.now() + this.options.waitMs;
    while (!(await this.take(key, token))) {
      if (Date.now() >= deadline) throw new LeaseBusyError(key);
      await sleep(this.options.pollMs);
    }
    // Held while the work runs, however long: renewed every third of its life (only by this holder).
    const renewal = setInterval(() => {
      this.leases
        .updateOne({ _id: key, token }, { $set: { until: this.now() + this.options.ttlMs } })
        .catch(() => undefined);
    }, this.options.ttlMs / 3);
    renewal.unref();
    try {
      return await work();
    } finally {
      clearInterval(renewal);
      await this.leases.deleteOne({ _id: key, token });
    }
  }

  /** Free (no document) or expired: taken by one conditional write, which only one holder wins. */
  private async take(key: string, token: string): Promise<boolean> {
    const now = this.now();
    const until = now + this.options.ttlMs;
    const expired = await this.leases.updateOne(
      { _id: key, until: { $lt: now } },
      { $set: { until, token } },
    );
    if (expired.matchedCount === 1) return true;
    try {
      await this.leases.insertOne({ _id: key, until, token });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }
}
