import { normaliseSearch, normaliseSearchByPasses, searchFormOf, searchPatternOf } from './normalise-search';

describe('normaliseSearch', () => {
  it('lower-cases, removes accents and collapses spaces', () => {
    expect(normaliseSearch('  Société   GÉNÉRALE\tÀ  Paris ')).toBe('societe generale a paris');
  });

  it('spells out ligatures and unifies apostrophes, so "Œuvre" and "L’Été" are found as typed', () => {
    expect(normaliseSearch('Œuvre d’Art')).toBe("oeuvre d'art");
    expect(normaliseSearch('Crèche')).toBe('creche');
  });

  it('keeps the digits of a name as written, since the stored duplicate keys are built with it', () => {
    expect(normaliseSearch('Garage 2 000')).toBe('garage 2 000');
  });
});

describe('normaliseSearch folds code point by code point as the passes over the whole text do', () => {
  it('gives the same text for every code point alone, between letters and between spaces', () => {
    const differences: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      // Planes 4 to 13 hold no character.
      if (code === 0x40000) code = 0xe0000;
      const char = String.fromCodePoint(code);
      for (const text of code < 0x10000 ? [char, `A${char}b`, ` ${char}  `] : [char])
        if (normaliseSearch(text) !== normaliseSearchByPasses(text)) differences.push(text);
    }
    expect(differences).toEqual([]);
  });

  it('gives the same text for mixed texts: final sigma, combining marks, ligatures, odd spaces, lone surrogates', () => {
    const pieces = [
      'Σ',
      'ΟΔΟΣ',
      'σ',
      'İ',
      'ı',
      'K',
      'Å',
      '\u0301',
      '\u0327\u0301',
      'e\u0301',
      'Œ',
      'æ',
      'ß',
      'ẞ',
      '’',
      'ʼ',
      '\u00a0',
      '\u2009',
      '\ufeff',
      '\t',
      '\n',
      ' ',
      'ǅ',
      'ﬁ',
      '\ud800',
      '\udc00',
      '😀',
      '𝐀',
      'É',
      'ÿ',
      'Ÿ',
      'rue',
      '01000',
      'L’HAŸ-LES-ROSES',
      'Ελλάδα',
      'Ωμέγα',
      'Ⅻ',
      'ŉ',
      'Ǆ',
      'ΐ',
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    const differences: string[] = [];
    for (let round = 0; round < 20_000; round += 1) {
      let text = '';
      const length = 1 + (next() % 8);
      for (let at = 0; at < length; at += 1) text += pieces[next() % pieces.length];
      if (normaliseSearch(text) !== normaliseSearchByPasses(text)) differences.push(text);
    }
    expect(differences).toEqual([]);
  });
});

// Every way a French user types the same mobile number.
const PHONE_FORMS = [
  '0715669840',
  '07 15 66 98 40',
  '07.15.66.98.40',
  '07-15-66-98-40',
  '+33 7 15 66 98 40',
  '+33715669840',
  '+33 (0)7 15 66 98 40',
];

describe('searchFormOf', () => {
  it.each(PHONE_FORMS)('writes "%s" as 0715669840', (typed) => {
    expect(searchFormOf(typed)).toBe('0715669840');
  });

  it('writes a partial number as one run of digits, so "66 98 40" is found inside "0715669840"', () => {
    expect(searchFormOf('66 98 40')).toBe('669840');
    expect(searchFormOf('07.15.')).toBe('0715');
  });

  it('leaves text alone: accents, case and hyphenated words read as normaliseSearch reads them', () => {
    expect(searchFormOf('Boulangerie  ÉLYSÉE, Saint-Étienne')).toBe('boulangerie elysee, saint-etienne');
    expect(searchFormOf('12 rue de la Paix 42000')).toBe('12 rue de la paix 42000');
  });
});

describe('searchPatternOf', () => {
  const stored = (phone: string) => normaliseSearch(`Boulangerie Élysée 42000 Saint-Étienne ${phone}`);

  it('is null for an empty query', () => {
    expect(searchPatternOf('   ')).toBeNull();
  });

  describe.each(PHONE_FORMS)('with a phone stored as "%s"', (storedPhone) => {
    it.each([...PHONE_FORMS, '669840', '66 98 40', '7 15 66'])('finds it by "%s"', (typed) => {
      expect(searchPatternOf(typed)?.test(stored(storedPhone))).toBe(true);
    });
  });

  it('does not find another number, nor digits spread over separate words', () => {
    const text = stored('07 15 66 98 40');
    expect(searchPatternOf('0715669841')?.test(text)).toBe(false);
    expect(searchPatternOf('06 15 66 98 40')?.test(text)).toBe(false);
    expect(searchPatternOf('420007')?.test(text)).toBe(false);
  });

  it('still finds text without accents or case, and reads regular-expression characters literally', () => {
    const text = stored('0715669840');
    for (const typed of ['ELYSEE', 'saint-etienne', '42000', 'élysée 42000'])
      expect({ typed, found: searchPatternOf(typed)?.test(text) }).toEqual({ typed, found: true });
    expect(searchPatternOf('.*')?.test(text)).toBe(false);
  });
});
