// The operators both engines evaluate the same way. Anything else is refused before it reaches an
// engine, so code that works on the embedded store cannot silently depend on MongoDB-only behaviour.
import { UnsupportedOperatorError } from './errors';

const FIELD_OPERATORS = new Set([
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$ne',
  '$in',
  '$nin',
  '$exists',
  '$regex',
  '$size',
  '$elemMatch',
]);
const LOGICAL_OPERATORS = new Set(['$or', '$and']);
const UPDATE_OPERATORS = new Set(['$set', '$unset', '$inc', '$min', '$max', '$push', '$addToSet', '$pull']);
const UPDATE_MODIFIERS = new Set(['$each', '$in']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof RegExp) &&
    !(value instanceof Date)
  );
}

function checkCondition(value: unknown): void {
  if (!isPlainObject(value)) return;
  for (const [key, inner] of Object.entries(value)) {
    if (!key.startsWith('$')) continue;
    if (!FIELD_OPERATORS.has(key)) throw new UnsupportedOperatorError(key);
    if (key === '$regex' && !(inner instanceof RegExp))
      throw new UnsupportedOperatorError('$regex (valeur autre que RegExp)');
    if (key === '$elemMatch') {
      // `{ $gt: 10 }` tests the element itself; `{ name: 'x' }` is a query on object elements.
      const operatorForm = isPlainObject(inner) && Object.keys(inner).some((name) => name.startsWith('$'));
      if (operatorForm) checkCondition(inner);
      else checkFilter(inner);
    }
  }
}

export function checkFilter(filter: unknown): void {
  if (!isPlainObject(filter)) return;
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$')) {
      if (!LOGICAL_OPERATORS.has(key)) throw new UnsupportedOperatorError(key);
      if (!Array.isArray(value)) throw new UnsupportedOperatorError(`${key} (valeur autre qu’une liste)`);
      value.forEach(checkFilter);
    } else {
      checkCondition(value);
    }
  }
}

export function checkUpdate(update: unknown): void {
  if (!isPlainObject(update) || Object.keys(update).length === 0) {
    throw new UnsupportedOperatorError('mise à jour vide ou remplacement de document');
  }
  for (const [key, fields] of Object.entries(update)) {
    if (!UPDATE_OPERATORS.has(key)) throw new UnsupportedOperatorError(key);
    if (!isPlainObject(fields)) throw new UnsupportedOperatorError(`${key} (valeur autre qu’un objet)`);
    if ('_id' in fields) throw new UnsupportedOperatorError(`${key} sur _id`);
    if (key === '$push' || key === '$addToSet' || key === '$pull') {
      for (const inner of Object.values(fields)) {
        if (!isPlainObject(inner)) continue;
        for (const modifier of Object.keys(inner)) {
          if (modifier.startsWith('$') && !UPDATE_MODIFIERS.has(modifier))
            throw new UnsupportedOperatorError(modifier);
        }
      }
    }
  }
}

/**
 * Projections both engines read the same way: all inclusions (top-level fields) or all exclusions,
 * `_id` always returned.
 */
export function checkProjection(projection: unknown): void {
  if (!isPlainObject(projection)) throw new UnsupportedOperatorError('projection (valeur autre qu’un objet)');
  const entries = Object.entries(projection).filter(([field]) => field !== '_id');
  const flags = new Set(entries.map(([, flag]) => flag));
  if ([...flags].some((flag) => flag !== 0 && flag !== 1))
    throw new UnsupportedOperatorError('projection (valeur autre que 0 ou 1)');
  if (flags.size > 1) throw new UnsupportedOperatorError('projection mêlant inclusions et exclusions');
  if (flags.has(1) && entries.some(([field]) => field.includes('.')))
    throw new UnsupportedOperatorError('projection incluant un sous-champ');
}
