// The calendar feed end to end over the real store: the account page's calls, then the feed read the
// way a calendar application reads it (GET, no session) and parsed with Mozilla's ical.js; every
// event is checked against the stored opportunity and prospect.
import ICAL from 'ical.js';
import request from 'supertest';
import { kit, type Member } from '../../test-support/prospects-test-kit';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { FEED_MAX_PER_WINDOW, FEED_WINDOW_MS } from './routes';

type StoredOpportunity = {
  _id: string;
  userId: string;
  prospectId: string;
  state: string;
  waitingDate?: number;
  renewalAt?: number;
};
type StoredProspect = {
  _id: string;
  prospect: string;
  telephone: string;
  adresseComplete: string;
  codePostale: string;
  ville: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const LONG_ADDRESS =
  'Bâtiment « Les Érables », escalier C, 3e étage; 128 bis avenue du Général-de-Gaulle, ZI des Forges \\ lot n°7';
const TRICKY_NAME = 'Boulangerie Zoé, Fils & Cie; « Chez Œdipe » \\ atelier';

let t: TestApp;
let k: ReturnType<typeof kit>;
let owner: Member;
let seller: Member;
let wall = Date.UTC(2030, 0, 1);

/** The path of a feed URL (supertest talks to the app, not to PUBLIC_URL's host). */
const pathOf = (url: string) => new URL(url).pathname;

type Reply = { message?: string; [key: string]: unknown };

async function call<T = Reply>(who: Member, path: string, body: Record<string, unknown> = {}) {
  const res = await k.post(path, { ...k.as(who), ...body });
  return res as Omit<request.Response, 'body'> & { body: T };
}

async function feedUrl(who: Member): Promise<string> {
  const res = await call<{ url: string }>(who, '/api/calendar/regenerate');
  if (res.status !== 200) throw new Error(`regenerate ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.url;
}

async function fetchFeed(url: string) {
  return request(t.app)
    .get(pathOf(url))
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    });
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent') };
}

async function opportunityFrom(who: Member, rows: Record<string, unknown>[]): Promise<string[]> {
  const { excelId } = await k.loadOk(
    who,
    rows.map((row) => ({ Enseigne: '', Siret: '', ...row })),
  );
  const page = await k.page(who, excelId);
  const ids: string[] = [];
  for (const prospect of page.body.value as { _id: string }[]) {
    const res = await call<{ opportunityId: string }>(who, '/api/opportunity/create', {
      prospectId: prospect._id,
    });
    if (res.status !== 200) throw new Error(`create ${res.status}: ${JSON.stringify(res.body)}`);
    ids.push(res.body.opportunityId);
  }
  return ids;
}

const setWaiting = (who: Member, opportunityId: string, date: number) =>
  call(who, '/api/opportunity/setWaiting', { opportunityId, date });

/** What the store says the member's feed must hold, by opportunity id. */
async function expectedEvents(who: Member) {
  const opportunities = await t.store
    .collection<StoredOpportunity & { organisationId: string }>('opportunities')
    .find({ organisationId: who.organisationId, userId: who.userId });
  const prospects = t.store.collection<StoredProspect & { organisationId: string }>('prospects');
  const expected = new Map<string, { opportunity: StoredOpportunity; prospect: StoredProspect }>();
  for (const opportunity of opportunities) {
    const dated =
      (opportunity.state === 'WAITING' && typeof opportunity.waitingDate === 'number') ||
      typeof opportunity.renewalAt === 'number';
    if (!dated) continue;
    const prospect = await prospects.findOne({ _id: opportunity.prospectId });
    if (!prospect) throw new Error('prospect manquant');
    expected.set(opportunity._id, { opportunity, prospect });
  }
  return expected;
}

/** Every event checked against the store; returns the UIDs in feed order. */
async function checkAgainstStore(who: Member, text: string): Promise<string[]> {
  const { events } = parse(text);
  const expected = await expectedEvents(who);
  expect(events).toHaveLength(expected.size);
  const uids: string[] = [];
  for (const vevent of events) {
    const event = new ICAL.Event(vevent);
    const id = event.uid.replace(/@app\.test$/, '');
    uids.push(event.uid);
    const stored = expected.get(id);
    expect(stored).toBeDefined();
    if (!stored) continue;
    const { opportunity, prospect } = stored;
    expect(event.uid).toBe(`${opportunity._id}@app.test`);
    expect(event.summary).toBe(prospect.prospect);
    const link = `http://app.test/dashboard/opportunity/${opportunity._id}`;
    expect(vevent.getFirstPropertyValue('url')).toBe(link);
    expect(event.description).toContain(`Téléphone : ${prospect.telephone}`);
    expect(event.description).toContain(
      `Adresse : ${prospect.adresseComplete}, ${prospect.codePostale} ${prospect.ville}`,
    );
    expect(event.description).toContain(`Opportunité : ${link}`);
    expect(vevent.getFirstPropertyValue('dtstamp')).toBeTruthy();
    const alarm = vevent.getFirstSubcomponent('valarm');
    expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
    const followUp =
      opportunity.state === 'WAITING' &&
      typeof opportunity.waitingDate === 'number' &&
      (opportunity.renewalAt === undefined || opportunity.waitingDate <= opportunity.renewalAt);
    if (followUp) {
      // A timed event at the follow-up time, in UTC.
      expect(event.startDate.isDate).toBe(false);
      expect(event.startDate.zone?.tzid).toBe('UTC');
      expect(event.startDate.toUnixTime() * 1000).toBe(opportunity.waitingDate);
      expect(event.endDate.toUnixTime() * 1000).toBe((opportunity.waitingDate as number) + 30 * 60_000);
      expect(alarm?.getFirstPropertyValue('trigger')?.toString()).toBe('-PT15M');
      expect(event.description).toMatch(/^Relance prévue le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/);
    } else {
      // An all-day event on the renewal's day in Paris.
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
        new Date(opportunity.renewalAt as number),
      );
      expect(event.startDate.isDate).toBe(true);
      expect(event.startDate.toString()).toBe(day);
      expect(alarm?.getFirstPropertyValue('trigger')?.toString()).toBe('PT9H');
      expect(event.description).toMatch(/^Renouvellement/);
    }
  }
  return uids;
}

beforeAll(async () => {
  t = createTestApp({ rateLimitNow: () => wall });
  await t.app.locals.ready;
  k = kit(t);
  owner = await k.owner('Société Éléphant, Café & Cie');
  seller = await k.member(owner, 'Commercial');
});

afterAll(async () => {
  t.app.locals.stop();
  await t.close();
});

beforeEach(() => {
  // Each test in a window of its own.
  wall += FEED_WINDOW_MS;
});

describe('the account page calls', () => {
  it('says there is no address yet, then shows a new one once, and refuses a second "create"', async () => {
    const member = await k.member(owner, 'Commercial');
    expect((await call(member, '/api/calendar/get')).body).toEqual({ createdAt: null, hasLicence: true });
    const created = await call<{ url: string; createdAt: number }>(member, '/api/calendar/create');
    expect(created.status).toBe(200);
    expect(created.body.url).toMatch(
      /^http:\/\/app\.test\/api\/calendar\/feed\/[A-Za-z0-9_-]{16}\/[A-Za-z0-9_-]{43}\.ics$/,
    );
    expect((await call(member, '/api/calendar/get')).body).toEqual({
      createdAt: t.clock.now(),
      hasLicence: true,
    });
    const again = await call(member, '/api/calendar/create');
    expect([again.status, again.body.message]).toEqual([
      409,
      'Votre lien d’agenda existe déjà : régénérez-le pour en obtenir un nouveau',
    ]);
    // The store keeps a hash, never the secret.
    const secret = pathOf(created.body.url).split('/').at(-1)?.replace('.ics', '') ?? '';
    const stored = await t.store.collection('calendarFeeds').find({});
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  it('refuses a member without a licence, in French, and creates nothing', async () => {
    const member = await k.member(owner, 'Commercial');
    await releaseLicence(member);
    expect((await call(member, '/api/calendar/get')).body).toEqual({ createdAt: null, hasLicence: false });
    const res = await call(member, '/api/calendar/create');
    expect([res.status, res.body.message]).toEqual([
      403,
      'Une licence dans cette organisation est nécessaire pour obtenir un lien d’agenda',
    ]);
    expect(
      await t.store
        .collection<{ _id: string; userId: string }>('calendarFeeds')
        .countDocuments({ userId: member.userId }),
    ).toBe(0);
  });

  it('without an organisation, says so in French and makes nothing', async () => {
    const res = await k.post('/api/calendar/regenerate', { token: seller.token });
    expect([res.status, res.body.message]).toEqual([400, 'Requête invalide : organisation manquante']);
  });

  it('are in the OpenAPI document with their permission', async () => {
    const doc = (await request(t.app).get('/api/openapi.json')).body as {
      paths: Record<string, { post: { 'x-permission': { bit: number } } }>;
    };
    for (const path of ['/api/calendar/get', '/api/calendar/create', '/api/calendar/regenerate'])
      expect([path, doc.paths[path]?.post['x-permission'].bit]).toEqual([path, 128]);
  });
});

async function releaseLicence(member: Member): Promise<string> {
  const keys = (await call<{ keys: { _id: string; userId?: string }[] }>(owner, '/api/stripe/getAllKey')).body
    .keys;
  const held = keys.find((key) => key.userId === member.userId);
  if (!held) throw new Error('pas de licence');
  const res = await call(owner, '/api/stripe/assignKey', { keyId: held._id, userId: null });
  if (res.status !== 200) throw new Error(`assignKey ${res.status}: ${JSON.stringify(res.body)}`);
  return held._id;
}

describe('the feed', () => {
  let ids: string[];

  beforeAll(async () => {
    ids = await opportunityFrom(seller, [
      {
        'Raison sociale': TRICKY_NAME,
        Enseigne: 'Zoé',
        CP: '69002',
        Ville: 'Lyon',
        Adresse: LONG_ADDRESS,
        Tel: '04 78 00 00 01',
        Siret: '',
      },
      {
        'Raison sociale': 'Garage Müller',
        CP: '67000',
        Ville: 'Strasbourg',
        Adresse: '2 quai Kléber',
        Tel: '0388000002',
        Siret: '',
      },
      {
        'Raison sociale': 'Pâtisserie Ange',
        CP: '13001',
        Ville: 'Marseille',
        Adresse: '5 rue Saint-Ferréol',
        Tel: '0491000003',
        Siret: '',
      },
      {
        'Raison sociale': 'Sans date SARL',
        CP: '33000',
        Ville: 'Bordeaux',
        Adresse: '1 cours Victor-Hugo',
        Tel: '0556000004',
        Siret: '',
      },
    ]);
    const [tricky, garage, bakery] = ids as [string, string, string, string];
    await setWaiting(seller, tricky, t.clock.now() + 2 * DAY_MS + 30 * 60_000);
    await setWaiting(seller, garage, t.clock.now() + 5 * DAY_MS);
    // A won contract: its renewal is due 90 days before the end date.
    await call(seller, '/api/opportunity/setWin', { opportunityId: bakery });
    await call(seller, '/api/opportunity/updateContractuelle', {
      opportunityId: bakery,
      data: { Date_previsionelle_fin_de_contrat: '2025-09-30' },
    });
    // The owner's own follow-up, never in the seller's feed.
    const [ownerOpportunity] = await opportunityFrom(owner, [
      {
        'Raison sociale': 'Client du patron',
        CP: '75008',
        Ville: 'Paris',
        Adresse: '8 rue Royale',
        Tel: '0142000005',
        Siret: '',
      },
    ]);
    await setWaiting(owner, ownerOpportunity as string, t.clock.now() + DAY_MS);
  });

  it('answers text/calendar in UTF-8, with a French calendar name and one event per dated opportunity, each as the store has it', async () => {
    const url = await feedUrl(seller);
    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const text = res.body as string;
    const { calendar } = parse(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    // An X- property: ical.js keeps its TEXT escapes as they are written.
    expect(text).toContain('\r\nX-WR-CALNAME:Relances – Société Éléphant\\, Café & Cie\r\n');
    const uids = await checkAgainstStore(seller, text);
    expect(uids).toHaveLength(3);
    // The TODO without a date and the owner's opportunity are not in it.
    expect(uids).not.toContain(`${ids[3]}@app.test`);
  });

  it('keeps each UID from one read to the next, and follows a change of date', async () => {
    const url = await feedUrl(seller);
    const first = await checkAgainstStore(seller, (await fetchFeed(url)).body as string);
    const moved = t.clock.now() + 3 * DAY_MS;
    await setWaiting(seller, ids[1] as string, moved);
    const second = await checkAgainstStore(seller, (await fetchFeed(url)).body as string);
    expect([...second].sort()).toEqual([...first].sort());
    const { events } = parse((await fetchFeed(url)).body as string);
    const garage = events.map((e) => new ICAL.Event(e)).find((e) => e.uid === `${ids[1]}@app.test`);
    expect(garage?.startDate.toUnixTime()).toBe(moved / 1000);
  });

  it('escapes commas, semicolons and backslashes, folds lines at 75 octets without cutting a character, and ends lines with CRLF', async () => {
    const text = (await fetchFeed(await feedUrl(seller))).body as string;
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n').slice(0, -1))
      expect([line, Buffer.byteLength(line, 'utf8') <= 75]).toEqual([line, true]);
    // The raw text: the specials escaped, the long address folded.
    expect(text).toContain('SUMMARY:Boulangerie Zoé\\, Fils & Cie\\; « Chez Œdipe » \\\\ atelier');
    expect(text).toMatch(/\r\n [^\r\n]/);
    // No replacement character: no UTF-8 sequence was cut by a fold.
    expect(text).not.toContain('\uFFFD');
    const event = parse(text)
      .events.map((e) => new ICAL.Event(e))
      .find((e) => e.uid === `${ids[0]}@app.test`);
    expect(event?.summary).toBe(TRICKY_NAME);
    expect(event?.location).toBe(`${LONG_ADDRESS}, 69002 Lyon`);
    expect(event?.description.split('\n')).toEqual([
      'Relance prévue le 08/01/2025 à 10:30',
      'Téléphone : 04 78 00 00 01',
      `Adresse : ${LONG_ADDRESS}, 69002 Lyon`,
      `Opportunité : http://app.test/dashboard/opportunity/${ids[0]}`,
    ]);
  });

  it('answers 304 to a calendar that already has this content (ETag)', async () => {
    const url = await feedUrl(seller);
    const first = await fetchFeed(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await request(t.app).get(pathOf(url)).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    await setWaiting(seller, ids[1] as string, t.clock.now() + 6 * DAY_MS);
    const changed = await request(t.app).get(pathOf(url)).set('If-None-Match', etag);
    expect(changed.status).toBe(200);
  });

  it('stops the old address the moment it is regenerated', async () => {
    const old = await feedUrl(seller);
    expect((await fetchFeed(old)).status).toBe(200);
    const fresh = await feedUrl(seller);
    expect(fresh).not.toBe(old);
    const gone = await request(t.app).get(pathOf(old));
    expect([gone.status, gone.body.message]).toEqual([
      404,
      'Agenda introuvable : ce lien a été régénéré ou n’est plus valable',
    ]);
    expect((await fetchFeed(fresh)).status).toBe(200);
  });

  it('answers 404 to a wrong secret, an unknown selector and a malformed path, alike', async () => {
    const url = pathOf(await feedUrl(seller));
    const [, , , , selector, file] = url.split('/');
    const wrongSecret = `/api/calendar/feed/${selector}/${'A'.repeat(43)}.ics`;
    const unknown = `/api/calendar/feed/${'B'.repeat(16)}/${file}`;
    for (const path of [
      wrongSecret,
      unknown,
      `${url}x`,
      url.replace('.ics', ''),
      '/api/calendar/feed/x/y.ics',
    ]) {
      const res = await request(t.app).get(path);
      expect([path, res.status]).toEqual([path, 404]);
    }
  });

  it('stops when the member loses their licence, and serves again when it is given back', async () => {
    const member = await k.member(owner, 'Commercial');
    const [id] = await opportunityFrom(member, [
      {
        'Raison sociale': 'Licence SA',
        CP: '44000',
        Ville: 'Nantes',
        Adresse: '1 rue Crébillon',
        Tel: '0240000006',
        Siret: '',
      },
    ]);
    await setWaiting(member, id as string, t.clock.now() + DAY_MS);
    const url = await feedUrl(member);
    expect((await fetchFeed(url)).status).toBe(200);
    const keyId = await releaseLicence(member);
    expect((await request(t.app).get(pathOf(url))).status).toBe(404);
    await call(owner, '/api/stripe/assignKey', { keyId, userId: member.userId });
    expect((await fetchFeed(url)).status).toBe(200);
  });

  it('stops at once when the member is removed from the organisation', async () => {
    const member = await k.member(owner, 'Commercial');
    const [id] = await opportunityFrom(member, [
      {
        'Raison sociale': 'Départ SARL',
        CP: '59000',
        Ville: 'Lille',
        Adresse: '3 rue Faidherbe',
        Tel: '0320000007',
        Siret: '',
      },
    ]);
    await setWaiting(member, id as string, t.clock.now() + DAY_MS);
    const url = await feedUrl(member);
    expect(parse((await fetchFeed(url)).body as string).events).toHaveLength(1);
    const removed = await call(owner, '/api/user/remove', {
      userId: member.userId,
      reassignTo: owner.userId,
    });
    expect(removed.status).toBe(200);
    expect((await request(t.app).get(pathOf(url))).status).toBe(404);
  });

  it('stops when the member’s role loses "Voir les prospects"', async () => {
    const member = await k.member(owner, 'Sans prospects', '1');
    // A licence and the bit are both needed: with the bit, it serves.
    const url = await (async () => {
      await call(owner, '/api/user/editRole', {
        roleId: (await roleIdOf('Sans prospects')) as string,
        roleName: 'Sans prospects',
        binaryValue: '128',
      });
      return feedUrl(member);
    })();
    expect((await fetchFeed(url)).status).toBe(200);
    await call(owner, '/api/user/editRole', {
      roleId: (await roleIdOf('Sans prospects')) as string,
      roleName: 'Sans prospects',
      binaryValue: '1',
    });
    expect((await request(t.app).get(pathOf(url))).status).toBe(404);
  });

  it('never shows another organisation’s events: its own secret gives its own feed, a mixed address nothing', async () => {
    const other = await k.owner('Autre Organisation');
    const [otherId] = await opportunityFrom(other, [
      {
        'Raison sociale': 'Client de l’autre',
        CP: '31000',
        Ville: 'Toulouse',
        Adresse: '1 place du Capitole',
        Tel: '0561000008',
        Siret: '',
      },
    ]);
    await setWaiting(other, otherId as string, t.clock.now() + DAY_MS);
    const otherUrl = await feedUrl(other);
    const otherText = (await fetchFeed(otherUrl)).body as string;
    const uids = await checkAgainstStore(other, otherText);
    expect(uids).toEqual([`${otherId}@app.test`]);
    for (const id of ids) expect(otherText).not.toContain(id);
    expect(otherText).not.toContain('Zoé');
    // The other organisation's selector with this one's secret, and the reverse.
    const [, , , , otherSelector, otherFile] = pathOf(otherUrl).split('/');
    const [, , , , selector, file] = pathOf(await feedUrl(seller)).split('/');
    expect((await request(t.app).get(`/api/calendar/feed/${otherSelector}/${file}`)).status).toBe(404);
    expect((await request(t.app).get(`/api/calendar/feed/${selector}/${otherFile}`)).status).toBe(404);
    // The other owner cannot ask this organisation for its address.
    const foreign = await k.post('/api/calendar/regenerate', {
      token: other.token,
      organisationId: owner.organisationId,
    });
    expect([foreign.status, foreign.body.message]).toEqual([
      403,
      'Vous ne faites pas partie de cette organisation',
    ]);
  });

  it(`answers 429 after ${FEED_MAX_PER_WINDOW} reads of one feed in a window, with Retry-After, and serves again in the next`, async () => {
    const url = await feedUrl(seller);
    for (let i = 0; i < FEED_MAX_PER_WINDOW; i += 1)
      expect((await request(t.app).head(pathOf(url))).status).toBe(200);
    const limited = await request(t.app).get(pathOf(url));
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(
      'Trop de demandes pour cet agenda, veuillez réessayer dans quelques minutes',
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    wall += FEED_WINDOW_MS;
    expect((await request(t.app).get(pathOf(url))).status).toBe(200);
  });
});

async function roleIdOf(name: string): Promise<string | undefined> {
  const roles = (await call<{ roles: { _id: string; name: string }[] }>(owner, '/api/user/getRoles')).body
    .roles;
  return roles.find((role) => role.name === name)?._id;
}
