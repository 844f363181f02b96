// A file's page of prospects is written from the stored JSON texts (service.ts, pageJson; issue 21):
// its bytes must be those of JSON.stringify(page()), the reply as it was assembled before, whatever
// the prospects hold.
import { shapeOf } from '../../db/doc-shape';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';
import { ProspectsRepository, type ProspectDoc } from './repository';
import type { ProspectImportService } from './import-service';
import { prospectRowJson } from './file-page';
import { ProspectsService } from './service';

describe('a file page written from the stored texts', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let alpha: Member;
  let excelId: string;
  let service: ProspectsService;
  let repository: ProspectsRepository;

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    alpha = await k.owner('Société Alpha');
    const rows = Array.from({ length: 40 }, (_value, i) => rowOf(i + 1));
    rows.push(
      rowOf(41, { 'Raison sociale': 'Société "Guillemets" \\ barre', Enseigne: 'Ligne\nsuivante\ttab' }),
      rowOf(42, { 'Raison sociale': 'Crèche Œuvre 😀 €', Ville: 'Saint-Étienne' }),
      rowOf(43, { 'Raison sociale': 'Contrôle \u0001 caractère', Adresse: '12 "bis"' }),
      rowOf(44, { 'Raison sociale': 'Solitaire \ud800 moitié' }),
      rowOf(45, { 'Raison sociale': 'Barre \\ seule', Effectif: '{"12":1}' }),
    );
    ({ excelId } = await k.loadOk(alpha, rows));
    repository = new ProspectsRepository(t.store);
    service = new ProspectsService({
      repository,
      imports: {} as ProspectImportService,
      usernameOf: () => Promise.resolve('Inconnu'),
      geocoder: null,
      now: () => Date.now(),
    });
    // Fields the import never writes, set as other writes could: integer-like keys (JSON.parse puts
    // them first), a `username` of its own, acceptance with and without a name, numbers.
    const prospects = t.store.collection<ProspectDoc>('prospects');
    const byRow = async (rowIndex: number) =>
      (await prospects.findOne({ excelId, rowIndex } as never)) as ProspectDoc;
    const set = async (rowIndex: number, fields: Record<string, unknown>) =>
      prospects.updateOne({ _id: (await byRow(rowIndex))._id }, { $set: fields } as never);
    await set(2, { nested: { a: 1, '7': 'sept', '3': 'trois' } });
    await set(3, { username: 'Le sien' });
    await set(4, { isAccepted: true, acceptedUsername: 'Jean "Le" Dupont', state: 'TODO' });
    await set(5, { isAccepted: true, acceptedUsername: null });
    await set(6, { score: 0.1 + 0.2, big: 1e21, small: 5e-7, negative: -0, list: [1, 'a', null, true] });
    await set(7, { empty: {}, emptyText: '' });
    // Texts JSON.stringify would not write (stored as given): an escaped é, an integer-like key after
    // others, an escaped slash; JSON.parse then JSON.stringify would write them otherwise.
    const model = await byRow(8);
    const { _id: _ignored, ...fields } = model;
    const odd = (rowIndex: number, extra: string) =>
      `${JSON.stringify({ ...fields, rowIndex }).slice(0, -1)},${extra}}`;
    await prospects.insertSerialised(
      [
        odd(1000, '"escaped":"\\u00e9t\\u00e9"'),
        odd(1001, '"z":1,"12":"douze"'),
        odd(1002, '"slash":"a\\/b"'),
      ],
      shapeOf([model as unknown as Record<string, unknown>]),
    );
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  const caller = () => ({ organisationId: alpha.organisationId, userId: alpha.userId });

  it('gives the bytes of the parsed page, for every page and search', async () => {
    const inputs = [
      { excelId, offset: 0, limit: 500 },
      { excelId, offset: 0, limit: 10 },
      { excelId, offset: 35, limit: 20 },
      { excelId, offset: 100, limit: 20 },
      { excelId, offset: 0, limit: 500, search: 'societe 4' },
      { excelId, offset: 0, limit: 500, search: 'guillemets' },
      { excelId, offset: 0, limit: 500, search: 'creche' },
      { excelId, offset: 0, limit: 500, search: 'introuvable' },
    ];
    for (const input of inputs) {
      const expected = JSON.stringify(await service.page(caller(), input));
      expect([input, await service.pageJson(caller(), input)]).toEqual([input, expected]);
      const res = await k.page(alpha, excelId, input);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect([input, res.text]).toEqual([input, expected]);
    }
  });

  it('writes the ordinary prospects without parsing them, and parses only the unusual ones', async () => {
    const texts = await repository.pageTextsOfFile(alpha.organisationId, excelId, null, 0, 500);
    if (!texts) throw new Error('the embedded store gives texts');
    const file = await repository.findVisibleFile(alpha.organisationId, alpha.userId, excelId);
    if (!file) throw new Error('no file');
    const parsed = texts.filter((row) => prospectRowJson(row, file) === null);
    const rowIndexOf = (row: { json: string }) => (JSON.parse(row.json) as { rowIndex: number }).rowIndex;
    // Rows 2 (integer-like keys) and 3 (own username); 40 (\n, \t), 42 (\u0001) and 43 (\ud800) by
    // their escapes, and the texts stored as given. Quotes and backslashes alone, accents, emoji:
    // written as stored (41, 44).
    expect(parsed.map(rowIndexOf).sort((a, b) => a - b)).toEqual([2, 3, 40, 42, 43, 1000, 1001, 1002]);
    for (const row of texts) {
      const written = prospectRowJson(row, file);
      if (written === null) continue;
      const {
        searchText: _s,
        dedupKey: _d,
        ...doc
      } = { _id: row._id, ...JSON.parse(row.json) } as ProspectDoc;
      expect(written).toBe(
        JSON.stringify({
          ...doc,
          username: (doc as { acceptedUsername?: string }).acceptedUsername ?? file.username,
        }),
      );
    }
  });
});
