import type { CheckoutLinkReply, NewLicenseInput as NewLicenseBody } from '@app/domain';
import { apiPost } from '@app/platform';

export type NewLicenseInput = NewLicenseBody & { organisationId: string };

/** Opens a checkout for `numberLicence` more seats (the owner only); replies with its link. */
export function newLicense(input: NewLicenseInput): Promise<CheckoutLinkReply> {
  return apiPost<CheckoutLinkReply>('/api/stripe/newLicense', input);
}
