// /api/prospect/*: the one-shot load, the files list, one file, its prospects, manual lists,
// deletion, and every refusal (bad input, private files, other organisations, permission bits).
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { kit, MAPPING, type Member, rowOf } from '../../test-support/prospects-test-kit';

const UNKNOWN_ID = '0123456789abcdef01234567';

describe('prospect files', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let alpha: Member;
  let colleague: Member;
  let other: Member;

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    alpha = await k.owner('Société Alpha');
    colleague = await k.member(alpha);
    other = await k.owner('Société Beta');
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  const storedFiles = () => t.store.collection('prospectFiles').countDocuments({});
  const storedProspects = () => t.store.collection('prospects').countDocuments({});

  describe('/api/prospect/load', () => {
    it('stores a real French file: leading zeros restored, blanks as "Aucun", département, SIRET flagged', async () => {
      const rows = [
        rowOf(1, { CP: 1000, Tel: 612345678, Siret: '732 829 320 00074', Ville: '' }),
        rowOf(2, { Siret: '12345', Enseigne: 'Crèche Œuvre' }),
        {
          'Raison sociale': '',
          Enseigne: '',
          CP: '',
          Ville: '',
          Adresse: '',
          Tel: '',
          Siret: '',
          Effectif: null,
        },
        rowOf(3, { 'Raison sociale': '', Enseigne: '' }),
      ];
      const { excelId, summary } = await k.loadOk(alpha, rows);
      expect(summary).toEqual({
        imported: 2,
        duplicates: 0,
        duplicatesSkipped: 0,
        siretFlagged: 1,
        rejected: [{ index: 3, reason: 'Ligne sans raison sociale ni enseigne' }],
        rejectedCount: 1,
      });

      const res = await k.page(alpha, excelId);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(2);
      const [first, second] = res.body.value;
      expect(first).toMatchObject({
        prospect: 'Société 1',
        codePostale: '01000',
        telephone: '0612345678',
        siret: '73282932000074',
        siretFlagged: false,
        ville: 'Aucun',
        eMail: 'Aucun',
        departement: '01',
        region: 'Auvergne-Rhône-Alpes',
        isAccepted: false,
        state: null,
        rowIndex: 0,
        username: 'Dupont Marie',
      });
      expect(JSON.parse(first.value)).toEqual({ Effectif: '1', contact: [] });
      expect(first).not.toHaveProperty('searchText');
      expect(first).not.toHaveProperty('dedupKey');
      expect(second).toMatchObject({
        enseigne: 'Crèche Œuvre',
        siret: '12345',
        siretFlagged: true,
        rowIndex: 1,
      });
    });

    it('applies "remove row if empty" and "keep title" options', async () => {
      const { excelId, summary } = await k.loadOk(alpha, [rowOf(10), rowOf(11, { Ville: ' ' })], {
        name: 'Options testées',
        options: { keepTitle: false, removeRowsWithout: ['ville'] },
      });
      expect(summary).toMatchObject({ imported: 1, rejected: [{ index: 1, reason: 'Champ vide : Ville' }] });
      const res = await k.page(alpha, excelId);
      expect(JSON.parse(res.body.value[0].value)).toEqual({ contact: [] });
    });

    it.each([
      [
        'a mapping to a column the file does not have',
        { value: { ...MAPPING, ville: 'Commune' } },
        'La colonne « Commune » n’existe pas dans le fichier',
      ],
      ['an operator object for the title', { name: { $gt: '' } }, 'Valeur invalide pour le champ titre'],
      ['an array for the title', { name: ['Prospects Paris'] }, 'Valeur invalide pour le champ titre'],
      [
        'a cell holding an object',
        { exel: [rowOf(1, { CP: { $ne: null } })] },
        'Valeur invalide pour le champ cellule',
      ],
      ['rows that are not objects', { exel: ['Société 1;75001'] }, 'Valeur invalide pour le champ ligne'],
      [
        'a prototype key as column title',
        { exel: [JSON.parse('{"__proto__": {"admin": true}, "Raison sociale": "A"}')] },
        'Titre de colonne interdit : __proto__',
      ],
      [
        'an unknown target',
        { value: { $where: 'Raison sociale' } },
        'Valeur invalide pour le champ correspondance des colonnes',
      ],
      [
        'a cell longer than 2,000 characters',
        { exel: [rowOf(1, { Adresse: 'x'.repeat(2001) })] },
        'Le champ cellule ne doit pas dépasser 2000 caractères',
      ],
      [
        'more than 200 columns',
        {
          exel: [{ ...rowOf(1), ...Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`c${i}`, 1])) }],
        },
        'Le champ ligne ne peut pas contenir plus de 200 éléments',
      ],
      ['an empty file', { exel: [] }, 'Fichier vide'],
      ['a short title', { name: 'Pros' }, 'Le titre doit contenir au moins 5 caractères'],
      ['isPrivate as text', { isPrivate: 'Seulement moi' }, 'Valeur invalide pour le champ accès'],
    ])('refuses %s with a French message and stores nothing', async (_label, override, message) => {
      const [files, prospects] = [await storedFiles(), await storedProspects()];
      const res = await k.load(alpha, [rowOf(1)], override);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect([await storedFiles(), await storedProspects()]).toEqual([files, prospects]);
    });
  });

  describe('duplicates', () => {
    it('within the file and against the organisation’s visible prospects: skipped by default, kept on demand', async () => {
      const first = await k.loadOk(alpha, [rowOf(100, { Siret: '44306184100047' })], {
        name: 'Premier fichier',
      });
      expect(first.summary).toMatchObject({ imported: 1, duplicates: 0 });

      const rows = [
        rowOf(101, { Siret: '443 061 841 00047' }), // same SIRET as the first file
        rowOf(102, { Enseigne: 'Le Fournil d’Élise' }),
        // Same company, enseigne and postal code, written otherwise (no SIRET).
        rowOf(103, { Enseigne: 'LE FOURNIL D’ELISE', 'Raison sociale': 'SOCIÉTÉ  102' }),
      ];
      const skipped = await k.loadOk(alpha, rows, { name: 'Fichier doublons' });
      expect(skipped.summary).toMatchObject({ imported: 1, duplicates: 2, duplicatesSkipped: 2 });

      const kept = await k.loadOk(alpha, rows, { name: 'Fichier gardé', duplicates: 'keep' });
      expect(kept.summary).toMatchObject({ imported: 3, duplicates: 3, duplicatesSkipped: 0 });
    });

    it('does not count another member’s private file, nor another organisation', async () => {
      await k.loadOk(colleague, [rowOf(200)], { name: 'Privé collègue', isPrivate: true });
      await k.loadOk(other, [rowOf(201)], { name: 'Autre organisation' });
      const { summary } = await k.loadOk(alpha, [rowOf(200), rowOf(201)], { name: 'Sans doublon' });
      expect(summary).toMatchObject({ imported: 2, duplicates: 0 });
    });
  });

  describe('lists, one file, pages', () => {
    it('lists the visible ready files, most recent first, with the FileRow fields', async () => {
      t.clock.advance(1000);
      const { excelId } = await k.loadOk(alpha, [rowOf(300), rowOf(301)], { name: 'Le plus récent' });
      const files = await k.files(alpha);
      expect(files[0]).toEqual({
        _id: excelId,
        name: 'Le plus récent',
        userId: alpha.userId,
        username: 'Dupont Marie',
        isPrivate: false,
        manual: false,
        count: 2,
        countSelected: 0,
        activeOpportunities: 0,
        date: t.clock.now(),
        lastModificationDate: t.clock.now(),
      });
    });

    it('shows one file with its mapping and figures', async () => {
      const { excelId } = await k.loadOk(alpha, [rowOf(310)], { name: 'Fichier détaillé' });
      const res = await k.post('/api/prospect/get/excel/one', { ...k.as(alpha), excelId });
      expect(res.status).toBe(200);
      expect(res.body.excel).toMatchObject({
        _id: excelId,
        name: 'Fichier détaillé',
        count: 1,
        mapping: MAPPING,
        stats: { prospects: 1, opportunities: 0, todo: 0, waiting: 0, win: 0, loose: 0, conversion: 0 },
      });
    });

    it('gives every page the file’s or the search’s count, counted or read off a short page', async () => {
      const rows = Array.from({ length: 30 }, (_, i) => rowOf(7000 + i));
      rows[3] = rowOf(7003, { Enseigne: 'Boulangerie Du Port' });
      rows[17] = rowOf(7017, { Enseigne: 'Boulangerie Du Parc' });
      const { excelId } = await k.loadOk(alpha, rows, { name: 'Fichier compté' });
      for (const search of ['', 'boulangerie', 'introuvable', '6']) {
        const all = (await k.page(alpha, excelId, { search, limit: 1000 })).body as { value: unknown[] };
        for (const offset of [0, 1, 2, 5, 29, 30, 31, 100])
          for (const limit of [1, 2, 5, 30, 31, 500]) {
            const page = (await k.page(alpha, excelId, { search, offset, limit })).body as {
              value: unknown[];
              total: number;
            };
            expect({ search, offset, limit, total: page.total, rows: page.value.length }).toEqual({
              search,
              offset,
              limit,
              total: all.value.length,
              rows: Math.max(0, Math.min(limit, all.value.length - offset)),
            });
          }
      }
    });

    it('pages in file order and searches without accents or case over the searched fields', async () => {
      const rows = Array.from({ length: 30 }, (_, i) => rowOf(400 + i));
      rows[7] = rowOf(407, { Enseigne: 'Boulangerie Élysée', Ville: 'Saint-Étienne', CP: '42000' });
      const { excelId } = await k.loadOk(alpha, rows, { name: 'Fichier paginé' });
      const page = await k.page(alpha, excelId, { offset: 10, limit: 5 });
      expect(page.body.total).toBe(30);
      expect(page.body.value.map((row: { rowIndex: number }) => row.rowIndex)).toEqual([10, 11, 12, 13, 14]);

      for (const search of ['ELYSEE', 'saint-etienne', '42000', 'boulangerie élysée']) {
        const found = await k.page(alpha, excelId, { search });
        expect({ search, total: found.body.total, enseigne: found.body.value[0]?.enseigne }).toEqual({
          search,
          total: 1,
          enseigne: 'Boulangerie Élysée',
        });
      }
      expect((await k.page(alpha, excelId, { search: '.*' })).body.total).toBe(0);
      expect((await k.page(alpha, excelId, { limit: 1001 })).status).toBe(400);
    });
  });

  describe('searching a file by phone number', () => {
    it('finds a prospect whatever the spacing, dots, hyphens or +33 of the number typed or stored', async () => {
      const rows = Array.from({ length: 6 }, (_, i) => rowOf(900 + i));
      rows[1] = rowOf(901, { Enseigne: 'Mobile espacé', Tel: '07 15 66 98 40' });
      rows[2] = rowOf(902, { Enseigne: 'Fixe à points', Tel: '03.28.66.84.30' });
      rows[3] = rowOf(903, { Enseigne: 'International', Tel: '+33 6 12 34 56 78' });
      rows[4] = rowOf(904, { Enseigne: 'Collé', Tel: '0145678901' });
      const { excelId } = await k.loadOk(alpha, rows, { name: 'Fichier téléphones' });

      const searches: [string, string][] = [
        ['0715669840', 'Mobile espacé'],
        ['07.15.66.98.40', 'Mobile espacé'],
        ['07-15-66-98-40', 'Mobile espacé'],
        ['+33 7 15 66 98 40', 'Mobile espacé'],
        ['+33715669840', 'Mobile espacé'],
        ['669840', 'Mobile espacé'],
        ['0328668430', 'Fixe à points'],
        ['03 28 66 84 30', 'Fixe à points'],
        ['0612345678', 'International'],
        ['06 12 34', 'International'],
        ['01 45 67 89 01', 'Collé'],
        ['+33 1 45 67 89 01', 'Collé'],
      ];
      for (const [search, enseigne] of searches) {
        const found = await k.page(alpha, excelId, { search });
        expect({ search, total: found.body.total, enseigne: found.body.value[0]?.enseigne }).toEqual({
          search,
          total: 1,
          enseigne,
        });
      }
      expect((await k.page(alpha, excelId, { search: '07 15 66 98 41' })).body.total).toBe(0);
      expect((await k.page(alpha, excelId, { search: '01 02 03 04 05' })).body.total).toBe(2);
    });
  });

  describe('manual lists', () => {
    it('creates an empty, ready, manual file', async () => {
      const res = await k.post('/api/prospect/createManual', {
        ...k.as(alpha),
        name: 'Liste manuelle',
        isPrivate: false,
      });
      expect(res.status).toBe(200);
      const file = (await k.files(alpha)).find((row) => row._id === res.body.excelId);
      expect(file).toMatchObject({ name: 'Liste manuelle', manual: true, count: 0 });
      expect((await k.page(alpha, res.body.excelId)).body).toEqual({ value: [], total: 0 });
    });
  });

  describe('privacy and organisations', () => {
    it('hides a private file from other members everywhere, exactly like an unknown id', async () => {
      const { excelId } = await k.loadOk(alpha, [rowOf(500)], { name: 'Mon fichier privé', isPrivate: true });
      const prospectId = (await k.page(alpha, excelId)).body.value[0]._id as string;
      expect((await k.files(alpha)).some((file) => file._id === excelId)).toBe(true);
      expect((await k.files(colleague)).some((file) => file._id === excelId)).toBe(false);

      for (const id of [excelId, UNKNOWN_ID]) {
        for (const path of ['/api/prospect/get/value', '/api/prospect/get/excel/one']) {
          const res = await k.post(path, { ...k.as(colleague), excelId: id });
          expect({ path, status: res.status, body: res.body }).toEqual({
            path,
            status: 404,
            body: { message: 'Fichier introuvable', code: 'NOT_FOUND' },
          });
        }
      }
      const deleted = await k.post('/api/prospect/delete', { ...k.as(alpha), excelId: UNKNOWN_ID });
      expect(deleted.body).toEqual({ message: 'Fichier introuvable', code: 'NOT_FOUND' });
      for (const id of [prospectId, UNKNOWN_ID]) {
        const res = await k.post('/api/opportunity/create', { ...k.as(colleague), prospectId: id });
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Prospect introuvable');
      }
    });

    it('refuses another organisation’s ids exactly as unknown ones', async () => {
      const { excelId } = await k.loadOk(alpha, [rowOf(600)], { name: 'Fichier Alpha' });
      const prospectId = (await k.page(alpha, excelId)).body.value[0]._id as string;
      const calls: [string, Record<string, unknown>][] = [
        ['/api/prospect/get/value', { excelId }],
        ['/api/prospect/get/excel/one', { excelId }],
        ['/api/prospect/delete', { excelId }],
        ['/api/prospect/setLatLng', { prospectId }],
        ['/api/opportunity/create', { prospectId }],
        ['/api/prospect/import/finish', { importId: excelId }],
      ];
      for (const [path, body] of calls) {
        const foreign = await k.post(path, { ...k.as(other), ...body });
        const unknown = await k.post(path, {
          ...k.as(other),
          ...Object.fromEntries(Object.keys(body).map((key) => [key, UNKNOWN_ID])),
        });
        expect({ path, status: foreign.status, body: foreign.body }).toEqual({
          path,
          status: unknown.status,
          body: unknown.body,
        });
        expect(foreign.status).toBe(404);
      }
      // Alpha's own organisation id with someone who is not a member: the registry's 403.
      const res = await k.post('/api/prospect/get/all', {
        token: other.token,
        organisationId: alpha.organisationId,
      });
      expect(res.status).toBe(403);
    });
  });

  describe('permission bits', () => {
    it('refuses the calls whose bit the role lacks', async () => {
      const viewer = await k.member(alpha, 'Lecture seule', String(128));
      const { excelId } = await k.loadOk(alpha, [rowOf(700)], { name: 'Fichier protégé' });
      expect((await k.post('/api/prospect/get/all', k.as(viewer))).status).toBe(200);
      for (const path of ['/api/prospect/load', '/api/prospect/import/start', '/api/prospect/createManual']) {
        const res = await k.post(path, { ...k.as(viewer), name: 'Essai refusé', isPrivate: false });
        expect({ path, status: res.status }).toEqual({ path, status: 403 });
      }
      // Commercial imports but may not delete a campaign.
      const res = await k.post('/api/prospect/delete', { ...k.as(colleague), excelId });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Vous n’avez pas les droits nécessaires pour cette action');
    });
  });

  describe('/api/prospect/delete', () => {
    it('moves the file to the bin with all its prospects and the opportunity made from one (issue 23)', async () => {
      const { excelId } = await k.loadOk(alpha, [rowOf(800), rowOf(801), rowOf(802)], {
        name: 'À supprimer',
      });
      const rows = (await k.page(alpha, excelId)).body.value as { _id: string }[];
      const taken = rows[1]?._id as string;
      const created = await k.post('/api/opportunity/create', { ...k.as(alpha), prospectId: taken });
      expect(created.status).toBe(200);

      const res = await k.post('/api/prospect/delete', { ...k.as(alpha), excelId });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'À supprimer a correctement été supprimé !' });
      expect((await k.files(alpha)).some((file) => file._id === excelId)).toBe(false);
      expect((await k.page(alpha, excelId)).status).toBe(404);

      expect(
        await t.store.collection<{ _id: string; excelId: string }>('prospects').countDocuments({ excelId }),
      ).toBe(0);
      expect(
        await t.store.collection('opportunities').countDocuments({ _id: created.body.opportunityId }),
      ).toBe(0);
      const bin = await k.post('/api/bin/list', k.as(alpha));
      expect(bin.body.value[0]).toMatchObject({
        kind: 'file',
        label: 'À supprimer',
        counts: { prospects: 3, opportunities: 1, comments: 0 },
      });
    });
  });
});
