import { EMPTY_VALUE } from '../prospect-fields';
import { dedupKeyOf, deriveProspectFields, type DerivationSource, isSiretFlagged } from './derive-fields';

const EMPTY: DerivationSource = {
  prospect: EMPTY_VALUE,
  enseigne: EMPTY_VALUE,
  codePostale: EMPTY_VALUE,
  ville: EMPTY_VALUE,
  adresseComplete: EMPTY_VALUE,
  site: EMPTY_VALUE,
  telephone: EMPTY_VALUE,
  siret: EMPTY_VALUE,
};
const bakery: DerivationSource = {
  ...EMPTY,
  prospect: 'Boulangerie Dupont SARL',
  enseigne: 'Au Bon Pain',
  codePostale: '01000',
  ville: 'Bourg-en-Bresse',
  telephone: '04 74 12 34 56',
};
const VALID_SIRET = '73282932000074';
const PLACEHOLDER_SIRET = '12345678901234';

describe('deriveProspectFields', () => {
  it('gives the département and the région of the postal code, "Aucun" without one', () => {
    expect(deriveProspectFields(bakery)).toMatchObject({ departement: '01', region: 'Auvergne-Rhône-Alpes' });
    expect(deriveProspectFields({ ...bakery, codePostale: '20167' })).toMatchObject({
      departement: '2A',
      region: 'Corse',
    });
    expect(deriveProspectFields({ ...bakery, codePostale: '97411' })).toMatchObject({
      departement: '974',
      region: 'La Réunion',
    });
    expect(deriveProspectFields({ ...bakery, codePostale: EMPTY_VALUE })).toMatchObject({
      departement: EMPTY_VALUE,
      region: EMPTY_VALUE,
    });
  });

  it('builds a lower-case, accent-free search text of the searched fields, blanks left out', () => {
    expect(deriveProspectFields({ ...bakery, enseigne: 'Crèche Œuvre' }).searchText).toBe(
      'boulangerie dupont sarl creche oeuvre 01000 bourg-en-bresse 04 74 12 34 56',
    );
    expect(deriveProspectFields({ ...EMPTY, enseigne: 'Alpha' }).searchText).toBe('alpha');
  });

  it('flags a SIRET that is present and invalid ("SIRET à vérifier"), never a missing or a valid one', () => {
    const flagged = (siret: string) => deriveProspectFields({ ...bakery, siret }).siretFlagged;
    expect(flagged(PLACEHOLDER_SIRET)).toBe(true);
    expect(flagged('1234')).toBe(true);
    expect(flagged('73282932000075')).toBe(true);
    expect(flagged(VALID_SIRET)).toBe(false);
    expect(flagged('35600000049837')).toBe(false); // La Poste
    expect(flagged(EMPTY_VALUE)).toBe(false);
    // As an edit may store it: spaces do not make a valid SIRET suspect, nor change its key.
    expect(flagged('732 829 320 00074')).toBe(false);
    expect(deriveProspectFields({ ...bakery, siret: '732 829 320 00074' }).dedupKey).toBe(
      `siret:${VALID_SIRET}`,
    );
    expect(isSiretFlagged(PLACEHOLDER_SIRET)).toBe(true);
    expect(isSiretFlagged(EMPTY_VALUE)).toBe(false);
  });

  it('keys a row with a valid SIRET by its SIRET alone', () => {
    expect(deriveProspectFields({ ...bakery, siret: VALID_SIRET }).dedupKey).toBe(`siret:${VALID_SIRET}`);
    expect(dedupKeyOf({ ...bakery, siret: VALID_SIRET, prospect: 'Autre nom', codePostale: '75001' })).toBe(
      `siret:${VALID_SIRET}`,
    );
  });
});

describe('the duplicate key', () => {
  const keyOf = (fields: Partial<DerivationSource>) =>
    deriveProspectFields({ ...bakery, ...fields }).dedupKey;

  it('without a SIRET: the normalised company name, enseigne and postal code', () => {
    expect(keyOf({})).toBe('name:boulangerie dupont sarl|au bon pain|01000');
    expect(keyOf({ prospect: 'BOULANGERIE  DUPONT, SARL ', enseigne: 'AU BON PAIN' })).toBe(keyOf({}));
    expect(keyOf({ enseigne: 'Le Fournil d’Élise' })).toBe(keyOf({ enseigne: 'LE FOURNIL D’ELISE ' }));
    expect(keyOf({ enseigne: EMPTY_VALUE })).toBe('name:boulangerie dupont sarl||01000');
    expect(keyOf({ prospect: EMPTY_VALUE })).toBe('name:|au bon pain|01000');
  });

  it('two companies sharing an enseigne in one town are not duplicates', () => {
    expect(keyOf({ prospect: 'Dupont SARL', enseigne: 'Carrefour City' })).not.toBe(
      keyOf({ prospect: 'Martin SAS', enseigne: 'Carrefour City' }),
    );
  });

  it('the same company in two towns is not a duplicate', () => {
    expect(keyOf({ codePostale: '01000' })).not.toBe(keyOf({ codePostale: '69001' }));
  });

  it('two establishments of one company in one town are both kept only when their SIRETs differ', () => {
    // Valid, different SIRETs: two keys. Same SIRET: one. Neither has one: one (name, enseigne, town).
    expect(keyOf({ siret: VALID_SIRET })).not.toBe(keyOf({ siret: '73282932000082' }));
    expect(keyOf({ siret: VALID_SIRET, adresseComplete: '2 rue Neuve' })).toBe(keyOf({ siret: VALID_SIRET }));
    expect(keyOf({ adresseComplete: '2 rue Neuve' })).toBe(keyOf({ adresseComplete: '9 place Carnot' }));
  });

  it('an invalid SIRET never makes two rows duplicates: the row falls back to the name rule', () => {
    const inLyon = keyOf({
      prospect: 'Garage Martin',
      enseigne: 'Garage',
      codePostale: '69001',
      siret: PLACEHOLDER_SIRET,
    });
    const inLille = keyOf({
      prospect: 'Fleurs Petit',
      enseigne: 'Fleurs',
      codePostale: '59000',
      siret: PLACEHOLDER_SIRET,
    });
    expect(inLyon).not.toBe(inLille);
    expect(inLyon).toBe('name:garage martin|garage|69001');
    // The same company with the placeholder and without a SIRET is still one prospect.
    expect(keyOf({ siret: PLACEHOLDER_SIRET })).toBe(keyOf({ siret: EMPTY_VALUE }));
  });
});
