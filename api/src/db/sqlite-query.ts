// Translates the common filter subset (operators.ts) into SQL over documents stored as JSON text, with
// MongoDB's semantics for the types we store. The translation table is in docs/decisions/data-store.md.
//
// Two rules shape everything here:
// - A field path becomes `json_extract(doc, '$."a"."b"')`, inlined as a literal (never a parameter) so
//   that SQLite matches it against the expression indexes createIndex builds from the same text.
// - MongoDB matches a condition against an array's elements as well as the array itself. A path only
//   gets the element branch (`EXISTS (… json_each …)`) when the collection has ever stored an array
//   there (the array-path registry of sqlite-store.ts), so scalar fields keep plain, indexable SQL.
import { UnsupportedOperatorError } from './errors';
import type { FindOptions, Projection } from './types';

export type SqlFragment = { sql: string; params: unknown[] };

/** Where a value sits: a JSON path under a root (the document or a json_each element), or the element itself. */
type Target = {
  /** The SQL value (json_extract semantics: strings, numbers, 1/0 for booleans, JSON text for containers, NULL). */
  value: string;
  /** The JSON type ('null', 'true', 'false', 'integer', 'real', 'text', 'array', 'object') or NULL when absent. */
  type: string;
  /** Arguments for JSON functions that take (json, path) to reach the same value. */
  jsonArgs: string;
  /** The dotted path from the collection's root, for the array-path registry. */
  path: string;
  /**
   * Whether the value may be a boolean, and a number (the scalar registry says so for a document's
   * field; an array element or a field inside one may be anything). json_extract reads true as 1, so
   * only then must a comparison read the JSON type, which no index holds.
   */
  mayBeBoolean: boolean;
  mayBeNumber: boolean;
};

/** The paths at which a collection's documents have held booleans, and numbers (sqlite-store.ts). */
export type ScalarPaths = { booleans: ReadonlySet<string>; numbers: ReadonlySet<string> };

type Scope = {
  root: string;
  /** Dotted prefix of `root` from the document (empty at the top level). */
  prefix: string;
  arrayPaths: ReadonlySet<string>;
  /** Unknown: every field may hold anything (the JSON type guards every comparison). */
  scalarPaths?: ScalarPaths;
  /** Counter for json_each aliases, shared across one statement. */
  aliases: { next: number };
};

const NUMERIC_TYPES = "('integer','real')";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof RegExp) &&
    !(value instanceof Date)
  );
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key.startsWith('$'));
}

/** A path segment we can inline in a JSON path literal: no quote, backslash, control character or leading $. */
function isSafeSegment(segment: string): boolean {
  if (segment === '' || segment.startsWith('$')) return false;
  return ![...segment].some((char) => char === '"' || char === '\\' || char.charCodeAt(0) < 0x20);
}

export function splitPath(path: string): string[] {
  const segments = path.split('.');
  for (const segment of segments) {
    if (!isSafeSegment(segment)) throw new UnsupportedOperatorError(`chemin de champ « ${path} »`);
    if (/^\d+$/.test(segment)) throw new UnsupportedOperatorError(`position dans une liste « ${path} »`);
  }
  return segments;
}

/** The JSON path literal for SQL, quoted as SQLite expects and with single quotes doubled. */
export function jsonPathLiteral(segments: readonly string[]): string {
  return `'$${segments.map((segment) => `."${segment.replace(/'/g, "''")}"`).join('')}'`;
}

function pathTarget(scope: Scope, segments: readonly string[], path: string): Target {
  const literal = jsonPathLiteral(segments);
  const known = scope.root === 'doc' ? scope.scalarPaths : undefined;
  return {
    value: `json_extract(${scope.root}, ${literal})`,
    type: `json_type(${scope.root}, ${literal})`,
    jsonArgs: `${scope.root}, ${literal}`,
    path,
    mayBeBoolean: known ? known.booleans.has(path) : true,
    mayBeNumber: known ? known.numbers.has(path) : true,
  };
}

function elementTarget(alias: string, path: string): Target {
  return {
    value: `${alias}.value`,
    type: `${alias}.type`,
    jsonArgs: `${alias}.value`,
    path,
    mayBeBoolean: true,
    mayBeNumber: true,
  };
}

const ID_TARGET: Target = {
  value: '_id',
  type: "'text'",
  jsonArgs: 'json_quote(_id)',
  path: '_id',
  mayBeBoolean: false,
  mayBeNumber: false,
};

const TRUE: SqlFragment = { sql: '1', params: [] };
const FALSE: SqlFragment = { sql: '0', params: [] };

function join(parts: SqlFragment[], operator: 'AND' | 'OR'): SqlFragment {
  if (parts.length === 0) return operator === 'AND' ? TRUE : FALSE;
  if (parts.length === 1) return parts[0] as SqlFragment;
  return {
    sql: parts.map((part) => `(${part.sql})`).join(` ${operator} `),
    params: parts.flatMap((part) => part.params),
  };
}

/** NOT that treats "unknown" (SQL NULL, e.g. a comparison with a missing field) as "no match". */
function not(part: SqlFragment): SqlFragment {
  return { sql: `NOT COALESCE((${part.sql}), 0)`, params: part.params };
}

function looksLikeJson(text: string): boolean {
  return text.startsWith('[') || text.startsWith('{');
}

/** Equality of the value at `target` with one literal, as MongoDB compares the types we store. */
function equals(target: Target, literal: unknown): SqlFragment {
  if (literal === null || literal === undefined) return { sql: `${target.value} IS NULL`, params: [] };
  if (typeof literal === 'string') {
    // Containers extract as JSON text: a string that looks like one must not equal them.
    const guard = looksLikeJson(literal) ? ` AND ${target.type} = 'text'` : '';
    return { sql: `${target.value} = ?${guard}`, params: [literal] };
  }
  if (typeof literal === 'number') {
    // Booleans extract as 1/0; MongoDB never equates them with numbers (a text never equals a number).
    const guard = target.mayBeBoolean ? ` AND ${target.type} IN ${NUMERIC_TYPES}` : '';
    return { sql: `${target.value} = ?${guard}`, params: [literal] };
  }
  if (typeof literal === 'boolean') {
    // json_extract gives 1/0 for booleans: compare that (an index on the field can serve it), and
    // keep only real booleans with the type where the field has also held numbers.
    const guard = target.mayBeNumber ? ` AND ${target.type} = '${literal}'` : '';
    return { sql: `${target.value} = ${literal ? 1 : 0}${guard}`, params: [] };
  }
  if (literal instanceof RegExp) return regex(target, literal);
  if (Array.isArray(literal))
    return {
      sql: `${target.type} = 'array' AND ${target.value} = json(?)`,
      params: [JSON.stringify(literal)],
    };
  if (isPlainObject(literal))
    return {
      sql: `${target.type} = 'object' AND ${target.value} = json(?)`,
      params: [JSON.stringify(literal)],
    };
  throw new UnsupportedOperatorError(`valeur de type ${typeof literal}`);
}

/** Characters a pattern must escape to mean themselves; `/` comes escaped in a RegExp's source. */
const ESCAPED_LITERALS = new Set([...'.*+?^$|()[]{}\\/-']);
const SPECIAL = new Set([...'.*+?^$|()[]{}']);

/**
 * The text a pattern matches literally (a search box's escaped needle), or null when it uses any
 * regular-expression feature or flag: a literal is a substring test SQLite does itself.
 */
export function literalOf(pattern: RegExp): string | null {
  if (/[^gy]/.test(pattern.flags)) return null;
  let text = '';
  const source = pattern.source;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index] as string;
    if (char === '\\') {
      const next = source[index + 1];
      if (next === undefined || !ESCAPED_LITERALS.has(next)) return null;
      text += next;
      index += 1;
    } else if (SPECIAL.has(char)) {
      return null;
    } else {
      text += char;
    }
  }
  return text;
}

/** A quantifier: the character before it may be absent or repeated. */
const QUANTIFIERS = new Set([...'*+?{']);

/**
 * Text every match of the pattern contains: its leading literal characters (the last one dropped when
 * a quantifier follows it), or null when there are none, when the pattern has an alternation anywhere
 * or a flag that changes what a character matches (i). A search's digits pattern (`societe 1[ .-]*2`)
 * starts with one: SQLite's substring test then leaves the regular expression to the few rows that hold
 * it, instead of a call into JavaScript for every row.
 */
export function requiredTextOf(pattern: RegExp): string | null {
  if (/[^gysmu]/.test(pattern.flags) || pattern.source.includes('|')) return null;
  const chars: string[] = [];
  const source = pattern.source;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index] as string;
    if (char === '\\') {
      const next = source[index + 1];
      if (next === undefined || !ESCAPED_LITERALS.has(next)) break;
      chars.push(next);
      index += 1;
    } else if (SPECIAL.has(char)) {
      if (QUANTIFIERS.has(char)) chars.pop();
      break;
    } else {
      chars.push(char);
    }
  }
  return chars.length > 0 ? chars.join('') : null;
}

function regex(target: Target, pattern: RegExp): SqlFragment {
  const literal = literalOf(pattern);
  // Same answer as the JavaScript test below (a string containing the text), without a call into
  // JavaScript for every row: a search over 20,000 prospects is several times faster.
  if (literal !== null)
    return { sql: `${target.type} = 'text' AND instr(${target.value}, ?) > 0`, params: [literal] };
  const required = requiredTextOf(pattern);
  const test = `mongo_regex(${target.value}, ${target.type}, ?, ?)`;
  if (required !== null)
    return {
      sql: `instr(${target.value}, ?) > 0 AND ${test}`,
      params: [required, pattern.source, pattern.flags],
    };
  return { sql: test, params: [pattern.source, pattern.flags] };
}

const COMPARATORS: Record<string, string> = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' };

function compare(target: Target, operator: string, literal: unknown): SqlFragment {
  const sqlOperator = COMPARATORS[operator] as string;
  if (typeof literal === 'number') {
    // SQLite orders every text after every number: keep numbers only. typeof() of the extracted value
    // reads from an index on the field; only a field that has held booleans needs the JSON type.
    const guard = target.mayBeBoolean
      ? `${target.type} IN ${NUMERIC_TYPES}`
      : `typeof(${target.value}) IN ${NUMERIC_TYPES}`;
    return { sql: `${target.value} ${sqlOperator} ? AND ${guard}`, params: [literal] };
  }
  if (typeof literal === 'string')
    return { sql: `${target.value} ${sqlOperator} ? AND ${target.type} = 'text'`, params: [literal] };
  if (literal === null) return operator === '$lte' || operator === '$gte' ? equals(target, null) : FALSE;
  throw new UnsupportedOperatorError(`${operator} sur une valeur de type ${typeof literal}`);
}

function inList(target: Target, literals: readonly unknown[]): SqlFragment {
  const strings = literals.filter((value): value is string => typeof value === 'string');
  const numbers = literals.filter((value): value is number => typeof value === 'number');
  const others = literals.filter((value) => typeof value !== 'string' && typeof value !== 'number');
  const parts: SqlFragment[] = [];
  if (strings.length > 0) {
    const guard = strings.some(looksLikeJson) ? ` AND ${target.type} = 'text'` : '';
    parts.push({ sql: `${target.value} IN (${strings.map(() => '?').join(', ')})${guard}`, params: strings });
  }
  if (numbers.length > 0) {
    const guard = target.mayBeBoolean ? ` AND ${target.type} IN ${NUMERIC_TYPES}` : '';
    parts.push({ sql: `${target.value} IN (${numbers.map(() => '?').join(', ')})${guard}`, params: numbers });
  }
  for (const other of others) parts.push(equals(target, other));
  return join(parts, 'OR');
}

/**
 * A condition on a value, tried on the value itself and, where the path has held arrays, on each
 * element (MongoDB's implicit array traversal). `$size` and `$elemMatch` apply to the array itself.
 */
function matchValue(target: Target, scope: Scope, test: (candidate: Target) => SqlFragment): SqlFragment {
  const direct = test(target);
  if (!scope.arrayPaths.has(target.path)) return direct;
  const alias = `j${scope.aliases.next++}`;
  const element = test(elementTarget(alias, target.path));
  return join(
    [
      direct,
      {
        sql: `${target.type} = 'array' AND EXISTS (SELECT 1 FROM json_each(${target.jsonArgs}) AS ${alias} WHERE ${element.sql})`,
        params: element.params,
      },
    ],
    'OR',
  );
}

function condition(target: Target, value: unknown, scope: Scope): SqlFragment {
  if (!isOperatorObject(value)) return matchValue(target, scope, (candidate) => equals(candidate, value));
  const parts: SqlFragment[] = [];
  for (const [operator, operand] of Object.entries(value)) {
    switch (operator) {
      case '$lt':
      case '$lte':
      case '$gt':
      case '$gte':
        parts.push(matchValue(target, scope, (candidate) => compare(candidate, operator, operand)));
        break;
      case '$ne':
        parts.push(not(matchValue(target, scope, (candidate) => equals(candidate, operand))));
        break;
      case '$in':
        parts.push(matchValue(target, scope, (candidate) => inList(candidate, operand as unknown[])));
        break;
      case '$nin':
        parts.push(not(matchValue(target, scope, (candidate) => inList(candidate, operand as unknown[]))));
        break;
      case '$exists': {
        const present = { sql: `${target.type} IS NOT NULL`, params: [] };
        parts.push(operand ? present : not(present));
        break;
      }
      case '$regex':
        parts.push(matchValue(target, scope, (candidate) => regex(candidate, operand as RegExp)));
        break;
      case '$size':
        parts.push({
          sql: `${target.type} = 'array' AND json_array_length(${target.jsonArgs}) = ?`,
          params: [operand],
        });
        break;
      case '$elemMatch':
        parts.push(elemMatch(target, operand as Record<string, unknown>, scope));
        break;
      default:
        throw new UnsupportedOperatorError(operator);
    }
  }
  return join(parts, 'AND');
}

function elemMatch(target: Target, query: Record<string, unknown>, scope: Scope): SqlFragment {
  const alias = `j${scope.aliases.next++}`;
  const element = elementTarget(alias, target.path);
  // `{ $gte: 80 }` tests the element itself; `{ name: 'x' }` is a query on object elements.
  const inner = isOperatorObject(query)
    ? condition(element, query, { ...scope, arrayPaths: new Set() })
    : join(
        [
          { sql: `${alias}.type = 'object'`, params: [] },
          filterToSql(query, { ...scope, root: `${alias}.value`, prefix: target.path }),
        ],
        'AND',
      );
  return {
    sql: `${target.type} = 'array' AND EXISTS (SELECT 1 FROM json_each(${target.jsonArgs}) AS ${alias} WHERE ${inner.sql})`,
    params: inner.params,
  };
}

/**
 * A dotted path whose prefix has held arrays: `contacts.name` matches when any element of `contacts`
 * has that name, as well as when `contacts` is an object.
 */
function fieldCondition(segments: string[], value: unknown, scope: Scope): SqlFragment {
  // Negations are "no element and not the value": peel them off before any array traversal.
  if (isOperatorObject(value) && ('$ne' in value || '$nin' in value || value.$exists === false)) {
    const { $ne, $nin, ...rest } = value;
    const parts: SqlFragment[] = [];
    if ('$ne' in value) parts.push(not(fieldCondition(segments, { $in: [$ne] }, scope)));
    if ('$nin' in value) parts.push(not(fieldCondition(segments, { $in: $nin }, scope)));
    if (rest.$exists === false) {
      delete rest.$exists;
      parts.push(not(fieldCondition(segments, { $exists: true }, scope)));
    }
    if (Object.keys(rest).length > 0) parts.push(fieldCondition(segments, rest, scope));
    return join(parts, 'AND');
  }
  const fullPath = (count: number) => [scope.prefix, ...segments.slice(0, count)].filter(Boolean).join('.');
  for (let split = 1; split < segments.length; split += 1) {
    const arrayPath = fullPath(split);
    if (!scope.arrayPaths.has(arrayPath)) continue;
    const alias = `j${scope.aliases.next++}`;
    const container = pathTarget(scope, segments.slice(0, split), arrayPath);
    const inner = fieldCondition(segments.slice(split), value, {
      ...scope,
      root: `${alias}.value`,
      prefix: arrayPath,
    });
    const direct = condition(pathTarget(scope, segments, fullPath(segments.length)), value, scope);
    return join(
      [
        direct,
        {
          sql: `${container.type} = 'array' AND EXISTS (SELECT 1 FROM json_each(${container.jsonArgs}) AS ${alias} WHERE ${alias}.type = 'object' AND (${inner.sql}))`,
          params: inner.params,
        },
      ],
      'OR',
    );
  }
  return condition(pathTarget(scope, segments, fullPath(segments.length)), value, scope);
}

function filterToSql(filter: Record<string, unknown>, scope: Scope): SqlFragment {
  const parts: SqlFragment[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (key === '$and' || key === '$or') {
      const branches = (value as Record<string, unknown>[]).map((branch) => filterToSql(branch, scope));
      parts.push(join(branches, key === '$and' ? 'AND' : 'OR'));
    } else if (key === '_id' && scope.prefix === '') {
      parts.push(condition(ID_TARGET, value, scope));
    } else {
      parts.push(fieldCondition(splitPath(key), value, scope));
    }
  }
  return join(parts, 'AND');
}

/** The WHERE clause for a filter already checked by checkFilter. */
export function whereClause(
  filter: object,
  arrayPaths: ReadonlySet<string>,
  scalarPaths?: ScalarPaths,
): SqlFragment {
  return filterToSql(filter as Record<string, unknown>, {
    root: 'doc',
    prefix: '',
    arrayPaths,
    ...(scalarPaths ? { scalarPaths } : {}),
    aliases: { next: 0 },
  });
}

/** ORDER BY on the same expressions as the indexes, so a sorted page is read from an index. */
export function orderByClause(sort: FindOptions['sort']): string {
  if (!sort || Object.keys(sort).length === 0) return '';
  const keys = Object.entries(sort).map(([field, direction]) => {
    const expression = field === '_id' ? '_id' : `json_extract(doc, ${jsonPathLiteral(splitPath(field))})`;
    return `${expression} ${direction === -1 ? 'DESC' : 'ASC'}`;
  });
  return ` ORDER BY ${keys.join(', ')}`;
}

/** The SQL expression returning the document's JSON, projected (top-level inclusion or any exclusion). */
export function projectedDocument(projection: Projection | undefined): SqlFragment {
  if (!projection) return { sql: 'doc', params: [] };
  const entries = Object.entries(projection).filter(([field]) => field !== '_id');
  if (entries.length === 0) return { sql: 'doc', params: [] };
  if (entries.every(([, flag]) => flag === 0)) {
    const paths = entries.map(([field]) => jsonPathLiteral(splitPath(field)));
    return { sql: `json_remove(doc, ${paths.join(', ')})`, params: [] };
  }
  // One row per wanted field, kept when present (`->` gives SQL NULL for a missing field and the JSON
  // text 'null' for a stored null, as MongoDB tells them apart); json() restores the JSON value.
  const fields = entries.map(([field]) => {
    const [segment] = splitPath(field);
    const literal = `'${(segment as string).replace(/'/g, "''")}'`;
    return `SELECT ${literal} AS k, doc -> ${jsonPathLiteral([segment as string])} AS v`;
  });
  return {
    sql: `(SELECT json_group_object(k, json(v)) FROM (${fields.join(' UNION ALL ')}) WHERE v IS NOT NULL)`,
    params: [],
  };
}

/**
 * A field of group(): its value when it is a number, NULL otherwise (MongoDB's accumulators skip the
 * rest). The type is read with typeof() of the extracted value, not json_type(): an index holding
 * json_extract(field) answers it without reading the document (a boolean reads as 0/1 here: group()
 * is for numbers, dates and counts).
 */
function numberAt(field: string): string {
  const value = `json_extract(doc, ${jsonPathLiteral(splitPath(field))})`;
  return `CASE WHEN typeof(${value}) IN ${NUMERIC_TYPES} THEN ${value} END`;
}

/**
 * The two SELECT lists and the GROUP BY of `Collection.group` (group.ts): `columns` reads each key
 * and each total's input per document, `totals` groups those rows. Keys are written exactly as
 * createIndex writes its expressions, so an index holding them answers the first part alone; SQLite
 * reads an index on expressions as covering only when nothing else needs the row, which a GROUP BY
 * sorting its rows does, hence the two steps (sqlite-store.ts materialises the first).
 */
export function groupSelect(spec: {
  by: Readonly<Record<string, string | { field: string; boundaries: readonly number[] }>>;
  totals: Readonly<Record<string, Record<string, unknown>>>;
  within?: readonly { field: string; from: number; to: number }[];
}): { columns: string; totals: string; groupBy: string; params: unknown[]; within: SqlFragment } {
  const columns: string[] = [];
  const totals: string[] = [];
  const params: unknown[] = [];
  const keys: string[] = [];
  for (const [name, key] of Object.entries(spec.by)) {
    if (typeof key === 'string') {
      columns.push(`json_extract(doc, ${jsonPathLiteral(splitPath(key))}) AS "${name}"`);
    } else {
      const literal = jsonPathLiteral(splitPath(key.field));
      const value = `json_extract(doc, ${literal})`;
      const { boundaries } = key;
      // Below the first boundary, at or above the last, or not a number: no bucket. Otherwise a
      // binary search (a year's 53 weeks in 6 comparisons, not 53), parameters in the text's order.
      params.push(boundaries[0], boundaries.at(-1));
      const bucket = (low: number, high: number): string => {
        if (high - low === 1) return String(low);
        const middle = (low + high) >> 1;
        params.push(boundaries[middle]);
        return `CASE WHEN ${value} < ? THEN ${bucket(low, middle)} ELSE ${bucket(middle, high)} END`;
      };
      columns.push(
        `CASE WHEN typeof(${value}) NOT IN ${NUMERIC_TYPES} OR ${value} < ? OR ${value} >= ? THEN NULL ELSE ${bucket(0, boundaries.length - 1)} END AS "${name}"`,
      );
    }
    keys.push(`"${name}"`);
    totals.push(`"${name}"`);
  }
  Object.entries(spec.totals).forEach(([name, total], index) => {
    const operator = Object.keys(total).find((key) => key !== 'if') as string;
    const argument = total[operator];
    // The input of the index-th total, read per document; keys are the caller's names, this one is not.
    const input = `"#${index}"`;
    // A total over some rows of the group: its condition read per document, the aggregate FILTERed by it.
    const condition = total.if as Record<string, unknown> | undefined;
    let filter = '';
    if (condition && Object.keys(condition).length > 0) {
      const tests = Object.entries(condition).map(([field, value]) => {
        const at = `json_extract(doc, ${jsonPathLiteral(splitPath(field))})`;
        if (typeof value === 'object' && value !== null) {
          const { from, to } = value as { from: number; to: number };
          params.push(from, to);
          return `(typeof(${at}) IN ${NUMERIC_TYPES} AND ${at} >= ? AND ${at} < ?)`;
        }
        params.push(value);
        // Text equals text and a number a number (as MongoDB compares), never across the two.
        return typeof value === 'number'
          ? `(typeof(${at}) IN ${NUMERIC_TYPES} AND ${at} = ?)`
          : `(typeof(${at}) = 'text' AND ${at} = ?)`;
      });
      columns.push(`(${tests.join(' AND ')}) AS "#if${index}"`);
      filter = ` FILTER (WHERE "#if${index}")`;
    }
    if (operator === '$count') {
      totals.push(`count(*)${filter} AS "${name}"`);
      return;
    }
    if (operator === '$median') {
      const value = Array.isArray(argument)
        ? `(${numberAt(argument[0] as string)}) - (${numberAt(argument[1] as string)})`
        : numberAt(argument as string);
      columns.push(`${value} AS ${input}`);
      totals.push(`mongo_median(${input})${filter} AS "${name}"`);
    } else {
      const fn = operator === '$sum' ? 'total' : operator.slice(1);
      columns.push(`${numberAt(argument as string)} AS ${input}`);
      totals.push(`${fn}(${input})${filter} AS "${name}"`);
    }
  });
  const ranges = (spec.within ?? []).map((range) => {
    const value = `json_extract(doc, ${jsonPathLiteral(splitPath(range.field))})`;
    return {
      sql: `${value} >= ? AND ${value} < ? AND typeof(${value}) IN ${NUMERIC_TYPES}`,
      params: [range.from, range.to],
    };
  });
  return {
    within: join(ranges, 'AND'),
    // A count alone reads nothing per document.
    columns: columns.length > 0 ? columns.join(', ') : '1',
    totals: totals.join(', '),
    // Without keys, no group at all when nothing matches (as MongoDB's $group).
    groupBy: keys.length > 0 ? ` GROUP BY ${keys.join(', ')}` : ' HAVING count(*) > 0',
    params,
  };
}

/**
 * How `Collection.group` counts by seeking an index instead of sorting rows (issue 22): SQLite has
 * no hash aggregate, so a GROUP BY sorts every row it groups (250,000 comments of a month, 100,000
 * opportunities by holder and state: most of the salespeople report). When the groups are few, each
 * one is counted on its own stretch of an index: the key values are listed by seeking the index
 * from one value to the next, then every (values, bucket) pair is one `count(*)` over a range of
 * the index's next column. sqlite-store.ts runs it.
 *
 * It applies to a spec of `$count` totals keyed by fields and one bucket, with no range or a single
 * one on the bucket's field, when an index holds the filter's top-level equalities and the keys (in
 * any order) and then the bucket's field, and also every other field the filter tests: the seeks
 * then stop on the rows that count, and the rest of the filter is tested on the index's entries
 * without reading a document. Null otherwise (the GROUP BY path answers).
 */
export type SeekGroupPlan = {
  /** The index the seeks read (named in the SQL: SQLite may otherwise prefer a shorter one that is not covering). */
  index: string;
  /** Keys a filter's equality fixes: their value in every group. */
  fixed: { name: string; value: string | number }[];
  /** Keys whose values are listed, in the index's order. */
  listed: { name: string; field: string }[];
  bucket: { name: string; field: string };
  /** [from, to) pieces of the range: the bucket of each (null outside the boundaries). */
  intervals: { bucket: number | null; from: number; to: number }[];
  /** Without a range: the null bucket is what the group holds beyond the intervals (no number, or outside). */
  nullIsRest: boolean;
  totals: string[];
};

/** Every field a filter tests, in its $and / $or branches too. */
function filterFields(filter: Record<string, unknown>): string[] {
  return Object.entries(filter).flatMap(([key, value]) =>
    key === '$and' || key === '$or'
      ? (value as Record<string, unknown>[]).flatMap(filterFields)
      : key.startsWith('$')
        ? []
        : [key],
  );
}

export function seekGroupPlan(
  filter: Record<string, unknown>,
  spec: {
    by: Readonly<Record<string, string | { field: string; boundaries: readonly number[] }>>;
    totals: Readonly<Record<string, Record<string, unknown>>>;
    within?: readonly { field: string; from: number; to: number }[];
  },
  indexes: readonly { name: string; fields: readonly string[] }[],
  arrayPaths: ReadonlySet<string>,
): SeekGroupPlan | null {
  const totals = Object.entries(spec.totals);
  // Plain counts only: a conditional total (`if`) counts some rows of a group, which a seek does not.
  if (totals.length === 0 || totals.some(([, total]) => Object.keys(total).join() !== '$count')) return null;
  const buckets = Object.entries(spec.by).filter(
    (entry): entry is [string, { field: string; boundaries: readonly number[] }] =>
      typeof entry[1] !== 'string',
  );
  if (buckets.length !== 1) return null;
  const [bucketName, { field: bucketField, boundaries }] = buckets[0]!;
  const within = spec.within ?? [];
  const range = within[0];
  if (within.length > 1 || (range && range.field !== bucketField)) return null;
  const equalities = new Map<string, string | number>();
  for (const [field, value] of Object.entries(filter))
    if (
      !field.startsWith('$') &&
      field !== '_id' &&
      !arrayPaths.has(field) &&
      (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))
    )
      equalities.set(field, value);
  const keys = Object.entries(spec.by).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  if (keys.some(([, field]) => field === '_id' || arrayPaths.has(field) || field === bucketField))
    return null;
  const free = keys.filter(([, field]) => !equalities.has(field));
  const prefix = new Set([...equalities.keys(), ...free.map(([, field]) => field)]);
  // The index must also hold every field the filter tests, so that it answers alone (covering).
  const needed = [...filterFields(filter), ...keys.map(([, field]) => field), bucketField];
  const index = indexes.find(
    ({ fields: columns }) =>
      needed.every((field) => columns.includes(field)) &&
      columns.length > prefix.size &&
      columns.slice(0, prefix.size).every((column) => prefix.has(column)) &&
      new Set(columns.slice(0, prefix.size)).size === prefix.size &&
      columns[prefix.size] === bucketField,
  );
  if (!index) return null;
  const position = (field: string) => index.fields.indexOf(field);
  const intervals: SeekGroupPlan['intervals'] = [];
  const piece = (bucket: number | null, from: number, to: number) => {
    const lo = range ? Math.max(from, range.from) : from;
    const hi = range ? Math.min(to, range.to) : to;
    if (lo < hi) intervals.push({ bucket, from: lo, to: hi });
  };
  if (range) piece(null, -Infinity, boundaries[0]!);
  for (let bucket = 0; bucket < boundaries.length - 1; bucket += 1)
    piece(bucket, boundaries[bucket]!, boundaries[bucket + 1]!);
  if (range) piece(null, boundaries.at(-1)!, Infinity);
  return {
    index: index.name,
    fixed: keys
      .filter(([, field]) => equalities.has(field))
      .map(([name, field]) => ({ name, value: equalities.get(field)! })),
    listed: free
      .map(([name, field]) => ({ name, field }))
      .sort((a, b) => position(a.field) - position(b.field)),
    bucket: { name: bucketName, field: bucketField },
    intervals,
    nullIsRest: !range,
    totals: totals.map(([name]) => name),
  };
}
