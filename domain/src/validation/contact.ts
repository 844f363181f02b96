import { z } from '../zod';
import { CIVILITES } from '../prospect-fields';
import { fieldError, MAX_ITEMS, MAX_LENGTHS, optionalText } from './fields';
import { MESSAGES } from './messages';

/** A contact person (SPEC §3): every field may be left empty; civilite is 'Mr.' or 'Mme.' when given. */
export const contactSchema = z.object(
  {
    civilite: z.enum(CIVILITES, { error: MESSAGES.civiliteInvalid }).optional(),
    surname: optionalText('nom du contact', MAX_LENGTHS.name),
    name: optionalText('prénom du contact', MAX_LENGTHS.name),
    fonction: optionalText('fonction du contact', MAX_LENGTHS.shortText),
    phone: optionalText('téléphone du contact', MAX_LENGTHS.phone),
    mail: optionalText('e-mail du contact', MAX_LENGTHS.email),
  },
  { error: fieldError('contact') },
);

/** A contact with nothing written in it (civilité aside) is not kept: it would show as 'Contact #n Aucun'. */
const hasContent = (contact: z.output<typeof contactSchema>) =>
  [contact.surname, contact.name, contact.fonction, contact.phone, contact.mail].some((text) => text !== '');

export const contactsSchema = z
  .array(contactSchema, { error: fieldError('contacts') })
  .max(MAX_ITEMS.contacts, MESSAGES.tooMany('contacts', MAX_ITEMS.contacts))
  .default([])
  .transform((contacts) => contacts.filter(hasContent));

export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;
