// The Stripe provider through the official client pointed at a local fake of its API; webhooks
// signed with Stripe's own test helper: tampered, replayed, duplicated and out-of-order deliveries.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import Stripe from 'stripe';
import request from 'supertest';
import { type App, createApp } from '../../app';
import { openMemorySqliteStore } from '../../db/sqlite-store';
import type { Store } from '../../db/types';
import { createMailer } from '../../mail/create-mailer';
import { createClock, testConfig, type TestApp } from '../../test-support/test-app';
import { kit, type Member } from '../../test-support/prospects-test-kit';
import { StripeFake } from '../../test-support/stripe-fake';

const SECRET = 'whsec_testsecret';
const PERIOD_END = Date.UTC(2026, 0, 6) / 1000;
type Key = { _id: string; userId?: string; trial: boolean; renewalAt: number };

describe('billing with Stripe (local fake of its API)', () => {
  const fake = new StripeFake();
  const stripe = new Stripe('sk_test_helper');
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let store: Store;
  let app: App;
  let dir: string;
  let api: Awaited<ReturnType<StripeFake['start']>>;

  beforeAll(async () => {
    api = await fake.start();
    dir = mkdtempSync(path.join(tmpdir(), 'billing-stripe-'));
    const config = testConfig(
      {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: SECRET,
        STRIPE_PRICE_MANAGER_YEARLY: 'price_manager_yearly',
        STRIPE_PRICE_MANAGER_MONTHLY: 'price_manager_monthly',
      },
      dir,
    );
    store = openMemorySqliteStore();
    const logger = pino({ level: 'silent' });
    const clock = createClock();
    app = createApp(config, {
      store,
      mailer: createMailer(config, logger),
      logger,
      now: clock.now,
      stripeApi: api,
    });
    t = { app, config, store, clock, dir } as unknown as TestApp;
    await app.locals.ready;
    k = kit(t);
  });
  afterAll(async () => {
    app.locals.stop();
    await store.close();
    await fake.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const keysOf = async (who: Member) => (await k.post('/api/stripe/getAllKey', k.as(who))).body.keys as Key[];
  const paidKeys = async (who: Member) => (await keysOf(who)).filter((key) => !key.trial);
  let eventCounter = 0;
  function event(type: string, object: Record<string, unknown>, eventId = `evt_${(eventCounter += 1)}`) {
    return JSON.stringify({ id: eventId, object: 'event', type, data: { object } });
  }
  function deliver(payload: string, options: { timestamp?: number; secret?: string; tamper?: boolean } = {}) {
    const header = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? SECRET,
      timestamp: options.timestamp ?? Math.floor(t.clock.now() / 1000),
    });
    return request(app)
      .post('/api/stripe/webhook')
      .set('Stripe-Signature', header)
      .set('Content-Type', 'application/json')
      .send(options.tamper ? payload.replace('"type"', ' "type"') : payload);
  }
  async function subscribe(owner: Member, seats = 3) {
    const res = await k.post('/api/stripe/createOwner', {
      ...k.as(owner),
      product: 'price_manager_yearly',
      code: 'BIENVENUE10',
    });
    expect(res.status).toBe(200);
    const sessionId = (res.body.link as string).split('/').pop() as string;
    const session = fake.sessions.get(sessionId);
    if (session) session.quantity = seats; // chosen on Stripe's page (adjustable quantity)
    const subscription = fake.complete(sessionId, PERIOD_END);
    return { sessionId, subscriptionId: subscription.id };
  }

  it('lists only the configured prices, and creates a subscription-mode Checkout Session with seats and the promotion', async () => {
    const owner = await k.owner();
    const prices = await k.post('/api/stripe/prices', k.as(owner));
    expect(prices.body.mode).toBe('stripe');
    expect(prices.body.prices.map((price: { product: string }) => price.product).sort()).toEqual([
      'price_manager_monthly',
      'price_manager_yearly',
    ]);
    const res = await k.post('/api/stripe/newLicense', {
      ...k.as(owner),
      product: 'price_manager_monthly',
      numberLicence: 4,
      code: 'bienvenue10',
    });
    expect(res.status).toBe(200);
    expect(res.body.link).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const form = fake.created.at(-1) as URLSearchParams;
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('line_items[0][quantity]')).toBe('4');
    expect(form.get('discounts[0][promotion_code]')).toBe('promo_bienvenue10');
    expect(form.get('metadata[organisationId]')).toBe(owner.organisationId);
    expect(form.get('success_url')).toBe(
      'http://app.test/dashboard/paiement/loading?session_id={CHECKOUT_SESSION_ID}',
    );
    const promo = await k.post('/api/stripe/createOwner', {
      ...k.as(owner),
      product: 'price_manager_yearly',
      code: 'INCONNU',
    });
    expect(promo.status).toBe(400);
    expect(promo.body.message).toBe('Code promo invalide ou expiré');
  });

  it('save checks the session with Stripe: unpaid → 409, paid → the seats, once', async () => {
    const owner = await k.owner();
    const res = await k.post('/api/stripe/createOwner', { ...k.as(owner), product: 'price_manager_yearly' });
    const sessionId = (res.body.link as string).split('/').pop() as string;
    expect((await k.post('/api/stripe/save', { ...k.as(owner), session_id: sessionId })).status).toBe(409);
    fake.complete(sessionId, PERIOD_END);
    const saved = await k.post('/api/stripe/save', { ...k.as(owner), session_id: sessionId });
    expect(saved.body).toEqual({ message: 'Paiement accepté', seats: 1 });
    await k.post('/api/stripe/save', { ...k.as(owner), session_id: sessionId });
    expect(await paidKeys(owner)).toHaveLength(1);
    expect((await paidKeys(owner))[0]?.renewalAt).toBe(PERIOD_END * 1000);
    const portal = await k.post('/api/stripe/getPortalLink', {
      ...k.as(owner),
      keyId: (await paidKeys(owner))[0]?._id,
    });
    expect(portal.body.link).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/cus_/);
  });

  it('refuses tampered, wrongly signed, unsigned and replayed (too old) deliveries, applying nothing', async () => {
    const owner = await k.owner();
    const { subscriptionId } = await subscribe(owner, 2);
    const payload = event('customer.subscription.updated', { id: subscriptionId });
    for (const res of [
      await deliver(payload, { tamper: true }),
      await deliver(payload, { secret: 'whsec_autre' }),
      await deliver(payload, { timestamp: Math.floor(t.clock.now() / 1000) - 600 }),
      await request(app).post('/api/stripe/webhook').set('Content-Type', 'application/json').send(payload),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Signature du webhook invalide');
    }
    expect(await paidKeys(owner)).toHaveLength(0);
    // The same payload, properly signed now, is applied.
    expect((await deliver(payload)).status).toBe(200);
    expect(await paidKeys(owner)).toHaveLength(2);
  });

  it('applies checkout completion once however often it is delivered, and save afterwards adds nothing', async () => {
    const owner = await k.owner();
    const { sessionId, subscriptionId } = await subscribe(owner, 3);
    const payload = event('checkout.session.completed', { id: sessionId, subscription: subscriptionId });
    const deliveries = await Promise.all([deliver(payload), deliver(payload), deliver(payload)]);
    expect(deliveries.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(await paidKeys(owner)).toHaveLength(3);
    expect((await k.post('/api/stripe/save', { ...k.as(owner), session_id: sessionId })).body.seats).toBe(3);
    expect(await paidKeys(owner)).toHaveLength(3);
  });

  it('follows seats up then down whatever the order of the events; a drop releases the most recently assigned member first and warns the owner', async () => {
    const owner = await k.owner();
    const { sessionId, subscriptionId } = await subscribe(owner, 3);
    await k.post('/api/stripe/save', { ...k.as(owner), session_id: sessionId });
    // Owner holds a paid seat; two collaborators get the two other paid seats, Paul last.
    const anne = await k.member(owner);
    const paul = await k.member(owner);
    for (const who of [anne, paul]) {
      const held = (await keysOf(owner)).find((key) => key.userId === who.userId)?._id;
      await k.post('/api/stripe/assignKey', { ...k.as(owner), keyId: held, userId: null });
    }
    const free = (await paidKeys(owner)).filter((key) => key.userId === undefined);
    expect(free).toHaveLength(2);
    for (const [who, key] of [
      [anne, free[0]],
      [paul, free[1]],
    ] as const) {
      t.clock.advance(1000);
      const res = await k.post('/api/stripe/assignKey', {
        ...k.as(owner),
        keyId: key?._id,
        userId: who.userId,
      });
      expect(res.status).toBe(200);
    }

    // Stripe now says 5 seats; the newer event arrives before the older one.
    fake.update(subscriptionId, { seats: 5 });
    const newer = event('customer.subscription.updated', { id: subscriptionId });
    const older = event('customer.subscription.updated', { id: subscriptionId });
    expect((await deliver(newer)).status).toBe(200);
    expect((await deliver(older)).status).toBe(200);
    expect(await paidKeys(owner)).toHaveLength(5);

    // Down to 2 while 3 are held: the free ones go, then Paul (assigned last); Anne and the owner stay.
    fake.update(subscriptionId, { seats: 2 });
    expect((await deliver(event('customer.subscription.updated', { id: subscriptionId }))).status).toBe(200);
    const left = await paidKeys(owner);
    expect(left).toHaveLength(2);
    expect(left.map((key) => key.userId).sort()).toEqual([anne.userId, owner.userId].sort());
    const main = await k.post('/api/stripe/getMainSub', k.as(owner));
    expect(main.body).toMatchObject({
      price: 'price_manager_yearly',
      plan: 2,
      period: 'yearly',
      seats: 2,
      status: 'active',
    });
    expect(main.body.warning).toContain('1 licence attribuée a été retirée');
    // Members read the summary without the owner's warning.
    expect((await k.post('/api/stripe/getMainSub', k.as(anne))).body.warning).toBeUndefined();
  });

  it('never writes a stale read of another API instance over a newer one', async () => {
    // A second instance on the same store: its syncs are not queued with the first one's.
    const logger = pino({ level: 'silent' });
    const other = createApp(t.config, {
      store,
      mailer: createMailer(t.config, logger),
      logger,
      now: t.clock.now,
      stripeApi: api,
    });
    await other.locals.ready;
    try {
      const owner = await k.owner();
      const { sessionId, subscriptionId } = await subscribe(owner, 3);
      await k.post('/api/stripe/save', { ...k.as(owner), session_id: sessionId });
      expect(await paidKeys(owner)).toHaveLength(3);

      // This instance reads 3 seats, slowly; meanwhile Stripe moves to 5 and tells the other one.
      const hold = fake.holdNextRetrieval();
      // (then: a supertest request is only sent once something waits for it)
      const slow = deliver(event('customer.subscription.updated', { id: subscriptionId })).then((res) => res);
      await hold.arrived;
      fake.update(subscriptionId, { seats: 5 });
      const payload = event('customer.subscription.updated', { id: subscriptionId });
      const fast = request(other)
        .post('/api/stripe/webhook')
        .set(
          'Stripe-Signature',
          stripe.webhooks.generateTestHeaderString({
            payload,
            secret: SECRET,
            timestamp: Math.floor(t.clock.now() / 1000),
          }),
        )
        .set('Content-Type', 'application/json')
        .send(payload)
        .then((res) => res);
      // Give the other instance time to read Stripe and write, were it not waiting for the lease.
      await new Promise((resolve) => setTimeout(resolve, 300));
      hold.release();
      expect((await slow).status).toBe(200);
      expect((await fast).status).toBe(200);
      expect(await paidKeys(owner)).toHaveLength(5);
      expect((await k.post('/api/stripe/getMainSub', k.as(owner))).body).toMatchObject({ seats: 5 });
    } finally {
      other.locals.stop();
    }
  });

  it('payment failed: renewal stops moving and the owner is warned; cancelled: keys end now', async () => {
    const owner = await k.owner();
    const { sessionId, subscriptionId } = await subscribe(owner, 1);
    await k.post('/api/stripe/save', { ...k.as(owner), session_id: sessionId });
    fake.update(subscriptionId, { status: 'past_due', periodEnd: PERIOD_END + 365 * 86400 });
    const failed = event('invoice.payment_failed', {
      id: 'in_1',
      parent: { subscription_details: { subscription: subscriptionId } },
    });
    expect((await deliver(failed)).status).toBe(200);
    expect((await paidKeys(owner))[0]?.renewalAt).toBe(PERIOD_END * 1000);
    const main = await k.post('/api/stripe/getMainSub', k.as(owner));
    expect(main.body.status).toBe('past_due');
    expect(main.body.warning).toContain('Le dernier paiement de votre abonnement a échoué');

    fake.update(subscriptionId, { status: 'canceled' });
    expect((await deliver(event('customer.subscription.deleted', { id: subscriptionId }))).status).toBe(200);
    expect((await paidKeys(owner))[0]?.renewalAt).toBe(t.clock.now());
    expect((await k.post('/api/stripe/getMainSub', k.as(owner))).body.status).toBe('canceled');
  });

  it('ignores events of unknown subscriptions and of types it does not handle, acknowledging them', async () => {
    expect((await deliver(event('customer.subscription.updated', { id: 'sub_inconnu' }))).status).toBe(200);
    expect((await deliver(event('charge.refunded', { id: 'ch_1' }))).status).toBe(200);
  });
});
