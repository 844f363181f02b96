// The billing calls (/api/stripe/createOwner, newLicense, save, getPortalLink) and the demonstration
// provider's card form. Identifiers are checked for shape before any lookup.
import { z } from '../zod';
import { fieldError, idField, OBJECT_ERROR } from './fields';
import { licenceCountSchema } from './licence-count';
import { MESSAGES } from './messages';

export const BILLING_MESSAGES = {
  productRequired: 'Veuillez choisir une offre',
  promoInvalid: 'Code promo invalide',
  sessionInvalid: 'Session de paiement invalide',
  cardNumberInvalid: 'Numéro de carte invalide',
  cardExpiryInvalid: 'Date d’expiration invalide (MM/AA)',
  cardCvcInvalid: 'Code de sécurité invalide',
} as const;

/** A provider price id: `price_…` (Stripe) or `demo_<plan>_<period>`. */
const productField = z
  .string({ error: fieldError('offre', BILLING_MESSAGES.productRequired) })
  .trim()
  .min(1, BILLING_MESSAGES.productRequired)
  .max(100, BILLING_MESSAGES.productRequired)
  .regex(/^[\w-]+$/, BILLING_MESSAGES.productRequired);

/** Optional promo code: absent, null or '' mean none; upper-cased. */
const promoField = z
  .string({ error: fieldError('code promo') })
  .trim()
  .max(50, BILLING_MESSAGES.promoInvalid)
  .regex(/^[\w-]*$/, BILLING_MESSAGES.promoInvalid)
  .nullish()
  .transform((value) => (value ? value.toUpperCase() : undefined));

/** /api/stripe/createOwner */
export const createOwnerSchema = z.object({ code: promoField, product: productField }, OBJECT_ERROR);

/** /api/stripe/newLicense */
export const newLicenseSchema = z.object(
  { code: promoField, product: productField, numberLicence: licenceCountSchema },
  OBJECT_ERROR,
);

/** A checkout session id as the provider made it (Stripe `cs_…`, demo `demo_cs_…`). */
export const checkoutSessionIdSchema = z
  .string({ error: fieldError('session', BILLING_MESSAGES.sessionInvalid) })
  .regex(/^[\w-]{8,255}$/, BILLING_MESSAGES.sessionInvalid);

/** /api/stripe/save */
export const saveSessionSchema = z.object({ session_id: checkoutSessionIdSchema }, OBJECT_ERROR);

/** /api/stripe/getPortalLink */
export const portalLinkSchema = z.object({ keyId: idField('licence', MESSAGES.invalidId) }, OBJECT_ERROR);

/** Luhn checksum of a card number (digits only). */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The demonstration checkout's card form (fields posted as a form). */
export const demoCardSchema = z.object(
  {
    number: z
      .string({ error: fieldError('numéro de carte', BILLING_MESSAGES.cardNumberInvalid) })
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(
        z
          .string()
          .regex(/^\d{12,19}$/, BILLING_MESSAGES.cardNumberInvalid)
          .refine(isLuhnValid, BILLING_MESSAGES.cardNumberInvalid),
      ),
    expiry: z
      .string({ error: fieldError('expiration', BILLING_MESSAGES.cardExpiryInvalid) })
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, BILLING_MESSAGES.cardExpiryInvalid)
      .transform((value) => {
        const [month, year] = value.split('/').map((part) => Number(part.trim()));
        return { month: month ?? 0, year: 2000 + (year ?? 0) };
      }),
    cvc: z
      .string({ error: fieldError('code de sécurité', BILLING_MESSAGES.cardCvcInvalid) })
      .trim()
      .regex(/^\d{3,4}$/, BILLING_MESSAGES.cardCvcInvalid),
  },
  OBJECT_ERROR,
);

export type CreateOwnerInput = z.input<typeof createOwnerSchema>;
export type NewLicenseInput = z.input<typeof newLicenseSchema>;
export type SaveSessionInput = z.input<typeof saveSessionSchema>;
export type PortalLinkInput = z.input<typeof portalLinkSchema>;
export type DemoCardData = z.output<typeof demoCardSchema>;
