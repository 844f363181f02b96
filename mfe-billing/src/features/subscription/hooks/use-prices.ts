import { useMemo } from 'react';
import type { Billing, BillingPricesReply, PlanCode } from '@app/domain';
import { useApiQuery } from '@app/platform';
import { getPrices } from '../api/get-prices';

export type Prices =
  | { status: 'loading' }
  | { status: 'failed' }
  | (BillingPricesReply & { status: 'ready'; productOf: (plan: PlanCode, period: Billing) => string | null });

/** The provider's prices for the current organisation (ids to buy with, demonstration or not). */
export function usePrices(organisationId: string | null): Prices {
  const { data, error } = useApiQuery(getPrices, organisationId ? { organisationId } : null, {
    key: 'stripe/prices',
  });
  return useMemo((): Prices => {
    // The client has shown the server's message; the buy buttons stay disabled.
    if (error !== undefined) return { status: 'failed' };
    if (!data) return { status: 'loading' };
    return {
      ...data,
      status: 'ready',
      productOf: (plan, period) =>
        data.prices.find((price) => price.plan === plan && price.period === period)?.product ?? null,
    };
  }, [data, error]);
}
