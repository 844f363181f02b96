// The opportunity export as Excel opens it in French: ';' between cells, every cell quoted, CRLF
// lines, a French header row; the byte-order mark is the client's (it downloads the file). Cells a
// spreadsheet would run as a formula are neutralised (DESIGN.md §8).
import { OPPORTUNITY_STATE_LABELS } from '../opportunity-states';
import { displayValue } from '../prospect-fields';
import { DEFAULT_TIME_ZONE, formatDateInZone, formatDateTimeInZone } from './timing';
import { customFieldsOf, type OpportunityView } from './views';

export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';

/** Characters that make a spreadsheet read a cell as a formula (or hide one after a line break). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet could run as a formula gets a leading apostrophe: shown as text, never run. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell: neutralised, quoted, inner quotes doubled. */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return `"${neutraliseCell(text).replace(/"/g, '""')}"`;
}

/**
 * `csvCell` of a string, with the same output, for the export's millions of cells: a test of the
 * first character instead of a regex, and no copy when the text holds no quote.
 */
export function csvTextCell(text: string): string {
  const first = text.charCodeAt(0);
  // = + - @ tab CR, as FORMULA_START
  const prefix =
    first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13 ? "'" : '';
  return text.indexOf('"') === -1 ? `"${prefix}${text}"` : `"${prefix}${text.replaceAll('"', '""')}"`;
}

export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return values.map(csvCell).join(CSV_SEPARATOR) + CSV_LINE_END;
}

type Column = { header: string; value: (view: OpportunityView, timeZone: string) => string };

const prospectColumn = (header: string, field: keyof OpportunityView['prospectId']): Column => ({
  header,
  value: (view) => displayValue(view.prospectId[field] as string | undefined),
});

/** The exported columns, in order. */
export const OPPORTUNITY_CSV_COLUMNS: readonly Column[] = [
  prospectColumn('Raison sociale', 'prospect'),
  prospectColumn('Enseigne', 'enseigne'),
  prospectColumn('Adresse complète', 'adresseComplete'),
  prospectColumn('Code postal', 'codePostale'),
  prospectColumn('Ville', 'ville'),
  prospectColumn('Département', 'departement'),
  prospectColumn('Région', 'region'),
  prospectColumn('Téléphone', 'telephone'),
  prospectColumn('E-mail', 'eMail'),
  prospectColumn('Site', 'site'),
  prospectColumn('Siret', 'siret'),
  prospectColumn('Libellé activité', 'libelleactivite'),
  prospectColumn('Tranche salarié', 'trancheSalarier'),
  prospectColumn("Type d'établissement", 'typeEtablissement'),
  { header: 'État', value: (view) => OPPORTUNITY_STATE_LABELS[view.state] },
  { header: 'Délai', value: (view) => view.howMuchTime },
  {
    header: 'Date de relance',
    value: (view, zone) =>
      view.waitingDate === undefined ? '' : formatDateTimeInZone(view.waitingDate, zone),
  },
  { header: 'Responsable', value: (view) => view.user.username },
  { header: 'Date de création', value: (view, zone) => formatDateInZone(view.creationDate, zone) },
  {
    header: 'Dernier commentaire',
    value: (view) => {
      const last = view.message[0];
      return last ? `${last.statusId.name} : ${last.text}` : '';
    },
  },
  {
    header: 'Contacts',
    value: (view) =>
      view.prospectId.contacts
        .map((contact) =>
          [contact.civilite, contact.surname, contact.name, contact.fonction, contact.phone, contact.mail]
            .filter((part) => part && part !== 'Aucun')
            .join(' '),
        )
        .join(' / '),
  },
  {
    header: 'Champs personnalisés',
    value: (view) =>
      Object.entries(customFieldsOf(view.prospectId.value))
        .map(([key, value]) => `${key.replace(/_/g, ' ')} : ${String(value)}`)
        .join(' / '),
  },
  { header: 'Informations contractuelles', value: (view) => contractualText(view.informationContractuelle) },
];

function contractualText(json: string): string {
  const record = customFieldsOf(json);
  return Object.entries(record)
    .map(([key, value]) => `${key.replace(/_/g, ' ')} : ${String(value)}`)
    .join(' / ');
}

export function opportunityCsvHeader(): string {
  return csvLine(OPPORTUNITY_CSV_COLUMNS.map((column) => column.header));
}

export function opportunityCsvLine(view: OpportunityView, timeZone = DEFAULT_TIME_ZONE): string {
  return csvLine(OPPORTUNITY_CSV_COLUMNS.map((column) => column.value(view, timeZone)));
}
