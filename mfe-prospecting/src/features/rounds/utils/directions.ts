// Directions links for a maps service (Google Maps URLs, `api=1`). That format takes at most 9
// waypoints between origin and destination, so a longer round is split into parts that each start
// where the previous one stopped. Every piece goes through encodeURIComponent (DESIGN §8).
import type { LatLng } from './geo';

/** Waypoints one Google Maps directions link accepts (besides origin and destination). */
export const MAX_WAYPOINTS_PER_LINK = 9;

/** Six decimals are about 10 cm: enough for a door, and no floating-point noise in the link. */
const coordinates = (point: LatLng) => `${Number(point.lat.toFixed(6))},${Number(point.lng.toFixed(6))}`;
const position = (point: LatLng) => encodeURIComponent(coordinates(point));

export type DirectionsLink = { href: string; firstStop: number; lastStop: number };

/** One link per part: stops numbered from 1, each part covers `firstStop`..`lastStop`. */
export function directionsLinks(start: LatLng, stops: readonly LatLng[]): DirectionsLink[] {
  const links: DirectionsLink[] = [];
  let origin = start;
  const perLink = MAX_WAYPOINTS_PER_LINK + 1;
  for (let first = 0; first < stops.length; first += perLink) {
    const part = stops.slice(first, first + perLink);
    const destination = part[part.length - 1] as LatLng;
    const waypoints = part.slice(0, -1);
    const query = [
      'api=1',
      `origin=${position(origin)}`,
      `destination=${position(destination)}`,
      ...(waypoints.length > 0
        ? [`waypoints=${encodeURIComponent(waypoints.map(coordinates).join('|'))}`]
        : []),
      'travelmode=driving',
    ].join('&');
    links.push({
      href: `https://www.google.com/maps/dir/?${query}`,
      firstStop: first + 1,
      lastStop: first + part.length,
    });
    origin = destination;
  }
  return links;
}
