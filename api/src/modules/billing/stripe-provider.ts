// The one wrapper around the official `stripe` package (CONVENTIONS: "Stripe behind one wrapper
// service"): Checkout Sessions in subscription mode with a seat quantity, promotion codes, the
// customer Billing Portal, subscriptions, and webhook signatures checked by Stripe's own helper.
import { type BillingPrice, type PlanCode, PLANS, planPrice } from '@app/domain';
import type Stripe from 'stripe';
import type { StripePriceKey } from './config';
import type {
  BillingProvider,
  CheckoutRequest,
  ProviderCheckout,
  ProviderEvent,
  ProviderSubscription,
  SubscriptionStatus,
} from './provider';
import { WebhookSignatureError } from './provider';
import { MAX_SEATS_PER_PURCHASE } from './service';

/**
 * The package, loaded with the first Stripe provider: an API without Stripe keys does not pay for it
 * at each start (a tenth of the API's module loading; every-core.md, "Start-up").
 */
function loadStripe(): typeof Stripe {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = require('stripe') as typeof Stripe & { default?: typeof Stripe };
  return loaded.default ?? loaded;
}

/** Where the client sends its requests; tests give a local fake (`host`/`port`/`protocol`). */
export type StripeApiAddress = { host: string; port: number; protocol: 'http' | 'https' };

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string | undefined;
  prices: Partial<Record<StripePriceKey, string>>;
  now: () => number;
  api?: StripeApiAddress;
};

const STATUS: Record<string, SubscriptionStatus> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  incomplete: 'past_due',
  paused: 'past_due',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const isMissing = (error: unknown) => (error as { statusCode?: number } | null)?.statusCode === 404;

export class StripeBillingProvider implements BillingProvider {
  readonly mode = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    this.stripe = new (loadStripe())(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(options.api ?? {}),
    });
  }

  prices(): BillingPrice[] {
    const prices: BillingPrice[] = [];
    for (const plan of PLANS) {
      for (const period of ['monthly', 'yearly'] as const) {
        const key = `${plan.key.toUpperCase()}_${period.toUpperCase()}` as StripePriceKey;
        const product = this.options.prices[key];
        if (product === undefined) continue;
        const unit = planPrice(plan.code as PlanCode, period);
        prices.push({
          plan: plan.code,
          period,
          product,
          unitAmountCents: unit,
          billedAmountCents: period === 'yearly' ? 12 * unit : unit,
          currency: 'eur',
        });
      }
    }
    return prices;
  }

  async resolvePromotion(code: string): Promise<string | null> {
    const found = await this.stripe.promotionCodes.list({ code, active: true, limit: 1 });
    return found.data[0]?.id ?? null;
  }

  async createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [
        {
          price: request.product,
          quantity: request.seats,
          ...(request.adjustable
            ? { adjustable_quantity: { enabled: true, minimum: 1, maximum: MAX_SEATS_PER_PURCHASE } }
            : {}),
        },
      ],
      ...(request.promotion ? { discounts: [{ promotion_code: request.promotion }] } : {}),
      ...(request.customerId ? { customer: request.customerId } : {}),
      client_reference_id: request.organisationId,
      metadata: { organisationId: request.organisationId },
      subscription_data: { metadata: { organisationId: request.organisationId } },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      locale: 'fr',
    });
    if (!session.url) throw new Error('Stripe n’a pas renvoyé d’URL de paiement');
    return { id: session.id, url: session.url };
  }

  async retrieveCheckout(sessionId: string): Promise<ProviderCheckout | null> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return {
      id: session.id,
      organisationId: session.metadata?.organisationId ?? session.client_reference_id ?? null,
      complete:
        session.status === 'complete' &&
        (session.payment_status === 'paid' || session.payment_status === 'no_payment_required'),
      subscriptionId: idOf(session.subscription),
    };
  }

  async retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    let subscription: Stripe.Subscription;
    try {
      subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const item = subscription.items.data[0];
    if (!item) return null;
    return {
      id: subscription.id,
      customerId: idOf(subscription.customer) ?? '',
      organisationId: subscription.metadata?.organisationId ?? null,
      product: item.price.id,
      seats: item.quantity ?? 0,
      status: STATUS[subscription.status] ?? 'past_due',
      currentPeriodEnd: item.current_period_end * 1000,
    };
  }

  async createPortal(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
      locale: 'fr',
    });
    return session.url;
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    const secret = this.options.webhookSecret;
    if (secret === undefined) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET n’est pas défini');
    let event: Stripe.Event;
    try {
      // The tolerance (5 min) refuses a replayed old delivery; receivedAt is our clock.
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        secret,
        undefined,
        undefined,
        this.options.now(),
      );
    } catch (error) {
      throw new WebhookSignatureError('Signature Stripe invalide', { cause: error });
    }
    return { id: event.id, type: event.type, subscriptionId: subscriptionOf(event) };
  }
}

/** The subscription an event is about, whatever the object it carries. */
function subscriptionOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith('customer.subscription.'))
    return typeof object.id === 'string' ? object.id : null;
  if (event.type === 'checkout.session.completed')
    return idOf(object.subscription as string | { id: string } | null);
  if (event.type.startsWith('invoice.')) {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    const fromParent = parent?.subscription_details?.subscription;
    return idOf((fromParent ?? object.subscription ?? null) as string | { id: string } | null);
  }
  return null;
}
