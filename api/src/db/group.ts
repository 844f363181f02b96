// Grouped figures computed by the store itself (SQL GROUP BY in SQLite, $group in MongoDB), for the
// reports: counts, sums, minimums, maximums and medians per group, never a scan of the documents in
// JavaScript. The subset is small on purpose; docs/decisions/reports.md lists it.
import { UnsupportedOperatorError } from './errors';

/**
 * A group key: the value of a field (text or number; booleans, lists and objects are not keys), or the
 * bucket a number falls in: `i` when `boundaries[i] <= value < boundaries[i + 1]`, null outside them,
 * for a missing field or one that is not a number.
 */
export type GroupKey = string | { field: string; boundaries: readonly number[] };

/**
 * The rows of a group a total counts, when not all of them: every field listed holds its value (a text
 * or a number), or a number in [from, to). Several totals over different rows of the same groups are
 * then one pass over the documents instead of one group each (the files report, reports.md).
 */
export type TotalCondition = Readonly<Record<string, string | number | { from: number; to: number }>>;

/** What is computed per group; only numbers count for $sum, $min, $max and $median. */
export type Accumulator = (
  | { $count: true }
  | { $sum: string }
  | { $min: string }
  | { $max: string }
  /** The median of a field, or of `a - b` for a pair (rows where both are numbers); null when none. */
  | { $median: string | readonly [string, string] }
) & { if?: TotalCondition };

/** Documents whose field is a number in [from, to): a range the index answers (see sqlite-query.ts). */
export type NumberRange = { field: string; from: number; to: number };

/** The operator of a total, without its condition. */
export function operatorOf(total: Accumulator | Record<string, unknown>): string {
  return Object.keys(total).filter((key) => key !== 'if')[0] ?? '';
}

export type GroupSpec = {
  by: Readonly<Record<string, GroupKey>>;
  totals: Readonly<Record<string, Accumulator>>;
  /** Ranges every grouped document must fall in, on top of the filter. */
  within?: readonly NumberRange[];
};

export type GroupValue = string | number | null;
/** One group: its keys and totals under the names of the spec. */
export type GroupRow = Record<string, GroupValue>;

const NAME = /^[a-zA-Z][a-zA-Z0-9]*$/;

/** Refuses, before either engine sees it, a spec outside the subset (as operators.ts does for filters). */
export function checkGroupSpec(spec: GroupSpec): void {
  const names = [...Object.keys(spec.by), ...Object.keys(spec.totals)];
  if (new Set(names).size !== names.length) throw new UnsupportedOperatorError('nom de groupe en double');
  for (const name of names)
    if (!NAME.test(name)) throw new UnsupportedOperatorError(`nom de groupe « ${name} »`);
  for (const key of Object.values(spec.by)) {
    if (typeof key === 'string') continue;
    const { boundaries } = key;
    if (
      boundaries.length < 2 ||
      boundaries.some(
        (value, index) => !Number.isFinite(value) || (index > 0 && value <= boundaries[index - 1]!),
      )
    )
      throw new UnsupportedOperatorError('bornes de tranches non croissantes');
  }
  for (const range of spec.within ?? [])
    if (!Number.isFinite(range.from) || !Number.isFinite(range.to) || range.from >= range.to)
      throw new UnsupportedOperatorError('intervalle vide ou non numérique');
  for (const total of Object.values(spec.totals)) {
    const operators = Object.keys(total).filter((key) => key !== 'if');
    if (operators.length !== 1 || !['$count', '$sum', '$min', '$max', '$median'].includes(operators[0]!))
      throw new UnsupportedOperatorError(`accumulateur ${operators.join(', ')}`);
    for (const [field, value] of Object.entries(total.if ?? {})) {
      const valid =
        typeof value === 'string' ||
        (typeof value === 'number' && Number.isFinite(value)) ||
        (typeof value === 'object' &&
          value !== null &&
          Number.isFinite(value.from) &&
          Number.isFinite(value.to) &&
          value.from < value.to);
      if (!valid || !/^[a-zA-Z_][a-zA-Z0-9_.]*$/.test(field))
        throw new UnsupportedOperatorError(`condition de total sur « ${field} »`);
    }
  }
}

/** The median of numbers (the mean of the two middle ones for an even count); null for none. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
