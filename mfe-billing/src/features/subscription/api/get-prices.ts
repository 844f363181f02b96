import type { BillingPricesReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetPricesInput = { organisationId: string };

/** The prices on sale, their provider ids, and whether payments are real or a demonstration. */
export function getPrices(input: GetPricesInput): Promise<BillingPricesReply> {
  return apiPost<BillingPricesReply>('/api/stripe/prices', input);
}
