// The bin (issue 23): "Annuler l'import" and its counts, deletion of a file / a prospect / an
// opportunity out of every list, restoration whole (comments and history included), conflicts,
// permissions and organisations. docs/decisions/bin.md.
import { isValidSiret, PERMISSION } from '@app/domain';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/** A SIRET with a valid check digit, different for each `i`. */
function validSiret(i: number): string {
  const base = `4${String(i).padStart(12, '0')}`;
  for (let digit = 0; digit < 10; digit += 1) if (isValidSiret(`${base}${digit}`)) return `${base}${digit}`;
  throw new Error('no check digit');
}

describe('the bin', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let owner: Member;
  let row = 0;

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    owner = await k.owner('Société Corbeille');
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  const rows = (count: number, extra: (i: number) => Record<string, unknown> = () => ({})) =>
    Array.from({ length: count }, () => {
      row += 1;
      return rowOf(row, extra(row));
    });
  const ids = async (who: Member, excelId: string) =>
    ((await k.page(who, excelId)).body.value as { _id: string }[]).map((doc) => doc._id);
  const take = async (who: Member, prospectId: string) => {
    const res = await k.post('/api/opportunity/create', { ...k.as(who), prospectId });
    expect(res.status).toBe(200);
    return res.body.opportunityId as string;
  };
  const statusIdOf = async (who: Member) =>
    ((await k.post('/api/opportunity/status', k.as(who))).body.status as { _id: string }[])[0]?._id;
  const comment = async (who: Member, opportunityId: string, message: string) => {
    const res = await k.post('/api/messages/post', {
      ...k.as(who),
      opportunityId,
      message,
      statusId: await statusIdOf(who),
    });
    expect(res.status).toBe(200);
  };
  const binList = async (who: Member) => {
    const res = await k.post('/api/bin/list', k.as(who));
    expect(res.status).toBe(200);
    return res.body as {
      value: { _id: string; kind: string; label: string; counts: object }[];
      total: number;
    };
  };
  const fileOf = async (who: Member, excelId: string) => (await k.files(who)).find((f) => f._id === excelId);

  it('undoes an import: removes the untouched prospects, keeps the worked ones and says why, then restores them', async () => {
    const { excelId } = await k.loadOk(owner, rows(6), { name: 'Import à annuler' });
    const [commentedId, takenId, editedId] = await ids(owner, excelId);
    const commented = await take(owner, commentedId as string);
    await comment(owner, commented, 'Appelé ce matin');
    await take(owner, takenId as string);
    // Edited through its opportunity, then the opportunity deleted: the prospect is back, untaken but edited.
    const edited = await take(owner, editedId as string);
    const update = await k.post('/api/opportunity/updateProspect', {
      ...k.as(owner),
      opportunityId: edited,
      data: { prospect: 'Raison corrigée', contacts: [], custom: [] },
    });
    expect(update.status).toBe(200);
    expect((await k.post('/api/opportunity/delete', { ...k.as(owner), opportunityId: edited })).status).toBe(
      200,
    );

    const res = await k.post('/api/prospect/undoImport', { ...k.as(owner), excelId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      removed: 3,
      kept: 3,
      reasons: { opportunity: 2, commented: 1, edited: 1 },
      fileRemoved: false,
      message:
        '3 prospects retirés (dans la corbeille pendant 30 jours). 3 prospects conservés : 2 pris en opportunité, 1 commenté, 1 modifié.',
    });
    expect(await fileOf(owner, excelId)).toMatchObject({ count: 3, countSelected: 2 });
    expect((await ids(owner, excelId)).sort()).toEqual([commentedId, takenId, editedId].sort());
    const record = (await binList(owner)).value[0];
    expect(record).toMatchObject({
      kind: 'import',
      label: 'Import à annuler',
      counts: { prospects: 3, opportunities: 0, comments: 0 },
    });

    const restored = await k.post('/api/bin/restore', { ...k.as(owner), binId: record?._id });
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe('Import à annuler a été restauré');
    expect(await fileOf(owner, excelId)).toMatchObject({ count: 6, countSelected: 2 });
    expect(await ids(owner, excelId)).toHaveLength(6);
    expect((await binList(owner)).value.some((item) => item._id === record?._id)).toBe(false);
  });

  it('undoes an import nobody worked: the file itself goes to the bin, and comes back with its id', async () => {
    const { excelId } = await k.loadOk(owner, rows(3), { name: 'Import intact' });
    const res = await k.post('/api/prospect/undoImport', { ...k.as(owner), excelId });
    expect(res.body).toMatchObject({ removed: 3, kept: 0, fileRemoved: true });
    expect(res.body.message).toBe(
      '3 prospects retirés (dans la corbeille pendant 30 jours). Le fichier a été mis à la corbeille.',
    );
    expect(await fileOf(owner, excelId)).toBeUndefined();
    const restored = await k.post('/api/bin/restore', { ...k.as(owner), binId: res.body.binId });
    expect(restored.body).toMatchObject({ kind: 'import', excelId });
    expect(await fileOf(owner, excelId)).toMatchObject({ name: 'Import intact', count: 3 });
  });

  it('records each move to and from the bin in the audit log: who, what, how much', async () => {
    const { excelId } = await k.loadOk(owner, rows(2), { name: 'Fichier audité' });
    expect((await k.post('/api/prospect/delete', { ...k.as(owner), excelId })).status).toBe(200);
    const [record] = (await binList(owner)).value;
    expect((await k.post('/api/bin/restore', { ...k.as(owner), binId: record?._id })).status).toBe(200);
    const newest = async (kind: string) => {
      const res = await k.post('/api/audit/list', { ...k.as(owner), kind, limit: 1 });
      expect(res.status).toBe(200);
      return (res.body as { records: Record<string, unknown>[] }).records[0];
    };
    for (const kind of ['deleted', 'restored']) {
      const entry = await newest(kind);
      expect(entry).toMatchObject({
        kind,
        actor: { _id: owner.userId },
        subject: { type: 'prospectFile', id: record?._id, label: 'Fichier audité' },
      });
      // French names, as the history screen and its CSV show them; the kinds moved none of are left out.
      expect(entry?.details).toEqual({ Corbeille: 'fichier de prospects', Prospects: 2 });
    }
  });

  it('hides a deleted file from every list, count, search and export, and restores it whole with comments and history', async () => {
    const { excelId } = await k.loadOk(
      owner,
      rows(3, (i) => ({ 'Raison sociale': `Zéphyr ${i}` })),
      {
        name: 'Fichier complet',
      },
    );
    const [first] = await ids(owner, excelId);
    const opportunityId = await take(owner, first as string);
    expect((await k.post('/api/opportunity/setWin', { ...k.as(owner), opportunityId })).status).toBe(200);
    await comment(owner, opportunityId, 'Contrat signé');
    const detailBefore = (await k.post('/api/opportunity/get', { ...k.as(owner), opportunityId })).body
      .opportunity;
    const countsBefore = (await k.post('/api/opportunity/getAllCount', k.as(owner))).body;
    const name = detailBefore.prospectId.prospect as string;
    expect(detailBefore.history.length).toBeGreaterThan(1);
    const report = () => k.post('/api/report/files', { ...k.as(owner), period: '30days' });
    expect(JSON.stringify((await report()).body)).toContain('Fichier complet');

    expect((await k.post('/api/prospect/delete', { ...k.as(owner), excelId })).status).toBe(200);
    const counts = (await k.post('/api/opportunity/getAllCount', k.as(owner))).body;
    expect(counts.win).toBe(countsBefore.win - 1);
    expect(counts.all).toBe(countsBefore.all - 1);
    const list = await k.post('/api/opportunity/getwithfilter', { ...k.as(owner), filter: { state: 'all' } });
    expect((list.body.opportunitys as { _id: string }[]).some((o) => o._id === opportunityId)).toBe(false);
    const searched = await k.post('/api/opportunity/listWindow', {
      ...k.as(owner),
      filter: { state: 'all', search: 'Zéphyr' },
      startId: 0,
      endId: 50,
    });
    expect(searched.body.total).toBe(0);
    const exported = await k.post('/api/opportunity/export/filter', {
      ...k.as(owner),
      filter: { state: 'all' },
    });
    expect(exported.status).toBe(200);
    expect(exported.body.csvString ?? '').not.toContain(name);
    expect((await k.post('/api/opportunity/get', { ...k.as(owner), opportunityId })).status).toBe(404);
    const pool = await k.post('/api/opportunity/unassigned', { ...k.as(owner), offset: 0, limit: 200 });
    expect((pool.body.value as { excelId: string }[]).some((p) => p.excelId === excelId)).toBe(false);
    const reportAfter = await report();
    expect(reportAfter.status).toBe(200);
    expect(JSON.stringify(reportAfter.body)).not.toContain('Fichier complet');

    const record = (await binList(owner)).value[0];
    expect(record).toMatchObject({
      kind: 'file',
      label: 'Fichier complet',
      counts: { prospects: 3, opportunities: 1, comments: 1 },
    });
    const restored = await k.post('/api/bin/restore', { ...k.as(owner), binId: record?._id });
    expect(restored.status).toBe(200);
    const detailAfter = (await k.post('/api/opportunity/get', { ...k.as(owner), opportunityId })).body
      .opportunity;
    expect(detailAfter.message).toEqual(detailBefore.message);
    expect(detailAfter.history).toEqual(detailBefore.history);
    expect(detailAfter.state).toBe('WIN');
    expect((await k.post('/api/opportunity/getAllCount', k.as(owner))).body).toEqual(countsBefore);
    expect(await fileOf(owner, excelId)).toMatchObject({ count: 3, countSelected: 1 });
  });

  it('refuses a restoration that would duplicate a prospect a colleague reused, saying what conflicts, and restores nothing', async () => {
    const siret = validSiret(row + 1000);
    const { excelId } = await k.loadOk(
      owner,
      rows(2, (i) => (i % 2 === 0 ? { Siret: siret } : {})),
      {
        name: 'Fichier au SIRET',
      },
    );
    expect((await k.post('/api/prospect/delete', { ...k.as(owner), excelId })).status).toBe(200);
    const record = (await binList(owner)).value[0];
    // Meanwhile the same company comes in with another file.
    await k.loadOk(
      owner,
      rows(1, () => ({ Siret: siret, 'Raison sociale': 'Même entreprise' })),
      {
        name: 'Nouveau fichier',
      },
    );
    const refused = await k.post('/api/bin/restore', { ...k.as(owner), binId: record?._id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^Restauration impossible : ce prospect existe de nouveau ailleurs \(même SIRET ou même raison sociale, enseigne et code postal\) : Société \d+ – Enseigne \d+$/,
    );
    expect(await fileOf(owner, excelId)).toBeUndefined();
    expect((await binList(owner)).value[0]?._id).toBe(record?._id);
  });

  it('refuses a restoration when a live file took the same name', async () => {
    const { excelId } = await k.loadOk(owner, rows(1), { name: 'Nom repris' });
    await k.post('/api/prospect/delete', { ...k.as(owner), excelId });
    const record = (await binList(owner)).value[0];
    await k.loadOk(owner, rows(1), { name: 'Nom repris' });
    const refused = await k.post('/api/bin/restore', { ...k.as(owner), binId: record?._id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Restauration impossible : un fichier nommé « Nom repris » existe déjà',
    );
  });

  it('deletes an opportunity: its prospect goes back to its file, and comes back taken unless someone took it meanwhile', async () => {
    const { excelId } = await k.loadOk(owner, rows(2), { name: 'Fichier opportunités' });
    const [prospectId] = await ids(owner, excelId);
    const opportunityId = await take(owner, prospectId as string);
    await comment(owner, opportunityId, 'Premier contact');
    const deleted = await k.post('/api/opportunity/delete', { ...k.as(owner), opportunityId });
    expect(deleted.status).toBe(200);
    expect(await fileOf(owner, excelId)).toMatchObject({ countSelected: 0 });
    expect(
      await t.store
        .collection<{ _id: string; opportunityId: string }>('messages')
        .countDocuments({ opportunityId }),
    ).toBe(0);

    const restored = await k.post('/api/bin/restore', { ...k.as(owner), binId: deleted.body.binId });
    expect(restored.body).toMatchObject({ kind: 'opportunity', opportunityId });
    expect(await fileOf(owner, excelId)).toMatchObject({ countSelected: 1 });
    const view = (await k.post('/api/opportunity/get', { ...k.as(owner), opportunityId })).body.opportunity;
    expect(view.message.map((m: { message?: string; text?: string }) => m.message ?? m.text)).toEqual([
      'Premier contact',
    ]);

    const again = await k.post('/api/opportunity/delete', { ...k.as(owner), opportunityId });
    await take(owner, prospectId as string);
    const refused = await k.post('/api/bin/restore', { ...k.as(owner), binId: again.body.binId });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/est de nouveau une opportunité$/);
  });

  it('deletes one prospect with its opportunity and restores it into its file', async () => {
    const { excelId } = await k.loadOk(owner, rows(3), { name: 'Fichier prospect' });
    const [prospectId] = await ids(owner, excelId);
    await take(owner, prospectId as string);
    const deleted = await k.post('/api/prospect/deleteOne', { ...k.as(owner), prospectId });
    expect(deleted.status).toBe(200);
    expect(await fileOf(owner, excelId)).toMatchObject({ count: 2, countSelected: 0 });
    expect((await binList(owner)).value[0]).toMatchObject({
      kind: 'prospect',
      counts: { prospects: 1, opportunities: 1, comments: 0 },
    });
    expect((await k.post('/api/bin/restore', { ...k.as(owner), binId: deleted.body.binId })).status).toBe(
      200,
    );
    expect(await fileOf(owner, excelId)).toMatchObject({ count: 3, countSelected: 1 });
  });

  it('asks "Supprimer une campagne" to undo an import and "Supprimer un prospect" for the rest; the bin lists only what the caller may restore', async () => {
    const seller = await k.member(owner); // Commercial: neither bit
    const { excelId } = await k.loadOk(owner, rows(2), { name: 'Fichier protégé' });
    const [prospectId, otherId] = await ids(owner, excelId);
    const opportunityId = await take(owner, prospectId as string);
    for (const [path, body] of [
      ['/api/prospect/undoImport', { excelId }],
      ['/api/prospect/delete', { excelId }],
      ['/api/prospect/deleteOne', { prospectId }],
      ['/api/opportunity/delete', { opportunityId }],
      ['/api/bin/list', {}],
      ['/api/bin/restore', { binId: '0123456789abcdef01234567' }],
    ] as const) {
      const res = await k.post(path, { ...k.as(seller), ...body });
      expect([path, res.status, res.body.message]).toEqual([
        path,
        403,
        'Vous n’avez pas les droits nécessaires pour cette action',
      ]);
    }
    // Only "Supprimer un prospect": sees the prospect records, not the files'.
    const prospectsOnly = await k.member(
      owner,
      'Suppression de prospects',
      String(PERMISSION.VIEW_PROSPECTS | PERMISSION.DELETE_PROSPECT),
    );
    const own = await k.post('/api/prospect/deleteOne', { ...k.as(prospectsOnly), prospectId: otherId });
    expect(own.status).toBe(200);
    const kinds = new Set((await binList(prospectsOnly)).value.map((item) => item.kind));
    expect(kinds.has('file') || kinds.has('import')).toBe(false);
    expect(kinds.has('prospect')).toBe(true);
    const fileRecord = (await binList(owner)).value.find((item) => item.kind === 'file');
    const hidden = await k.post('/api/bin/restore', { ...k.as(prospectsOnly), binId: fileRecord?._id });
    expect([hidden.status, hidden.body.message]).toEqual([404, 'Élément introuvable dans la corbeille']);
  });

  it('keeps a private file’s record to its creator, and each organisation’s bin to itself', async () => {
    const admin = await k.member(owner, 'Administrateur');
    const { excelId } = await k.loadOk(owner, rows(1), { name: 'Fichier privé', isPrivate: true });
    await k.post('/api/prospect/delete', { ...k.as(owner), excelId });
    const record = (await binList(owner)).value[0];
    expect(record?.label).toBe('Fichier privé');
    expect((await binList(admin)).value.some((item) => item._id === record?._id)).toBe(false);
    const asAdmin = await k.post('/api/bin/restore', { ...k.as(admin), binId: record?._id });
    expect(asAdmin.status).toBe(404);

    const other = await k.owner('Autre organisation');
    expect((await binList(other)).total).toBe(0);
    const foreign = await k.post('/api/bin/restore', { ...k.as(other), binId: record?._id });
    const unknown = await k.post('/api/bin/restore', { ...k.as(other), binId: '0123456789abcdef01234567' });
    expect([foreign.status, foreign.body]).toEqual([unknown.status, unknown.body]);
  });

  it('pages the bin newest first and refuses a bad page in French', async () => {
    const all = await binList(owner);
    const page = await k.post('/api/bin/list', { ...k.as(owner), offset: 1, limit: 2 });
    expect(page.body.value.map((item: { _id: string }) => item._id)).toEqual(
      all.value.slice(1, 3).map((item) => item._id),
    );
    expect(page.body.total).toBe(all.total);
    const bad = await k.post('/api/bin/list', { ...k.as(owner), limit: 0 });
    expect([bad.status, bad.body.message]).toEqual([400, 'Valeur invalide pour le champ limite']);
  });
});

describe('the bin moving a file in chunks', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let owner: Member;

  beforeAll(async () => {
    // 4 prospects per transaction: a file of 120 moves in 30 chunks each way.
    t = createTestApp({ env: { BIN_MOVE_CHUNK: '4' } });
    await t.app.locals.ready;
    k = kit(t);
    owner = await k.owner('Société Morceaux');
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  type Stored = { _id: string; excelId?: string; moving?: string; binId?: string; collection?: string };
  const prospects = () => t.store.collection<Stored>('prospects');
  const records = () => t.store.collection<Stored>('bin');
  const parts = () => t.store.collection<Stored>('binParts');
  const pageIds = async (excelId: string) =>
    ((await k.page(owner, excelId, { limit: 200 })).body.value as { _id: string }[]).map((doc) => doc._id);

  const SIZE = 120;
  const halfMoved = async (excelId: string, direction: 'out' | 'in') => {
    const record = await records().findOne({ excelId, moving: direction });
    const live = await prospects().countDocuments({ excelId });
    return record && live > 0 && live < SIZE ? record : null;
  };

  /**
   * Calls, while the move is half done, what a colleague would: nothing of the file shows. A call
   * counts when the move was half done before it and still after it (it was served between chunks).
   */
  async function whileMoving(excelId: string, direction: 'out' | 'in', move: Promise<{ status: number }>) {
    const checks: ((binId: string) => Promise<void>)[] = [
      async () => expect((await k.files(owner)).some((file) => file._id === excelId)).toBe(false),
      async () => expect((await k.page(owner, excelId)).status).toBe(404),
      async (binId) => {
        const bin = await k.post('/api/bin/list', k.as(owner));
        expect((bin.body.value as { _id: string }[]).some((item) => item._id === binId)).toBe(false);
      },
      async (binId) => expect((await k.post('/api/bin/restore', { ...k.as(owner), binId })).status).toBe(404),
    ];
    let next = 0;
    for (let turn = 0; turn < 100_000 && next < checks.length; turn += 1) {
      const record = await halfMoved(excelId, direction);
      if (record) {
        await checks[next]?.(record._id);
        if (await halfMoved(excelId, direction)) next += 1;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await move).status).toBe(200);
    expect(next).toBe(checks.length);
  }

  it('deletes a file of several chunks whole, shows none of it meanwhile, and restores it whole', async () => {
    const rows = Array.from({ length: SIZE }, (_, i) => rowOf(5000 + i));
    const { excelId } = await k.loadOk(owner, rows, { name: 'Fichier en morceaux' });
    const before = (await pageIds(excelId)).sort();
    expect(before).toHaveLength(SIZE);
    const opportunityId = (await k.post('/api/opportunity/create', { ...k.as(owner), prospectId: before[0] }))
      .body.opportunityId as string;
    // One made before opportunities kept their file's id: it goes with its prospect's chunk.
    const olderId = (
      await k.post('/api/opportunity/create', { ...k.as(owner), prospectId: before[SIZE - 1] })
    ).body.opportunityId as string;
    await t.store.collection<Stored>('opportunities').updateOne({ _id: olderId }, { $set: { excelId: '' } });

    await whileMoving(
      excelId,
      'out',
      k.post('/api/prospect/delete', { ...k.as(owner), excelId }).then((res) => res),
    );
    expect(await prospects().countDocuments({ excelId })).toBe(0);
    expect((await k.post('/api/opportunity/get', { ...k.as(owner), opportunityId })).status).toBe(404);
    expect((await k.post('/api/opportunity/get', { ...k.as(owner), opportunityId: olderId })).status).toBe(
      404,
    );
    const [record] = (await k.post('/api/bin/list', k.as(owner))).body.value as {
      _id: string;
      counts: object;
    }[];
    expect(record?.counts).toEqual({ prospects: SIZE, opportunities: 2, comments: 0 });
    expect((await records().findOne({ _id: record?._id }))?.moving).toBeUndefined();

    await whileMoving(
      excelId,
      'in',
      k.post('/api/bin/restore', { ...k.as(owner), binId: record?._id }).then((res) => res),
    );
    expect((await pageIds(excelId)).sort()).toEqual(before);
    expect((await k.files(owner)).find((file) => file._id === excelId)).toMatchObject({
      name: 'Fichier en morceaux',
      count: SIZE,
      countSelected: 2,
    });
    expect((await k.post('/api/opportunity/get', { ...k.as(owner), opportunityId })).status).toBe(200);
    expect((await k.post('/api/opportunity/get', { ...k.as(owner), opportunityId: olderId })).status).toBe(
      200,
    );
    expect(await records().countDocuments({ _id: record?._id })).toBe(0);
    expect(await parts().countDocuments({ binId: record?._id })).toBe(0);
  });

  it('undoes an import of several chunks, keeping the worked prospect, and restores the rest into the file', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => rowOf(6000 + i));
    const { excelId } = await k.loadOk(owner, rows, { name: 'Import en morceaux' });
    const [taken] = await pageIds(excelId);
    await k.post('/api/opportunity/create', { ...k.as(owner), prospectId: taken });

    const res = await k.post('/api/prospect/undoImport', { ...k.as(owner), excelId });
    expect(res.body).toMatchObject({ removed: 29, kept: 1, fileRemoved: false });
    expect(await pageIds(excelId)).toEqual([taken]);
    expect((await k.files(owner)).find((file) => file._id === excelId)).toMatchObject({
      count: 1,
      countSelected: 1,
    });
    expect((await records().findOne({ _id: res.body.binId }))?.moving).toBeUndefined();

    const restored = await k.post('/api/bin/restore', { ...k.as(owner), binId: res.body.binId });
    expect(restored.status).toBe(200);
    expect(await pageIds(excelId)).toHaveLength(30);
    expect((await k.files(owner)).find((file) => file._id === excelId)).toMatchObject({
      count: 30,
      countSelected: 1,
    });
  });
});
