// The demonstration provider: what `npm start` users pay with. It keeps its own checkout sessions
// and subscriptions in the store, serves a clearly labelled checkout page (demo-pages.ts) and
// charges nothing. Same flow as Stripe: checkout link, return URL with session_id, save.
import { randomBytes } from 'node:crypto';
import { type BillingPrice, type DemoCardData, demoProductId, planBillings, planPrice } from '@app/domain';
import type { Collection, Store } from '../../db/types';
import type { BillingProvider, CheckoutRequest, ProviderCheckout, ProviderSubscription } from './provider';
import { WebhookSignatureError } from './provider';

/** Demo promo codes (billing.md): code → percent off every invoice. */
export const DEMO_PROMOTIONS: Readonly<Record<string, number>> = { BIENVENUE10: 10 };
/** The card number the demo checkout refuses, as Stripe's test card "generic decline". */
export const DEMO_DECLINED_CARD = '4000000000000002';
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
const PORTAL_TTL_MS = 60 * 60 * 1000;

export type DemoCheckoutDoc = {
  _id: string;
  sessionId: string;
  organisationId: string;
  product: string;
  seats: number;
  adjustable: boolean;
  percentOff: number;
  promoCode?: string;
  customerId: string;
  status: 'open' | 'complete' | 'refused';
  subscriptionId?: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: number;
};

type DemoSubscriptionDoc = ProviderSubscription & { _id: string; subscriptionId: string };
type DemoPortalDoc = {
  _id: string;
  portalId: string;
  customerId: string;
  returnUrl: string;
  expiresAt: number;
};

const randomId = (prefix: string) => `${prefix}${randomBytes(24).toString('hex')}`;

export function addPeriod(from: number, period: 'monthly' | 'yearly'): number {
  const date = new Date(from);
  if (period === 'monthly') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.getTime();
}

export type DemoPayment =
  | { kind: 'redirect'; location: string }
  | { kind: 'invalid'; message: string; session: DemoCheckoutDoc }
  | { kind: 'missing' };

export class DemoBillingProvider implements BillingProvider {
  readonly mode = 'demo' as const;
  private readonly checkouts: Collection<DemoCheckoutDoc>;
  private readonly subscriptions: Collection<DemoSubscriptionDoc>;
  private readonly portals: Collection<DemoPortalDoc>;

  constructor(
    store: Store,
    private readonly publicUrl: string,
    private readonly now: () => number,
  ) {
    this.checkouts = store.collection<DemoCheckoutDoc>('billingDemoCheckouts');
    this.subscriptions = store.collection<DemoSubscriptionDoc>('billingDemoSubscriptions');
    this.portals = store.collection<DemoPortalDoc>('billingDemoPortals');
  }

  async ensureIndexes(): Promise<void> {
    await this.checkouts.createIndex({ sessionId: 1 }, { unique: true });
    await this.subscriptions.createIndex({ subscriptionId: 1 }, { unique: true });
    await this.portals.createIndex({ portalId: 1 }, { unique: true });
  }

  prices(): BillingPrice[] {
    return planBillings().map(({ plan, period }) => ({
      plan,
      period,
      product: demoProductId(plan, period),
      unitAmountCents: planPrice(plan, period),
      billedAmountCents: period === 'yearly' ? 12 * planPrice(plan, period) : planPrice(plan, period),
      currency: 'eur' as const,
    }));
  }

  async resolvePromotion(code: string): Promise<string | null> {
    return Object.hasOwn(DEMO_PROMOTIONS, code) ? `demo_promo_${code}` : null;
  }

  async createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    const sessionId = randomId('demo_cs_');
    const promoCode = request.promotion?.replace(/^demo_promo_/, '');
    await this.checkouts.insertOne({
      sessionId,
      organisationId: request.organisationId,
      product: request.product,
      seats: request.seats,
      adjustable: request.adjustable,
      percentOff: promoCode === undefined ? 0 : (DEMO_PROMOTIONS[promoCode] ?? 0),
      ...(promoCode === undefined ? {} : { promoCode }),
      customerId: request.customerId ?? `demo_cus_${request.organisationId}`,
      status: 'open',
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      expiresAt: this.now() + SESSION_TTL_MS,
    });
    return { id: sessionId, url: `${this.publicUrl}/api/stripe/demo/checkout/${sessionId}` };
  }

  async retrieveCheckout(sessionId: string): Promise<ProviderCheckout | null> {
    const session = await this.checkouts.findOne({ sessionId });
    if (!session) return null;
    return {
      id: sessionId,
      organisationId: session.organisationId,
      complete: session.status === 'complete',
      subscriptionId: session.subscriptionId ?? null,
    };
  }

  async retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    const doc = await this.subscriptions.findOne({ subscriptionId });
    if (!doc) return null;
    const { _id: _ignored, subscriptionId: _same, ...subscription } = doc;
    return subscription;
  }

  async createPortal(customerId: string, returnUrl: string): Promise<string> {
    const portalId = randomId('demo_bps_');
    await this.portals.insertOne({ portalId, customerId, returnUrl, expiresAt: this.now() + PORTAL_TTL_MS });
    return `${this.publicUrl}/api/stripe/demo/portal/${portalId}`;
  }

  verifyWebhook(): never {
    throw new WebhookSignatureError('Le fournisseur de démonstration n’envoie pas de webhooks');
  }

  /** An open, unexpired session for the checkout page; null otherwise. */
  async openSession(sessionId: string): Promise<DemoCheckoutDoc | null> {
    const session = await this.checkouts.findOne({ sessionId });
    return session && session.status === 'open' && session.expiresAt > this.now() ? session : null;
  }

  priceOf(product: string): BillingPrice | undefined {
    return this.prices().find((price) => price.product === product);
  }

  /** The card form: refused card → cancel URL; accepted → a subscription and the success URL. */
  async pay(sessionId: string, card: DemoCardData, seats: number): Promise<DemoPayment> {
    const session = await this.openSession(sessionId);
    if (!session) {
      const done = await this.checkouts.findOne({ sessionId });
      // A second click after success lands where the first one did.
      if (done?.status === 'complete')
        return { kind: 'redirect', location: done.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId) };
      return { kind: 'missing' };
    }
    const today = new Date(this.now());
    const expired =
      card.expiry.year < today.getUTCFullYear() ||
      (card.expiry.year === today.getUTCFullYear() && card.expiry.month < today.getUTCMonth() + 1);
    if (expired) return { kind: 'invalid', message: 'Carte expirée', session };
    if (card.number === DEMO_DECLINED_CARD) {
      await this.checkouts.updateOne({ sessionId, status: 'open' }, { $set: { status: 'refused' } });
      return { kind: 'redirect', location: session.cancelUrl };
    }
    const price = this.priceOf(session.product);
    if (!price) return { kind: 'missing' };
    const subscriptionId = randomId('demo_sub_');
    const count = session.adjustable ? seats : session.seats;
    const { matchedCount } = await this.checkouts.updateOne(
      { sessionId, status: 'open' },
      { $set: { status: 'complete', subscriptionId, seats: count } },
    );
    if (matchedCount === 1) {
      await this.subscriptions.insertOne({
        subscriptionId,
        id: subscriptionId,
        customerId: session.customerId,
        organisationId: session.organisationId,
        product: session.product,
        seats: count,
        status: 'active',
        currentPeriodEnd: addPeriod(this.now(), price.period),
      });
    }
    return { kind: 'redirect', location: session.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId) };
  }

  /** The demo portal page's content: the customer's subscriptions. */
  async portal(
    portalId: string,
  ): Promise<{ returnUrl: string; subscriptions: ProviderSubscription[] } | null> {
    const portal = await this.portals.findOne({ portalId });
    if (!portal || portal.expiresAt <= this.now()) return null;
    const docs = await this.subscriptions.find({ customerId: portal.customerId });
    return {
      returnUrl: portal.returnUrl,
      subscriptions: docs.map(({ _id: _ignored, subscriptionId: _same, ...subscription }) => subscription),
    };
  }
}
