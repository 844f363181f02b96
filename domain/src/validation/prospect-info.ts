import { z } from '../zod';
import { EMPTY_VALUE, PROSPECT_FIELD_LABELS, PROSPECT_FIELDS, type ProspectField } from '../prospect-fields';
import { contactsSchema } from './contact';
import { customFieldsSchema } from './custom-fields';
import { fieldError, MAX_LENGTHS, OBJECT_ERROR } from './fields';
import { MESSAGES } from './messages';
import { type FormattedField, hasFormat, PROSPECT_FORMATS } from './prospect-formats';

const FIELD_MAX: Record<ProspectField, number> = {
  prospect: MAX_LENGTHS.name,
  enseigne: MAX_LENGTHS.name,
  codePostale: MAX_LENGTHS.postalCode,
  ville: MAX_LENGTHS.name,
  adresseComplete: MAX_LENGTHS.address,
  site: MAX_LENGTHS.text,
  telephone: MAX_LENGTHS.phone,
  eMail: MAX_LENGTHS.email,
  siret: MAX_LENGTHS.shortText,
  libelleactivite: MAX_LENGTHS.name,
  trancheSalarier: MAX_LENGTHS.shortText,
  typeEtablissement: MAX_LENGTHS.shortText,
};

/** A standard prospect field: trimmed, and 'Aucun' when left empty (SPEC §5); checked for its format when it has one. */
function standardField(field: ProspectField) {
  const label = PROSPECT_FIELD_LABELS[field].toLowerCase();
  const field_ = z
    .string({ error: fieldError(label) })
    .trim()
    .max(FIELD_MAX[field], MESSAGES.tooLong(label, FIELD_MAX[field]))
    .nullish()
    .transform((value) => (value ? value : EMPTY_VALUE));
  if (!(field in PROSPECT_FORMATS)) return field_;
  const format = field as FormattedField;
  return field_.refine((value) => hasFormat(format, value, EMPTY_VALUE), PROSPECT_FORMATS[format].message);
}

const standardShape = Object.fromEntries(
  PROSPECT_FIELDS.map((field) => [field, standardField(field)]),
) as Record<ProspectField, ReturnType<typeof standardField>>;

/**
 * The prospect-information modal (/api/opportunity/updateProspect `data`). Strict: a key that is not
 * one of its fields (an operator, a typo) is refused rather than silently dropped.
 */
export const prospectInfoSchema = z.strictObject(
  {
    ...standardShape,
    contacts: contactsSchema,
    custom: customFieldsSchema(MESSAGES.fillAllFieldsBeforeValidating),
  },
  OBJECT_ERROR,
);

export type ProspectInfoInput = z.input<typeof prospectInfoSchema>;
export type ProspectInfoData = z.output<typeof prospectInfoSchema>;
