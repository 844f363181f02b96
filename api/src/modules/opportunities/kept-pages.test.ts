// List pages whose cards show day counts are kept whole, with their gzip (page-replies.ts): what a
// caller gets must still be exactly what a freshly built page would say — after any write, at the
// next day, for its own scope only — and a page with a WAITING card counting down is never kept.
import { createServer, type IncomingHttpHeaders, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type Card = {
  _id: string;
  state: string;
  timeFilter: number;
  howMuchTime: string;
  prospectId: { prospect: string };
};

describe('kept list pages', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let admin: Member;
  let seller: Member;
  let server: Server;

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    server = createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    k = kit(t);
    admin = await k.owner();
    seller = await k.member(admin);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    t.app.locals.stop();
    await t.close();
  });

  let next = 0;
  async function opportunities(who: Member, count: number) {
    const rows = Array.from({ length: count }, () => rowOf((next += 1)));
    const { excelId } = await k.loadOk(admin, rows, { name: `Fichier ${next}` });
    const prospects = (await k.page(admin, excelId, { limit: 1000 })).body.value as { _id: string }[];
    const ids: string[] = [];
    for (const prospect of prospects) {
      const res = await k.post('/api/opportunity/create', { ...k.as(who), prospectId: prospect._id });
      ids.push(res.body.opportunityId as string);
    }
    return ids;
  }
  /** The reply as sent on the wire (supertest would unzip it). */
  const ask = (who: Member, state: string, gzip: boolean) =>
    new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      const call = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/opportunity/getwithfilter',
          headers: {
            'content-type': 'application/json',
            'accept-encoding': gzip ? 'gzip, deflate, br' : 'identity',
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      call.on('error', reject);
      call.end(JSON.stringify({ ...k.as(who), filter: { state }, startId: 0, endId: 500 }));
    });
  const pageOf = async (who: Member, state = 'todo') => {
    const res = await ask(who, state, false);
    return JSON.parse(res.body.toString()).opportunitys as Card[];
  };

  it('sends the same page gzipped to a client that accepts it, and as JSON to one that does not', async () => {
    await opportunities(seller, 3);
    const plain = await ask(seller, 'todo', false);
    const zipped = await ask(seller, 'todo', true);
    const zippedAgain = await ask(seller, 'todo', true);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    expect(gunzipSync(zipped.body).toString()).toBe(plain.body.toString());
    expect(zippedAgain.body).toEqual(zipped.body);
    expect(JSON.parse(plain.body.toString()).opportunitys).toHaveLength(3);
  });

  it('shows a state change, a prospect edit and a new opportunity in the page asked again', async () => {
    const [id, other] = await opportunities(seller, 2);
    const before = await pageOf(seller);
    expect(before.map((card) => card._id)).toEqual(expect.arrayContaining([id, other]));

    await k.post('/api/opportunity/setWin', { ...k.as(seller), opportunityId: id });
    expect((await pageOf(seller)).map((card) => card._id)).not.toContain(id);

    await k.post('/api/opportunity/updateProspect', {
      ...k.as(seller),
      opportunityId: other,
      data: { prospect: 'Raison Modifiée', contacts: [], custom: [] },
    });
    expect((await pageOf(seller)).find((card) => card._id === other)?.prospectId.prospect).toBe(
      'Raison Modifiée',
    );

    const [added] = await opportunities(seller, 1);
    expect((await pageOf(seller)).map((card) => card._id)).toContain(added);
    expect(await ask(seller, 'todo', true).then((res) => gunzipSync(res.body).toString())).toContain(
      'Raison Modifiée',
    );
  });

  it('counts one more day once midnight has passed', async () => {
    const [id] = await opportunities(seller, 1);
    expect((await pageOf(seller)).find((card) => card._id === id)).toMatchObject({ timeFilter: 0 });
    t.clock.advance(DAY);
    expect((await pageOf(seller)).find((card) => card._id === id)).toMatchObject({
      timeFilter: 1,
      howMuchTime: '1 jour',
    });
  });

  it('builds a page holding a WAITING card counting down at each call', async () => {
    const [id] = await opportunities(seller, 1);
    await k.post('/api/opportunity/setWaiting', {
      ...k.as(seller),
      opportunityId: id,
      date: t.clock.now() + 3 * HOUR,
    });
    const first = (await pageOf(seller, 'all')).find((card) => card._id === id);
    t.clock.advance(60_000);
    const later = (await pageOf(seller, 'all')).find((card) => card._id === id);
    expect(first?.state).toBe('WAITING');
    expect(later?.timeFilter).toBe((first?.timeFilter ?? 0) - 60_000);
  });

  it("gives each caller its own scope's page", async () => {
    const [own] = await opportunities(admin, 1);
    const sellers = (await pageOf(seller)).map((card) => card._id);
    const admins = (await pageOf(admin)).map((card) => card._id);
    expect(admins).toContain(own);
    expect(admins).toEqual(expect.arrayContaining(sellers));
    expect(sellers).not.toContain(own);
    expect((await pageOf(seller)).map((card) => card._id)).toEqual(sellers);
  });
});
