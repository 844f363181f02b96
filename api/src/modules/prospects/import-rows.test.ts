// The compact form's shortcut (prepareBatch writes each document's JSON straight from the cells) gives
// what building each row's object, draft and document and then JSON.stringify gives
// (prepareBatchByObjects): the same texts byte for byte (values and key order), the same rejections,
// refusals and shape; on real-looking rows and on the columns and cells files hold at the edges.
import type { ImportMapping, ImportOptions } from '@app/domain';
import { GOLDEN_COLUMNS, GOLDEN_MAPPING, goldenCells } from '../../test-support/import-golden-data';
import {
  HELD_PART_ROWS,
  type HeldBodies,
  prepareBatch,
  prepareBatchByObjects,
  type PrepareJob,
} from './import-rows';
import { offlinePositions } from './offline-positions';

const job = (
  cells: string[][],
  more: {
    columns?: string[];
    mapping?: ImportMapping;
    options?: Partial<ImportOptions>;
    isPrivate?: boolean;
  } = {},
): PrepareJob => ({
  organisationId: '65a1b2c3d4e5f60718293a4b',
  excelId: '65a1b2c3d4e5f60718293a4c',
  userId: 'utilisateur "cité"',
  isPrivate: more.isPrivate ?? false,
  columns: more.columns ?? GOLDEN_COLUMNS,
  mapping: more.mapping ?? GOLDEN_MAPPING,
  options: { keepTitle: true, removeRowsWithout: [], ...more.options },
  offset: 700,
  cells,
});

async function expectSameAsObjects(prepared: PrepareJob, located = true) {
  const positions = located ? offlinePositions() : undefined;
  const shortcut = await prepareBatch(prepared, positions);
  const objects = await prepareBatchByObjects(prepared, positions);
  // The texts compared one by one first: a failure shows the row that differs.
  const differing = shortcut.rows.flatMap((row, at) =>
    row.body === objects.rows[at]?.body ? [] : [{ shortcut: row.body, objects: objects.rows[at]?.body }],
  );
  expect(differing).toEqual([]);
  expect(shortcut).toEqual(objects);
  return shortcut;
}

describe('the compact form prepared straight from the cells', () => {
  it('gives the documents the objects give, on real-looking rows, with and without positions', async () => {
    const cells = goldenCells(1500, 41);
    const prepared = await expectSameAsObjects(job(cells));
    expect(prepared.rows.length).toBeGreaterThan(1200);
    expect(prepared.rejected.length).toBeGreaterThan(0);
    expect(prepared.rows.some((row) => row.body.includes('"latlngPrecision":"commune"'))).toBe(true);
    expect(prepared.shape.booleans).toEqual(
      expect.arrayContaining(['siretFlagged', 'isPrivate', 'isAccepted']),
    );
    await expectSameAsObjects(job(cells, { isPrivate: true }), false);
  });

  it('follows the options: titles not kept, rows without a field removed', async () => {
    const cells = goldenCells(400, 42);
    await expectSameAsObjects(job(cells, { options: { keepTitle: false } }));
    const removing = await expectSameAsObjects(
      job(cells, { options: { removeRowsWithout: ['siret', 'codePostale', 'typeEtablissement'] } }),
    );
    expect(removing.rejected.some((row) => row.reason.startsWith('Champ vide'))).toBe(true);
  });

  it('writes the extra fields as the objects do: titles that read as numbers, a "contact" column, both contact titles', async () => {
    const columns = ['Nom', '2024', 'contact', 'Code postal', '10', 'contact (fichier)', 'Ville', 'Vide'];
    const mapping: ImportMapping = {
      prospect: 'Nom',
      codePostale: 'Code postal',
      ville: 'Ville',
      enseigne: 'Aucun',
      site: 'Absente du fichier',
    };
    const cells = [
      ['Garage "du Nord"', 'x', 'Mme Dupont', '1000', '  ', 'M. Martin', 'BOURG EN BRESSE', ''],
      ['  ', '', '', '', '', '', '', ''],
      ['', 'seule cellule', ''],
      ['Café\\Bar\u2028\u0007', '\ud800', 'ΟΔΟΣ', '75 011', 'ﬁ', '\u00a0', 'Paris 11e', 'Ǆ'],
      ['Court'],
    ];
    const prepared = await expectSameAsObjects(job(cells, { columns, mapping }));
    expect(prepared.rows.length).toBe(3);
    await expectSameAsObjects(job(cells, { columns, mapping, options: { removeRowsWithout: ['ville'] } }));
  });

  it('takes the objects way for a title given twice, and refuses the same too-long row', async () => {
    const columns = ['Nom', 'Ville', 'Nom'];
    const mapping: ImportMapping = { prospect: 'Nom', ville: 'Ville' };
    await expectSameAsObjects(
      job(
        [
          ['A', 'Lyon', ''],
          ['', 'Nice', 'B'],
          ['C', '', 'D'],
        ],
        { columns, mapping },
      ),
    );
    const tooLong = await expectSameAsObjects(
      job(
        [
          ['A', 'Lyon'],
          ['A', 'Lyon', 'x', 'de trop'],
        ],
        { columns, mapping },
      ),
    );
    expect(tooLong.badRows).toEqual([expect.objectContaining({ index: 701 })]);
    const compact = await expectSameAsObjects(job([[...GOLDEN_COLUMNS.map(() => 'x'), 'de trop'], ['A']]));
    expect(compact.badRows).toEqual([expect.objectContaining({ index: 700 })]);
  });
});

describe('the texts handed over as they are written (handOver, an import thread)', () => {
  it('hands every accepted text over once, in file order, in parts of HELD_PART_ROWS at most', async () => {
    const cells = goldenCells(1500, 43);
    const whole = await prepareBatch(job(cells), offlinePositions());
    const parts: HeldBodies[] = [];
    const handed = await prepareBatch(job(cells), offlinePositions(), Number.MAX_SAFE_INTEGER, (part) =>
      parts.push(part),
    );
    expect(whole.rows.length).toBeGreaterThan(2 * HELD_PART_ROWS);
    expect(parts.map((part) => part.bodies.length)).toEqual(
      Array.from({ length: Math.ceil(whole.rows.length / HELD_PART_ROWS) }, (_, at) =>
        Math.min(HELD_PART_ROWS, whole.rows.length - at * HELD_PART_ROWS),
      ),
    );
    expect(parts.flatMap((part) => part.rowIndexes)).toEqual(whole.rows.map((row) => row.rowIndex));
    expect(parts.flatMap((part) => part.bodies)).toEqual(whole.rows.map((row) => row.body));
    // What stays with the batch: the rows' facts, their texts let go; the same shape and rejections.
    expect(handed.rows.every((row) => row.body === '')).toBe(true);
    expect(handed).toEqual({ ...whole, rows: whole.rows.map((row) => ({ ...row, body: '' })) });
  });

  it('hands the objects way’s texts over too, and nothing for a refused batch', async () => {
    const columns = ['Nom', 'Ville', 'Nom'];
    const mapping: ImportMapping = { prospect: 'Nom', ville: 'Ville' };
    const rows = Array.from({ length: 600 }, (_, at) => ['', 'Lyon', `Société ${at}`]);
    const parts: HeldBodies[] = [];
    const handed = await prepareBatch(job(rows, { columns, mapping }), undefined, 100, (part) =>
      parts.push(part),
    );
    const whole = await prepareBatch(job(rows, { columns, mapping }), undefined);
    expect(parts.map((part) => part.bodies.length)).toEqual(
      Array.from({ length: Math.ceil(600 / HELD_PART_ROWS) }, (_, at) =>
        Math.min(HELD_PART_ROWS, 600 - at * HELD_PART_ROWS),
      ),
    );
    expect(parts.flatMap((part) => part.bodies)).toEqual(whole.rows.map((row) => row.body));
    expect(handed.shape).toEqual(whole.shape);

    const refused: HeldBodies[] = [];
    const bad = await prepareBatch(
      job([['A'], [...GOLDEN_COLUMNS.map(() => 'x'), 'de trop']]),
      undefined,
      100,
      (part) => refused.push(part),
    );
    expect(bad.badRows).toHaveLength(1);
    expect(refused).toEqual([]);
  });
});
