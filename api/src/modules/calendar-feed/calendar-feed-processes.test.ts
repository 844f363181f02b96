// The kept feeds with two API processes on one DATA_DIR: a feed built and kept by one process is built
// again at its next read once the other process changed anything it shows (a follow-up's date, the
// prospect's name, the organisation's name), because what decides is read from the store.
import ICAL from 'ical.js';
import request from 'supertest';
import type { App } from '../../app';
import { kit, type Member } from '../../test-support/prospects-test-kit';
import { openSharedStore, type SharedStore } from '../../test-support/shared-store';
import { createClock, type TestApp } from '../../test-support/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
const clock = createClock(Date.UTC(2030, 0, 1, 9));

let shared: SharedStore;
beforeEach(() => {
  shared = openSharedStore('calendar-shared-', clock.now);
});
afterEach(() => shared.close());

const post = (app: App, route: string, body: Record<string, unknown>) => request(app).post(route).send(body);

async function readFeed(app: App, url: string) {
  const res = await request(app)
    .get(new URL(url).pathname)
    .buffer(true)
    .parse((reply, done) => {
      let text = '';
      reply.setEncoding('utf8');
      reply.on('data', (chunk: string) => (text += chunk));
      reply.on('end', () => done(null, text));
    });
  expect(res.status).toBe(200);
  const text = res.body as string;
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
  return { text, etag: res.headers.etag as string, events };
}

describe('the calendar feed with two API processes on one DATA_DIR', () => {
  let first: App;
  let second: App;
  let owner: Member;
  let opportunityId: string;
  let url: string;

  beforeEach(async () => {
    const one = await shared.instance();
    first = one.app;
    second = (await shared.instance()).app;
    const k = kit(one as TestApp);
    owner = await k.owner('Société Partagée');
    const { excelId } = await k.loadOk(owner, [
      {
        'Raison sociale': 'Boulangerie Avant',
        Enseigne: '',
        Siret: '',
        CP: '69002',
        Ville: 'Lyon',
        Adresse: '3 rue Mercière',
        Tel: '0478000001',
      },
    ]);
    const [prospect] = (await k.page(owner, excelId)).body.value as { _id: string }[];
    const created = await post(first, '/api/opportunity/create', {
      ...k.as(owner),
      prospectId: prospect?._id,
    });
    opportunityId = created.body.opportunityId as string;
    await post(first, '/api/opportunity/setWaiting', {
      ...k.as(owner),
      opportunityId,
      date: clock.now() + 2 * DAY_MS,
    });
    url = (await post(first, '/api/calendar/create', k.as(owner))).body.url as string;
  });

  const as = () => ({ token: owner.token, organisationId: owner.organisationId });

  it('shows at the next read, in each process, a follow-up date the other process changed', async () => {
    // Both processes build the feed once and keep it.
    const before = await readFeed(first, url);
    expect((await readFeed(second, url)).etag).toBe(before.etag);
    expect(before.events[0]?.startDate.toUnixTime()).toBe((clock.now() + 2 * DAY_MS) / 1000);

    const moved = clock.now() + 5 * DAY_MS;
    const res = await post(second, '/api/opportunity/setWaiting', { ...as(), opportunityId, date: moved });
    expect(res.status).toBe(200);

    for (const app of [first, second]) {
      const after = await readFeed(app, url);
      expect(after.events.map((event) => event.startDate.toUnixTime())).toEqual([moved / 1000]);
      expect(after.etag).not.toBe(before.etag);
    }
  });

  it('shows the prospect’s new name and the organisation’s new name written by the other process', async () => {
    expect((await readFeed(first, url)).events[0]?.summary).toBe('Boulangerie Avant');

    const edited = await post(second, '/api/opportunity/updateProspect', {
      ...as(),
      opportunityId,
      data: { prospect: 'Boulangerie Après', contacts: [], custom: [] },
    });
    expect(edited.status).toBe(200);
    expect((await readFeed(first, url)).events[0]?.summary).toBe('Boulangerie Après');

    const renamed = await post(second, '/api/organisation/rename', { ...as(), name: 'Société Renommée' });
    expect(renamed.status).toBe(200);
    expect((await readFeed(first, url)).text).toContain('X-WR-CALNAME:Relances – Société Renommée\r\n');
  });

  it('drops a follow-up the other process moved out of "En attente"', async () => {
    expect((await readFeed(first, url)).events).toHaveLength(1);
    const res = await post(second, '/api/opportunity/setWin', { ...as(), opportunityId });
    expect(res.status).toBe(200);
    expect((await readFeed(first, url)).events).toHaveLength(0);
  });
});
