// Named leases across the API processes sharing a store (docs/deployment.md, "Several API processes").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Leases } from './leases';
import { openSqliteStore } from './sqlite-store';
import type { Store } from './types';

describe('Leases on one store file shared by two processes', () => {
  let dir: string;
  let first: Store;
  let second: Store;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'leases-'));
    first = await openSqliteStore({ dataDir: dir });
    second = await openSqliteStore({ dataDir: dir });
  });
  afterEach(async () => {
    await first.close();
    await second.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a lease whose work outlives its expiry from being taken by another holder', async () => {
    // A life long enough that a loaded machine's stalls (a second or so) do not outlast two renewals.
    const options = { ttlMs: 2_000, waitMs: 20_000, pollMs: 10 };
    const one = new Leases(first, 'testLeases', Date.now, options);
    const other = new Leases(second, 'testLeases', Date.now, options);
    const events: string[] = [];
    const long = one.run('abonnement', async () => {
      events.push('début 1');
      await sleep(5_000); // more than twice the lease’s life
      events.push('fin 1');
    });
    await sleep(20);
    const next = other.run('abonnement', async () => {
      events.push('début 2');
    });
    await Promise.all([long, next]);
    expect(events).toEqual(['début 1', 'fin 1', 'début 2']);
  }, 20_000);
});
