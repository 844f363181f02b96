// Great-circle distances between positions, and the 'lat/lng' text prospects store.
import { formatNumber } from '@app/domain';

export type LatLng = { lat: number; lng: number };

/** Mean Earth radius (IUGG), in kilometres. */
export const EARTH_RADIUS_KM = 6371.0088;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Haversine distance in kilometres. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A prospect's stored position ('48.86/2.33'), or null when absent or unreadable. */
export function parseLatLng(text: string | undefined): LatLng | null {
  if (!text) return null;
  const parts = text.split('/').map((part) => Number(part.trim()));
  const [lat, lng] = parts;
  if (parts.length !== 2 || lat === undefined || lng === undefined) return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  return { lat, lng };
}

/** "12,3 km" (one decimal under 100 km), with no Intl formatter (formatNumber, lighthouse.md). */
export function formatKm(km: number): string {
  return `${formatNumber(km, km < 100 ? 1 : 0)} km`;
}
