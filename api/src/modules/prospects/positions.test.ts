// Positions of imported prospects: offline at import, in the background, with their precision; the
// address service (GEOCODER_URL) refines them and setLatLng's address position is never replaced.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';
import type { ProspectDoc } from './repository';

type Running = { t: TestApp; k: ReturnType<typeof kit>; alpha: Member };

async function appWith(env: Record<string, string> = {}): Promise<Running> {
  const t = createTestApp({ env });
  await t.app.locals.ready;
  const k = kit(t);
  return { t, k, alpha: await k.owner() };
}

async function close({ t }: Running) {
  t.app.locals.stop();
  await t.close();
}

const prospects = (r: Running) => r.t.store.collection<ProspectDoc>('prospects');

/** The file's rows once `done` holds for all of them (the test's time-out bounds the wait). */
async function rowsWhen(r: Running, excelId: string, done: (row: ProspectDoc) => boolean) {
  for (;;) {
    const rows = await prospects(r).find({ excelId }, { sort: { rowIndex: 1 } });
    if (rows.length > 0 && rows.every(done)) return rows;
    await sleep(20);
  }
}

describe('positions without a geocoder', () => {
  let r: Running;
  beforeAll(async () => {
    r = await appWith();
  });
  afterAll(() => close(r));

  it('gives each imported prospect a position and its precision in the background', async () => {
    const { excelId } = await r.k.loadOk(r.alpha, [
      rowOf(1, { CP: '01000', Ville: 'BOURG EN BRESSE' }),
      rowOf(2, { CP: '75008', Ville: 'PARIS' }),
      rowOf(3, { CP: '1400', Ville: "L'Abergement-Clémenciat" }),
      rowOf(4, { CP: '', Ville: '' }),
    ]);
    const rows = await rowsWhen(r, excelId, (row) => row.rowIndex === 3 || row.latlngPrecision !== undefined);
    expect(rows.map((row) => row.latlngPrecision)).toEqual(['commune', 'commune', 'department', undefined]);
    expect(rows[0]?.latlng).toMatch(/^46\.2\d*\/5\.2\d*$/);
    expect(rows[3]?.latlng).toBeUndefined();

    // The file's page and the opportunity made from a row carry the precision next to the position.
    const page = await r.k.page(r.alpha, excelId);
    expect(page.body.value[1]).toMatchObject({ latlng: rows[1]?.latlng, latlngPrecision: 'commune' });
    const created = await r.k.post('/api/opportunity/create', {
      ...r.k.as(r.alpha),
      prospectId: rows[2]?._id,
    });
    const detail = await r.k.post('/api/opportunity/get', {
      ...r.k.as(r.alpha),
      opportunityId: created.body.opportunityId,
    });
    expect(detail.body.opportunity.prospectId).toMatchObject({
      latlng: rows[2]?.latlng,
      latlngPrecision: 'department',
    });
  });

  it('moves the offline position with an edited town', async () => {
    const { excelId } = await r.k.loadOk(r.alpha, [rowOf(10, { CP: '10000', Ville: 'Troyes' })], {
      name: 'Fichier à éditer',
    });
    const [row] = await rowsWhen(r, excelId, (doc) => doc.latlngPrecision !== undefined);
    const created = await r.k.post('/api/opportunity/create', { ...r.k.as(r.alpha), prospectId: row?._id });
    await r.k.post('/api/opportunity/updateProspect', {
      ...r.k.as(r.alpha),
      opportunityId: created.body.opportunityId,
      data: { codePostale: '20000', ville: 'Ajaccio', contacts: [], custom: [] },
    });
    const edited = await prospects(r).findOne({ _id: row?._id as string });
    expect(edited?.latlngPrecision).toBe('commune');
    expect(edited?.latlng).toMatch(/^41\.9/);
  });
});

describe('positions with the address service', () => {
  let server: Server;
  let r: Running;
  const queries: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const q = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('q') ?? '';
      queries.push(q);
      const found = q.includes('Rivoli')
        ? [{ type: 'Feature', geometry: { type: 'Point', coordinates: [2.336943, 48.860611] } }]
        : [];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ features: found }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    r = await appWith({ GEOCODER_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    await close(r);
    await new Promise((resolve) => server.close(resolve));
  });

  it('refines the offline position to the address, and keeps the offline one when the address is unknown', async () => {
    const { excelId } = await r.k.loadOk(r.alpha, [
      rowOf(1, { Adresse: '1 rue de Rivoli', CP: '75001', Ville: 'Paris' }),
      rowOf(2, { Adresse: 'Nulle Part', CP: '10000', Ville: 'Troyes' }),
    ]);
    // Both rows go through the address service before the positioning ends.
    for (;;) {
      const doc = await r.t.store
        .collection<{ _id: string; status: string }>('prospectPositionings')
        .findOne({ _id: excelId });
      if (doc?.status === 'done') break;
      await sleep(20);
    }
    const rows = await prospects(r).find({ excelId }, { sort: { rowIndex: 1 } });
    expect(rows.map((row) => [row.latlng, row.latlngPrecision])).toEqual([
      ['48.860611/2.336943', 'address'],
      [expect.stringMatching(/^48\.3/), 'commune'],
    ]);
    expect(queries).toEqual(
      expect.arrayContaining(['1 rue de Rivoli 75001 Paris', 'Nulle Part 10000 Troyes']),
    );
  });

  it('answers setLatLng with the address precision, which a later offline positioning leaves alone', async () => {
    const { excelId } = await r.k.loadOk(
      r.alpha,
      [rowOf(3, { Adresse: '1 rue de Rivoli', CP: '75001', Ville: 'Paris' })],
      {
        name: 'Fichier adresse',
      },
    );
    const [row] = await rowsWhen(r, excelId, (doc) => doc.latlngPrecision !== undefined);
    const located = await r.k.post('/api/prospect/setLatLng', { ...r.k.as(r.alpha), prospectId: row?._id });
    expect(located.body).toEqual({ latlng: '48.860611/2.336943', latlngPrecision: 'address' });

    // An edit of the town repositions offline only what was not placed at the address.
    const created = await r.k.post('/api/opportunity/create', { ...r.k.as(r.alpha), prospectId: row?._id });
    await r.k.post('/api/opportunity/updateProspect', {
      ...r.k.as(r.alpha),
      opportunityId: created.body.opportunityId,
      data: { codePostale: '20000', ville: 'Ajaccio', contacts: [], custom: [] },
    });
    const kept = await prospects(r).findOne({ _id: row?._id as string });
    expect([kept?.latlng, kept?.latlngPrecision]).toEqual(['48.860611/2.336943', 'address']);
  });
});
