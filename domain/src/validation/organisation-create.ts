import { z } from '../zod';
import { fieldError, MAX_LENGTHS, OBJECT_ERROR } from './fields';
import { MESSAGES } from './messages';
import { organisationPhoneSchema } from './phone';

export const COMPANY_NAME_MIN_LENGTH = 4;

/** A company name ('Raison sociale'): longer than 3 characters once trimmed (SPEC §5). */
export const companyNameSchema = z
  .string({ error: fieldError('raison sociale', MESSAGES.invalidCompanyName) })
  .trim()
  .min(COMPANY_NAME_MIN_LENGTH, MESSAGES.invalidCompanyName)
  .max(MAX_LENGTHS.name, MESSAGES.tooLong('raison sociale', MAX_LENGTHS.name));

/** /api/organisation/create: the function field is collected by the form but not sent (SPEC §5). */
export const organisationCreateSchema = z.object(
  {
    name: companyNameSchema,
    phone: organisationPhoneSchema,
  },
  OBJECT_ERROR,
);

export type OrganisationCreateInput = z.input<typeof organisationCreateSchema>;
export type OrganisationCreateData = z.output<typeof organisationCreateSchema>;
