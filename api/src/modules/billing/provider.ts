// The one interface both payment providers implement: Stripe (stripe-provider.ts) when
// STRIPE_SECRET_KEY is set, the demonstration provider (demo-provider.ts) otherwise. The service
// never sees which one it talks to. docs/decisions/billing.md.
import type { BillingMode, BillingPrice } from '@app/domain';

export type CheckoutRequest = {
  organisationId: string;
  /** The provider's price id (one of prices()). */
  product: string;
  /** Seats asked for; `adjustable` lets the buyer change it on the checkout page. */
  seats: number;
  adjustable: boolean;
  /** The provider's promotion id, from resolvePromotion. */
  promotion?: string;
  /** Reused so every purchase of an organisation lands on one customer (one portal). */
  customerId?: string;
  /** Contains `{CHECKOUT_SESSION_ID}`, replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
};

export type ProviderCheckout = {
  id: string;
  /** From the session's metadata, set by createCheckout. */
  organisationId: string | null;
  /** Paid (or nothing to pay after a promotion) and the subscription exists. */
  complete: boolean;
  subscriptionId: string | null;
};

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled';

export type ProviderSubscription = {
  id: string;
  customerId: string;
  organisationId: string | null;
  product: string;
  seats: number;
  status: SubscriptionStatus;
  /** Epoch ms: end of the current period. */
  currentPeriodEnd: number;
};

/** A verified webhook event, reduced to what the service needs: which subscription to re-read. */
export type ProviderEvent = {
  id: string;
  type: string;
  subscriptionId: string | null;
};

export type BillingProvider = {
  readonly mode: BillingMode;
  prices(): BillingPrice[];
  /** The provider's id of an active promo code, null when unknown or expired. */
  resolvePromotion(code: string): Promise<string | null>;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  retrieveCheckout(sessionId: string): Promise<ProviderCheckout | null>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  createPortal(customerId: string, returnUrl: string): Promise<string>;
  /** Verifies the signature (throws on a bad one); null when the provider sends no webhooks. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
};

/** Thrown by verifyWebhook: bad or missing signature, or too old a timestamp (replay). */
export class WebhookSignatureError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WebhookSignatureError';
  }
}
