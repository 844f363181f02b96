// Duplicate rules of issue 18 (docs/decisions/prospect-import.md, "Duplicates"): an invalid SIRET
// never makes two rows duplicates, the company name counts, an import of duplicates only creates no
// file, and the keys stored under the old rule are recomputed once at start.
import { IMPORT_RESULT_MESSAGES, noFileMessage, type ImportResult } from '@app/domain';
import pino from 'pino';
import { createApp } from '../../app';
import { openMemorySqliteStore } from '../../db/sqlite-store';
import type { Store } from '../../db/types';
import { createMailer } from '../../mail/create-mailer';
import { createClock, createTestApp, testConfig, type TestApp } from '../../test-support/test-app';
import { DEDUP_KEY_MIGRATION_ID, migrateDedupKeys } from './dedup-key-migration';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';
import type { ProspectDoc } from './repository';

const PLACEHOLDER_SIRET = '12345678901234';
const TOWNS = ['75001', '69001', '13001', '33000', '59000', '44000', '67000', '31000', '06000', '35000'];

describe('duplicates at import', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let alpha: Member;

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    alpha = await k.owner();
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  const storedFiles = () => t.store.collection('prospectFiles').countDocuments({});
  const storedProspects = () => t.store.collection('prospects').countDocuments({});

  it('keeps every company carrying a placeholder SIRET, flags them "SIRET à vérifier", and still finds their duplicates by name', async () => {
    // As in the real file: different companies in different towns, all with 12345678901234.
    const rows = TOWNS.map((town, i) =>
      rowOf(300 + i, { Siret: PLACEHOLDER_SIRET, CP: town, 'Raison sociale': `Entreprise ${i}` }),
    );
    const { excelId, summary } = await k.loadOk(alpha, rows, { name: 'SIRET fictifs' });
    expect(summary).toMatchObject({ imported: 10, duplicates: 0, siretFlagged: 10 });
    const page = await k.page(alpha, excelId);
    expect(page.body.value.map((row: { siretFlagged: boolean }) => row.siretFlagged)).toEqual(
      Array(10).fill(true),
    );

    // The fallback rule: the same company, enseigne and town is a duplicate, placeholder or not.
    const again = await k.loadOk(
      alpha,
      [{ ...rows[0], Siret: '' }, { ...rows[1], Siret: PLACEHOLDER_SIRET }, rowOf(399)],
      { name: 'SIRET fictifs bis' },
    );
    expect(again.summary).toMatchObject({ imported: 1, duplicates: 2, duplicatesSkipped: 2 });
  });

  it('without SIRET compares the company name too: two companies sharing an enseigne in one town are both kept', async () => {
    const { summary } = await k.loadOk(
      alpha,
      [
        rowOf(400, { 'Raison sociale': 'Dupont SARL', Enseigne: 'Carrefour City' }),
        rowOf(401, { 'Raison sociale': 'Martin SAS', Enseigne: 'Carrefour City' }),
        rowOf(402, { 'Raison sociale': 'DUPONT  sarl', Enseigne: 'CARREFOUR CITY', Adresse: 'ailleurs' }),
      ],
      { name: 'Même enseigne' },
    );
    expect(summary).toMatchObject({ imported: 2, duplicates: 1 });
  });

  it('keeps two establishments of one company in one town when their SIRETs differ, not when they are equal', async () => {
    const establishment = (i: number, siret: string) =>
      rowOf(500 + i, { 'Raison sociale': 'Boulangeries Réunies', Enseigne: 'Au Bon Pain', Siret: siret });
    const { summary } = await k.loadOk(
      alpha,
      [
        establishment(0, '73282932000074'),
        establishment(1, '73282932000082'),
        establishment(2, '732 829 320 00082'),
      ],
      { name: 'Deux établissements' },
    );
    expect(summary).toMatchObject({ imported: 2, duplicates: 1, siretFlagged: 0 });
  });

  it('an import whose rows are all duplicates creates no file and says so (one-shot load)', async () => {
    const rows = [rowOf(600), rowOf(601)];
    await k.loadOk(alpha, rows, { name: 'Original' });
    const [files, prospects] = [await storedFiles(), await storedProspects()];

    const res = await k.load(alpha, rows, { name: 'Que des doublons' });
    expect(res.status).toBe(200);
    const result = res.body as ImportResult;
    expect(result).toEqual({
      excelId: null,
      summary: {
        imported: 0,
        duplicates: 2,
        duplicatesSkipped: 2,
        siretFlagged: 0,
        rejected: [],
        rejectedCount: 0,
      },
    });
    expect(noFileMessage(result)).toBe(IMPORT_RESULT_MESSAGES.allDuplicates);
    expect([await storedFiles(), await storedProspects()]).toEqual([files, prospects]);
    expect((await k.files(alpha)).map((file) => file.name)).not.toContain('Que des doublons');
  });

  it('an import whose rows are all duplicates creates no file (batched import: start, rows, finish)', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => rowOf(10_000 + i));
    await k.loadOk(alpha, rows.slice(0, 1000), { name: 'Premier lot' });
    await k.loadOk(alpha, rows.slice(1000), { name: 'Second lot' });
    const [files, prospects] = [await storedFiles(), await storedProspects()];

    const importId = await k.start(alpha, rows.length, { name: 'Grand fichier de doublons' });
    expect((await k.sendRows(alpha, importId, 0, rows.slice(0, 2000))).body).toEqual({ received: 2000 });
    expect((await k.sendRows(alpha, importId, 2000, rows.slice(2000))).body).toEqual({ received: 2500 });
    const done = await k.finish(alpha, importId);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ excelId: null, summary: { imported: 0, duplicates: 2500 } });
    expect([await storedFiles(), await storedProspects()]).toEqual([files, prospects]);
    // Gone, not left behind: a second finish finds nothing.
    expect((await k.finish(alpha, importId)).status).toBe(404);
  });

  it('an import whose rows are all rejected creates no file either, and keeps its rejections for the download', async () => {
    const files = await storedFiles();
    const res = await k.load(alpha, [rowOf(700, { 'Raison sociale': '', Enseigne: '' })], {
      name: 'Que des rejets',
    });
    expect(res.body).toMatchObject({
      excelId: null,
      summary: { imported: 0, rejected: [{ index: 0, reason: 'Ligne sans raison sociale ni enseigne' }] },
    });
    expect(noFileMessage(res.body as ImportResult)).toBe(IMPORT_RESULT_MESSAGES.nothingImported);
    expect(await storedFiles()).toBe(files);
  });
});

describe('the duplicate keys stored before issue 18', () => {
  const ORGANISATION = '65c0000000000000000000aa';
  const FILE = '65c0000000000000000000bb';
  const base = {
    organisationId: ORGANISATION,
    excelId: FILE,
    userId: '65c0000000000000000000cc',
    isPrivate: false,
    enseigne: 'Au Bon Pain',
    codePostale: '75001',
    ville: 'Paris',
    adresseComplete: 'Aucun',
    site: 'Aucun',
    telephone: 'Aucun',
    eMail: 'Aucun',
    libelleactivite: 'Aucun',
    trancheSalarier: 'Aucun',
    typeEtablissement: 'Aucun',
    departement: '75',
    region: 'Île-de-France',
    value: '{"contact":[]}',
    searchText: 'x',
    isAccepted: false,
    state: null,
  } satisfies Partial<ProspectDoc>;
  /** As the old rule stored them: an invalid 14-digit SIRET as key, or the enseigne alone. */
  const OLD: Omit<ProspectDoc, '_id'>[] = [
    {
      ...base,
      rowIndex: 0,
      prospect: 'Dupont',
      siret: PLACEHOLDER_SIRET,
      siretFlagged: true,
      dedupKey: `siret:${PLACEHOLDER_SIRET}`,
    },
    {
      ...base,
      rowIndex: 1,
      prospect: 'Martin',
      siret: 'Aucun',
      siretFlagged: false,
      dedupKey: 'name:au bon pain|75001',
    },
    {
      ...base,
      rowIndex: 2,
      prospect: 'Petit',
      siret: '73282932000074',
      siretFlagged: false,
      dedupKey: 'siret:73282932000074',
    },
  ];

  async function startOver(store: Store) {
    const app = createApp(testConfig(), {
      store,
      mailer: createMailer(testConfig(), pino({ level: 'silent' })),
      logger: pino({ level: 'silent' }),
      now: createClock().now,
    });
    await app.locals.ready;
    app.locals.stop();
  }

  const keys = async (store: Store) =>
    (await store.collection<ProspectDoc>('prospects').find({}, { sort: { rowIndex: 1 } })).map(
      (doc) => doc.dedupKey,
    );

  it('are recomputed with the new rule once, at start', async () => {
    const store = openMemorySqliteStore();
    try {
      await store.collection<ProspectDoc>('prospects').insertMany(OLD);
      await startOver(store);
      expect(await keys(store)).toEqual([
        'name:dupont|au bon pain|75001',
        'name:martin|au bon pain|75001',
        'siret:73282932000074',
      ]);
      expect(
        await store.collection('prospectMigrations').findOne({ _id: DEDUP_KEY_MIGRATION_ID }),
      ).not.toBeNull();

      // Done once: a later start does not read the prospects again.
      await store
        .collection<ProspectDoc>('prospects')
        .updateOne({ rowIndex: 1 }, { $set: { dedupKey: 'name:au bon pain|75001' } });
      await startOver(store);
      expect((await keys(store))[1]).toBe('name:au bon pain|75001');
      expect(await migrateDedupKeys(store, () => 0)).toBeNull();
    } finally {
      await store.close();
    }
  });

  it('are recomputed page by page over more rows than one page', async () => {
    const store = openMemorySqliteStore();
    try {
      const many = Array.from({ length: 2500 }, (_, i) => ({
        ...OLD[1]!,
        rowIndex: i,
        prospect: `Société ${i}`,
      }));
      await store.collection<ProspectDoc>('prospects').insertMany(many);
      expect(await migrateDedupKeys(store, () => 0)).toBe(2500);
      expect((await keys(store)).filter((key) => key.split('|').length === 3)).toHaveLength(2500);
    } finally {
      await store.close();
    }
  });
});
