import { firstErrorMessage } from './errors';
import { organisationCreateSchema } from './organisation-create';

describe('organisationCreateSchema', () => {
  it('accepts a name longer than 3 characters and a phone longer than 9', () => {
    expect(
      organisationCreateSchema.parse({ name: ' ACME ', phone: '0123456789', fonction: 'Gérant' }),
    ).toEqual({
      name: 'ACME',
      phone: '0123456789',
    });
  });

  it.each(['', 'ABC', '   ABC   '])(
    "when the company name is %p, it says 'Raison sociale invalide'",
    (name) => {
      expect(firstErrorMessage(organisationCreateSchema, { name, phone: '0123456789' })).toBe(
        'Raison sociale invalide',
      );
    },
  );

  it("when the phone has 9 characters or fewer, it says 'Numéro de téléphone invalide'", () => {
    expect(firstErrorMessage(organisationCreateSchema, { name: 'ACME', phone: '012345678' })).toBe(
      'Numéro de téléphone invalide',
    );
  });

  it('checks the name before the phone', () => {
    expect(firstErrorMessage(organisationCreateSchema, { name: 'A', phone: '1' })).toBe(
      'Raison sociale invalide',
    );
  });

  it('caps the name at 200 characters', () => {
    expect(firstErrorMessage(organisationCreateSchema, { name: 'x'.repeat(201), phone: '0123456789' })).toBe(
      'Le champ raison sociale ne doit pas dépasser 200 caractères',
    );
  });
});
