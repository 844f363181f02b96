import { firstErrorMessage } from './errors';
import {
  createManualFileSchema,
  importBatchSchema,
  importIdSchema,
  importRowsSchema,
  importStartSchema,
  MAX_CELL_LENGTH,
  MAX_IMPORT_BATCH_ROWS,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  prospectIdSchema,
  prospectImportSchema,
  prospectPageSchema,
  quickImportBatch,
} from './prospect-import';

const rows = [
  { Nom: 'Boulangerie Dupont', CP: '75001', Effectif: 12, Actif: true, Note: null },
  { Nom: 'Garage Martin', CP: '69003', Effectif: 3, Actif: false, Note: 'rappeler' },
];

const valid = {
  exel: rows,
  name: 'Prospects Paris',
  isPrivate: false,
  value: { prospect: 'Nom', site: 'Aucun' },
};

describe('importRowsSchema', () => {
  it("when the parsed file has no row, it says 'Fichier vide'", () => {
    expect(firstErrorMessage(importRowsSchema, [])).toBe('Fichier vide');
    expect(firstErrorMessage(importRowsSchema, undefined)).toBe('Fichier vide');
  });

  it('accepts dynamically typed values and the surplus fields of a ragged row', () => {
    expect(firstErrorMessage(importRowsSchema, [...rows, { Nom: 'X', __parsed_extra: ['a', 1] }])).toBeNull();
  });

  it('refuses a cell that holds an object', () => {
    expect(firstErrorMessage(importRowsSchema, [{ Nom: { $gt: '' } }])).toBe(
      'Valeur invalide pour le champ cellule',
    );
  });
});

describe('prospectImportSchema (/api/prospect/load)', () => {
  it('accepts a file, a title, an access flag and a mapping', () => {
    expect(prospectImportSchema.parse(valid)).toEqual({
      ...valid,
      duplicates: 'skip',
      options: { keepTitle: true, removeRowsWithout: [] },
    });
  });

  it('checks the file first, then the title', () => {
    expect(firstErrorMessage(prospectImportSchema, { ...valid, exel: [], name: '' })).toBe('Fichier vide');
    expect(firstErrorMessage(prospectImportSchema, { ...valid, name: '' })).toBe(
      'Veuillez remplir tous les champs',
    );
    expect(firstErrorMessage(prospectImportSchema, { ...valid, name: 'Pros' })).toBe(
      'Le titre doit contenir au moins 5 caractères',
    );
  });

  it('accepts only field identifiers as mapping targets', () => {
    expect(firstErrorMessage(prospectImportSchema, { ...valid, value: { $gt: '' } })).toBe(
      'Valeur invalide pour le champ correspondance des colonnes',
    );
    expect(firstErrorMessage(prospectImportSchema, { ...valid, value: { 'a.b': 'Nom' } })).toBe(
      'Valeur invalide pour le champ correspondance des colonnes',
    );
  });

  it('wants isPrivate as a boolean', () => {
    expect(firstErrorMessage(prospectImportSchema, { ...valid, isPrivate: 'Seulement moi' })).toBe(
      'Valeur invalide pour le champ accès',
    );
  });
});

const ID = '0123456789abcdef01234567';

describe('prospectImportSchema: hostile or inconsistent payloads', () => {
  it('refuses a mapping to a column the file does not have', () => {
    expect(firstErrorMessage(prospectImportSchema, { ...valid, value: { prospect: 'Raison' } })).toBe(
      'La colonne « Raison » n’existe pas dans le fichier',
    );
  });

  it('refuses an unknown target, arrays or objects for strings, and prototype keys as titles', () => {
    expect(firstErrorMessage(prospectImportSchema, { ...valid, value: { pirate: 'Nom' } })).toBe(
      'Valeur invalide pour le champ correspondance des colonnes',
    );
    expect(firstErrorMessage(prospectImportSchema, { ...valid, name: ['Prospects Paris'] })).toBe(
      'Valeur invalide pour le champ titre',
    );
    expect(firstErrorMessage(prospectImportSchema, { ...valid, value: { prospect: ['Nom'] } })).toBe(
      'Valeur invalide pour le champ colonne',
    );
    expect(
      firstErrorMessage(prospectImportSchema, { ...valid, exel: [JSON.parse('{"__proto__": "x"}')] }),
    ).toBe('Titre de colonne interdit : __proto__');
    expect(firstErrorMessage(prospectImportSchema, { ...valid, exel: ['Nom;CP'] })).toBe(
      'Valeur invalide pour le champ ligne',
    );
  });

  it('refuses too long cells and too many columns', () => {
    const longCell = [{ Nom: 'x'.repeat(MAX_CELL_LENGTH + 1) }];
    expect(firstErrorMessage(prospectImportSchema, { ...valid, exel: longCell })).toBe(
      `Le champ cellule ne doit pas dépasser ${MAX_CELL_LENGTH} caractères`,
    );
    const wide = Object.fromEntries(Array.from({ length: MAX_IMPORT_COLUMNS + 2 }, (_, i) => [`c${i}`, 'v']));
    expect(firstErrorMessage(prospectImportSchema, { ...valid, exel: [{ ...wide, Nom: 'x' }] })).toBe(
      `Le champ ligne ne peut pas contenir plus de ${MAX_IMPORT_COLUMNS} éléments`,
    );
  });

  it('checks the duplicates policy and the options', () => {
    expect(firstErrorMessage(prospectImportSchema, { ...valid, duplicates: 'merge' })).toBe(
      'Valeur invalide pour le champ doublons',
    );
    expect(
      firstErrorMessage(prospectImportSchema, {
        ...valid,
        options: { keepTitle: 'oui', removeRowsWithout: [] },
      }),
    ).toBe('Valeur invalide pour le champ conserver les titres');
    expect(
      firstErrorMessage(prospectImportSchema, {
        ...valid,
        options: { keepTitle: true, removeRowsWithout: ['$gt'] },
      }),
    ).toBe('Valeur invalide pour le champ supprimer la ligne');
  });
});

describe('importStartSchema', () => {
  const start = {
    name: 'Grand fichier',
    isPrivate: true,
    value: { prospect: 'Nom' },
    columns: ['Nom', 'CP'],
    totalRows: 100_000,
  };

  it('accepts the file description without its rows', () => {
    expect(importStartSchema.parse(start)).toMatchObject({ ...start, duplicates: 'skip' });
  });

  it('refuses a mapping outside the declared columns, repeated columns and impossible row counts', () => {
    expect(firstErrorMessage(importStartSchema, { ...start, value: { ville: 'Ville' } })).toBe(
      'La colonne « Ville » n’existe pas dans le fichier',
    );
    expect(firstErrorMessage(importStartSchema, { ...start, columns: ['Nom', 'Nom'] })).toBe(
      'La colonne « Nom » apparaît deux fois',
    );
    expect(firstErrorMessage(importStartSchema, { ...start, totalRows: 1_000_001 })).toBe(
      'Le champ fichier ne peut pas contenir plus de 1000000 éléments',
    );
    expect(firstErrorMessage(importStartSchema, { ...start, totalRows: '10' })).toBe(
      'Valeur invalide pour le champ nombre de lignes',
    );
  });
});

describe('importBatchSchema', () => {
  it('accepts up to the batch limit and refuses more, negative offsets and non-object rows', () => {
    const rowsOk = Array.from({ length: MAX_IMPORT_BATCH_ROWS }, () => ({ Nom: 'A' }));
    expect(firstErrorMessage(importBatchSchema, { importId: ID, offset: 0, rows: rowsOk })).toBeNull();
    expect(
      firstErrorMessage(importBatchSchema, { importId: ID, offset: 0, rows: [...rowsOk, { Nom: 'B' }] }),
    ).toBe(`Le champ lignes ne peut pas contenir plus de ${MAX_IMPORT_BATCH_ROWS} éléments`);
    expect(firstErrorMessage(importBatchSchema, { importId: ID, offset: -1, rows: [{ Nom: 'A' }] })).toBe(
      'Valeur invalide pour le champ position',
    );
    expect(firstErrorMessage(importBatchSchema, { importId: ID, offset: 0, rows: [42] })).toBe(
      'Valeur invalide pour le champ ligne',
    );
    expect(firstErrorMessage(importBatchSchema, { importId: { $gt: '' }, offset: 0, rows: [{}] })).toBe(
      'Valeur invalide pour le champ import',
    );
  });
});

describe('quickImportBatch', () => {
  const cells = [
    ['Boulangerie Dupont', '01000', 'Bourg-en-Bresse', ''],
    ['Garage Martin', '69003', 'Lyon', '12, rue de la Paix; bât. "B"'],
  ];
  const batch = { importId: ID, offset: 4000, cells };
  const atLimit = 'x'.repeat(MAX_CELL_LENGTH);
  // Every body here either gets the schema's own output from the quick check, or is left to the schema.
  const bodies: [string, unknown][] = [
    ['a batch as the modal sends it', batch],
    ['an upper-case identifier (the schema lowers it)', { ...batch, importId: ID.toUpperCase() }],
    ['with the session token beside it (the schema drops it)', { ...batch, token: 'jeton' }],
    ['a cell at the length limit', { ...batch, cells: [[atLimit]] }],
    [
      'a row as wide as allowed',
      { ...batch, cells: [Array.from({ length: MAX_IMPORT_COLUMNS }, () => 'a')] },
    ],
    [
      'rows up to the batch limit',
      { ...batch, cells: Array.from({ length: MAX_IMPORT_BATCH_ROWS }, () => ['a']) },
    ],
    ['an empty row', { ...batch, cells: [[]] }],
    ['a cell too long', { ...batch, cells: [[`${atLimit}x`]] }],
    ['a row too wide', { ...batch, cells: [Array.from({ length: MAX_IMPORT_COLUMNS + 1 }, () => 'a')] }],
    ['too many rows', { ...batch, cells: Array.from({ length: MAX_IMPORT_BATCH_ROWS + 1 }, () => ['a']) }],
    ['no row', { ...batch, cells: [] }],
    ['a number in a cell', { ...batch, cells: [['a', 12]] }],
    ['null in a cell', { ...batch, cells: [[null]] }],
    ['a row that is not a list', { ...batch, cells: ['a'] }],
    ['cells that are not a list', { ...batch, cells: { 0: ['a'] } }],
    ['rows and cells both', { ...batch, rows: [{ Nom: 'A' }] }],
    ['rows only', { importId: ID, offset: 0, rows: [{ Nom: 'A' }] }],
    ['neither', { importId: ID, offset: 0 }],
    ['a negative offset', { ...batch, offset: -1 }],
    ['an offset with a fraction', { ...batch, offset: 1.5 }],
    ['an offset past the largest file', { ...batch, offset: MAX_IMPORT_ROWS + 1 }],
    ['an offset as text', { ...batch, offset: '0' }],
    ['an identifier too short', { ...batch, importId: ID.slice(1) }],
    ['an identifier with a line break', { ...batch, importId: `${ID}\n` }],
    ['an identifier as an operator', { ...batch, importId: { $gt: '' } }],
    ['a list as the body', [batch]],
    ['null as the body', null],
  ];

  it.each(bodies)('gives the schema’s output or leaves it to the schema: %s', (_, body) => {
    const quick = quickImportBatch(body);
    const checked = importBatchSchema.safeParse(body);
    if (quick !== undefined) {
      expect(checked.success).toBe(true);
      expect(quick).toEqual(checked.data);
      expect(Object.keys(quick)).toEqual(Object.keys(checked.data ?? {}));
    }
  });

  it('answers the batches the modal sends, and no body the schema refuses', () => {
    const answered = bodies.filter(([, body]) => quickImportBatch(body) !== undefined).map(([name]) => name);
    expect(answered).toEqual([
      'a batch as the modal sends it',
      'an upper-case identifier (the schema lowers it)',
      'with the session token beside it (the schema drops it)',
      'a cell at the length limit',
      'a row as wide as allowed',
      'rows up to the batch limit',
      'an empty row',
    ]);
    expect(quickImportBatch({ ...batch, importId: ID.toUpperCase() })?.importId).toBe(ID.toLowerCase());
  });
});

describe('the other prospect calls', () => {
  it('want identifiers as 24 hex characters', () => {
    expect(firstErrorMessage(importIdSchema, { importId: ID })).toBeNull();
    expect(firstErrorMessage(prospectIdSchema, { prospectId: 'abc' })).toBe('Identifiant invalide');
    expect(firstErrorMessage(prospectIdSchema, { prospectId: { $ne: null } })).toBe(
      'Valeur invalide pour le champ prospect',
    );
  });

  it('page a file 500 rows at a time by default, at most 1000, with a text search', () => {
    expect(prospectPageSchema.parse({ excelId: ID })).toEqual({ excelId: ID, offset: 0, limit: 500 });
    expect(firstErrorMessage(prospectPageSchema, { excelId: ID, limit: 1001 })).toBe(
      'Le champ page ne peut pas contenir plus de 1000 éléments',
    );
    expect(firstErrorMessage(prospectPageSchema, { excelId: ID, search: { $regex: '.*' } })).toBe(
      'Valeur invalide pour le champ recherche',
    );
  });

  it('create a manual list with the import title rules', () => {
    expect(firstErrorMessage(createManualFileSchema, { name: 'Liste', isPrivate: false })).toBeNull();
    expect(firstErrorMessage(createManualFileSchema, { name: 'List', isPrivate: false })).toBe(
      'Le titre doit contenir au moins 5 caractères',
    );
  });
});
