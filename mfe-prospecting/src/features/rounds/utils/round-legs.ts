import { MAX_ROUND_STOPS, ROUND_MESSAGES, type RoundStart, type RoundStop } from '@app/domain';
import { haversineKm } from './geo';

export type RoundLeg = { number: number; stop: RoundStop; km: number; cumulativeKm: number };

/** Each stop with its number, the distance from the previous point and the running total. */
export function legsOf(start: RoundStart, stops: readonly RoundStop[]): RoundLeg[] {
  let previous: { lat: number; lng: number } = start;
  let cumulativeKm = 0;
  return stops.map((stop, index) => {
    const km = haversineKm(previous, stop);
    cumulativeKm += km;
    previous = stop;
    return { number: index + 1, stop, km, cumulativeKm };
  });
}

/** `stops` with the one at `from` moved to `to`. */
export function moved<T>(stops: readonly T[], from: number, to: number): T[] {
  const next = [...stops];
  const [item] = next.splice(from, 1);
  if (item === undefined || to < 0 || to > next.length) return [...stops];
  next.splice(to, 0, item);
  return next;
}

/** Why a round cannot be computed yet, or null: too many stops, none chosen, none located, no start. */
export function computeProblem(chosen: number, located: number, hasStart: boolean): string | null {
  if (chosen > MAX_ROUND_STOPS) return ROUND_MESSAGES.tooManyStops;
  if (chosen === 0) return ROUND_MESSAGES.stopsRequired;
  if (located === 0) return ROUND_MESSAGES.stopsNotLocated;
  return hasStart ? null : ROUND_MESSAGES.startRequired;
}
