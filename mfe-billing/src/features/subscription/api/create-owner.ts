import type { CheckoutLinkReply, CreateOwnerInput as CreateOwnerBody } from '@app/domain';
import { apiPost } from '@app/platform';

/** `product` is a price id from /api/stripe/prices; `code` the optional promo code. */
export type CreateOwnerInput = CreateOwnerBody & { organisationId: string };

/** Opens a checkout for the organisation's subscription (its owner only); replies with its link. */
export function createOwner(input: CreateOwnerInput): Promise<CheckoutLinkReply> {
  return apiPost<CheckoutLinkReply>('/api/stripe/createOwner', input);
}
