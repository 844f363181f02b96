/** First wait after a dropped stream; doubled at each failed try up to BACKOFF_MAX_MS. */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;

/**
 * How long to wait before try `attempt` (0 for the first after a drop): exponential, capped, with
 * "equal jitter" (half fixed, half random) so the tabs of a whole office do not all come back at
 * the same instant after the API restarts, yet none comes back at once.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
