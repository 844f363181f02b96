import { isEmptyValue } from '@app/domain';

// Built from user data: each piece goes through encodeURIComponent (DESIGN §8).

/** tel: link, or null without a phone number. */
export function phoneHref(phone: string): string | null {
  if (isEmptyValue(phone)) return null;
  const dialable = phone.replace(/[\s.\-()]/g, '');
  return dialable ? `tel:${encodeURIComponent(dialable)}` : null;
}

/** mailto: link, or null when the e-mail is missing, 'Aucun' or not an address. */
export function mailHref(mail: string): string | null {
  if (isEmptyValue(mail)) return null;
  const address = mail.trim();
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return null;
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}
