import { EMPTY_VALUE } from '../prospect-fields';

// 'Aucun' means "no column" in the mapping; the others are keys the API refuses as column titles.
const RESERVED = [EMPTY_VALUE, '__proto__', 'constructor', 'prototype', '__parsed_extra'];

/**
 * Column names from a header row: an empty one becomes "Colonne <n>" (1-based position), a repeated
 * one "Nom (2)", "Nom (3)"… so each column can be chosen in the mapping; a reserved name is numbered
 * the same way.
 */
export function uniqueHeaders(row: readonly string[]): string[] {
  const taken = new Set<string>(RESERVED);
  return row.map((raw, index) => {
    const base = raw.trim() === '' ? `Colonne ${index + 1}` : raw.trim();
    let name = base;
    for (let copy = 2; taken.has(name); copy += 1) name = `${base} (${copy})`;
    taken.add(name);
    return name;
  });
}
