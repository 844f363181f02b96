import { firstErrorMessage } from './errors';
import { licenceCountSchema } from './licence-count';

describe('licenceCountSchema', () => {
  it.each([0, -1, undefined, Number.NaN])(
    "when the count is %p, it says 'Vous ne pouvez pas avoir moins d'une licence'",
    (count) => {
      expect(firstErrorMessage(licenceCountSchema, count)).toBe(
        "Vous ne pouvez pas avoir moins d'une licence",
      );
    },
  );

  it('accepts one licence or more', () => {
    expect(licenceCountSchema.parse(1)).toBe(1);
    expect(licenceCountSchema.parse(25)).toBe(25);
  });

  it('refuses a fractional count, text, and more than 1000 at once', () => {
    expect(firstErrorMessage(licenceCountSchema, 1.5)).toBe(
      'Le nombre de licences doit être un nombre entier',
    );
    expect(firstErrorMessage(licenceCountSchema, '3')).toBe(
      'Valeur invalide pour le champ nombre de licences',
    );
    expect(firstErrorMessage(licenceCountSchema, 1001)).toBe(
      'Vous ne pouvez pas acheter plus de 1000 licences à la fois',
    );
  });
});
