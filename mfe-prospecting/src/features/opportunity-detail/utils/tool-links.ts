import { isEmptyValue } from '@app/domain';

// tel: and mailto: links are shared with the cards and the round's stops: src/utils/contact-hrefs.ts.

// Every address below is built from user data: each piece goes through encodeURIComponent (DESIGN §8).

/** A search for the company on the professional network, by prospect name. */
export function professionalNetworkHref(name: string): string | null {
  if (isEmptyValue(name)) return null;
  return `https://www.linkedin.com/search/results/companies/?keywords=${encodeURIComponent(name.trim())}`;
}

/** The French public company registry searched by SIRET. */
export function companyRegistryHref(siret: string): string | null {
  if (isEmptyValue(siret)) return null;
  return `https://annuaire-entreprises.data.gouv.fr/rechercher?terme=${encodeURIComponent(siret.replace(/\s/g, ''))}`;
}

/** A maps search at the prospect's position, stored as 'lat/lng'; null when unreadable. */
export function mapHref(latlng: string | undefined): string | null {
  if (!latlng) return null;
  const [lat, lng, ...rest] = latlng.split('/').map((part) => Number(part.trim()));
  if (rest.length > 0 || lat === undefined || lng === undefined) return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${lat},${lng}`)}`;
}
