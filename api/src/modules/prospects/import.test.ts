// The batched import: start, rows, finish, abort; idempotent batches, two imports at once, files
// invisible until finished, and the removal of abandoned imports (at start and when idle).
import { type ImportRow, MAX_CELL_LENGTH, MESSAGES } from '@app/domain';
import pino from 'pino';
import { createApp } from '../../app';
import { createMailer } from '../../mail/create-mailer';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { IMPORT_IDLE_MS, ProspectImportService } from './import-service';
import { COLUMNS, kit, type Member, rowOf } from '../../test-support/prospects-test-kit';
import { ProspectsRepository } from './repository';

describe('batched import', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let alpha: Member;
  let colleague: Member;

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    alpha = await k.owner();
    colleague = await k.member(alpha);
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  const rowsOf = (from: number, count: number) => Array.from({ length: count }, (_, i) => rowOf(from + i));
  const rowsStored = (excelId: string) =>
    t.store.collection<{ _id: string; excelId: string }>('prospects').countDocuments({ excelId });

  it('stores batches, keeps the file invisible until finish, then shows it with its summary', async () => {
    const importId = await k.start(alpha, 2500);
    const first = await k.sendRows(alpha, importId, 0, rowsOf(0, 2000));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: 2000 });

    expect((await k.files(alpha)).some((file) => file._id === importId)).toBe(false);
    expect((await k.page(alpha, importId)).status).toBe(404);
    expect((await k.post('/api/prospect/get/excel/one', { ...k.as(alpha), excelId: importId })).status).toBe(
      404,
    );

    // Finishing early is refused.
    const early = await k.finish(alpha, importId);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Import incomplet : 2000 lignes reçues sur 2500');

    const last = rowsOf(2000, 500);
    last[10] = rowOf(5, {}); // a duplicate of a row of the first batch
    last[20] = rowOf(2020, { 'Raison sociale': '', Enseigne: '' });
    expect((await k.sendRows(alpha, importId, 2000, last)).body).toEqual({ received: 2500 });

    const done = await k.finish(alpha, importId);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      excelId: importId,
      summary: {
        imported: 2498,
        duplicates: 1,
        duplicatesSkipped: 1,
        siretFlagged: 0,
        rejected: [{ index: 2020, reason: 'Ligne sans raison sociale ni enseigne' }],
        rejectedCount: 1,
      },
    });
    expect((await k.files(alpha)).find((file) => file._id === importId)).toMatchObject({ count: 2498 });
    expect((await k.page(alpha, importId, { offset: 2497 })).body.value[0]).toMatchObject({ rowIndex: 2499 });
    // Finished: no more rows, no second finish.
    expect((await k.sendRows(alpha, importId, 2500, rowsOf(0, 1))).status).toBe(404);
    expect((await k.finish(alpha, importId)).status).toBe(404);
  });

  it('acknowledges a replayed batch without storing it twice, trims an overlap, refuses a gap', async () => {
    const importId = await k.start(alpha, 300);
    const batch = rowsOf(10_000, 100);
    expect((await k.sendRows(alpha, importId, 0, batch)).body).toEqual({ received: 100 });
    expect((await k.sendRows(alpha, importId, 0, batch)).body).toEqual({ received: 100 });
    expect(await rowsStored(importId)).toBe(100);

    // Overlap: rows 50-149 when 100 are stored; only 100-149 are new.
    expect((await k.sendRows(alpha, importId, 50, rowsOf(10_050, 100))).body).toEqual({ received: 150 });
    expect(await rowsStored(importId)).toBe(150);

    const gap = await k.sendRows(alpha, importId, 200, rowsOf(10_200, 10));
    expect(gap.status).toBe(409);
    // ROWS_MISSING: the browser's upload sends it again once the batch before is acknowledged.
    expect(gap.body).toEqual({
      message: 'Lignes manquantes : le prochain lot doit commencer à la ligne 150',
      code: 'ROWS_MISSING',
    });

    // The same batch sent twice at once (a retry racing the first attempt) is stored once.
    const again = rowsOf(10_150, 150);
    const [a, b] = await Promise.all([
      k.sendRows(alpha, importId, 150, again),
      k.sendRows(alpha, importId, 150, again),
    ]);
    expect([a.body, b.body]).toEqual([{ received: 300 }, { received: 300 }]);
    expect(await rowsStored(importId)).toBe(300);
    expect((await k.finish(alpha, importId)).body.summary).toMatchObject({ imported: 300, duplicates: 0 });
  });

  it('stores batches sent side by side in file order, whichever arrives first', async () => {
    const importId = await k.start(alpha, 300);
    const cells = (from: number, count: number) =>
      rowsOf(from, count).map((row) => COLUMNS.map((column) => String(row[column] ?? '')));
    const send = (offset: number, from: number) =>
      k.post('/api/prospect/import/rows', { ...k.as(alpha), importId, offset, cells: cells(from, 100) });
    // The third batch leaves first: it waits for the two before it instead of being refused.
    const third = send(200, 120_200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [second, first] = await Promise.all([send(100, 120_100), send(0, 120_000)]);
    expect([first.body, second.body, (await third).body]).toEqual([
      { received: 100 },
      { received: 200 },
      { received: 300 },
    ]);
    expect((await k.finish(alpha, importId)).status).toBe(200);
    const stored = await t.store
      .collection<{ _id: string; excelId: string; rowIndex: number; prospect: string }>('prospects')
      .find({ excelId: importId }, { sort: { rowIndex: 1 } });
    expect(stored.map((row) => [row.rowIndex, row.prospect])).toEqual(
      Array.from({ length: 300 }, (_, index) => [index, `Société ${120_000 + index}`]),
    );
  });

  it('refuses a compact batch with more cells than columns, or with both forms, and stores nothing', async () => {
    const importId = await k.start(alpha, 10);
    const tooLong = await k.post('/api/prospect/import/rows', {
      ...k.as(alpha),
      importId,
      offset: 0,
      cells: [[...COLUMNS.map(() => 'x'), 'de trop']],
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(
      `La ligne 1 a plus de cellules que le fichier n’a de colonnes (${COLUMNS.length})`,
    );
    const both = await k.post('/api/prospect/import/rows', {
      ...k.as(alpha),
      importId,
      offset: 0,
      rows: [rowOf(1)],
      cells: [['Société 1']],
    });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe('Un lot porte ses lignes soit en « rows », soit en « cells »');
    const notText = await k.post('/api/prospect/import/rows', {
      ...k.as(alpha),
      importId,
      offset: 0,
      cells: [[{ $gt: '' }]],
    });
    expect(notText.status).toBe(400);
    // Past the quick check of the usual batch (quickImportBatch), the schema still phrases the refusal.
    const tooLongCell = await k.post('/api/prospect/import/rows', {
      ...k.as(alpha),
      importId,
      offset: 0,
      cells: [['x'.repeat(MAX_CELL_LENGTH + 1)]],
    });
    expect(tooLongCell.status).toBe(400);
    expect(tooLongCell.body.message).toBe(MESSAGES.tooLong('cellule', MAX_CELL_LENGTH));
    expect(await rowsStored(importId)).toBe(0);
    await k.post('/api/prospect/import/abort', { ...k.as(alpha), importId });
  });

  it('refuses rows beyond the announced count, unknown columns, and another member’s import', async () => {
    const importId = await k.start(alpha, 3);
    const tooMany = await k.sendRows(alpha, importId, 0, rowsOf(0, 4));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('Le fichier contient plus de lignes qu’annoncé (3)');
    const unknown = await k.sendRows(alpha, importId, 0, [rowOf(1, { Pirate: 'x' })]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('La colonne « Pirate » n’existe pas dans le fichier');
    const notObjects = await k.sendRows(alpha, importId, 0, [
      ['a', 'b'] as unknown as Record<string, unknown>,
    ]);
    expect(notObjects.status).toBe(400);
    expect(notObjects.body.message).toBe('Valeur invalide pour le champ ligne');
    expect(await rowsStored(importId)).toBe(0);

    const theirs = await k.sendRows(colleague, importId, 0, rowsOf(0, 1));
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Import introuvable ou déjà terminé');
    expect((await k.finish(colleague, importId)).status).toBe(404);
    await k.post('/api/prospect/import/abort', { ...k.as(alpha), importId });
  });

  it('refuses a start whose mapping names a column not in its columns', async () => {
    const res = await k.post('/api/prospect/import/start', {
      ...k.as(alpha),
      name: 'Grand fichier',
      isPrivate: false,
      value: { prospect: 'Société' },
      columns: ['Raison sociale'],
      totalRows: 10,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('La colonne « Société » n’existe pas dans le fichier');
  });

  it('keeps two imports of one organisation apart, batches interleaved', async () => {
    const one = await k.start(alpha, 200, { name: 'Import un' });
    const two = await k.start(colleague, 200, { name: 'Import deux' });
    for (const offset of [0, 100]) {
      await Promise.all([
        k.sendRows(alpha, one, offset, rowsOf(20_000 + offset, 100)),
        k.sendRows(colleague, two, offset, rowsOf(30_000 + offset, 100)),
      ]);
    }
    expect((await k.finish(alpha, one)).body.summary).toMatchObject({ imported: 200, duplicates: 0 });
    expect((await k.finish(colleague, two)).body.summary).toMatchObject({ imported: 200, duplicates: 0 });
    const firstOfTwo = (await k.page(alpha, two, { limit: 1 })).body.value[0];
    expect(firstOfTwo).toMatchObject({ prospect: 'Société 30000', rowIndex: 0, excelId: two });
    expect((await k.page(alpha, one, { search: 'societe 30000' })).body.total).toBe(0);
  });

  it('aborts: the import and its rows go, and aborting again answers the same', async () => {
    const importId = await k.start(alpha, 100);
    await k.sendRows(alpha, importId, 0, rowsOf(40_000, 50));
    const res = await k.post('/api/prospect/import/abort', { ...k.as(alpha), importId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await rowsStored(importId)).toBe(0);
    expect(await t.store.collection('prospectFiles').findOne({ _id: importId })).toBeNull();
    expect((await k.post('/api/prospect/import/abort', { ...k.as(alpha), importId })).body).toEqual({});
  });

  it('removes imports idle for more than 30 minutes, and leaves the active ones', async () => {
    const idle = await k.start(alpha, 100);
    await k.sendRows(alpha, idle, 0, rowsOf(50_000, 10));
    t.clock.advance(IMPORT_IDLE_MS - 60_000);
    const active = await k.start(alpha, 100);
    t.clock.advance(2 * 60_000);

    const imports = new ProspectImportService({
      repository: new ProspectsRepository(t.store),
      usernameOf: async () => '',
      now: t.clock.now,
      notify: async () => undefined,
      record: async () => undefined,
    });
    expect(await imports.sweep(t.clock.now() - IMPORT_IDLE_MS)).toBe(1);
    expect(await rowsStored(idle)).toBe(0);
    expect((await k.sendRows(alpha, idle, 10, rowsOf(50_010, 1))).status).toBe(404);
    expect((await k.sendRows(alpha, active, 0, rowsOf(60_000, 1))).status).toBe(200);
  });

  it('removes, when an API instance starts, the unfinished imports idle past the start grace, and keeps the young ones and the ready files', async () => {
    const unfinished = await k.start(alpha, 100);
    await k.sendRows(alpha, unfinished, 0, rowsOf(70_000, 40));
    const { excelId } = await k.loadOk(alpha, rowsOf(80_000, 3), { name: 'Fichier terminé' });
    t.clock.advance(t.config.importStartGraceMs + 1);
    // Another instance on the same store is still sending this one.
    const running = await k.start(alpha, 100);
    await k.sendRows(alpha, running, 0, rowsOf(90_000, 40));

    const logger = pino({ level: 'silent' });
    const restarted = createApp(t.config, {
      store: t.store,
      mailer: createMailer(t.config, logger),
      logger,
      now: t.clock.now,
    });
    await restarted.locals.ready;
    restarted.locals.stop();

    expect(await t.store.collection('prospectFiles').findOne({ _id: unfinished })).toBeNull();
    expect(await rowsStored(unfinished)).toBe(0);
    expect(await rowsStored(excelId)).toBe(3);
    expect((await k.sendRows(alpha, running, 40, rowsOf(90_040, 60))).body).toEqual({ received: 100 });
  });

  it('stores a batch sent to two API instances at once exactly once, and acknowledges it on both', async () => {
    const instance = () =>
      new ProspectImportService({
        repository: new ProspectsRepository(t.store),
        usernameOf: async () => '',
        now: t.clock.now,
        notify: async () => undefined,
        record: async () => undefined,
      });
    const [first, second] = [instance(), instance()];
    const caller = { organisationId: alpha.organisationId, userId: alpha.userId };
    const importId = await k.start(alpha, 4000);
    const batch = { importId, offset: 0, rows: rowsOf(100_000, 2000) as ImportRow[] };
    const answers = await Promise.all([first.addRows(caller, batch), second.addRows(caller, batch)]);
    expect(answers).toEqual([{ received: 2000 }, { received: 2000 }]);
    expect(await rowsStored(importId)).toBe(2000);

    const next = { importId, offset: 2000, rows: rowsOf(102_000, 2000) as ImportRow[] };
    await Promise.all([second.addRows(caller, next), first.addRows(caller, next)]);
    const done = await first.finish(caller, importId);
    expect(done.summary.imported).toBe(4000);
    expect(await rowsStored(importId)).toBe(4000);
  });
});
