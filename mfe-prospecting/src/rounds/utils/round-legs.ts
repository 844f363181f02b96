import type { RoundStart, RoundStop } from '@app/domain';
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
