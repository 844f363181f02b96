import { spawnSync } from 'node:child_process';
import { CLUSTER_KEY, leaseHolders, pidRuns } from './lease-holders';

/** The pid of a process that ran and is gone (reaped). */
function pidGone(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

describe('lease holders', () => {
  it('in a worker, tokens name its cluster and its pid; a sibling that no longer runs is gone', () => {
    const env = { [CLUSTER_KEY]: 'grappe-a' };
    const worker = leaseHolders(env, true);
    const token = worker.token();
    expect(token.startsWith(`grappe-a.${process.pid}.`)).toBe(true);
    // Its own lease, and a sibling's still running, are not gone.
    expect(worker.isGone(token)).toBe(false);
    expect(worker.isGone(`grappe-a.${process.ppid}.x`)).toBe(false);
    const gone = pidGone();
    expect(pidRuns(gone)).toBe(false);
    expect(worker.isGone(`grappe-a.${gone}.x`)).toBe(true);
  });

  it('never takes a lease from a holder of another cluster, or outside a cluster', () => {
    const gone = pidGone();
    const worker = leaseHolders({ [CLUSTER_KEY]: 'grappe-a' }, true);
    expect(worker.isGone(`grappe-b.${gone}.x`)).toBe(false);
    // A token made outside a cluster: a bare UUID.
    const alone = leaseHolders({}, false);
    expect(alone.token()).toMatch(/^[0-9a-f-]{36}$/);
    expect(worker.isGone(alone.token())).toBe(false);
    expect(alone.isGone(`grappe-a.${gone}.x`)).toBe(false);
    // The key without the cluster (a process started with the variable set by hand) does not count.
    expect(leaseHolders({ [CLUSTER_KEY]: 'grappe-a' }, false).isGone(`grappe-a.${gone}.x`)).toBe(false);
  });
});
