// What differs, field by field, between the values a member is saving and the document a colleague
// saved meanwhile (the 409 of a stale version): the rows of the "choose a version" dialog.
import {
  CONTRACTUAL_KEYS,
  type ContactView,
  customFieldsOf,
  formatStoredKey,
  isEmptyValue,
  type OpportunityView,
  PROSPECT_FIELD_LABELS,
  PROSPECT_FIELDS,
  type ProspectInfoData,
} from '@app/domain';

export type FieldDifference = {
  key: string;
  label: string;
  /** As shown: '' when the field is empty. */
  mine: string;
  theirs: string;
};

const shown = (value: unknown): string => {
  const text = typeof value === 'string' ? value.trim() : '';
  return isEmptyValue(text) ? '' : text;
};

type ContactLike = Omit<ContactView, 'civilite'> & { civilite?: ContactView['civilite'] };

/** A contact in one line; without a civilité it is stored as 'Mr.' (the API's default). */
function contactLine(contact: ContactLike) {
  const who = [contact.civilite ?? 'Mr.', shown(contact.name), shown(contact.surname)]
    .filter(Boolean)
    .join(' ');
  return [who, shown(contact.fonction), shown(contact.phone), shown(contact.mail)].filter(Boolean).join(', ');
}

const pairLines = (pairs: readonly { title: string; value: string }[]) =>
  pairs.map((pair) => `${pair.title} : ${pair.value}`).join('\n');

function compare(rows: readonly FieldDifference[]): FieldDifference[] {
  return rows.filter((row) => row.mine !== row.theirs);
}

/** The prospect form's values (as sent) against the prospect as a colleague saved it. */
export function prospectDifferences(mine: ProspectInfoData, current: OpportunityView): FieldDifference[] {
  const theirs = current.prospectId;
  const theirCustom = Object.entries(customFieldsOf(theirs.value)).map(([key, value]) => ({
    title: formatStoredKey(key),
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));
  return compare([
    ...PROSPECT_FIELDS.map((field) => ({
      key: field,
      label: PROSPECT_FIELD_LABELS[field],
      mine: shown(mine[field]),
      theirs: shown(theirs[field]),
    })),
    {
      key: 'contacts',
      label: 'Contacts',
      mine: mine.contacts.map(contactLine).join('\n'),
      theirs: theirs.contacts.map(contactLine).join('\n'),
    },
    {
      key: 'custom',
      label: 'Champs personnalisés',
      mine: pairLines(mine.custom.map((pair) => ({ title: pair.title.trim(), value: pair.value.trim() }))),
      theirs: pairLines(theirCustom),
    },
  ]);
}

const CONTRACTUAL_LABELS: Record<string, string> = {
  [CONTRACTUAL_KEYS.investmentType]: "Type d'investissement",
  [CONTRACTUAL_KEYS.endDate]: 'Date prévisionnelle de fin de contrat',
  [CONTRACTUAL_KEYS.currentService]: 'Prestation actuelle',
  [CONTRACTUAL_KEYS.currentProvider]: 'Prestataire actuel',
};

const INVESTMENT_LABELS: Record<string, string> = { location: 'Location', achat: 'Achat' };

function contractualValue(key: string, value: unknown): string {
  const text = shown(value);
  if (key === CONTRACTUAL_KEYS.investmentType) return INVESTMENT_LABELS[text] ?? text;
  // 'YYYY-MM-DD' stored, DD/MM/YYYY shown (as the panel does).
  if (key === CONTRACTUAL_KEYS.endDate) return text.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3/$2/$1');
  return text;
}

function readRecord(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    // Unreadable stored text: no information, as the panel shows it.
    return {};
  }
}

/** The contractual record being saved against the opportunity's as a colleague saved it. */
export function contractualDifferences(
  mine: Record<string, string>,
  current: OpportunityView,
): FieldDifference[] {
  const theirs = readRecord(current.informationContractuelle);
  const keys = [
    ...new Set([...Object.values(CONTRACTUAL_KEYS), ...Object.keys(mine), ...Object.keys(theirs)]),
  ];
  return compare(
    keys.map((key) => ({
      key,
      label: CONTRACTUAL_LABELS[key] ?? formatStoredKey(key),
      mine: contractualValue(key, mine[key]),
      theirs: contractualValue(key, theirs[key]),
    })),
  );
}
