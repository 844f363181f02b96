import { z } from '../zod';
import { NEW_OPPORTUNITY_STATES } from '../opportunity-states';
import { EMPTY_VALUE } from '../prospect-fields';
import { contactsSchema } from './contact';
import {
  choiceError,
  fieldError,
  MAX_LENGTHS,
  OBJECT_ERROR,
  optionalText,
  requiredText,
  timestamp,
} from './fields';
import { MESSAGES } from './messages';
import { hasFormat, PROSPECT_FORMATS } from './prospect-formats';

/** SPEC §9 'Opportunity title minimum: 5 characters'; see docs/decisions/validation-rules.md. */
export const OPPORTUNITY_TITLE_MIN_LENGTH = 5;

const addressPart = (label: string, max: number) =>
  requiredText(label, MESSAGES.opportunityAddressRequired, max);

/**
 * The new-opportunity modal (/api/opportunity/addone `data`). The required fields come first, in
 * the spec's order: title, the address trio, phone, status date; the rest may be empty.
 */
export const newOpportunitySchema = z.object(
  {
    title: z
      .string({ error: fieldError('raison sociale', MESSAGES.opportunityTitleRequired) })
      .trim()
      .min(1, MESSAGES.opportunityTitleRequired)
      .min(OPPORTUNITY_TITLE_MIN_LENGTH, MESSAGES.opportunityTitleTooShort)
      .max(MAX_LENGTHS.title, MESSAGES.tooLong('raison sociale', MAX_LENGTHS.title)),
    adresse: addressPart('adresse', MAX_LENGTHS.address),
    codePostale: addressPart('code postal', MAX_LENGTHS.postalCode).refine(
      (value) => hasFormat('codePostale', value, EMPTY_VALUE),
      PROSPECT_FORMATS.codePostale.message,
    ),
    ville: addressPart('ville', MAX_LENGTHS.name),
    telephone: requiredText('téléphone', MESSAGES.opportunityPhoneRequired, MAX_LENGTHS.phone).refine(
      (value) => hasFormat('telephone', value, EMPTY_VALUE),
      PROSPECT_FORMATS.telephone.message,
    ),
    dateStatus: timestamp('date de status', MESSAGES.opportunityStatusDateRequired),
    state2: z.enum(NEW_OPPORTUNITY_STATES, { error: choiceError('statut', MESSAGES.statusRequired) }),
    enseigne: optionalText('enseigne', MAX_LENGTHS.name),
    email: optionalText('e-mail', MAX_LENGTHS.email).refine(
      (value) => hasFormat('eMail', value, EMPTY_VALUE),
      PROSPECT_FORMATS.eMail.message,
    ),
    siret: optionalText('siret', MAX_LENGTHS.shortText).refine(
      (value) => hasFormat('siret', value, EMPTY_VALUE),
      PROSPECT_FORMATS.siret.message,
    ),
    libelle: optionalText('libellé activité', MAX_LENGTHS.name),
    metier: optionalText('métier', MAX_LENGTHS.name),
    tranche: optionalText('tranche salariale', MAX_LENGTHS.shortText),
    /** Nature: 'Siège social' or a secondary establishment (ESTABLISHMENT_NATURES suggests the wording). */
    state: optionalText('nature', MAX_LENGTHS.shortText),
    contacts: contactsSchema,
  },
  OBJECT_ERROR,
);

export type NewOpportunityInput = z.input<typeof newOpportunitySchema>;
export type NewOpportunityData = z.output<typeof newOpportunitySchema>;
