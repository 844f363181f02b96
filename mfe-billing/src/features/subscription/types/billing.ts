import type { Billing, PlanCode } from '@app/domain';

/** 'demo': the API's demonstration provider, no real payment; 'stripe': the real checkout. */
export type PaymentMode = 'stripe' | 'demo';

/** One price the provider sells: a plan billed monthly or yearly, per seat. */
export type ProviderPrice = {
  plan: PlanCode;
  period: Billing;
  /** The provider's price id, sent back as `product`. */
  product: string;
  unitAmountCents: number;
  currency: 'eur';
};

export type PricesReply = { mode: PaymentMode; prices: ProviderPrice[] };

/** The provider's checkout page the browser goes to. */
export type CheckoutLink = { link: string };

/** /api/stripe/getMainSub: the organisation's current subscription, `price: null` when none. */
export type MainSubscription =
  | {
      price: string;
      plan: PlanCode;
      period: Billing;
      seats: number;
      status: string;
      renewalAt: number | null;
      /** For the owner: a failed payment, seats taken back, a cancelled subscription. */
      warning?: string;
    }
  | { price: null };
