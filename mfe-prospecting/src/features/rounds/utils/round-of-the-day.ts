import type { RoundSummary } from '@app/domain';

const dayOf = (ms: number) => new Date(ms).toDateString();

/**
 * The round "Ma journée" opens: the most recent one saved today, else the most recent one saved
 * (the list comes newest first, but it is not relied on); null when there is none.
 */
export function roundOfTheDay(rounds: readonly RoundSummary[], now: number): RoundSummary | null {
  const newest = [...rounds].sort((a, b) => b.updatedAt - a.updatedAt);
  return newest.find((round) => dayOf(round.updatedAt) === dayOf(now)) ?? newest[0] ?? null;
}
