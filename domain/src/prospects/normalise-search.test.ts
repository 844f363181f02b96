import { normaliseSearch } from './normalise-search';

describe('normaliseSearch', () => {
  it('lower-cases, removes accents and collapses spaces', () => {
    expect(normaliseSearch('  Société   GÉNÉRALE\tÀ  Paris ')).toBe('societe generale a paris');
  });

  it('spells out ligatures and unifies apostrophes, so "Œuvre" and "L’Été" are found as typed', () => {
    expect(normaliseSearch('Œuvre d’Art')).toBe("oeuvre d'art");
    expect(normaliseSearch('Crèche')).toBe('creche');
  });
});
