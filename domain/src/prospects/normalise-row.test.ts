import { EMPTY_VALUE } from '../prospect-fields';
import { DEFAULT_IMPORT_OPTIONS, IMPORT_TARGETS, type ImportMapping } from './import-targets';
import { normaliseProspectRow, prepareImportRow } from './normalise-row';

const mapping: ImportMapping = {
  prospect: 'Raison sociale',
  enseigne: 'Enseigne',
  codePostale: 'CP',
  ville: 'Ville',
  adresseComplete: 'Adresse',
  site: 'Aucun',
  telephone: 'Tel',
  eMail: 'Email',
  siret: 'Siret',
};

const row = {
  'Raison sociale': '  Boulangerie Dupont SARL ',
  Enseigne: 'Au Bon Pain',
  CP: 1000,
  Ville: 'Bourg-en-Bresse',
  Adresse: '1 rue de la Paix',
  Tel: 612345678,
  Email: '',
  Siret: '732 829 320 00074',
  Effectif: 12,
  Note: null,
};

describe('normaliseProspectRow', () => {
  const draft = normaliseProspectRow(row, mapping, { keepTitle: true });

  it('trims values and stores blanks and unmapped targets as "Aucun"', () => {
    expect(draft.prospect).toBe('Boulangerie Dupont SARL');
    expect(draft.eMail).toBe(EMPTY_VALUE);
    expect(draft.site).toBe(EMPTY_VALUE);
    expect(draft.libelleactivite).toBe(EMPTY_VALUE);
  });

  it('restores the leading zero of a 4-digit postal code and of a 9-digit phone number', () => {
    expect(draft.codePostale).toBe('01000');
    expect(draft.telephone).toBe('0612345678');
    expect(
      normaliseProspectRow({ CP: '01000', Tel: '01 02 03 04 05' }, mapping, { keepTitle: false }),
    ).toMatchObject({ codePostale: '01000', telephone: '01 02 03 04 05' });
  });

  it('derives the département and the région from the postal code', () => {
    expect(draft).toMatchObject({ departement: '01', region: 'Auvergne-Rhône-Alpes' });
    expect(normaliseProspectRow({ CP: '20167' }, mapping, { keepTitle: false })).toMatchObject({
      departement: '2A',
      region: 'Corse',
    });
    expect(normaliseProspectRow({ CP: '' }, mapping, { keepTitle: false })).toMatchObject({
      departement: EMPTY_VALUE,
      region: EMPTY_VALUE,
    });
  });

  it('keeps the SIRET as 14-digit text without spaces, and flags only an invalid one', () => {
    expect(draft.siret).toBe('73282932000074');
    expect(draft.siretFlagged).toBe(false);
    expect(normaliseProspectRow({ Siret: '1234' }, mapping, { keepTitle: false })).toMatchObject({
      siret: '1234',
      siretFlagged: true,
    });
    expect(
      normaliseProspectRow({ Siret: '73282932000075' }, mapping, { keepTitle: false }).siretFlagged,
    ).toBe(true);
    expect(normaliseProspectRow({ Siret: ' ' }, mapping, { keepTitle: false }).siretFlagged).toBe(false);
  });

  it('keeps the unmapped columns under their title in value when keepTitle is on, with an empty contact list', () => {
    expect(JSON.parse(draft.value)).toEqual({ Effectif: '12', Note: EMPTY_VALUE, contact: [] });
    expect(JSON.parse(normaliseProspectRow(row, mapping, { keepTitle: false }).value)).toEqual({
      contact: [],
    });
  });

  it('never lets a column title reach the prototype or replace the contact list', () => {
    const hostile = JSON.parse(
      '{"__proto__": "x", "contact": "Mme Durand", "Raison sociale": "A"}',
    ) as Record<string, unknown>;
    const value = JSON.parse(normaliseProspectRow(hostile, mapping, { keepTitle: true }).value);
    expect(Object.keys(value)).toEqual(['__proto__', 'contact (fichier)', 'contact']);
    expect(value.contact).toEqual([]);
  });

  it('builds a lower-case, accent-free search text of the searched fields', () => {
    expect(draft.searchText).toBe(
      'boulangerie dupont sarl au bon pain 01000 bourg-en-bresse 1 rue de la paix 0612345678',
    );
  });
});

describe('prepareImportRow', () => {
  it('skips a fully blank row silently', () => {
    expect(prepareImportRow({ 'Raison sociale': ' ', CP: null }, mapping, DEFAULT_IMPORT_OPTIONS)).toEqual({
      kind: 'blank',
    });
  });

  it('rejects a row with neither company name nor enseigne', () => {
    expect(prepareImportRow({ CP: '75001' }, mapping, DEFAULT_IMPORT_OPTIONS)).toEqual({
      kind: 'rejected',
      reason: 'Ligne sans raison sociale ni enseigne',
    });
  });

  it('rejects a row whose "remove row if empty" target is empty, naming the target', () => {
    expect(
      prepareImportRow({ Enseigne: 'Alpha' }, mapping, {
        keepTitle: true,
        removeRowsWithout: ['codePostale'],
      }),
    ).toEqual({ kind: 'rejected', reason: 'Champ vide : Code postal' });
  });

  it('accepts the others with their draft', () => {
    const outcome = prepareImportRow(row, mapping, { keepTitle: true, removeRowsWithout: ['codePostale'] });
    expect(outcome.kind).toBe('accepted');
  });
});

describe('IMPORT_TARGETS', () => {
  it('lists the 12 targets in order with the labels of the mapping step', () => {
    expect(IMPORT_TARGETS.map((target) => target.label)).toEqual([
      'Raison sociale',
      'Enseigne',
      'Code postal',
      'Ville',
      'Adresse complète',
      'Site',
      'Téléphone',
      'E-mail',
      'SIRET',
      'Libellé activité',
      'Tranche salariés',
      "Type d'établissement",
    ]);
  });
});
