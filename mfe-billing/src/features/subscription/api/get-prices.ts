import { apiPost } from '@app/platform';
import type { PricesReply } from '../types/billing';

export type GetPricesInput = { organisationId: string };

/** The prices on sale, their provider ids, and whether payments are real or a demonstration. */
export function getPrices(input: GetPricesInput): Promise<PricesReply> {
  return apiPost<PricesReply>('/api/stripe/prices', input);
}
