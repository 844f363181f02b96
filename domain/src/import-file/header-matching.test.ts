import { guessMapping, normaliseHeader } from './header-matching';

test('headers are compared without accents, case or punctuation', () => {
  expect(normaliseHeader('  N° SIRET ')).toBe('n siret');
  expect(normaliseHeader('Téléphone')).toBe('telephone');
  expect(normaliseHeader("Type d'Établissement")).toBe('type d etablissement');
  expect(normaliseHeader('E-mail')).toBe('e mail');
});

test('French headers pre-select their target', () => {
  const mapping = guessMapping([
    'Raison sociale',
    'Enseigne',
    'CP',
    'Ville',
    'Adresse',
    'Site web',
    'Tél',
    'Courriel',
    'N° SIRET',
    'Libellé activité',
    'Tranche effectif',
    "Type d'établissement",
  ]);
  expect(mapping).toEqual({
    prospect: 'Raison sociale',
    enseigne: 'Enseigne',
    codePostale: 'CP',
    ville: 'Ville',
    adresseComplete: 'Adresse',
    site: 'Site web',
    telephone: 'Tél',
    eMail: 'Courriel',
    siret: 'N° SIRET',
    libelleactivite: 'Libellé activité',
    trancheSalarier: 'Tranche effectif',
    typeEtablissement: "Type d'établissement",
  });
});

test('English headers pre-select their target', () => {
  const mapping = guessMapping(['Company', 'Zip', 'City', 'Address', 'Website', 'Phone', 'Email']);
  expect(mapping).toMatchObject({
    prospect: 'Company',
    codePostale: 'Zip',
    ville: 'City',
    adresseComplete: 'Address',
    site: 'Website',
    telephone: 'Phone',
    eMail: 'Email',
  });
});

test.each([['Raison sociale'], ['Nom'], ['Dénomination'], ['Company'], ['RAISON_SOCIALE']])(
  '"%s" is the company name',
  (header) => {
    expect(guessMapping([header]).prospect).toBe(header);
  },
);

test.each([['CP'], ['Code postal'], ['Zip'], ['code_postal']])('"%s" is the postal code', (header) => {
  expect(guessMapping([header]).codePostale).toBe(header);
});

test.each([['Tél'], ['Téléphone'], ['Phone'], ['TEL.']])('"%s" is the phone', (header) => {
  expect(guessMapping([header]).telephone).toBe(header);
});

test('an unknown header maps nothing and every other target reads "Aucun"', () => {
  const mapping = guessMapping(['Colonne 1', 'Chiffre d’affaires']);
  expect(Object.values(mapping).every((value) => value === 'Aucun')).toBe(true);
});

test('a header containing a long name matches, and each column serves one target only', () => {
  const mapping = guessMapping(['Adresse e-mail', 'Adresse complète du siège', 'Ville']);
  expect(mapping.eMail).toBe('Adresse e-mail');
  expect(mapping.adresseComplete).toBe('Adresse complète du siège');
});

test('"Nom du contact" is not taken for the company name', () => {
  expect(guessMapping(['Nom du contact']).prospect).toBe('Aucun');
});
