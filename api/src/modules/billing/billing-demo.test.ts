// The demonstration provider end to end, as an owner after `npm start`: prices, checkout link, the
// checkout page (no script), the card form, save (once per session), getMainSub, the portal.
import request from 'supertest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { kit, type Member } from '../../test-support/prospects-test-kit';

type Key = { _id: string; userId?: string; plan: number; period: string; renewalAt: number; trial: boolean };

describe('billing with the demonstration provider', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  const keysOf = async (who: Member) => (await k.post('/api/stripe/getAllKey', k.as(who))).body.keys as Key[];
  const pathOf = (link: string) => new URL(link).pathname;
  /** Buys through the demo checkout; returns the session id from the return URL. */
  async function buy(
    owner: Member,
    call: string,
    body: Record<string, unknown>,
    card = '4242 4242 4242 4242',
  ) {
    const res = await k.post(call, { ...k.as(owner), ...body });
    expect(res.status).toBe(200);
    const checkout = pathOf(res.body.link as string);
    const paid = await request(t.app)
      .post(checkout)
      .type('form')
      .send({
        number: card,
        expiry: '12/34',
        cvc: '123',
        ...(body.seats ? { seats: String(body.seats) } : {}),
      });
    expect(paid.status).toBe(303);
    return { location: paid.headers.location as string, checkout };
  }

  it('lists the six demo prices, in euro cents, to any member', async () => {
    const owner = await k.owner();
    const member = await k.member(owner);
    const res = await k.post('/api/stripe/prices', k.as(member));
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe('demo');
    expect(res.body.prices).toHaveLength(6);
    expect(res.body.prices).toContainEqual({
      plan: 2,
      period: 'yearly',
      product: 'demo_2_yearly',
      unitAmountCents: 1990,
      billedAmountCents: 23880,
      currency: 'eur',
    });
  });

  it('sells Manager yearly with BIENVENUE10: labelled page without script, paid keys once, owner moved onto a paid seat', async () => {
    const owner = await k.owner();
    const res = await k.post('/api/stripe/createOwner', {
      ...k.as(owner),
      product: 'demo_2_yearly',
      code: 'bienvenue10',
    });
    expect(res.status).toBe(200);
    expect(res.body.link).toMatch(/^http:\/\/app\.test\/api\/stripe\/demo\/checkout\/demo_cs_[0-9a-f]{48}$/);

    const page = await request(t.app).get(pathOf(res.body.link));
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('Mode démonstration : aucun paiement réel');
    expect(page.text).toContain('Manager');
    expect(page.text).toContain('19,90 € HT / mois');
    expect(page.text).toContain('BIENVENUE10 (−10 %)');
    expect(page.text).toContain('214,92 €'); // 238,80 € − 10 % HT
    expect(page.text).not.toMatch(/<script/i);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const paid = await request(t.app)
      .post(pathOf(res.body.link))
      .type('form')
      .send({ seats: '3', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.location as string);
    expect(back.origin + back.pathname).toBe('http://app.test/dashboard/paiement/loading');
    const sessionId = back.searchParams.get('session_id') as string;

    const before = (await keysOf(owner)).filter((key) => !key.trial);
    expect(before).toEqual([]);
    const saved = await k.post('/api/stripe/save', { ...k.as(owner), session_id: sessionId });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: 'Paiement accepté', seats: 3 });
    // Saving again (a reload of the loading page) makes nothing more.
    expect((await k.post('/api/stripe/save', { ...k.as(owner), session_id: sessionId })).body.seats).toBe(3);

    const keys = await keysOf(owner);
    const paidKeys = keys.filter((key) => !key.trial);
    expect(paidKeys).toHaveLength(3);
    expect(paidKeys.every((key) => key.plan === 2 && key.period === 'yearly')).toBe(true);
    expect(paidKeys[0]?.renewalAt).toBe(Date.UTC(2026, 0, 6, 9, 0, 0));
    // The owner now holds a paid seat; their trial key is free for a collaborator.
    expect(paidKeys.filter((key) => key.userId === owner.userId)).toHaveLength(1);
    expect(keys.filter((key) => key.trial && key.userId === owner.userId)).toHaveLength(0);

    const main = await k.post('/api/stripe/getMainSub', k.as(owner));
    expect(main.body).toEqual({
      price: 'demo_2_yearly',
      plan: 2,
      period: 'yearly',
      seats: 3,
      status: 'active',
      renewalAt: Date.UTC(2026, 0, 6, 9, 0, 0),
    });

    // The page of a paid session is gone; a second submit lands on the success page again.
    expect((await request(t.app).get(pathOf(res.body.link))).status).toBe(404);
  });

  it('adds licences with newLicense: the count is the one asked, and getMainSub adds them up', async () => {
    const owner = await k.owner();
    const first = await buy(owner, '/api/stripe/createOwner', { product: 'demo_1_monthly' });
    const firstId = new URL(first.location).searchParams.get('session_id');
    expect((await k.post('/api/stripe/save', { ...k.as(owner), session_id: firstId })).body.seats).toBe(1);
    const more = await buy(owner, '/api/stripe/newLicense', { product: 'demo_1_monthly', numberLicence: 2 });
    const moreId = new URL(more.location).searchParams.get('session_id');
    expect((await k.post('/api/stripe/save', { ...k.as(owner), session_id: moreId })).body.seats).toBe(2);
    expect((await keysOf(owner)).filter((key) => !key.trial)).toHaveLength(3);
    const main = await k.post('/api/stripe/getMainSub', k.as(owner));
    expect(main.body).toMatchObject({ price: 'demo_1_monthly', seats: 3, period: 'monthly' });
  });

  it('refuses 4000 0000 0000 0002 ("Carte refusée" → cancel page), and saving that session makes no key', async () => {
    const owner = await k.owner();
    const res = await k.post('/api/stripe/createOwner', { ...k.as(owner), product: 'demo_4_monthly' });
    const checkout = pathOf(res.body.link);
    const refused = await request(t.app)
      .post(checkout)
      .type('form')
      .send({ number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' });
    expect(refused.status).toBe(303);
    expect(refused.headers.location).toBe('http://app.test/dashboard/paiement/cancel');
    const sessionId = checkout.split('/').pop();
    const saved = await k.post('/api/stripe/save', { ...k.as(owner), session_id: sessionId });
    expect(saved.status).toBe(409);
    expect(saved.body.message).toBe('Paiement non confirmé par le prestataire');
    expect((await keysOf(owner)).filter((key) => !key.trial)).toHaveLength(0);
    const trialEnd = (await keysOf(owner))[0]?.renewalAt;
    expect((await k.post('/api/stripe/getMainSub', k.as(owner))).body).toEqual({
      price: null,
      trialEndsAt: trialEnd,
    });
  });

  it('getMainSub tells any member when the trial ends while nothing is bought, and nothing of it once paid', async () => {
    const owner = await k.owner();
    const member = await k.member(owner);
    const trialKey = (await keysOf(owner)).find((key) => key.trial);
    expect(trialKey?.renewalAt).toBeGreaterThan(t.clock.now());
    for (const who of [owner, member]) {
      expect((await k.post('/api/stripe/getMainSub', k.as(who))).body).toEqual({
        price: null,
        trialEndsAt: trialKey?.renewalAt,
      });
    }
    const paid = await buy(owner, '/api/stripe/createOwner', { product: 'demo_1_monthly' });
    const sessionId = new URL(paid.location).searchParams.get('session_id');
    expect((await k.post('/api/stripe/save', { ...k.as(owner), session_id: sessionId })).status).toBe(200);
    expect((await k.post('/api/stripe/getMainSub', k.as(owner))).body).not.toHaveProperty('trialEndsAt');
  });

  it('re-renders the form with a French message for a number failing Luhn or an expired card', async () => {
    const owner = await k.owner();
    const res = await k.post('/api/stripe/createOwner', { ...k.as(owner), product: 'demo_4_monthly' });
    const checkout = pathOf(res.body.link);
    const bad = await request(t.app)
      .post(checkout)
      .type('form')
      .send({ number: '4242 4242 4242 4241', expiry: '12/34', cvc: '123' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Numéro de carte invalide');
    const old = await request(t.app)
      .post(checkout)
      .type('form')
      .send({ number: '4242424242424242', expiry: '01/24', cvc: '123' });
    expect(old.status).toBe(400);
    expect(old.text).toContain('Carte expirée');
  });

  it('lets only the owner buy, save or open the portal', async () => {
    const owner = await k.owner();
    const member = await k.member(owner, 'Administrateur adjoint', String(2 ** 23 - 1));
    for (const [path, body] of [
      ['/api/stripe/createOwner', { product: 'demo_2_monthly' }],
      ['/api/stripe/newLicense', { product: 'demo_2_monthly', numberLicence: 1 }],
      ['/api/stripe/save', { session_id: 'demo_cs_0123456789' }],
      ['/api/stripe/getPortalLink', { keyId: '0123456789abcdef01234567' }],
    ] as const) {
      const res = await k.post(path, { ...k.as(member), ...body });
      expect(res.status).toBe(403);
    }
    expect((await k.post('/api/stripe/getMainSub', k.as(member))).status).toBe(200);
  });

  it('answers bad input with French 400s: unknown product, unknown promo, fewer than one licence', async () => {
    const owner = await k.owner();
    const unknown = await k.post('/api/stripe/createOwner', { ...k.as(owner), product: 'price_inexistant' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Offre inconnue');
    const promo = await k.post('/api/stripe/createOwner', {
      ...k.as(owner),
      product: 'demo_2_monthly',
      code: 'FAUX',
    });
    expect(promo.status).toBe(400);
    expect(promo.body.message).toBe('Code promo invalide ou expiré');
    const zero = await k.post('/api/stripe/newLicense', {
      ...k.as(owner),
      product: 'demo_2_monthly',
      numberLicence: 0,
    });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe("Vous ne pouvez pas avoir moins d'une licence");
    const noProduct = await k.post('/api/stripe/createOwner', { ...k.as(owner) });
    expect(noProduct.status).toBe(400);
    expect(noProduct.body.message).toBe('Veuillez choisir une offre');
    const badSession = await k.post('/api/stripe/save', { ...k.as(owner), session_id: { $gt: '' } });
    expect(badSession.status).toBe(400);
    const badKey = await k.post('/api/stripe/getPortalLink', { ...k.as(owner), keyId: 'x' });
    expect(badKey.body.message).toBe('Identifiant invalide');
  });

  it("answers another organisation's session and licence like unknown ones", async () => {
    const alpha = await k.owner('Société Alpha');
    const beta = await k.owner('Société Beta');
    const { location } = await buy(alpha, '/api/stripe/createOwner', { product: 'demo_2_monthly' });
    const sessionId = new URL(location).searchParams.get('session_id');
    const stolen = await k.post('/api/stripe/save', { ...k.as(beta), session_id: sessionId });
    expect(stolen.status).toBe(404);
    expect(stolen.body.message).toBe('Session de paiement introuvable');
    const unknown = await k.post('/api/stripe/save', { ...k.as(beta), session_id: 'demo_cs_inconnue0000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Session de paiement introuvable');
    expect((await k.post('/api/stripe/save', { ...k.as(alpha), session_id: sessionId })).status).toBe(200);
    // Still another organisation's once saved.
    expect((await k.post('/api/stripe/save', { ...k.as(beta), session_id: sessionId })).status).toBe(404);

    const alphaKey = (await keysOf(alpha))[0]?._id;
    const portal = await k.post('/api/stripe/getPortalLink', { ...k.as(beta), keyId: alphaKey });
    expect(portal.status).toBe(404);
    expect(portal.body.message).toBe('Licence introuvable');
  });

  it('opens the demo portal for a paid key, and says there is no subscription for a trial-only organisation', async () => {
    const owner = await k.owner();
    const trialKey = (await keysOf(owner))[0]?._id;
    const none = await k.post('/api/stripe/getPortalLink', { ...k.as(owner), keyId: trialKey });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('Aucun abonnement payant : choisissez d’abord une offre');

    const { location } = await buy(owner, '/api/stripe/createOwner', { product: 'demo_4_yearly' });
    await k.post('/api/stripe/save', {
      ...k.as(owner),
      session_id: new URL(location).searchParams.get('session_id'),
    });
    const paidKey = (await keysOf(owner)).find((key) => !key.trial)?._id;
    const res = await k.post('/api/stripe/getPortalLink', { ...k.as(owner), keyId: paidKey });
    expect(res.status).toBe(200);
    const portal = await request(t.app).get(pathOf(res.body.link));
    expect(portal.status).toBe(200);
    expect(portal.text).toContain('Mode démonstration : aucun paiement réel');
    expect(portal.text).toContain('Enterprise – A l&#39;année : 1 licence(s)');
    expect(portal.text).not.toMatch(/<script/i);
  });

  it('refuses webhooks in demo mode (nothing to verify them with)', async () => {
    const res = await request(t.app)
      .post('/api/stripe/webhook')
      .set('Stripe-Signature', 't=1,v1=x')
      .send('{}');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Signature du webhook invalide');
  });
});
