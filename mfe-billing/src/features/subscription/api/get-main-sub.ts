import { apiPost } from '@app/platform';
import type { MainSubscription } from '../types/billing';

export type GetMainSubInput = { organisationId: string };

/** The organisation's current subscription: plan, period, seats, status, renewal. */
export function getMainSub(input: GetMainSubInput): Promise<MainSubscription> {
  return apiPost<MainSubscription>('/api/stripe/getMainSub', input);
}
