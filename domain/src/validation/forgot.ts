import { z } from '../zod';
import { requiredEmail } from './email';
import { OBJECT_ERROR } from './fields';
import { MESSAGES } from './messages';

export const forgotSchema = z.object({ email: requiredEmail(MESSAGES.emailRequired) }, OBJECT_ERROR);

export type ForgotInput = z.input<typeof forgotSchema>;
export type ForgotData = z.output<typeof forgotSchema>;
