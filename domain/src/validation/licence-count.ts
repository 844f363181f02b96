import { z } from '../zod';
import { MESSAGES } from './messages';

export const LICENCE_MIN_COUNT = 1;
// A cap per purchase so a typo cannot order thousands of seats; larger teams buy in several steps.
export const LICENCE_MAX_COUNT = 1000;

/** The licence counter of /dashboard/paiement/new (`numberLicence`). */
export const licenceCountSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || Number.isNaN(issue.input)
        ? MESSAGES.licenceCountTooLow
        : MESSAGES.invalidType('nombre de licences'),
  })
  .int(MESSAGES.licenceCountNotInteger)
  .min(LICENCE_MIN_COUNT, MESSAGES.licenceCountTooLow)
  .max(LICENCE_MAX_COUNT, MESSAGES.licenceCountTooHigh(LICENCE_MAX_COUNT));

export type LicenceCount = z.output<typeof licenceCountSchema>;
