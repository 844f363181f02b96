// Lease tokens that name their holder among the cluster's workers, so that a sibling can tell a holder
// killed (SIGKILL, the machine's OOM killer) from one still working, and take its lease at once instead
// of after it expires (docs/decisions/every-core.md, "A batch sent ahead, at a worker killed or stalled").
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';

/** Set by the primary in every worker's environment: the same random key for all, one per cluster. */
export const CLUSTER_KEY = 'API_CLUSTER_KEY';

export type LeaseHolders = {
  /** A new token for a lease this process takes. */
  token(): string;
  /**
   * True when `token` was taken by another worker of this cluster (the same primary, so this machine)
   * that no longer runs. Outside a cluster, or for any other holder (a process started on its own, a
   * worker of another machine's cluster), false: only the lease's expiry frees it.
   */
  isGone(token: string): boolean;
};

/** Whether `pid` runs on this machine (a process of another user counts as running). */
export function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function leaseHolders(
  env: NodeJS.ProcessEnv = process.env,
  inCluster = cluster.isWorker,
  runs: (pid: number) => boolean = pidRuns,
): LeaseHolders {
  const key = inCluster ? env[CLUSTER_KEY] : undefined;
  if (!key) return { token: () => randomUUID(), isGone: () => false };
  const prefix = `${key}.`;
  return {
    token: () => `${prefix}${process.pid}.${randomUUID()}`,
    isGone(token) {
      if (!token.startsWith(prefix)) return false;
      const pid = Number(token.slice(prefix.length, token.indexOf('.', prefix.length)));
      return Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && !runs(pid);
    },
  };
}
