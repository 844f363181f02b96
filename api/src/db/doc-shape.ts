// The shape of documents as the SQLite store's registry needs it: the paths at which they hold arrays,
// booleans and numbers (docs/decisions/data-store.md). Pure, so it also runs where documents are made
// ready to store away from the store (an import's worker thread, import-worker.ts).

/** Dotted paths; array elements count at the array's path. */
export type DocShape = { arrays: string[]; booleans: string[]; numbers: string[] };

export type FoundPaths = { arrays: Set<string>; booleans: Set<string>; numbers: Set<string> };

export const noPaths = (): FoundPaths => ({ arrays: new Set(), booleans: new Set(), numbers: new Set() });

/** Adds the array, boolean and number paths of `value` (through objects and arrays of objects). */
export function collectPaths(value: Record<string, unknown>, prefix: string, into: FoundPaths): void {
  for (const [key, inner] of Object.entries(value)) {
    const here = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(inner)) {
      into.arrays.add(here);
      for (const element of inner) {
        if (typeof element === 'object' && element !== null && !Array.isArray(element))
          collectPaths(element as Record<string, unknown>, here, into);
        else collectScalar(element, here, into);
      }
    } else if (typeof inner === 'object' && inner !== null) {
      collectPaths(inner as Record<string, unknown>, here, into);
    } else {
      collectScalar(inner, here, into);
    }
  }
}

function collectScalar(value: unknown, path: string, into: FoundPaths): void {
  if (typeof value === 'boolean') into.booleans.add(path);
  else if (typeof value === 'number') into.numbers.add(path);
}

/** The shape of several documents together (what any of them holds). */
export function shapeOf(docs: Iterable<Record<string, unknown>>): DocShape {
  const found = noPaths();
  for (const doc of docs) collectPaths(doc, '', found);
  return { arrays: [...found.arrays], booleans: [...found.booleans], numbers: [...found.numbers] };
}
