// The issue 9 opportunity calls: lists, counts, paging, detail, state changes and their history,
// ownership, edits, manual opportunities, the unassigned pool, hand-overs, renewals, export.
import { PERMISSION } from '@app/domain';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';
import { OpportunitiesRepository } from './repository';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('opportunity calls', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let admin: Member;
  let seller: Member;
  let otherSeller: Member;
  let outsider: Member;

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    admin = await k.owner();
    seller = await k.member(admin); // Commercial: own opportunities only
    otherSeller = await k.member(admin);
    outsider = await k.owner('Société Beta');
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  let next = 0;
  async function prospects(count: number, who: Member = admin, extra: Record<string, unknown> = {}) {
    const rows = Array.from({ length: count }, () => rowOf((next += 1)));
    const { excelId } = await k.loadOk(who, rows, { name: `Fichier ${next}`, ...extra });
    const page = await k.page(who, excelId, { limit: 1000 });
    return (page.body.value as { _id: string }[]).map((row) => row._id);
  }
  async function opportunity(who: Member): Promise<string> {
    const [prospectId] = await prospects(1);
    const res = await k.post('/api/opportunity/create', { ...k.as(who), prospectId });
    if (res.status !== 200) throw new Error(`create ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.opportunityId as string;
  }
  const get = (who: Member, opportunityId: string) =>
    k.post('/api/opportunity/get', { ...k.as(who), opportunityId });

  it('returns the opportunity with its prospect, owner and timing', async () => {
    const id = await opportunity(seller);
    const res = await get(seller, id);
    expect(res.status).toBe(200);
    expect(res.body.opportunity).toMatchObject({
      _id: id,
      state: 'TODO',
      timeFilter: 0,
      howMuchTime: '0 jour',
      user: { _id: seller.userId, username: 'Martin Paul' },
      prospectId: {
        codePostale: '75001',
        ville: 'Paris',
        departement: '75',
        region: 'Île-de-France',
        contacts: [],
      },
      message: [],
      informationContractuelle: '{}',
    });
    expect(res.body.opportunity.history).toBeUndefined();
  });

  it('moves TODO → WAITING → WIN, records each change, and shows the history to "Voir l\'historique" holders', async () => {
    const id = await opportunity(seller);
    t.clock.advance(HOUR);
    const waiting = await k.post('/api/opportunity/setWaiting', {
      ...k.as(seller),
      opportunityId: id,
      date: t.clock.now() + 5 * HOUR,
    });
    expect(waiting.status).toBe(200);
    expect(waiting.body.opportunity).toMatchObject({
      state: 'WAITING',
      timeFilter: 5 * HOUR,
      howMuchTime: '5 heures',
    });
    t.clock.advance(HOUR);
    expect((await k.post('/api/opportunity/setWin', { ...k.as(seller), opportunityId: id })).status).toBe(
      200,
    );

    const asAdmin = await get(admin, id);
    expect(asAdmin.body.opportunity.state).toBe('WIN');
    expect(asAdmin.body.opportunity.history).toEqual([
      expect.objectContaining({
        from: null,
        to: 'TODO',
        by: { _id: seller.userId, username: 'Martin Paul' },
      }),
      expect.objectContaining({ from: 'TODO', to: 'WAITING', kind: 'state', at: t.clock.now() - HOUR }),
      expect.objectContaining({ from: 'WAITING', to: 'WIN', kind: 'state', at: t.clock.now() }),
    ]);
    expect((await get(seller, id)).body.opportunity.history).toBeUndefined();
    const file = await k.post('/api/prospect/get/excel/one', {
      ...k.as(admin),
      excelId: (
        await t.store.collection<{ _id: string; excelId: string }>('opportunities').findOne({ _id: id })
      )?.excelId,
    });
    expect(file.body.excel.stats).toMatchObject({ win: 1, todo: 0 });
  });

  it('refuses a waiting date in the past or that is not a number', async () => {
    const id = await opportunity(seller);
    const past = await k.post('/api/opportunity/setWaiting', {
      ...k.as(seller),
      opportunityId: id,
      date: t.clock.now() - 1,
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('La date de relance doit être dans le futur');
    const text = await k.post('/api/opportunity/setWaiting', {
      ...k.as(seller),
      opportunityId: id,
      date: 'demain',
    });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('Valeur invalide pour le champ date');
    const missing = await k.post('/api/opportunity/setWaiting', { ...k.as(seller), opportunityId: id });
    expect(missing.body.message).toBe('Veuillez renseigner une date');
  });

  it('shows a WAITING whose date has passed as TODO, overdue from that date', async () => {
    const id = await opportunity(seller);
    await k.post('/api/opportunity/setWaiting', {
      ...k.as(seller),
      opportunityId: id,
      date: t.clock.now() + HOUR,
    });
    t.clock.advance(2 * DAY);
    const res = await get(seller, id);
    expect(res.body.opportunity).toMatchObject({ state: 'TODO', timeFilter: 2, howMuchTime: '2 jours' });
    const todo = await k.post('/api/opportunity/getwithfilter', {
      ...k.as(seller),
      filter: { state: 'todo' },
      startId: 0,
      endId: 500,
    });
    expect(todo.body.opportunitys.map((o: { _id: string }) => o._id)).toContain(id);
    const waiting = await k.post('/api/opportunity/getwithfilter', {
      ...k.as(seller),
      filter: { state: 'waiting' },
      startId: 0,
      endId: 500,
    });
    expect(waiting.body.opportunitys.map((o: { _id: string }) => o._id)).not.toContain(id);
  });

  describe('ownership', () => {
    it('lets a salesperson see and change only their own; a manager or administrator sees all', async () => {
      const mine = await opportunity(seller);
      const theirs = await opportunity(otherSeller);
      expect((await get(seller, theirs)).status).toBe(404);
      const change = await k.post('/api/opportunity/setWin', { ...k.as(seller), opportunityId: theirs });
      expect(change.status).toBe(404);
      expect(change.body.message).toBe('Opportunité introuvable');
      expect((await get(admin, theirs)).status).toBe(200);
      const manager = await k.member(admin, 'Manager');
      expect((await get(manager, mine)).status).toBe(200);

      const list = await k.post('/api/opportunity/getwithfilter', {
        ...k.as(seller),
        filter: { state: 'all' },
        startId: 0,
        endId: 500,
      });
      const owners = new Set(list.body.opportunitys.map((o: { user: { _id: string } }) => o.user._id));
      expect([...owners]).toEqual([seller.userId]);
    });

    it("answers another organisation's opportunity exactly like an unknown one", async () => {
      const id = await opportunity(admin);
      const foreign = await get(outsider, id);
      const unknown = await get(outsider, 'f'.repeat(24));
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(unknown.body);
    });

    it('keeps the opportunities of a private file away from everyone but its creator', async () => {
      const [prospectId] = await prospects(1, seller, { isPrivate: true });
      const created = await k.post('/api/opportunity/create', { ...k.as(seller), prospectId });
      const id = created.body.opportunityId as string;
      expect((await get(seller, id)).status).toBe(200);
      expect((await get(admin, id)).status).toBe(404);
    });

    it('lets a holder of "Assigner un collaborateur" hand an opportunity to a member, not to a stranger', async () => {
      const id = await opportunity(seller);
      const refused = await k.post('/api/opportunity/assign', {
        ...k.as(seller),
        opportunityId: id,
        userId: otherSeller.userId,
      });
      expect(refused.status).toBe(403);
      const stranger = await k.post('/api/opportunity/assign', {
        ...k.as(admin),
        opportunityId: id,
        userId: outsider.userId,
      });
      expect(stranger.status).toBe(404);
      expect(stranger.body.message).toBe('Collaborateur introuvable');
      const res = await k.post('/api/opportunity/assign', {
        ...k.as(admin),
        opportunityId: id,
        userId: otherSeller.userId,
      });
      expect(res.status).toBe(200);
      expect((await get(otherSeller, id)).status).toBe(200);
      expect((await get(seller, id)).status).toBe(404);
      const history = (await get(admin, id)).body.opportunity.history;
      expect(history[history.length - 1]).toMatchObject({
        kind: 'assign',
        reason: 'Attribuée à Martin Paul',
      });
    });
  });

  describe('lists', () => {
    let lister: Member;
    beforeAll(async () => {
      lister = await k.member(
        admin,
        'Vendeur liste',
        String(PERMISSION.VIEW_PROSPECTS | PERMISSION.CREATE_PROSPECT | PERMISSION.CHANGE_STATE),
      );
      const ids = [...(await prospects(550)), ...(await prospects(550))];
      const now = t.clock.now();
      // 1,100 opportunities stored directly (the create call is tested above): 1,000 TODO, 100 WAITING.
      await t.store.collection('opportunities').insertMany(
        ids.map((prospectId, i) => ({
          organisationId: admin.organisationId,
          prospectId,
          excelId: '',
          userId: lister.userId,
          state: i < 1000 ? 'TODO' : 'WAITING',
          creationDate: now - i,
          stateChangedAt: now - (i % 10) * DAY,
          ...(i < 1000 ? {} : { waitingDate: now + (1100 - i) * HOUR }),
          isPrivate: false,
          fileOwnerId: admin.userId,
          history: [],
        })),
      );
      // Written behind the module's back: say so, as its own writes do, or the lists in memory stay as they were.
      await new OpportunitiesRepository(t.store).bumpListVersion(admin.organisationId);
    });

    it('counts what the caller sees', async () => {
      const res = await k.post('/api/opportunity/getAllCount', k.as(lister));
      expect(res.body).toEqual({ all: 1100, todo: 1000, waiting: 100, loose: 0, win: 0 });
    });

    it('pages by position, 500 at most, with itsFinish, most overdue first', async () => {
      const page = (startId: number, endId: number) =>
        k.post('/api/opportunity/getwithfilter', {
          ...k.as(lister),
          filter: { state: 'todo' },
          startId,
          endId,
        });
      const first = await page(0, 500);
      expect(first.body.opportunitys).toHaveLength(500);
      expect(first.body.itsFinish).toBe(false);
      expect(first.body.opportunitys[0].timeFilter).toBe(9);
      const big = await page(500, 5000);
      expect(big.body.opportunitys).toHaveLength(500);
      expect(big.body.itsFinish).toBe(true);
      const all = [...first.body.opportunitys, ...big.body.opportunitys];
      expect(new Set(all.map((o: { _id: string }) => o._id)).size).toBe(1000);
      const filters = all.map((o: { timeFilter: number }) => o.timeFilter);
      expect(filters).toEqual([...filters].sort((a, b) => b - a));
      expect((await page(1000, 1500)).body).toEqual({ opportunitys: [], itsFinish: true });
    });

    it('returns every WAITING at once, soonest first', async () => {
      const res = await k.post('/api/opportunity/getwithfilter', {
        ...k.as(lister),
        filter: { state: 'waiting' },
        startId: 0,
        endId: 50,
      });
      expect(res.body.opportunitys).toHaveLength(100);
      expect(res.body.itsFinish).toBe(true);
      expect(res.body.opportunitys[0]).toMatchObject({ timeFilter: HOUR, howMuchTime: '1 heure' });
    });

    it('refuses an unknown state and a wrong type with a French 400', async () => {
      const state = await k.post('/api/opportunity/getwithfilter', {
        ...k.as(lister),
        filter: { state: 'done' },
        startId: 0,
        endId: 500,
      });
      expect(state.status).toBe(400);
      expect(state.body.message).toBe('État inconnu : attendu all, todo, waiting, loose ou win');
      const type = await k.post('/api/opportunity/getwithfilter', {
        ...k.as(lister),
        filter: { state: 'all' },
        startId: { $gt: 0 },
      });
      expect(type.status).toBe(400);
      expect(type.body.message).toBe('Valeur invalide pour le champ position');
    });

    it('takes the state names of the spec (TODO, WAITING…) as the lists, in any case, for the list and the export', async () => {
      const list = async (state: string) =>
        k.post('/api/opportunity/getwithfilter', {
          ...k.as(lister),
          filter: { state },
          startId: 0,
          endId: 500,
        });
      const ids = (res: { body: { opportunitys: { _id: string }[] } }) =>
        res.body.opportunitys.map((o) => o._id);
      const todo = await list('TODO');
      expect(todo.status).toBe(200);
      expect(ids(todo)).toEqual(ids(await list('todo')));
      expect(ids(await list('Waiting'))).toEqual(ids(await list('waiting')));
      const exported = async (state: string) =>
        k.post('/api/opportunity/export/filter', { ...k.as(admin), filter: { state } });
      const upper = await exported('WAITING');
      expect(upper.status).toBe(200);
      expect(upper.body.csvString.split('\r\n').length).toBeGreaterThan(100);
      expect(upper.body.csvString).toBe((await exported('waiting')).body.csvString);
    });
  });

  describe('edits', () => {
    it('stores the contractual information and brings the opportunity back 90 days before the contract ends', async () => {
      const id = await opportunity(seller);
      await k.post('/api/opportunity/setWin', { ...k.as(seller), opportunityId: id });
      // 90 days before 10 April 2025 is 10 January (sessions last 30 days: the clock stays in January).
      const data = {
        "Type_D'investissement": 'location',
        Date_previsionelle_fin_de_contrat: '2025-04-10',
        Prestataire_Actuelle: 'Concurrent SA',
      };
      const res = await k.post('/api/opportunity/updateContractuelle', {
        ...k.as(seller),
        opportunityId: id,
        data,
      });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body.opportunity.informationContractuelle)).toEqual(data);
      expect(res.body.opportunity.state).toBe('WIN');

      const saved = t.clock.now();
      t.clock.set(Date.UTC(2025, 0, 9, 22, 59)); // 9 January, 23:59 in Paris
      expect((await get(seller, id)).body.opportunity.state).toBe('WIN');
      t.clock.set(Date.UTC(2025, 0, 9, 23, 0)); // 10 January, midnight in Paris
      const back = await get(admin, id);
      expect(back.body.opportunity).toMatchObject({ state: 'TODO', timeFilter: 0 });
      expect(back.body.opportunity.history.at(-1)).toEqual({
        at: t.clock.now(),
        by: { _id: 'system', username: 'Rappel automatique' },
        from: 'WIN',
        to: 'TODO',
        kind: 'renewal',
        reason: 'Renouvellement : fin de contrat prévue le 10/04/2025 (rappel 90 jours avant)',
      });
      // Saving the same end date again does not bring it back a second time.
      await k.post('/api/opportunity/setWin', { ...k.as(seller), opportunityId: id });
      await k.post('/api/opportunity/updateContractuelle', { ...k.as(seller), opportunityId: id, data });
      expect((await get(seller, id)).body.opportunity.state).toBe('WIN');
      t.clock.set(saved);
    });

    it('refuses a bad contractual record', async () => {
      const id = await opportunity(seller);
      const res = await k.post('/api/opportunity/updateContractuelle', {
        ...k.as(seller),
        opportunityId: id,
        data: { "Type_D'investissement": 'leasing' },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Type d'investissement invalide : location ou achat");
    });

    it('updates the prospect, its contacts and custom fields; empty fields read "Aucun"', async () => {
      const id = await opportunity(seller);
      const res = await k.post('/api/opportunity/updateProspect', {
        ...k.as(seller),
        opportunityId: id,
        data: {
          prospect: 'Nouvelle Raison',
          enseigne: '',
          codePostale: '69003',
          ville: 'Lyon',
          contacts: [
            {
              civilite: 'Mme.',
              surname: 'Durand',
              name: 'Léa',
              fonction: 'Gérante',
              phone: '0600000000',
              mail: 'lea@exemple.fr',
            },
          ],
          custom: [{ title: 'Jour de marché', value: 'mardi' }],
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.opportunity.prospectId).toMatchObject({
        prospect: 'Nouvelle Raison',
        enseigne: 'Aucun',
        departement: '69',
        region: 'Auvergne-Rhône-Alpes',
        contacts: [expect.objectContaining({ civilite: 'Mme.', surname: 'Durand' })],
      });
      expect(JSON.parse(res.body.opportunity.prospectId.value)).toEqual({ Jour_de_marché: 'mardi' });
      const long = await k.post('/api/opportunity/updateProspect', {
        ...k.as(seller),
        opportunityId: id,
        data: { prospect: 'x'.repeat(201) },
      });
      expect(long.status).toBe(400);
    });
  });

  describe('manual opportunities', () => {
    const data = {
      title: 'Boulangerie Martin',
      adresse: '3 rue Neuve',
      codePostale: '35000',
      ville: 'Rennes',
      telephone: '0299000000',
      dateStatus: Date.UTC(2025, 0, 6, 8),
      state2: 'TODO',
      contacts: [{ civilite: 'Mr.', surname: 'Martin', name: 'Jean' }],
    };

    it('creates a prospect outside any file and an opportunity owned by the caller', async () => {
      const res = await k.post('/api/opportunity/addone', { ...k.as(seller), data });
      expect(res.status).toBe(200);
      const view = (await get(seller, res.body.opportunityId)).body.opportunity;
      expect(view).toMatchObject({
        state: 'TODO',
        user: { _id: seller.userId },
        prospectId: { prospect: 'Boulangerie Martin', region: 'Bretagne', enseigne: 'Aucun' },
      });
      expect(view.excelId).toBeUndefined();
      expect(view.prospectId.contacts).toHaveLength(1);
    });

    it("refuses the modal's missing fields with its messages", async () => {
      const res = await k.post('/api/opportunity/addone', {
        ...k.as(seller),
        data: { ...data, telephone: '' },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Veuillez renseigner le téléphone');
    });
  });

  describe('unassigned pool', () => {
    it("lists the prospects not taken yet, and takeNext makes the first one the caller's", async () => {
      const pooler = await k.owner('Société Pool');
      const { excelId } = await k.loadOk(pooler, [rowOf(9001), rowOf(9002)], { name: 'Fichier pool' });
      const pool = await k.post('/api/opportunity/unassigned', k.as(pooler));
      expect(pool.body.total).toBe(2);
      expect(pool.body.value[0]).toMatchObject({
        prospect: 'Société 9001',
        excelId,
        fileName: 'Fichier pool',
      });
      const taken = await k.post('/api/opportunity/takeNext', k.as(pooler));
      expect(taken.status).toBe(200);
      expect((await get(pooler, taken.body.opportunityId)).body.opportunity.prospectId.prospect).toBe(
        'Société 9001',
      );
      expect((await k.post('/api/opportunity/unassigned', k.as(pooler))).body.total).toBe(1);
      await k.post('/api/opportunity/takeNext', k.as(pooler));
      const empty = await k.post('/api/opportunity/takeNext', k.as(pooler));
      expect(empty.status).toBe(404);
      expect(empty.body.message).toBe('Aucun prospect à attribuer');
    });
  });

  describe('export', () => {
    it('writes the filtered list as CSV: French header, ";", accents, neutralised formulas', async () => {
      const exporter = await k.owner('Société Export');
      await k.loadOk(
        exporter,
        [
          rowOf(1, { 'Raison sociale': '=HYPERLINK("http://x")', CP: '69003', Ville: 'Lyon' }),
          rowOf(2, { 'Raison sociale': 'Crêperie Élise', CP: '29000', Ville: 'Quimper' }),
          rowOf(3, { 'Raison sociale': 'Café Paris', CP: '75002' }),
        ],
        { name: 'Fichier export' },
      );
      for (let i = 0; i < 3; i += 1) await k.post('/api/opportunity/takeNext', k.as(exporter));
      const all = await k.post('/api/opportunity/export/filter', {
        ...k.as(exporter),
        filter: { state: 'all' },
        startId: 0,
        endId: Number.MAX_SAFE_INTEGER,
      });
      expect(all.status).toBe(200);
      const lines = all.body.csvString.split('\r\n').filter(Boolean);
      expect(lines).toHaveLength(4);
      expect(lines[0]).toMatch(/^"Raison sociale";"Enseigne";/);
      expect(all.body.csvString).toContain('"\'=HYPERLINK(""http://x"")"');
      expect(all.body.csvString).toContain('"Crêperie Élise"');

      const filtered = await k.post('/api/opportunity/export/filter', {
        ...k.as(exporter),
        filter: { state: 'todo', departement: ['69', '29'], search: 'CREPERIE' },
        startId: 0,
        endId: Number.MAX_SAFE_INTEGER,
      });
      const rows = filtered.body.csvString.split('\r\n').filter(Boolean);
      expect(rows).toHaveLength(2);
      expect(rows[1]).toContain('Crêperie Élise');
      const none = await k.post('/api/opportunity/export/filter', {
        ...k.as(exporter),
        filter: { state: 'win' },
        startId: 0,
        endId: 10,
      });
      expect(none.body).toEqual({ csvString: '' });
      const viewer = await k.member(exporter, 'Sans export', String(PERMISSION.VIEW_PROSPECTS));
      expect(
        (await k.post('/api/opportunity/export/filter', { ...k.as(viewer), filter: { state: 'all' } }))
          .status,
      ).toBe(403);
    });
  });

  it('gives every organisation the five statuses', async () => {
    const res = await k.post('/api/opportunity/status', k.as(outsider));
    expect(res.body.status.map((s: { name: string }) => s.name)).toEqual([
      'Mail',
      'Appel Abouti',
      'Appel non Abouti',
      'PP',
      'PP Validé',
    ]);
    const again = await k.post('/api/opportunity/status', k.as(outsider));
    expect(again.body).toEqual(res.body);
  });
});
