// Geocoding through the French national address service's /search format (adresse.data.gouv.fr):
// GET <GEOCODER_URL>/search?q=…&limit=1 answers a GeoJSON FeatureCollection, coordinates [lon, lat].
import { z } from 'zod';
import { AppError } from '../../http/app-error';

export type LatLng = { lat: number; lng: number };
/** null when the service knows no such address. */
export type Geocoder = (query: string) => Promise<LatLng | null>;

export const GEOCODER_TIMEOUT_MS = 5000;

export const GEOCODER_MESSAGES = {
  notConfigured: 'La géolocalisation n’est pas configurée sur ce serveur',
  unavailable: 'Le service de géolocalisation ne répond pas, veuillez réessayer plus tard',
} as const;

const featureCollection = z.object({
  features: z.array(
    z.object({ geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) }) }),
  ),
});

const unavailable = (cause?: unknown) =>
  new AppError(502, GEOCODER_MESSAGES.unavailable, 'INTERNAL', { cause });

export function createGeocoder(baseUrl: string, timeoutMs = GEOCODER_TIMEOUT_MS): Geocoder {
  return async (query) => {
    const url = `${baseUrl}/search?q=${encodeURIComponent(query)}&limit=1`;
    let response: Response;
    try {
      response = await fetch(url, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json' },
      });
    } catch (error) {
      throw unavailable(error);
    }
    if (!response.ok) throw unavailable(new Error(`${url} a répondu ${response.status}`));
    const parsed = featureCollection.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw unavailable(parsed.error);
    const first = parsed.data.features[0];
    if (!first) return null;
    const [lng, lat] = first.geometry.coordinates;
    return { lat, lng };
  };
}
