import { isEmptyValue } from '@app/domain';

// Every address below is built from user data: each piece goes through encodeURIComponent (DESIGN §8).

/** tel: link, or null without a phone number. */
export function phoneHref(phone: string): string | null {
  if (isEmptyValue(phone)) return null;
  const dialable = phone.replace(/[\s.\-()]/g, '');
  return dialable ? `tel:${encodeURIComponent(dialable)}` : null;
}

/** mailto: link, or null when the e-mail is missing, 'Aucun' or not an address. */
export function mailHref(mail: string): string | null {
  if (isEmptyValue(mail)) return null;
  const address = mail.trim();
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return null;
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}

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
