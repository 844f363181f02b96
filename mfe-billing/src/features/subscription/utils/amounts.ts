import type { Billing } from '@app/domain';

/** French VAT on the services sold (standard rate). The prices shown are HT, as in B2B. */
export const VAT_PERCENT = 20;

/** Amount with VAT, in whole cents (rounded half up). */
export function withVat(cents: number): number {
  return Math.round((cents * (100 + VAT_PERCENT)) / 100);
}

/** What one invoice bills for `seats` seats: one month, or twelve months at once when yearly. */
export function invoiceAmount(perSeatMonthlyCents: number, seats: number, billing: Billing): number {
  return perSeatMonthlyCents * seats * (billing === 'yearly' ? 12 : 1);
}
