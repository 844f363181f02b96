// List cards are kept in memory once served (cached-cards.ts): every write that changes what a card
// shows must be in the next page call, whichever API instance made it, and nothing of another
// organisation may show.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../app';
import { createProspectsModule, prospectChangeStamps } from '../prospects/module';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';

const HOUR = 60 * 60 * 1000;

type Card = {
  _id: string;
  state: string;
  user: { _id: string; username: string };
  prospectId: { prospect: string; ville: string; latlng?: string; contacts: { surname: string }[] };
  message: { text: string }[];
  informationContractuelle: string;
};

describe('cards stay current', () => {
  let geocoder: Server;
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let admin: Member;
  let seller: Member;
  let outsider: Member;
  let statusId: string;

  beforeAll(async () => {
    geocoder = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          type: 'FeatureCollection',
          features: [
            { type: 'Feature', geometry: { type: 'Point', coordinates: [2.34, 48.86] }, properties: {} },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    const { port } = geocoder.address() as AddressInfo;
    t = createTestApp({ env: { GEOCODER_URL: `http://127.0.0.1:${port}` } });
    await t.app.locals.ready;
    k = kit(t);
    admin = await k.owner();
    seller = await k.member(admin);
    outsider = await k.owner('Société Beta');
    const statuses = (await k.post('/api/opportunity/status', k.as(seller))).body.status as { _id: string }[];
    statusId = statuses[0]?._id ?? '';
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
    await new Promise((resolve) => geocoder.close(resolve));
  });

  /** Waits for the file's background positioning (offline, then the address service) to end. */
  async function positioned(excelId: string) {
    const positionings = t.store.collection<{ _id: string; status: string }>('prospectPositionings');
    while ((await positionings.findOne({ _id: excelId }))?.status !== 'done')
      await new Promise((resolve) => setTimeout(resolve, 20));
  }

  let next = 0;
  /** Opportunities of `who` from a new file of `owner`'s; returns their ids and the file's. */
  async function opportunities(who: Member, count: number, owner: Member = admin) {
    const rows = Array.from({ length: count }, () => rowOf((next += 1)));
    const { excelId } = await k.loadOk(owner, rows, { name: `Fichier ${next}` });
    await positioned(excelId);
    const prospects = (await k.page(owner, excelId, { limit: 1000 })).body.value as { _id: string }[];
    const ids: string[] = [];
    for (const prospect of prospects) {
      const res = await k.post('/api/opportunity/create', { ...k.as(who), prospectId: prospect._id });
      if (res.status !== 200) throw new Error(`create ${res.status}: ${JSON.stringify(res.body)}`);
      ids.push(res.body.opportunityId as string);
    }
    return { ids, excelId, prospectIds: prospects.map((prospect) => prospect._id) };
  }
  const pageOf = async (who: Member, state = 'all', app = t.app) =>
    (
      await request(app)
        .post('/api/opportunity/getwithfilter')
        .send({ ...k.as(who), filter: { state }, startId: 0, endId: 500 })
    ).body.opportunitys as Card[];
  const card = async (who: Member, id: string, app = t.app) =>
    (await pageOf(who, 'all', app)).find((item) => item._id === id);

  it('serves the same cards as the detail call builds, before and after they are kept', async () => {
    const { ids } = await opportunities(seller, 3);
    const first = await pageOf(seller);
    const again = await pageOf(seller);
    expect(again).toEqual(first);
    for (const id of ids) {
      const detail = (await k.post('/api/opportunity/get', { ...k.as(seller), opportunityId: id })).body
        .opportunity as Card & { message: unknown };
      // The detail alone carries the versions the edit calls take back (edit-conflicts.md).
      const {
        message: _detailMessages,
        version: _version,
        ...detailCard
      } = detail as typeof detail & {
        version?: number;
      };
      const { version: _prospectVersion, ...prospect } = detailCard.prospectId as Card['prospectId'] & {
        version?: number;
      };
      detailCard.prospectId = prospect;
      const { message: _cardMessages, ...listCard } = first.find((item) => item._id === id) as Card;
      expect(listCard).toEqual(detailCard);
    }
  });

  it('shows a state change, a comment, contractual text and a hand-over in the next page', async () => {
    const {
      ids: [id],
    } = await opportunities(seller, 1);
    if (!id) throw new Error('no opportunity');
    await pageOf(seller);

    await k.post('/api/opportunity/setWaiting', {
      ...k.as(seller),
      opportunityId: id,
      date: t.clock.now() + 3 * HOUR,
    });
    expect((await card(seller, id))?.state).toBe('WAITING');

    await k.post('/api/messages/post', {
      ...k.as(seller),
      opportunityId: id,
      message: 'Rappeler lundi',
      statusId,
    });
    expect((await card(seller, id))?.message.map((m) => m.text)).toEqual(['Rappeler lundi']);

    await k.post('/api/opportunity/updateContractuelle', {
      ...k.as(seller),
      opportunityId: id,
      data: { Fournisseur: 'Énergie Ouest' },
    });
    expect(JSON.parse((await card(seller, id))?.informationContractuelle ?? '{}')).toEqual({
      Fournisseur: 'Énergie Ouest',
    });

    const colleague = await k.member(admin);
    await k.post('/api/opportunity/assign', { ...k.as(admin), opportunityId: id, userId: colleague.userId });
    expect((await card(admin, id))?.user._id).toBe(colleague.userId);
    expect(await card(seller, id)).toBeUndefined();
  });

  it('shows prospect edits, geocoding, new acceptances and a deleted file in the next page', async () => {
    const {
      ids: [id],
      excelId,
      prospectIds: [prospectId],
    } = await opportunities(seller, 1);
    if (!id || !prospectId) throw new Error('no opportunity');
    await pageOf(seller);

    await k.post('/api/opportunity/updateProspect', {
      ...k.as(seller),
      opportunityId: id,
      data: {
        prospect: 'Nouvelle Raison',
        ville: 'Lyon',
        contacts: [{ civilite: 'Mme.', surname: 'Durand', name: 'Léa' }],
        custom: [],
      },
    });
    expect((await card(seller, id))?.prospectId).toMatchObject({
      prospect: 'Nouvelle Raison',
      ville: 'Lyon',
      contacts: [expect.objectContaining({ surname: 'Durand' })],
    });

    const located = await k.post('/api/prospect/setLatLng', { ...k.as(seller), prospectId });
    expect(located.status).toBe(200);
    expect((await card(seller, id))?.prospectId.latlng).toBe('48.86/2.34');

    const more = await opportunities(seller, 2);
    const all = (await pageOf(seller)).map((item) => item._id);
    expect(all).toEqual(expect.arrayContaining([id, ...more.ids]));

    // The file goes to the bin with its opportunities (issue 23): the card leaves the next page.
    const deleted = await k.post('/api/prospect/delete', { ...k.as(admin), excelId });
    expect(deleted.status).toBe(200);
    expect(await card(seller, id)).toBeUndefined();
  });

  it('reads again only the prospects a change named, none after a change of no prospect', async () => {
    const { ids, prospectIds } = await opportunities(seller, 3);
    const [first, second, third] = prospectIds;
    if (!first || !second || !third || !ids[0]) throw new Error('no opportunity');
    const before = await pageOf(seller);
    // Every prospect read by id from now on (the cards' prospects are read with _id $in).
    const prospects = t.store.collection('prospects');
    const find = jest.spyOn(Object.getPrototypeOf(prospects) as typeof prospects, 'find');
    const readSince = () =>
      new Set(
        find.mock.calls.flatMap(([filter]) => {
          const ids = (filter as { _id?: { $in?: string[] } })._id?.$in;
          return Array.isArray(ids) ? ids : [];
        }),
      );
    try {
      // A move of no prospect (what a file made ready records): the cards are served as kept.
      await prospectChangeStamps(t.store).bumpChangeStamp(seller.organisationId, []);
      expect(await pageOf(seller)).toEqual(before);
      expect([...readSince()].filter((id) => prospectIds.includes(id))).toEqual([]);

      // A move naming one prospect: that one is read again, not the others.
      find.mockClear();
      expect((await k.post('/api/prospect/setLatLng', { ...k.as(seller), prospectId: first })).status).toBe(
        200,
      );
      const after = await pageOf(seller);
      expect(after.find((item) => item._id === ids[0])?.prospectId.latlng).toBe('48.86/2.34');
      const read = readSince();
      expect(read.has(first)).toBe(true);
      expect(read.has(second) || read.has(third)).toBe(false);

      // What a process that kept nothing builds is the same.
      const other = createApp(t.config, {
        store: t.store,
        mailer: t.mailer,
        logger: pino({ level: 'silent' }),
        now: t.clock.now,
      });
      await other.locals.ready;
      try {
        expect(await pageOf(seller, 'all', other)).toEqual(after);
      } finally {
        other.locals.stop();
      }
    } finally {
      find.mockRestore();
    }
  });

  it('moves the prospects change stamp after an acceptance, a geocoding, an import and a deletion', async () => {
    // The stamp as the opportunities component reads it: through the prospects catalogue.
    const { catalogue } = createProspectsModule({
      store: t.store,
      logger: pino({ level: 'silent' }),
      now: Date.now,
      usernameOf: async () => '',
      geocoderUrl: t.config.geocoderUrl,
      companyRegistry: t.config.companyRegistry,
      importStartGraceMs: t.config.importStartGraceMs,
      notify: async () => undefined,
      record: async () => undefined,
    });
    const stamp = () => catalogue.changeStamp(admin.organisationId);
    const before = await stamp();
    const { excelId } = await k.loadOk(admin, [rowOf((next += 1))], { name: `Fichier ${next}` });
    const afterImport = await stamp();
    expect(afterImport).toBeGreaterThan(before);
    const [prospect] = (await k.page(admin, excelId)).body.value as { _id: string }[];
    await k.post('/api/opportunity/create', { ...k.as(admin), prospectId: prospect?._id });
    const afterAccept = await stamp();
    expect(afterAccept).toBeGreaterThan(afterImport);
    await k.post('/api/prospect/setLatLng', { ...k.as(admin), prospectId: prospect?._id });
    const afterGeocoding = await stamp();
    expect(afterGeocoding).toBeGreaterThan(afterAccept);
    await k.post('/api/prospect/delete', { ...k.as(admin), excelId });
    expect(await stamp()).toBeGreaterThan(afterGeocoding);
    expect(await catalogue.changeStamp(outsider.organisationId)).toBe(0);
  });

  it('shows what another API instance changed in the same store at the next call', async () => {
    const other = createApp(t.config, {
      store: t.store,
      mailer: t.mailer,
      logger: pino({ level: 'silent' }),
      now: t.clock.now,
    });
    await other.locals.ready;
    try {
      const {
        ids: [id],
        prospectIds: [prospectId],
      } = await opportunities(seller, 1);
      if (!id || !prospectId) throw new Error('no opportunity');
      await pageOf(seller);
      await pageOf(seller, 'all', other);
      const on = (path: string, body: Record<string, unknown>) =>
        request(other)
          .post(path)
          .send({ ...k.as(seller), ...body });

      await on('/api/messages/post', { opportunityId: id, message: 'Vu sur l’autre instance', statusId });
      expect((await card(seller, id))?.message[0]?.text).toBe('Vu sur l’autre instance');

      expect((await on('/api/prospect/setLatLng', { prospectId })).body).toEqual({
        latlng: '48.86/2.34',
        latlngPrecision: 'address',
      });
      expect((await card(seller, id))?.prospectId.latlng).toBe('48.86/2.34');

      await on('/api/opportunity/updateProspect', {
        opportunityId: id,
        data: { prospect: 'Raison Autre Instance', contacts: [], custom: [] },
      });
      expect((await card(seller, id))?.prospectId.prospect).toBe('Raison Autre Instance');

      await on('/api/opportunity/setWin', { opportunityId: id });
      expect((await card(seller, id))?.state).toBe('WIN');

      // And the other way round: the first instance writes, the second serves it.
      await k.post('/api/opportunity/setTodo', { ...k.as(seller), opportunityId: id });
      expect((await card(seller, id, other))?.state).toBe('TODO');
    } finally {
      other.locals.stop();
    }
  });

  it("keeps another organisation's cards and writes out", async () => {
    const mine = await opportunities(seller, 1);
    const before = await pageOf(admin);
    const theirs = await opportunities(outsider, 1, outsider);
    await k.post('/api/opportunity/updateProspect', {
      ...k.as(outsider),
      opportunityId: theirs.ids[0],
      data: { prospect: 'Secret Beta', contacts: [], custom: [] },
    });
    await k.post('/api/prospect/setLatLng', { ...k.as(outsider), prospectId: theirs.prospectIds[0] });
    const after = await pageOf(admin);
    expect(after).toEqual(before);
    expect(after.map((item) => item._id)).toContain(mine.ids[0]);
    expect(JSON.stringify(after)).not.toContain('Secret Beta');
    expect((await pageOf(outsider)).map((item) => item._id)).toEqual(theirs.ids);
  });
});
