import { apiPost } from '@app/platform';

export type GetPortalLinkInput = { organisationId: string; keyId: string };
export type GetPortalLinkReply = { link: string };

/** The payment provider's customer portal for the subscription a paid licence belongs to (owner only). */
export function getPortalLink(input: GetPortalLinkInput): Promise<GetPortalLinkReply> {
  return apiPost<GetPortalLinkReply>('/api/stripe/getPortalLink', input);
}
