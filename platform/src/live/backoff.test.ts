import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, backoffDelay } from './backoff';

describe('the wait before opening a dropped stream again', () => {
  it('doubles at each failed try, from 0.5–1 s to at most 30 s', () => {
    const lowest = [0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => backoffDelay(attempt, () => 0));
    const highest = [0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => backoffDelay(attempt, () => 1));
    expect(lowest).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
    expect(highest).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(highest[0]).toBe(BACKOFF_BASE_MS);
    expect(highest.at(-1)).toBe(BACKOFF_MAX_MS);
  });

  it('spreads the tabs coming back at the same try over the upper half of the wait', () => {
    const waits = Array.from({ length: 200 }, () => backoffDelay(3));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(4000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(8000);
    expect(new Set(waits).size).toBeGreaterThan(50);
  });
});
