// /api/prospect/setLatLng through a local stand-in of the national address service (recorded answer).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';

// Recorded from https://api-adresse.data.gouv.fr/search/?q=...&limit=1 (trimmed to what we read).
const RECORDED = {
  type: 'FeatureCollection',
  version: 'draft',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [2.336943, 48.860611] },
      properties: { label: '1 Rue de Rivoli 75001 Paris', score: 0.97, postcode: '75001', city: 'Paris' },
    },
  ],
  query: '1 rue de Rivoli 75001 Paris',
  limit: 1,
};

describe('/api/prospect/setLatLng', () => {
  let server: Server;
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let alpha: Member;
  const queries: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      queries.push(`${url.pathname}?${url.searchParams.toString()}`);
      const q = url.searchParams.get('q') ?? '';
      if (q.includes('Nulle Part')) {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ...RECORDED, features: [] }));
      } else if (q.includes('Panne')) {
        res.writeHead(503).end('indisponible');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RECORDED));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = createTestApp({ env: { GEOCODER_URL: `http://127.0.0.1:${port}` } });
    await t.app.locals.ready;
    k = kit(t);
    alpha = await k.owner();
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  async function prospectWith(extra: Record<string, unknown>): Promise<string> {
    const { excelId } = await k.loadOk(alpha, [rowOf(queries.length, extra)], { name: 'Fichier géocodage' });
    return (await k.page(alpha, excelId)).body.value[0]._id as string;
  }

  it('asks /search for the address, postal code and city, and stores "lat/lng"', async () => {
    const prospectId = await prospectWith({ Adresse: '1 rue de Rivoli', CP: '75001', Ville: 'Paris' });
    const res = await k.post('/api/prospect/setLatLng', { ...k.as(alpha), prospectId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ latlng: '48.860611/2.336943', latlngPrecision: 'address' });
    // The background positioning asks the service too (positioning.ts): the query is among them.
    expect(queries).toContain('/search?q=1+rue+de+Rivoli+75001+Paris&limit=1');
    const stored = await t.store
      .collection<{ _id: string; latlng?: string }>('prospects')
      .findOne({ _id: prospectId });
    expect(stored?.latlng).toBe('48.860611/2.336943');
  });

  it('says when the address is unknown, and when the service fails', async () => {
    const nowhere = await prospectWith({ Adresse: 'Nulle Part' });
    const notFound = await k.post('/api/prospect/setLatLng', { ...k.as(alpha), prospectId: nowhere });
    expect(notFound.status).toBe(404);
    expect(notFound.body.message).toBe('Adresse introuvable');

    const broken = await prospectWith({ Adresse: 'Panne' });
    const failed = await k.post('/api/prospect/setLatLng', { ...k.as(alpha), prospectId: broken });
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe(
      'Le service de géolocalisation ne répond pas, veuillez réessayer plus tard',
    );
  });

  it('geocodes the prospect of an opportunity made by hand (outside any file)', async () => {
    const made = await k.post('/api/opportunity/addone', {
      ...k.as(alpha),
      data: {
        title: 'Boulangerie Martin',
        adresse: '1 rue de Rivoli',
        codePostale: '75001',
        ville: 'Paris',
        telephone: '0140000000',
        dateStatus: Date.now(),
        state2: 'TODO',
        contacts: [],
      },
    });
    expect(made.status).toBe(200);
    const view = await k.post('/api/opportunity/get', {
      ...k.as(alpha),
      opportunityId: made.body.opportunityId,
    });
    const res = await k.post('/api/prospect/setLatLng', {
      ...k.as(alpha),
      prospectId: view.body.opportunity.prospectId._id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ latlng: '48.860611/2.336943', latlngPrecision: 'address' });
  });
});
