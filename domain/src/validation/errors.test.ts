import { z } from 'zod';
import { fieldErrors, firstErrorMessage } from './errors';
import { newOpportunitySchema } from './new-opportunity';

describe('firstErrorMessage', () => {
  it('when the value is valid, gives null', () => {
    expect(firstErrorMessage(z.string(), 'x')).toBeNull();
  });

  it("gives the first failing rule's message", () => {
    const schema = z.object({ a: z.string().min(2, 'A trop court'), b: z.string().min(2, 'B trop court') });
    expect(firstErrorMessage(schema, { a: '', b: '' })).toBe('A trop court');
  });
});

describe('fieldErrors', () => {
  it('gives the first message of each failing field, by dotted path', () => {
    expect(
      fieldErrors(newOpportunitySchema, {
        title: 'Boulangerie Dupont',
        adresse: '',
        codePostale: '75002',
        ville: '',
        telephone: '01 02 03 04 05',
        dateStatus: 1,
        state2: 'TODO',
        contacts: [{ civilite: 'x' }],
      }),
    ).toEqual({
      adresse: "Veuillez renseigner l'adresse complète",
      ville: "Veuillez renseigner l'adresse complète",
      'contacts.0.civilite': 'Civilité invalide',
    });
  });

  it('when the value is valid, gives no error', () => {
    expect(fieldErrors(z.string(), 'x')).toEqual({});
  });
});
