// A real-looking French prospect file for the import benchmarks: every row a company in a real
// commune (@etalab/decoupage-administratif: its name and one of its postal codes, so codes of the Ain
// start with 0), drawn by population, with the activity labels of the NAF (@socialgouv/codes-naf),
// addresses that hold a ';' or quotes (so the file quotes them), phones written with spaces, SIRETs.
// And the floor the issue compares the browser with: a bare script that decodes the same
// Windows-1252 bytes, splits them (';', quoted cells) and inserts the rows into SQLite.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const requireFromApi = createRequire(path.join(here, '..', 'api', 'package.json'));

let table = null;

function reference() {
  if (table) return table;
  const communes = JSON.parse(
    readFileSync(requireFromApi.resolve('@etalab/decoupage-administratif/data/communes.json'), 'utf8'),
  ).filter((commune) => commune.type === 'commune-actuelle' && commune.codesPostaux?.length > 0);
  let total = 0;
  const cumulative = communes.map((commune) => (total += Math.max(commune.population ?? 0, 1)));
  const activities = JSON.parse(
    readFileSync(requireFromApi.resolve('@socialgouv/codes-naf/index.json'), 'utf8'),
  )
    .map((entry) => entry.label)
    .filter((label) => typeof label === 'string' && label.length < 120);
  table = { communes, cumulative, total, activities };
  return table;
}

/** A seeded draw in [0, 1) for row `index` and field `salt` (no state: any row can be built alone). */
function draw(index, salt) {
  let t = (Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(salt + 7, 0x85ebca6b)) >>> 0;
  t = Math.imul(t ^ (t >>> 16), 0x7feb352d);
  t = Math.imul(t ^ (t >>> 15), 0x846ca68b);
  return ((t ^ (t >>> 16)) >>> 0) / 4294967296;
}

const FORMS = ['SARL', 'SAS', 'SA', 'EURL', 'SCI', ''];
const TRADES = ['Boulangerie', 'Garage', 'Pharmacie', 'Cabinet', 'Atelier', 'Crèche', 'Bistrot', 'Œnothèque'];
const NAMES = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Petit',
  'Durand',
  'Lefèvre',
  'Müller',
  'Lœw',
];
const STREETS = [
  'rue de la République',
  'avenue Jean-Jaurès',
  'place de l’Église',
  'chemin des Écoliers',
  'boulevard Victor-Hugo',
];
const SIZES = [
  '0 salarié',
  '1 ou 2 salariés',
  '3 à 5 salariés',
  '6 à 9 salariés',
  '10 à 19 salariés',
  '20 à 49 salariés',
];

/** One row, as cells in the columns' order of bench/import.mjs (COLUMNS). */
export function communeCells(index) {
  const { communes, cumulative, total, activities } = reference();
  const target = draw(index, 1) * total;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle] < target) low = middle + 1;
    else high = middle;
  }
  const commune = communes[low];
  const postalCode = commune.codesPostaux[Math.floor(draw(index, 2) * commune.codesPostaux.length)];
  const name = NAMES[Math.floor(draw(index, 3) * NAMES.length)];
  const trade = TRADES[Math.floor(draw(index, 4) * TRADES.length)];
  const form = FORMS[Math.floor(draw(index, 5) * FORMS.length)];
  const street = STREETS[Math.floor(draw(index, 6) * STREETS.length)];
  const number = 1 + Math.floor(draw(index, 7) * 180);
  const phone = `0${1 + Math.floor(draw(index, 8) * 5)} ${String(index % 100).padStart(2, '0')} ${String(
    Math.floor(draw(index, 9) * 100),
  ).padStart(2, '0')} ${String(Math.floor(draw(index, 10) * 100)).padStart(2, '0')} ${String(
    Math.floor(draw(index, 11) * 100),
  ).padStart(2, '0')}`;
  const siren = String(300000000 + ((index * 7919) % 600000000)).padStart(9, '0');
  return [
    `${trade} ${name}${form ? ` ${form}` : ''}`,
    draw(index, 12) < 0.3 ? '' : `${trade} du ${commune.nom}`,
    postalCode,
    draw(index, 13) < 0.5 ? commune.nom.toUpperCase() : commune.nom,
    // Excel quotes a cell holding ';' or '"'.
    draw(index, 14) < 0.4 ? `${number}, ${street}; bât. "B"` : `${number} ${street}`,
    draw(index, 15) < 0.5 ? '' : `https://www.${name.toLowerCase()}-${index}.fr`,
    phone,
    draw(index, 16) < 0.4 ? '' : `contact@${name.toLowerCase()}-${index}.fr`,
    `${siren}${String(10 + (index % 90)).padStart(5, '0')}`,
    activities[Math.floor(draw(index, 17) * activities.length)],
    SIZES[Math.floor(draw(index, 18) * SIZES.length)],
    draw(index, 19) < 0.3 ? 'Siège' : 'Établissement secondaire',
  ];
}

// Windows-1252's 0x80–0x9F characters (Node's TextDecoder reads them as Latin-1 controls).
const HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** Splits ';'-separated text with '"'-quoted cells (doubled quotes inside) into rows of cells. */
function splitCsv(text) {
  const rows = [];
  let row = [];
  let at = 0;
  const length = text.length;
  while (at < length) {
    let cell;
    if (text.charCodeAt(at) === 34) {
      let end = at + 1;
      let value = '';
      for (;;) {
        const quote = text.indexOf('"', end);
        if (text.charCodeAt(quote + 1) === 34) {
          value += text.slice(end, quote + 1);
          end = quote + 2;
        } else {
          value += text.slice(end, quote);
          at = quote + 1;
          break;
        }
      }
      cell = value;
    } else {
      let end = at;
      while (end < length) {
        const code = text.charCodeAt(end);
        if (code === 59 || code === 13 || code === 10) break;
        end += 1;
      }
      cell = text.slice(at, end);
      at = end;
    }
    row.push(cell);
    const code = text.charCodeAt(at);
    if (code === 59) at += 1;
    else {
      rows.push(row);
      row = [];
      if (code === 13) at += 1;
      if (text.charCodeAt(at) === 10) at += 1;
    }
  }
  return rows;
}

/**
 * The floor: decode `bytes` (Windows-1252), split them, insert every row (12 text columns) into a
 * fresh SQLite file, one transaction; returns the seconds and the rows read (header excluded).
 */
export function bareImport(bytes) {
  const Database = requireFromApi('better-sqlite3');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-import-floor-'));
  try {
    const started = performance.now();
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
      .toString('latin1')
      .replace(/[\u0080-\u009f]/g, (char) => HIGH[char.charCodeAt(0) - 0x80]);
    const [header, ...rows] = splitCsv(text);
    const db = new Database(path.join(dir, 'floor.sqlite'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    const columns = header.map((_, index) => `c${index}`);
    db.exec(`CREATE TABLE rows (${columns.map((column) => `${column} TEXT`).join(', ')})`);
    const insert = db.prepare(`INSERT INTO rows VALUES (${columns.map(() => '?').join(', ')})`);
    db.transaction(() => {
      for (const row of rows) insert.run(row);
    })();
    db.close();
    return { seconds: (performance.now() - started) / 1000, rows: rows.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
