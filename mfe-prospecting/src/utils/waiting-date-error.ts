import { firstErrorMessage, OPPORTUNITY_REQUEST_MESSAGES, waitingDateSchema } from '@app/domain';

/**
 * The picker's check ('Veuillez renseigner une date'), loaded with the dialogs, not with the list.
 * With `now`, a follow-up date that is not in the future is refused here, before the comment is
 * written, with the server's own message.
 */
export function waitingDateError(date: number | null, now?: number): string | null {
  const error = firstErrorMessage(waitingDateSchema, { date });
  if (error) return error;
  return now !== undefined && date !== null && date <= now
    ? OPPORTUNITY_REQUEST_MESSAGES.waitingDateInPast
    : null;
}
