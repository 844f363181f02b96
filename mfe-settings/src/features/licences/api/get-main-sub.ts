import type { MainSubscription } from '@app/domain';
import { apiPost } from '@app/platform';

export type GetMainSubInput = { organisationId: string };

/** The organisation's subscription (plan, period, seats, status, renewal), or `{ price: null }`. */
export function getMainSub(input: GetMainSubInput): Promise<MainSubscription> {
  return apiPost<MainSubscription>('/api/stripe/getMainSub', input);
}
