// Collection.group on MongoDB: one aggregation ($match, $group), with the same rules as SQLite's
// GROUP BY (group.ts): keys missing become null, buckets through $switch, accumulators over numbers
// only, medians exact (the values pushed and the middle taken here, over the group's numbers).
import type { Document as MongoDocument } from 'mongodb';
import { type GroupRow, type GroupSpec, type GroupValue, medianOf, type TotalCondition } from './group';

const isNumber = (path: string) => ({ $isNumber: `$${path}` });
const numberOrNull = (path: string) => ({ $cond: [isNumber(path), `$${path}`, null] });

/** A total's condition (group.ts) as an expression: a text or a number equal, or a number in [from, to). */
function conditionOf(condition: TotalCondition): unknown {
  return {
    $and: Object.entries(condition).map(([field, value]) =>
      typeof value === 'object'
        ? { $and: [isNumber(field), { $gte: [`$${field}`, value.from] }, { $lt: [`$${field}`, value.to] }] }
        : typeof value === 'number'
          ? { $and: [isNumber(field), { $eq: [`$${field}`, value] }] }
          : { $and: [{ $eq: [{ $type: `$${field}` }, 'string'] }, { $eq: [`$${field}`, value] }] },
    ),
  };
}

/** The value a total reads per document, null for the documents its condition leaves out. */
const onlyIf = (condition: TotalCondition | undefined, value: unknown, otherwise: unknown = null) =>
  condition && Object.keys(condition).length > 0
    ? { $cond: [conditionOf(condition), value, otherwise] }
    : value;

export function groupPipeline(filter: object, spec: GroupSpec): MongoDocument[] {
  const id: Record<string, unknown> = {};
  for (const [name, key] of Object.entries(spec.by)) {
    if (typeof key === 'string') {
      id[name] = { $ifNull: [`$${key}`, null] };
      continue;
    }
    const value = `$${key.field}`;
    id[name] = {
      $switch: {
        branches: key.boundaries.slice(1).map((upper, index) => ({
          case: {
            $and: [isNumber(key.field), { $gte: [value, key.boundaries[index]] }, { $lt: [value, upper] }],
          },
          then: index,
        })),
        default: null,
      },
    };
  }
  const group: Record<string, unknown> = { _id: id };
  for (const [name, total] of Object.entries(spec.totals)) {
    const when = total.if;
    if ('$count' in total) group[name] = { $sum: onlyIf(when, 1, 0) };
    else if ('$sum' in total) group[name] = { $sum: onlyIf(when, numberOrNull(total.$sum)) };
    else if ('$min' in total) group[name] = { $min: onlyIf(when, numberOrNull(total.$min)) };
    else if ('$max' in total) group[name] = { $max: onlyIf(when, numberOrNull(total.$max)) };
    else {
      const argument = total.$median;
      group[name] = {
        $push: onlyIf(
          when,
          typeof argument === 'string'
            ? numberOrNull(argument)
            : {
                $cond: [
                  { $and: [isNumber(argument[0]), isNumber(argument[1])] },
                  { $subtract: [`$${argument[0]}`, `$${argument[1]}`] },
                  null,
                ],
              },
        ),
      };
    }
  }
  const ranges = (spec.within ?? []).map((range) => ({ [range.field]: { $gte: range.from, $lt: range.to } }));
  return [{ $match: ranges.length > 0 ? { $and: [filter, ...ranges] } : filter }, { $group: group }];
}

/** Flattens one $group result into the spec's names (medians taken from the pushed values). */
export function groupRowOf(result: Record<string, unknown>, spec: GroupSpec): GroupRow {
  const row: GroupRow = {};
  const id = (result._id ?? {}) as Record<string, GroupValue | undefined>;
  for (const name of Object.keys(spec.by)) row[name] = id[name] ?? null;
  for (const [name, total] of Object.entries(spec.totals)) {
    const value = result[name];
    if ('$median' in total)
      row[name] = medianOf((value as unknown[]).filter((item): item is number => typeof item === 'number'));
    else if ('$sum' in total || '$count' in total) row[name] = typeof value === 'number' ? value : 0;
    else row[name] = typeof value === 'number' ? value : null;
  }
  return row;
}
