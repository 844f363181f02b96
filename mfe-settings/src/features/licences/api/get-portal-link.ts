import type { PortalLinkReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetPortalLinkInput = { organisationId: string; keyId: string };

/** The payment provider's customer portal for the subscription a paid licence belongs to (owner only). */
export function getPortalLink(input: GetPortalLinkInput): Promise<PortalLinkReply> {
  return apiPost<PortalLinkReply>('/api/stripe/getPortalLink', input);
}
