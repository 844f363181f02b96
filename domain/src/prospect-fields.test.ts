import {
  displayValue,
  EMPTY_VALUE,
  isEmptyValue,
  PROSPECT_FIELD_LABELS,
  PROSPECT_FIELDS,
} from './prospect-fields';
import { formatLicencesUsed, isLicenceSelectDisabled } from './licences';

describe('prospect fields', () => {
  it('are labelled as the cards list the facts', () => {
    expect(PROSPECT_FIELDS.slice(1).map((field) => PROSPECT_FIELD_LABELS[field])).toEqual([
      'Enseigne',
      'Code Postal',
      'Ville',
      'Adresse Complete',
      'Site',
      'Téléphone',
      'Email',
      'Siret',
      'Libele activité',
      'Tranche Salarié',
      "Type d'établissement",
    ]);
  });

  it("show 'Aucun' for an empty, blank or absent value", () => {
    expect(EMPTY_VALUE).toBe('Aucun');
    expect([undefined, null, '', '   ', 'Aucun'].map((value) => displayValue(value))).toEqual(
      Array(5).fill('Aucun'),
    );
    expect(displayValue('Paris')).toBe('Paris');
    expect(displayValue(0)).toBe('0');
    expect(isEmptyValue('x')).toBe(false);
  });
});

describe('licences', () => {
  const licences = [{ _id: 'a', userId: 'me' }, { _id: 'b', userId: 'other' }, { _id: 'c' }];

  it('disable the select of the licence the current user holds, and only that one', () => {
    expect(licences.map((licence) => isLicenceSelectDisabled(licence, 'me'))).toEqual([true, false, false]);
    expect(isLicenceSelectDisabled({ _id: 'c' }, undefined)).toBe(false);
  });

  it("count 'Licences utilisé : x / y' from the licences that have a holder", () => {
    expect(formatLicencesUsed(licences)).toBe('Licences utilisé : 2 / 3');
  });
});
