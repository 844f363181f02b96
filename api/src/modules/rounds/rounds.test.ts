// /api/round/*: a member's saved rounds, per organisation and per user, with stops that must be the
// member's own opportunities in that organisation (docs/decisions/rounds.md).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_ROUND_STOPS, PERMISSION } from '@app/domain';
import { newId } from '../../db/ids';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';

const SELLER_BITS = String(PERMISSION.CREATE_PROSPECT | PERMISSION.VIEW_PROSPECTS | PERMISSION.CREATE_ROUND);

const START = { label: '1 rue de Rivoli 75001 Paris', lat: 48.8606, lng: 2.3369 };
const stopOf = (opportunityId: string, i: number) => ({
  opportunityId,
  name: `Société ${i}`,
  address: `${i} rue de Rivoli 75001 Paris`,
  lat: 48.85 + i / 100,
  lng: 2.35 + i / 100,
});

describe('/api/round/*', () => {
  let server: Server;
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let alphaOwner: Member;
  let seller: Member;
  let noRounds: Member;
  let betaOwner: Member;
  const sellerOpportunities: string[] = [];
  let ownerOpportunity: string;
  let betaOpportunity: string;

  beforeAll(async () => {
    // A recorded answer of the national address service for the start address.
    server = createServer((req, res) => {
      const q = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('q') ?? '';
      const features = q.includes('Nulle Part')
        ? []
        : [
            {
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [2.336943, 48.860611] },
              properties: {},
            },
          ];
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ type: 'FeatureCollection', features }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = createTestApp({ env: { GEOCODER_URL: `http://127.0.0.1:${port}` } });
    await t.app.locals.ready;
    k = kit(t);
    alphaOwner = await k.owner('Société Alpha');
    seller = await k.member(alphaOwner, 'Vendeur tournées', SELLER_BITS);
    noRounds = await k.member(
      alphaOwner,
      'Sans tournées',
      String(PERMISSION.CREATE_PROSPECT | PERMISSION.VIEW_PROSPECTS),
    );
    betaOwner = await k.owner('Société Beta');
    await k.loadOk(
      alphaOwner,
      [1, 2, 3, 4].map((i) => rowOf(i)),
    );
    for (let i = 0; i < 3; i += 1) {
      const res = await k.post('/api/opportunity/takeNext', k.as(seller));
      sellerOpportunities.push(res.body.opportunityId as string);
    }
    ownerOpportunity = (await k.post('/api/opportunity/takeNext', k.as(alphaOwner))).body.opportunityId;
    await k.loadOk(betaOwner, [rowOf(9)]);
    betaOpportunity = (await k.post('/api/opportunity/takeNext', k.as(betaOwner))).body.opportunityId;
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const round = (who: Member, path: string, body: Record<string, unknown> = {}) =>
    k.post(`/api/round/${path}`, { ...k.as(who), ...body });

  const stored = () => t.store.collection<{ _id: string }>('rounds').countDocuments();

  async function created(who: Member, ids: string[], name = 'Tournée du lundi'): Promise<string> {
    const res = await round(who, 'create', { name, start: START, stops: ids.map(stopOf) });
    if (res.status !== 200) throw new Error(`create ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.round._id as string;
  }

  it('keeps a stop’s phone and e-mail when given, so the round calls from its stops', async () => {
    const [first, second] = sellerOpportunities as [string, string];
    const withContact = { ...stopOf(first, 0), phone: ' 04 72 00 00 00 ', email: 'contact@dupont.fr' };
    const res = await round(seller, 'create', {
      name: 'Tournée avec téléphones',
      start: START,
      stops: [withContact, stopOf(second, 1)],
    });
    expect(res.status).toBe(200);
    const got = await round(seller, 'get', { roundId: res.body.round._id });
    expect(got.body.round.stops).toEqual([
      { ...stopOf(first, 0), phone: '04 72 00 00 00', email: 'contact@dupont.fr' },
      stopOf(second, 1),
    ]);
  });

  it('saves a round, lists it for its author and gives it back with its stops in order', async () => {
    const ids = [sellerOpportunities[2], sellerOpportunities[0], sellerOpportunities[1]] as string[];
    const res = await round(seller, 'create', {
      name: '  Tournée du lundi ',
      start: START,
      stops: ids.map(stopOf),
    });
    expect(res.status).toBe(200);
    expect(res.body.round).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Tournée du lundi',
      start: START,
      stops: ids.map(stopOf),
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    const list = await round(seller, 'list');
    expect(list.body.rounds).toContainEqual({
      _id: res.body.round._id,
      name: 'Tournée du lundi',
      stopCount: 3,
      updatedAt: t.clock.now(),
    });
    const got = await round(seller, 'get', { roundId: res.body.round._id });
    expect(got.body.round.stops.map((stop: { opportunityId: string }) => stop.opportunityId)).toEqual(ids);
  });

  it('when the stops are reordered and saved again, it gives back the new order and the new date', async () => {
    const roundId = await created(seller, sellerOpportunities);
    t.clock.advance(60_000);
    const reordered = [...sellerOpportunities].reverse();
    const res = await round(seller, 'update', {
      roundId,
      name: 'Tournée du mardi',
      start: START,
      stops: reordered.map(stopOf),
    });
    expect(res.status).toBe(200);
    expect(res.body.round.name).toBe('Tournée du mardi');
    expect(res.body.round.updatedAt).toBe(t.clock.now());
    const got = await round(seller, 'get', { roundId });
    expect(got.body.round.stops.map((stop: { opportunityId: string }) => stop.opportunityId)).toEqual(
      reordered,
    );
  });

  it(`when more than ${MAX_ROUND_STOPS} stops are sent, it refuses in French and stores nothing`, async () => {
    const before = await stored();
    const stops = Array.from({ length: MAX_ROUND_STOPS + 1 }, (_, i) => stopOf(newId(), i));
    const res = await round(seller, 'create', { name: 'Trop grande', start: START, stops });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Une tournée ne peut pas contenir plus de 200 étapes');
    expect(await stored()).toBe(before);
  });

  it('refuses a round without a name, without stops, with the same stop twice or a wrong position', async () => {
    const before = await stored();
    const cases: [Record<string, unknown>, string][] = [
      [
        { name: ' ', start: START, stops: [stopOf(sellerOpportunities[0] as string, 0)] },
        'Veuillez donner un nom à la tournée',
      ],
      [{ name: 'Vide', start: START, stops: [] }, 'Veuillez choisir au moins une étape'],
      [
        { name: 'Sans départ', stops: [stopOf(sellerOpportunities[0] as string, 0)] },
        'Veuillez choisir un point de départ',
      ],
      [
        {
          name: 'Doublon',
          start: START,
          stops: [0, 1].map((i) => stopOf(sellerOpportunities[0] as string, i)),
        },
        'Une opportunité ne peut figurer qu’une fois dans la tournée',
      ],
      [
        { name: 'Pôle', start: { ...START, lat: 91 }, stops: [stopOf(sellerOpportunities[0] as string, 0)] },
        'Latitude invalide : attendu un nombre entre -90 et 90',
      ],
      [
        {
          name: 'Injection',
          start: START,
          stops: [{ ...stopOf(sellerOpportunities[0] as string, 0), lng: { $gt: 0 } }],
        },
        'Valeur invalide pour le champ longitude',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await round(seller, 'create', body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await stored()).toBe(before);
  });

  it('refuses a stop that is another organisation’s opportunity exactly as an unknown one, and stores nothing', async () => {
    const before = await stored();
    const foreign = await round(seller, 'create', {
      name: 'Fuite',
      start: START,
      stops: [stopOf(sellerOpportunities[0] as string, 0), stopOf(betaOpportunity, 1)],
    });
    const unknown = await round(seller, 'create', {
      name: 'Fuite',
      start: START,
      stops: [stopOf(sellerOpportunities[0] as string, 0), stopOf(newId(), 1)],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('Une étape de la tournée ne correspond à aucune de vos opportunités');
    expect(foreign.body).toEqual(unknown.body);
    expect(await stored()).toBe(before);
  });

  it('keeps a round to its author: another organisation and a colleague get "Tournée introuvable" and change nothing', async () => {
    const roundId = await created(seller, [sellerOpportunities[0] as string]);
    for (const other of [betaOwner, alphaOwner]) {
      expect((await round(other, 'list')).body.rounds).not.toContainEqual(
        expect.objectContaining({ _id: roundId }),
      );
      for (const [path, body] of [
        ['get', { roundId }],
        ['delete', { roundId }],
        ['update', { roundId, name: 'Volée', start: START, stops: [stopOf(ownerOpportunity, 0)] }],
      ] as const) {
        const res = await round(other, path, body);
        expect([path, res.status, res.body.message]).toEqual([path, 404, 'Tournée introuvable']);
      }
    }
    const got = await round(seller, 'get', { roundId });
    expect(got.body.round.name).toBe('Tournée du lundi');
  });

  it('deletes a round of its author', async () => {
    const roundId = await created(seller, [sellerOpportunities[1] as string], 'À supprimer');
    expect((await round(seller, 'delete', { roundId })).body).toEqual({ deleted: true });
    expect((await round(seller, 'get', { roundId })).status).toBe(404);
    expect((await round(seller, 'delete', { roundId })).status).toBe(404);
  });

  it('refuses every round call to a member without "Créer une gestion de tournée"', async () => {
    for (const path of ['settings', 'list', 'get', 'create', 'update', 'delete', 'geocode']) {
      const res = await round(noRounds, path, { roundId: newId() });
      expect([path, res.status, res.body.message]).toEqual([
        path,
        403,
        'Vous n’avez pas les droits nécessaires pour cette action',
      ]);
    }
  });

  it('geocodes a start address through GEOCODER_URL, and says when the address is unknown', async () => {
    const res = await round(seller, 'geocode', { address: '1 rue de Rivoli 75001 Paris' });
    expect(res.body).toEqual({
      start: { label: '1 rue de Rivoli 75001 Paris', lat: 48.860611, lng: 2.336943 },
    });
    const unknown = await round(seller, 'geocode', { address: 'Nulle Part' });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Adresse de départ introuvable']);
    expect((await round(seller, 'settings')).body).toEqual({ tileUrl: null, geocoder: true });
  });
});

describe('/api/round/* without GEOCODER_URL, with MAP_TILE_URL', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let owner: Member;

  beforeAll(async () => {
    t = createTestApp({ env: { MAP_TILE_URL: 'https://{s}.tuiles.exemple.fr/{z}/{x}/{y}.png' } });
    await t.app.locals.ready;
    k = kit(t);
    owner = await k.owner();
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  it('says geocoding is not configured and gives the screens the tile template', async () => {
    const res = await k.post('/api/round/geocode', { ...k.as(owner), address: '1 rue de Rivoli' });
    expect([res.status, res.body.message]).toEqual([
      409,
      'La géolocalisation n’est pas configurée sur ce serveur',
    ]);
    const settings = await k.post('/api/round/settings', k.as(owner));
    expect(settings.body).toEqual({
      tileUrl: 'https://{s}.tuiles.exemple.fr/{z}/{x}/{y}.png',
      geocoder: false,
    });
  });

  it('lets the page load the tiles from their host (CSP img-src)', async () => {
    const res = await k.post('/api/round/settings', k.as(owner));
    expect(res.headers['content-security-policy']).toContain('https://*.tuiles.exemple.fr');
  });
});
