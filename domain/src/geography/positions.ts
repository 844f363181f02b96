// How precise a prospect's stored position is, and the place-name keys the offline positions are
// looked up by (api/src/modules/prospects/offline-positions.ts, docs/decisions/offline-positions.md).

/** 'address' from the address service (GEOCODER_URL); the other two from the offline reference data. */
export type LatLngPrecision = 'address' | 'commune' | 'department';

export const LATLNG_PRECISIONS: readonly LatLngPrecision[] = ['address', 'commune', 'department'];

export const LATLNG_PRECISION_LABELS: Record<LatLngPrecision, string> = {
  address: 'adresse',
  commune: 'centre de la commune',
  department: 'centre du département',
};

/** Credit due to GeoNames (CC BY 4.0) where a position from the offline data is shown. */
export const OFFLINE_POSITIONS_ATTRIBUTION =
  'Centres des communes : GeoNames (CC BY 4.0), découpage : Etalab';

/** "Position : centre de la commune", as the detail and the round's stops show it. */
export function latlngPrecisionMention(precision: LatLngPrecision | undefined): string | null {
  return precision ? `Position : ${LATLNG_PRECISION_LABELS[precision]}` : null;
}

const ABBREVIATIONS: Record<string, string> = { st: 'saint', ste: 'sainte', sts: 'saints', stes: 'saintes' };
const LEADING_ARTICLES = new Set(['le', 'la', 'les', 'l']);

/**
 * A place name as a key: no accents or case, apostrophes and hyphens as spaces, "St"/"Ste" spelt out,
 * without a leading article ("L'Haÿ-les-Roses" and "HAY LES ROSES" give "hay les roses").
 */
export function placeNameKey(name: string): string {
  // Files mostly write towns in plain capitals: no decomposition needed for them.
  const plain = /^[\x20-\x7e]*$/.test(name) ? name : name.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const words = plain
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '')
    .map((word) => ABBREVIATIONS[word] ?? word);
  while (words.length > 1 && LEADING_ARTICLES.has(words[0] as string)) words.shift();
  return words.join(' ');
}

/**
 * A town as files write it, as a key: without what follows "CEDEX" and without a trailing
 * arrondissement ("PARIS 8E", "Lyon 3ème", "MARSEILLE 08", "Paris 1er Arrondissement" give the city).
 */
export function townNameKey(town: string): string {
  return placeNameKey(town)
    .replace(/(^| )cedex( .*)?$/, '')
    .replace(/( arrondissement)$/, '')
    .replace(/( \d+ ?(er|e|eme|ieme)?)+$/, '')
    .trim();
}
