// Test support: a small local fake of the few Stripe endpoints the wrapper uses (Checkout Sessions
// create/retrieve, subscriptions retrieve, billing portal sessions, promotion codes list), on
// 127.0.0.1. Tests play Stripe's part: complete a session, change a subscription.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Session = {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  subscription: string | null;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  url: string;
  price: string;
  quantity: number;
  customer: string | null;
};
type Subscription = {
  id: string;
  object: 'subscription';
  status: string;
  customer: string;
  metadata: Record<string, string>;
  items: { data: { price: { id: string }; quantity: number; current_period_end: number }[] };
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

async function bodyOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export class StripeFake {
  readonly sessions = new Map<string, Session>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly promotions = new Map<string, string>([['BIENVENUE10', 'promo_bienvenue10']]);
  readonly created: URLSearchParams[] = [];
  private server: Server | null = null;
  private held: { arrived: () => void; released: Promise<void> } | null = null;

  async start(): Promise<{ host: string; port: number; protocol: 'http' }> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(([status, body]) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return { host: '127.0.0.1', port: (this.server.address() as AddressInfo).port, protocol: 'http' };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Stripe's side of a successful payment: the subscription exists, the session is complete. */
  complete(sessionId: string, periodEnd: number): Subscription {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const subscription: Subscription = {
      id: id('sub'),
      object: 'subscription',
      status: 'active',
      customer: session.customer ?? id('cus'),
      metadata: { ...session.metadata },
      items: {
        data: [{ price: { id: session.price }, quantity: session.quantity, current_period_end: periodEnd }],
      },
    };
    this.subscriptions.set(subscription.id, subscription);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
    return subscription;
  }

  /**
   * Holds the next read of a subscription: it answers the state the subscription had when the read
   * arrived, once released (a slow network between one API instance and Stripe).
   */
  holdNextRetrieval(): { arrived: Promise<void>; release: () => void } {
    let arrived = () => {};
    let release = () => {};
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.held = { arrived, released };
    return { arrived: arrival, release };
  }

  update(subscriptionId: string, change: { seats?: number; status?: string; periodEnd?: number }): void {
    const subscription = this.subscriptions.get(subscriptionId);
    const item = subscription?.items.data[0];
    if (!subscription || !item) throw new Error(`no subscription ${subscriptionId}`);
    if (change.seats !== undefined) item.quantity = change.seats;
    if (change.periodEnd !== undefined) item.current_period_end = change.periodEnd;
    if (change.status !== undefined) subscription.status = change.status;
  }

  private async handle(req: IncomingMessage): Promise<[number, unknown]> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const missing: [number, unknown] = [
      404,
      { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' } },
    ];
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const form = await bodyOf(req);
      this.created.push(form);
      const sessionId = id('cs_test');
      const session: Session = {
        id: sessionId,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        metadata: { organisationId: form.get('metadata[organisationId]') ?? '' },
        client_reference_id: form.get('client_reference_id'),
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        price: form.get('line_items[0][price]') ?? '',
        quantity: Number(form.get('line_items[0][quantity]') ?? '1'),
        customer: form.get('customer'),
      };
      this.sessions.set(sessionId, session);
      return [200, session];
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && sessionMatch) {
      const session = this.sessions.get(sessionMatch[1] ?? '');
      return session ? [200, session] : missing;
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && subscriptionMatch) {
      const subscription = this.subscriptions.get(subscriptionMatch[1] ?? '');
      if (!subscription) return missing;
      const read = structuredClone(subscription);
      const hold = this.held;
      if (hold) {
        this.held = null;
        hold.arrived();
        await hold.released;
      }
      return [200, read];
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const form = await bodyOf(req);
      return [
        200,
        {
          id: id('bps'),
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/p/session/${form.get('customer')}`,
        },
      ];
    }
    if (req.method === 'GET' && url.pathname === '/v1/promotion_codes') {
      const promo = this.promotions.get(url.searchParams.get('code') ?? '');
      return [
        200,
        {
          object: 'list',
          has_more: false,
          url: '/v1/promotion_codes',
          data: promo ? [{ id: promo, object: 'promotion_code' }] : [],
        },
      ];
    }
    return missing;
  }
}
