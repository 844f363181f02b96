import { firstErrorMessage } from './errors';
import { organisationPhoneSchema, phoneSchema } from './phone';

describe('phoneSchema (sign-up)', () => {
  it.each(['0612345678', '06 12 34 56 78', '06.12.34.56.78', '06-12-34-56-78', ' 0612345678 '])(
    'accepts %p and keeps its 10 digits',
    (phone) => {
      expect(phoneSchema.parse(phone)).toBe('0612345678');
    },
  );

  it.each(['', '061234567', '06123456789', '+33612345678', '06 12 34 56 7a', 'abcdefghij'])(
    "when the phone is %p, it says 'Numéro de téléphone invalide'",
    (phone) => {
      expect(firstErrorMessage(phoneSchema, phone)).toBe('Numéro de téléphone invalide');
    },
  );

  it('when the phone is absent, says the phone is invalid', () => {
    expect(firstErrorMessage(phoneSchema, undefined)).toBe('Numéro de téléphone invalide');
  });
});

describe('organisationPhoneSchema', () => {
  it('accepts a phone longer than 9 characters, written as people write it', () => {
    expect(organisationPhoneSchema.parse(' 01 23 45 67 89 ')).toBe('01 23 45 67 89');
    expect(firstErrorMessage(organisationPhoneSchema, '+33 1 23 45 67 89')).toBeNull();
    expect(firstErrorMessage(organisationPhoneSchema, '0123456789')).toBeNull();
  });

  it.each(['012345678', '   01234   ', 'abcdefghijkl', '0'.repeat(31)])(
    "when the phone is %p, it says 'Numéro de téléphone invalide'",
    (phone) => {
      expect(firstErrorMessage(organisationPhoneSchema, phone)).toBe('Numéro de téléphone invalide');
    },
  );
});
