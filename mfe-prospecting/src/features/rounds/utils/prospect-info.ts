import {
  customFieldsOf,
  formatStoredKey,
  isEmptyValue,
  PROSPECT_FIELDS,
  type ContactView,
  type OpportunityView,
  type ProspectField,
  type ProspectInfoInput,
} from '@app/domain';

const blankIfEmpty = (value: string) => (isEmptyValue(value) ? '' : value);

/** The contacts as an editor starts from them ('Aucun' shown as an empty field). */
export function editableContacts(opportunity: OpportunityView): ContactView[] {
  return opportunity.prospectId.contacts.map((contact) => ({
    ...contact,
    surname: blankIfEmpty(contact.surname),
    name: blankIfEmpty(contact.name),
    fonction: blankIfEmpty(contact.fonction),
    phone: blankIfEmpty(contact.phone),
    mail: blankIfEmpty(contact.mail),
  }));
}

/**
 * updateProspect replaces the whole prospect record: its fields and custom pairs as they are, with
 * the new contacts (the same body the detail's "Modifier le prospect" sends).
 */
export function prospectInfoWithContacts(
  opportunity: OpportunityView,
  contacts: ContactView[],
): ProspectInfoInput {
  const prospect = opportunity.prospectId;
  const fields = Object.fromEntries(
    PROSPECT_FIELDS.map((field) => [field, blankIfEmpty(prospect[field])]),
  ) as Record<ProspectField, string>;
  const custom = Object.entries(customFieldsOf(prospect.value)).map(([key, value]) => ({
    title: formatStoredKey(key),
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));
  return { ...fields, contacts, custom };
}
