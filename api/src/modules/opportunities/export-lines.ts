// The export's CSV lines written straight from the stored documents, without building a view per
// line: the prospect's cells are joined once per prospect, the per-state, per-owner, per-delay and
// per-day cells are quoted once, and dates are read from a per-quarter-hour zone offset instead of
// Intl. The text is exactly domain's `opportunityCsvLine(toOpportunityView(doc))`
// (export-lines.test.ts checks it on tricky documents).
import {
  computeTiming,
  csvTextCell,
  EMPTY_VALUE,
  displayValue,
  formatDateInZone,
  formatDateTimeInZone,
  OPPORTUNITY_CSV_COLUMNS,
  OPPORTUNITY_STATE_LABELS,
  type OpportunityState,
  type OpportunityView,
  zonedParts,
} from '@app/domain';
import type { ProspectDoc } from '../prospects/module';
import { readValue, type ViewContext } from './opportunity-views';
import type { OpportunityDoc } from './repository';

const MINUTE_MS = 60 * 1000;
const QUARTER_HOUR_MS = 15 * MINUTE_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Years 1000–9999: where a wall-clock reading from Date's UTC fields reads as Intl's. */
const FAST_RANGE = { from: Date.UTC(1000, 0, 1), to: Date.UTC(9999, 11, 31) };
const MAX_CACHED = 10_000;

const pad2 = (value: number) => String(value).padStart(2, '0');

/** Where each column is in OPPORTUNITY_CSV_COLUMNS, so the cells built here stay in its order. */
const columnAt = (header: string) => {
  const index = OPPORTUNITY_CSV_COLUMNS.findIndex((column) => column.header === header);
  if (index === -1) throw new Error(`colonne d'export inconnue : ${header}`);
  return index;
};

/** The prospect columns (first in the file), with the prospect view's field each one shows. */
const PROSPECT_COLUMNS = [
  ['Raison sociale', 'prospect'],
  ['Enseigne', 'enseigne'],
  ['Adresse complète', 'adresseComplete'],
  ['Code postal', 'codePostale'],
  ['Ville', 'ville'],
  ['Département', 'departement'],
  ['Région', 'region'],
  ['Téléphone', 'telephone'],
  ['E-mail', 'eMail'],
  ['Site', 'site'],
  ['Siret', 'siret'],
  ['Libellé activité', 'libelleactivite'],
  ['Tranche salarié', 'trancheSalarier'],
  ["Type d'établissement", 'typeEtablissement'],
] as const;
const OTHER_COLUMNS = [
  'État',
  'Délai',
  'Date de relance',
  'Responsable',
  'Date de création',
  'Dernier commentaire',
  'Contacts',
  'Champs personnalisés',
  'Informations contractuelles',
] as const;
// A column added, moved or removed in the domain must be handled here too: fail at start, not in a file.
[...PROSPECT_COLUMNS.map(([header]) => header), ...OTHER_COLUMNS].forEach((header, index) => {
  if (columnAt(header) !== index || OPPORTUNITY_CSV_COLUMNS.length !== 23)
    throw new Error(`l'ordre des colonnes d'export a changé (${header})`);
});
const contactsColumn = OPPORTUNITY_CSV_COLUMNS[columnAt('Contacts')]!;
const customFieldsColumn = OPPORTUNITY_CSV_COLUMNS[columnAt('Champs personnalisés')]!;
const contractColumn = OPPORTUNITY_CSV_COLUMNS[columnAt('Informations contractuelles')]!;

const cellOf = (value: string | null | undefined) =>
  csvTextCell(value === null || value === undefined ? '' : String(value));

/** A bounded memo: cleared when full (the values repeat a lot or not at all). */
function memo<K, V>(compute: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      value = compute(key);
      if (known.size >= MAX_CACHED) known.clear();
      known.set(key, value);
    }
    return value;
  };
}

/**
 * formatDateInZone / formatDateTimeInZone with Intl asked once per quarter of an hour (zone changes
 * fall on one): the zone's offset, when the same at both ends of the quarter, read back on the
 * instant shifted by it. Otherwise (old local mean times, far dates), the domain's functions.
 */
export function zonedDateFormat(timeZone: string): ZonedDateFormat {
  let format = zonedDateFormats.get(timeZone);
  if (!format) {
    format = newZonedDateFormat(timeZone);
    zonedDateFormats.set(timeZone, format);
  }
  return format;
}

type ZonedDateFormat = { date: (ms: number) => string; dateTime: (ms: number) => string };
/** Kept from one export to the next: the offsets and day texts do not change (bounded memos). */
const zonedDateFormats = new Map<string, ZonedDateFormat>();

function newZonedDateFormat(timeZone: string): ZonedDateFormat {
  const wallMinuteOf = (ms: number) => {
    const parts = zonedParts(ms, timeZone);
    return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  };
  const offsetOf = memo((quarter: number): number | null => {
    const start = quarter * QUARTER_HOUR_MS;
    const end = start + QUARTER_HOUR_MS - 1;
    const atStart = wallMinuteOf(start) - start;
    const atEnd = wallMinuteOf(end) - Math.floor(end / MINUTE_MS) * MINUTE_MS;
    return atStart === atEnd && atStart % MINUTE_MS === 0 ? atStart : null;
  });
  const dayText = memo((day: number) => {
    const date = new Date(day * DAY_MS);
    return `${pad2(date.getUTCDate())}/${pad2(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
  });
  const wall = (ms: number): number | null => {
    if (!Number.isInteger(ms) || ms < FAST_RANGE.from || ms > FAST_RANGE.to) return null;
    const offset = offsetOf(Math.floor(ms / QUARTER_HOUR_MS));
    return offset === null ? null : ms + offset;
  };
  return {
    date(ms: number): string {
      const local = wall(ms);
      return local === null ? formatDateInZone(ms, timeZone) : dayText(Math.floor(local / DAY_MS));
    },
    dateTime(ms: number): string {
      const local = wall(ms);
      if (local === null) return formatDateTimeInZone(ms, timeZone);
      const minutes = Math.floor((local - Math.floor(local / DAY_MS) * DAY_MS) / MINUTE_MS);
      return `${dayText(Math.floor(local / DAY_MS))} ${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
    },
  };
}

/** The custom fields' text as the domain column writes it, without a JSON round trip when all are strings. */
function customFieldsText(custom: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key in custom) {
    if (!Object.prototype.hasOwnProperty.call(custom, key)) continue;
    const value = custom[key];
    // Other values go through the JSON text the view holds (e.g. 1e400 is written `null` there).
    if (typeof value !== 'string')
      return customFieldsColumn.value(
        { prospectId: { value: JSON.stringify(custom) } } as OpportunityView,
        '',
      );
    parts.push(`${key.replace(/_/g, ' ')} : ${value}`);
  }
  return parts.join(' / ');
}

/** `"Raison sociale";…;"Type d'établissement";` and `"Contacts";"Champs personnalisés";` of a prospect. */
function prospectCells(doc: ProspectDoc | undefined): { head: string; tail: string } {
  let head = '';
  for (const [, field] of PROSPECT_COLUMNS) {
    // As toProspectView: a missing prospect shows 'Aucun' everywhere.
    const raw =
      field === 'departement' || field === 'region'
        ? (doc?.[field] ?? EMPTY_VALUE)
        : doc
          ? doc[field]
          : EMPTY_VALUE;
    head += `${csvTextCell(displayValue(raw))};`;
  }
  const { custom, contacts } = readValue(doc?.value ?? '{}');
  const contactsText =
    contacts.length === 0 ? '' : contactsColumn.value({ prospectId: { contacts } } as OpportunityView, '');
  return { head, tail: `${csvTextCell(contactsText)};${csvTextCell(customFieldsText(custom))};` };
}

/** One export's line writer (its memos live as long as the export). */
export function exportLineWriter(timeZone: string): (doc: OpportunityDoc, context: ViewContext) => string {
  const dates = zonedDateFormat(timeZone);
  const stateCells = {} as Record<OpportunityState, string>;
  for (const state of Object.keys(OPPORTUNITY_STATE_LABELS) as OpportunityState[])
    stateCells[state] = csvTextCell(OPPORTUNITY_STATE_LABELS[state]);
  const delayCell = memo(cellOf);
  const dayCell = memo(csvTextCell);
  const contractCell = memo((json: string) =>
    csvTextCell(contractColumn.value({ informationContractuelle: json } as OpportunityView, timeZone)),
  );
  const ownerCells = new Map<string, string>();
  const missingProspect = prospectCells(undefined);
  let prospectsOf: ViewContext['prospects'] | undefined;
  let prospectParts = new Map<string, { head: string; tail: string }>();

  return (doc, context) => {
    // Prospect parts are kept for the context's chunk only (one prospect is rarely in two chunks).
    if (context.prospects !== prospectsOf) {
      prospectsOf = context.prospects;
      prospectParts = new Map();
    }
    const prospectDoc = context.prospects.get(doc.prospectId);
    let prospect = prospectDoc ? prospectParts.get(doc.prospectId) : missingProspect;
    if (!prospect) {
      prospect = prospectCells(prospectDoc);
      prospectParts.set(doc.prospectId, prospect);
    }
    let owner = ownerCells.get(doc.userId);
    if (owner === undefined) {
      owner = cellOf(context.userOf(doc.userId).username);
      if (ownerCells.size >= MAX_CACHED) ownerCells.clear();
      ownerCells.set(doc.userId, owner);
    }
    const timing = computeTiming(doc, context.now, timeZone);
    const waiting =
      doc.state === 'WAITING' && doc.waitingDate !== undefined
        ? csvTextCell(dates.dateTime(doc.waitingDate))
        : '""';
    const last = doc.recentMessages?.[0];
    const comment = last ? csvTextCell(`${last.statusName} : ${last.text}`) : '""';
    return `${prospect.head}${stateCells[timing.state]};${delayCell(timing.howMuchTime)};${waiting};${owner};${dayCell(dates.date(doc.creationDate))};${comment};${prospect.tail}${contractCell(doc.informationContractuelle ?? '{}')}\r\n`;
  };
}
