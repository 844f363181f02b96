import { z } from '../zod';
import { emailSchema } from './email';
import { MAX_LENGTHS, OBJECT_ERROR, optionalText } from './fields';
import { companyNameSchema } from './organisation-create';
import { passwordSchema } from './password';
import { phoneSchema } from './phone';
import { usernameSchema } from './register';

/**
 * /discovery (quick sign-up). The first three fields follow the spec's sign-up order (password,
 * e-mail, phone); the company name then gets the organisation-creation rule, since it names one.
 */
export const fastRegisterSchema = z.object(
  {
    password: passwordSchema,
    email: emailSchema,
    phone: phoneSchema,
    username: usernameSchema,
    raisonSocial: companyNameSchema,
    fonction: optionalText('fonction', MAX_LENGTHS.shortText),
  },
  OBJECT_ERROR,
);

export type FastRegisterInput = z.input<typeof fastRegisterSchema>;
export type FastRegisterData = z.output<typeof fastRegisterSchema>;
