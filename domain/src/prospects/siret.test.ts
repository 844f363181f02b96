import { isValidSiret } from './siret';

describe('isValidSiret', () => {
  it('accepts a 14-digit SIRET whose Luhn sum is a multiple of 10', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('35600000000048')).toBe(true); // La Poste's head office passes Luhn too
  });

  it('refuses a wrong check digit, a wrong length, spaces and letters', () => {
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('7328293200007')).toBe(false);
    expect(isValidSiret('732829320000740')).toBe(false);
    expect(isValidSiret('732 829 320 00074')).toBe(false);
    expect(isValidSiret('7328293200007A')).toBe(false);
    expect(isValidSiret('')).toBe(false);
  });

  it("accepts La Poste's establishments (356000000…) whose digit sum is a multiple of 5, even failing Luhn", () => {
    expect(isValidSiret('35600000049837')).toBe(true);
    expect(isValidSiret('35600000010000')).toBe(true);
    expect(isValidSiret('35600000049838')).toBe(false);
  });

  it('does not extend the La Poste exception to other SIRENs', () => {
    // Digit sum 15 (multiple of 5) but Luhn fails and the SIREN is not La Poste's.
    expect(isValidSiret('35600000110000')).toBe(false);
  });
});
