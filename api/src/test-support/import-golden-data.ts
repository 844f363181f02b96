// Benchmark-like prospect rows for the import's golden test (import-golden.test.ts): real French
// communes (postal codes, names, some without the leading 0 a spreadsheet drops, some CEDEX), quoted
// addresses, valid and invalid SIRETs, duplicates inside the file and across files, blank rows and
// rows without a name, an unmapped column. Seeded, so every run builds the same rows.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

export const GOLDEN_COLUMNS = [
  'Raison sociale',
  'Enseigne',
  'Code postal',
  'Ville',
  'Adresse',
  'Site web',
  'Téléphone',
  'E-mail',
  'SIRET',
  'Libellé activité',
  'Tranche effectif',
  "Type d'établissement",
  'Commentaire',
];

export const GOLDEN_MAPPING = {
  prospect: 'Raison sociale',
  enseigne: 'Enseigne',
  codePostale: 'Code postal',
  ville: 'Ville',
  adresseComplete: 'Adresse',
  site: 'Site web',
  telephone: 'Téléphone',
  eMail: 'E-mail',
  siret: 'SIRET',
  libelleactivite: 'Libellé activité',
  trancheSalarier: 'Tranche effectif',
  typeEtablissement: "Type d'établissement",
};

type Commune = { nom: string; codesPostaux?: string[]; type: string; population?: number };

/** mulberry32: a small seeded generator. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let communes: Commune[] | null = null;

function realCommunes(): Commune[] {
  if (communes) return communes;
  const require = createRequire(__filename);
  const file = require.resolve('@etalab/decoupage-administratif/data/communes.json');
  communes = (JSON.parse(readFileSync(file, 'utf8')) as Commune[]).filter(
    (commune) => commune.type === 'commune-actuelle' && (commune.codesPostaux?.length ?? 0) > 0,
  );
  return communes;
}

/** A valid SIRET (Luhn) built from a number. */
function validSiret(seed: number): string {
  const base = String(73282932000000 + seed * 7).slice(0, 13);
  for (let check = 0; check < 10; check += 1) {
    const candidate = `${base}${check}`;
    let sum = 0;
    for (let index = 0; index < 14; index += 1) {
      let digit = Number(candidate[13 - index]);
      if (index % 2 === 1) digit *= 2;
      sum += digit > 9 ? digit - 9 : digit;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('no check digit');
}

const ACTIVITIES = ['Commerce de détail', 'Restauration', 'Conseil', 'Crèche', 'Œuvres sociales'];
const SIZES = ['1 à 2', '3 à 5', '10 à 19', '50 à 99', ''];

/** `count` rows as cells in GOLDEN_COLUMNS order; `seed` picks other rows, `from` numbers them. */
export function goldenCells(count: number, seed: number, from = 0): string[][] {
  const all = realCommunes();
  const random = seeded(seed);
  const rows: string[][] = [];
  for (let offset = 0; offset < count; offset += 1) {
    const index = from + offset;
    const style = Math.floor(random() * 20);
    if (style === 0) {
      rows.push(GOLDEN_COLUMNS.map(() => ''));
      continue;
    }
    // A row of an earlier one again (a duplicate by name and postal code or by SIRET).
    if (style === 1 && rows.length > 0) {
      const earlier = rows[Math.floor(random() * rows.length)] as string[];
      rows.push([...earlier.slice(0, 10), earlier[10] === '' ? '3 à 5' : '', earlier[11] ?? '', 'répété']);
      continue;
    }
    const commune = all[Math.floor(random() * all.length)] as Commune;
    const codes = commune.codesPostaux as string[];
    const code = codes[Math.floor(random() * codes.length)] as string;
    const postalCode = style === 2 && code.startsWith('0') ? code.slice(1) : code;
    const town =
      style === 3
        ? `${commune.nom.toUpperCase()} CEDEX`
        : style < 8
          ? commune.nom.toUpperCase()
          : commune.nom;
    const siret =
      style === 4
        ? '12345678901234'
        : style === 5
          ? ''
          : style === 6
            ? validSiret(index).replace(/(\d{3})(\d{3})(\d{3})(\d{5})/, '$1 $2 $3 $4')
            : validSiret(index);
    rows.push([
      style === 7 ? '' : `Société ${index} ${['Crèche', 'Œuvre', 'L’Étoile', 'Ça va'][index % 4]}`,
      style === 7 && index % 2 === 0 ? '' : `Enseigne ${index % 311}`,
      postalCode,
      town,
      `${index % 200} rue de la République, "bâtiment ${index % 7}"`,
      index % 3 === 0 ? '' : `https://societe-${index}.fr`,
      index % 5 === 0 ? String(612345678 + index) : `0${String(102030405 + index).slice(-9)}`,
      index % 4 === 0 ? '' : `contact@societe-${index}.fr`,
      siret,
      ACTIVITIES[index % ACTIVITIES.length] as string,
      SIZES[index % SIZES.length] as string,
      index % 3 === 0 ? 'Siège social' : 'Établissement secondaire',
      index % 6 === 0 ? `note ${index}` : '',
    ]);
  }
  return rows;
}

/** Cells as the spec's client sends a row: one object keyed by column title. */
export const rowObjectOf = (cells: readonly string[]): Record<string, string> =>
  Object.fromEntries(GOLDEN_COLUMNS.map((column, index) => [column, cells[index] ?? '']));
