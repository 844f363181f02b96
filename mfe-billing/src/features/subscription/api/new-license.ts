import type { NewLicenseInput as NewLicenseBody } from '@app/domain';
import { apiPost } from '@app/platform';
import type { CheckoutLink } from '../types/billing';

export type NewLicenseInput = NewLicenseBody & { organisationId: string };

/** Opens a checkout for `numberLicence` more seats (the owner only); replies with its link. */
export function newLicense(input: NewLicenseInput): Promise<CheckoutLink> {
  return apiPost<CheckoutLink>('/api/stripe/newLicense', input);
}
