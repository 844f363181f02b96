import { IMPORT_RESULT_MESSAGES, type ImportSummary, noFileMessage } from './import-targets';

const summary = (overrides: Partial<ImportSummary>): ImportSummary => ({
  imported: 0,
  duplicates: 0,
  duplicatesSkipped: 0,
  siretFlagged: 0,
  rejected: [],
  rejectedCount: 0,
  ...overrides,
});

describe('noFileMessage', () => {
  it('says nothing when the import created a file', () => {
    expect(noFileMessage({ excelId: 'f1', summary: summary({ imported: 3 }) })).toBeNull();
  });

  it('says the rows were all duplicates when they were', () => {
    expect(noFileMessage({ excelId: null, summary: summary({ duplicates: 4, duplicatesSkipped: 4 }) })).toBe(
      'Aucun fichier créé : toutes les lignes sont des doublons de prospects existants.',
    );
  });

  it('says no row could be imported when some were rejected', () => {
    expect(
      noFileMessage({
        excelId: null,
        summary: summary({ duplicates: 2, duplicatesSkipped: 2, rejectedCount: 1 }),
      }),
    ).toBe(IMPORT_RESULT_MESSAGES.nothingImported);
  });
});
