import { z } from '../zod';
import { OBJECT_ERROR, timestamp } from './fields';
import { MESSAGES } from './messages';

/**
 * The follow-up date when moving to WAITING, in epoch ms (/api/opportunity/setWaiting `date`). An
 * empty datetime-local input converts to NaN, which also says 'Veuillez renseigner une date'.
 */
export const waitingDateSchema = z.object({ date: timestamp('date', MESSAGES.dateRequired) }, OBJECT_ERROR);

export type WaitingDateInput = z.input<typeof waitingDateSchema>;
export type WaitingDateData = z.output<typeof waitingDateSchema>;
