import type { SavePaymentReply, SaveSessionInput } from '@app/domain';
import { apiPost } from '@app/platform';

export type SavePaymentInput = SaveSessionInput & { organisationId: string };

/** Asks the API to check the returned checkout session with the provider and create its licences. */
export function savePayment(input: SavePaymentInput): Promise<SavePaymentReply> {
  return apiPost<SavePaymentReply>('/api/stripe/save', input);
}
