import { EMPTY_VALUE } from '../prospect-fields';

/**
 * Column names from a header row: an empty one becomes "Colonne <n>" (1-based position), a repeated
 * one "Nom (2)", "Nom (3)"… so each column can be chosen in the mapping. 'Aucun' is taken, since it
 * means "no column" there.
 */
export function uniqueHeaders(row: readonly string[]): string[] {
  const taken = new Set<string>([EMPTY_VALUE]);
  return row.map((raw, index) => {
    const base = raw.trim() === '' ? `Colonne ${index + 1}` : raw.trim();
    let name = base;
    for (let copy = 2; taken.has(name); copy += 1) name = `${base} (${copy})`;
    taken.add(name);
    return name;
  });
}
