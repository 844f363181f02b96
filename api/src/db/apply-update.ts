// Applies an update document ($set, $unset, $inc, $min, $max, $push, $addToSet, $pull) to a plain
// document with MongoDB's semantics, for the embedded store: SQLite reads, this changes, SQLite writes,
// all inside one transaction (sqlite-store.ts), so an update is atomic and a failed one changes nothing.
import { UnsupportedOperatorError } from './errors';
import { splitPath } from './sqlite-query';

type Json = Record<string, unknown>;

export class UpdateConflictError extends Error {
  constructor(message: string) {
    super(`Mise à jour impossible : ${message}`);
    this.name = 'UpdateConflictError';
  }
}

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep equality of stored JSON values (key order matters, as in MongoDB). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The object holding the last segment of `path`, created on the way when `create` is set. */
function parentOf(doc: Json, path: string, create: boolean): { parent: Json; key: string } | null {
  const segments = splitPath(path);
  let current: Json = doc;
  for (const segment of segments.slice(0, -1)) {
    const next = current[segment];
    if (next === undefined || next === null) {
      if (!create) return null;
      const created: Json = {};
      current[segment] = created;
      current = created;
    } else if (isPlainObject(next)) {
      current = next;
    } else {
      throw new UpdateConflictError(`« ${path} » traverse une valeur qui n’est pas un objet`);
    }
  }
  return { parent: current, key: segments[segments.length - 1] as string };
}

function arrayAt(doc: Json, path: string, operator: string): unknown[] {
  const { parent, key } = parentOf(doc, path, true) as { parent: Json; key: string };
  const existing = parent[key];
  if (existing === undefined || existing === null) {
    const created: unknown[] = [];
    parent[key] = created;
    return created;
  }
  if (!Array.isArray(existing))
    throw new UpdateConflictError(`${operator} sur « ${path} » qui n’est pas une liste`);
  return existing;
}

function eachOf(value: unknown): unknown[] {
  return isPlainObject(value) && '$each' in value ? (value.$each as unknown[]) : [value];
}

/** $pull's condition: a value (deep equality), `{ $in: [...] }`, or a query on object elements. */
function pullMatcher(condition: unknown): (element: unknown) => boolean {
  if (isPlainObject(condition) && '$in' in condition) {
    const values = condition.$in as unknown[];
    return (element) => values.some((value) => sameValue(value, element));
  }
  if (isPlainObject(condition)) {
    return (element) =>
      isPlainObject(element) &&
      Object.entries(condition).every(([field, expected]) => sameValue(element[field], expected));
  }
  return (element) => sameValue(element, condition);
}

function compareScalars(a: unknown, b: unknown): number | null {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

/** Returns the updated copy; throws UpdateConflictError (nothing is written) on an impossible update. */
export function applyUpdate(original: Json, update: Record<string, Record<string, unknown>>): Json {
  const doc = structuredClone(original);
  for (const [operator, fields] of Object.entries(update)) {
    for (const [path, value] of Object.entries(fields)) {
      switch (operator) {
        case '$set': {
          const { parent, key } = parentOf(doc, path, true) as { parent: Json; key: string };
          parent[key] = structuredClone(value);
          break;
        }
        case '$unset': {
          const location = parentOf(doc, path, false);
          if (location) delete location.parent[location.key];
          break;
        }
        case '$inc': {
          if (typeof value !== 'number') throw new UpdateConflictError(`$inc de « ${path} » sans nombre`);
          const { parent, key } = parentOf(doc, path, true) as { parent: Json; key: string };
          const current = parent[key];
          if (current === undefined) parent[key] = value;
          else if (typeof current === 'number') parent[key] = current + value;
          else throw new UpdateConflictError(`$inc sur « ${path} » qui n’est pas un nombre`);
          break;
        }
        case '$min':
        case '$max': {
          const { parent, key } = parentOf(doc, path, true) as { parent: Json; key: string };
          const current = parent[key];
          const order = current === undefined || current === null ? null : compareScalars(value, current);
          if (current === undefined || current === null) parent[key] = structuredClone(value);
          else if (order !== null && (operator === '$min' ? order < 0 : order > 0)) parent[key] = value;
          break;
        }
        case '$push':
          arrayAt(doc, path, operator).push(...structuredClone(eachOf(value)));
          break;
        case '$addToSet': {
          const array = arrayAt(doc, path, operator);
          for (const item of eachOf(value)) {
            if (!array.some((element) => sameValue(element, item))) array.push(structuredClone(item));
          }
          break;
        }
        case '$pull': {
          const location = parentOf(doc, path, false);
          const existing = location?.parent[location.key];
          if (existing === undefined || existing === null || !location) break;
          if (!Array.isArray(existing))
            throw new UpdateConflictError(`$pull sur « ${path} » qui n’est pas une liste`);
          const matches = pullMatcher(value);
          location.parent[location.key] = existing.filter((element) => !matches(element));
          break;
        }
        default:
          throw new UnsupportedOperatorError(operator);
      }
    }
  }
  return doc;
}
