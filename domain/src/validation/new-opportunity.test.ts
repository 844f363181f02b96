import { firstErrorMessage } from './errors';
import { newOpportunitySchema } from './new-opportunity';

const valid = {
  title: 'Boulangerie Dupont',
  adresse: '1 rue de la Paix',
  codePostale: '75002',
  ville: 'Paris',
  telephone: '0142424242',
  dateStatus: new Date(2024, 5, 1).getTime(),
  state2: 'TODO',
};

describe('newOpportunitySchema', () => {
  it("when the title is missing, it says 'Veuillez renseigner le raison social de l'opportunité'", () => {
    expect(firstErrorMessage(newOpportunitySchema, { ...valid, title: '  ' })).toBe(
      "Veuillez renseigner le raison social de l'opportunité",
    );
  });

  it("when the title is shorter than 5 characters, it says 'Le titre doit contenir au moins 5 caractères'", () => {
    expect(firstErrorMessage(newOpportunitySchema, { ...valid, title: 'ACME' })).toBe(
      'Le titre doit contenir au moins 5 caractères',
    );
  });

  it.each(['adresse', 'codePostale', 'ville'])(
    "when %s is missing, it says 'Veuillez renseigner l'adresse complète'",
    (field) => {
      expect(firstErrorMessage(newOpportunitySchema, { ...valid, [field]: '' })).toBe(
        "Veuillez renseigner l'adresse complète",
      );
    },
  );

  it("when the phone is missing, it says 'Veuillez renseigner le téléphone'", () => {
    expect(firstErrorMessage(newOpportunitySchema, { ...valid, telephone: '' })).toBe(
      'Veuillez renseigner le téléphone',
    );
  });

  it.each([undefined, null, '', Number.NaN])(
    "when the status date is %p, it says 'Veuillez renseigner la date de status'",
    (dateStatus) => {
      expect(firstErrorMessage(newOpportunitySchema, { ...valid, dateStatus })).toBe(
        'Veuillez renseigner la date de status',
      );
    },
  );

  it('checks the fields in the spec order: title, address, phone, status date', () => {
    expect(firstErrorMessage(newOpportunitySchema, {})).toBe(
      "Veuillez renseigner le raison social de l'opportunité",
    );
    expect(firstErrorMessage(newOpportunitySchema, { title: valid.title })).toBe(
      "Veuillez renseigner l'adresse complète",
    );
    const { telephone: _telephone, dateStatus: _dateStatus, ...withAddress } = valid;
    expect(firstErrorMessage(newOpportunitySchema, withAddress)).toBe('Veuillez renseigner le téléphone');
    expect(firstErrorMessage(newOpportunitySchema, { ...withAddress, telephone: '01 02 03 04 05' })).toBe(
      'Veuillez renseigner la date de status',
    );
  });

  it('offers TODO and WIN as the status, nothing else', () => {
    expect(firstErrorMessage(newOpportunitySchema, { ...valid, state2: 'WIN' })).toBeNull();
    expect(firstErrorMessage(newOpportunitySchema, { ...valid, state2: '' })).toBe(
      'Veuillez choisir un statut',
    );
    expect(firstErrorMessage(newOpportunitySchema, { ...valid, state2: 'LOOSE' })).toBe(
      'Valeur invalide pour le champ statut',
    );
  });

  it('fills the optional fields with empty text and keeps the contacts', () => {
    const parsed = newOpportunitySchema.parse({
      ...valid,
      enseigne: 'Dupont',
      contacts: [
        { civilite: 'Mme.', surname: 'Dupont', name: 'Marie', fonction: 'Gérante', phone: '', mail: '' },
      ],
    });
    expect(parsed).toMatchObject({ enseigne: 'Dupont', email: '', siret: '', state: '', metier: '' });
    expect(parsed.contacts).toEqual([
      { civilite: 'Mme.', surname: 'Dupont', name: 'Marie', fonction: 'Gérante', phone: '', mail: '' },
    ]);
  });

  it("accepts only 'Mr.' or 'Mme.' as a contact's civilité", () => {
    expect(firstErrorMessage(newOpportunitySchema, { ...valid, contacts: [{ civilite: 'M.' }] })).toBe(
      'Civilité invalide',
    );
  });

  it('caps the number of contacts', () => {
    expect(firstErrorMessage(newOpportunitySchema, { ...valid, contacts: Array(51).fill({}) })).toBe(
      'Le champ contacts ne peut pas contenir plus de 50 éléments',
    );
  });
});

describe('formats typed in the modals', () => {
  const base = {
    title: 'Boulangerie Martin',
    adresse: '1 rue de la Paix',
    codePostale: '01000',
    ville: 'Bourg-en-Bresse',
    telephone: '04 74 00 00 00',
    dateStatus: Date.UTC(2026, 10, 25, 9),
    state2: 'TODO',
  };

  it.each([
    [{ codePostale: 'ABCDE' }, 'Code postal invalide'],
    [{ codePostale: '1000' }, 'Code postal invalide'],
    [{ telephone: '12' }, 'Numéro de téléphone invalide'],
    [{ telephone: 'appeler Paul' }, 'Numéro de téléphone invalide'],
    [{ email: 'pas-un-email' }, 'Email invalide'],
    [{ siret: '123' }, 'Siret invalide'],
  ])('refuses %o with %s', (change, message) => {
    expect(firstErrorMessage(newOpportunitySchema, { ...base, ...change })).toBe(message);
  });

  it.each([
    { telephone: '0474000000' },
    { telephone: '04.74.00.00.00' },
    { telephone: '+33 4 74 00 00 00' },
    { telephone: '+33474000000' },
    { email: 'Contact@Boulangerie-Martin.fr' },
    { siret: '123 456 789 00012' },
    { siret: '', email: '' },
  ])('accepts %o', (change) => {
    expect(firstErrorMessage(newOpportunitySchema, { ...base, ...change })).toBeNull();
  });
});
