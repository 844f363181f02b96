import { useEffect, useState } from 'react';
import type { Billing, BillingPricesReply, PlanCode } from '@app/domain';
import { ignoreHandledFailure } from '@app/platform';
import { getPrices } from '../api/get-prices';

export type Prices =
  | { status: 'loading' }
  | { status: 'failed' }
  | (BillingPricesReply & { status: 'ready'; productOf: (plan: PlanCode, period: Billing) => string | null });

/** The provider's prices for the current organisation (ids to buy with, demonstration or not). */
export function usePrices(organisationId: string | null): Prices {
  const [prices, setPrices] = useState<Prices>({ status: 'loading' });
  useEffect(() => {
    if (!organisationId) return undefined;
    let current = true;
    getPrices({ organisationId }).then(
      (reply) => {
        if (!current) return;
        setPrices({
          ...reply,
          status: 'ready',
          productOf: (plan, period) =>
            reply.prices.find((price) => price.plan === plan && price.period === period)?.product ?? null,
        });
      },
      (failure: unknown) => {
        // The client has shown the server's message; the buy buttons stay disabled.
        if (current) setPrices({ status: 'failed' });
        ignoreHandledFailure(failure);
      },
    );
    return () => {
      current = false;
    };
  }, [organisationId]);
  return prices;
}
