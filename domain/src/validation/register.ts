import { z } from '../zod';
import { emailSchema } from './email';
import { MAX_LENGTHS, OBJECT_ERROR, requiredText } from './fields';
import { MESSAGES } from './messages';
import { passwordSchema } from './password';

/** 'Nom Prénom': the stored username is the last name and the first name joined by a space (SPEC §3). */
export const usernameSchema = requiredText('nom', MESSAGES.usernameRequired, MAX_LENGTHS.name);

export function toUsername(lastName: string, firstName: string): string {
  return [lastName.trim(), firstName.trim()].filter((part) => part !== '').join(' ');
}

// Field order is the spec's sign-up order: password rules, then e-mail (SPEC §5).
export const registerSchema = z.object(
  {
    password: passwordSchema,
    email: emailSchema,
    username: usernameSchema,
  },
  OBJECT_ERROR,
);

export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterData = z.output<typeof registerSchema>;
