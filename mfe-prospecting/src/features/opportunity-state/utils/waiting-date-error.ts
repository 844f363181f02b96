import { firstErrorMessage, waitingDateSchema } from '@app/domain';

/** The picker's check ('Veuillez renseigner une date'), loaded with the dialogs, not with the list. */
export function waitingDateError(date: number | null): string | null {
  return firstErrorMessage(waitingDateSchema, { date });
}
