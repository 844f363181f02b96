import {
  csvCell,
  csvLine,
  csvTextCell,
  neutraliseCell,
  opportunityCsvHeader,
  opportunityCsvLine,
} from './csv';
import type { OpportunityView } from './views';

describe('neutraliseCell', () => {
  it.each(['=SUM(A1:A2)', '+33 6 12', '-2+3', '@cmd', '\t=1', '\r=1'])(
    'prefixes %j with an apostrophe so a spreadsheet shows it as text',
    (text) => {
      expect(neutraliseCell(text)).toBe(`'${text}`);
    },
  );

  it('leaves ordinary text alone', () => {
    expect(neutraliseCell('Boulangerie = pain')).toBe('Boulangerie = pain');
    expect(neutraliseCell('')).toBe('');
  });
});

describe('csvCell and csvLine', () => {
  it('quotes every cell, doubles inner quotes, keeps accents and separators inside quotes', () => {
    expect(csvCell('Le "Petit" Café; Paris')).toBe('"Le ""Petit"" Café; Paris"');
    expect(csvCell(undefined)).toBe('""');
    expect(csvLine(['a', 1, '=1+1'])).toBe('"a";"1";"\'=1+1"\r\n');
  });

  it('keeps a line break inside a quoted cell', () => {
    expect(csvCell('ligne 1\nligne 2')).toBe('"ligne 1\nligne 2"');
  });
});

describe('csvTextCell', () => {
  const tricky = [
    '',
    '=',
    '+',
    '-',
    '@',
    '\t',
    '\r',
    '\n',
    '"',
    '""',
    '"=1"',
    '=1+"a"',
    ' =1',
    "'=1",
    '\u00a0=1',
    '==',
    '-"-',
    'a"b"c',
    'Le "Petit" Café; Paris',
    'ligne 1\r\nligne 2',
    '\ud83d',
    '\ud83d\ude00"',
    '\u2028',
    'Aucun',
    '0102030405',
    '+33 6 12',
    '\t=1',
    '\r=1',
    ';',
    '""""',
    '\uff1d1',
  ];

  it.each(tricky)('writes %j exactly as csvCell does', (text) => {
    expect(csvTextCell(text)).toBe(csvCell(text));
  });

  it('writes random texts over formula, quote and separator characters exactly as csvCell does', () => {
    const alphabet = ['=', '+', '-', '@', '\t', '\r', '\n', '"', ';', "'", ' ', 'a', 'é', '\ud83d'];
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647);
    for (let n = 0; n < 5000; n += 1) {
      let text = '';
      for (let length = next() % 8; length > 0; length -= 1) text += alphabet[next() % alphabet.length];
      expect(csvTextCell(text)).toBe(csvCell(text));
    }
  });
});

describe('opportunity export lines', () => {
  const view: OpportunityView = {
    _id: 'a'.repeat(24),
    state: 'WAITING',
    timeFilter: 3_600_000,
    howMuchTime: '1 heure',
    creationDate: Date.UTC(2025, 0, 6, 9),
    waitingDate: Date.UTC(2025, 0, 6, 23, 30),
    user: { _id: 'b'.repeat(24), username: 'Dupont Marie' },
    prospectId: {
      _id: 'c'.repeat(24),
      prospect: '=HYPERLINK("http://x")',
      enseigne: 'Crêperie Élise',
      codePostale: '29000',
      ville: 'Quimper',
      adresseComplete: '1 rue de Brest',
      site: 'Aucun',
      telephone: '+33298000000',
      eMail: 'Aucun',
      siret: 'Aucun',
      libelleactivite: 'Restauration',
      trancheSalarier: '1-9',
      typeEtablissement: 'Aucun',
      departement: '29',
      region: 'Bretagne',
      value: JSON.stringify({ Horaires: 'midi', contact: [] }),
      contacts: [
        { civilite: 'Mme.', surname: 'Le Goff', name: 'Anne', fonction: 'Gérante', phone: '', mail: '' },
      ],
    },
    message: [
      {
        _id: 'd'.repeat(24),
        text: '-rappeler',
        date: 0,
        userId: { _id: 'b'.repeat(24), username: 'Dupont Marie' },
        statusId: { _id: 'e'.repeat(24), name: 'Appel Abouti' },
      },
    ],
    informationContractuelle: JSON.stringify({ "Type_D'investissement": 'location' }),
  };

  it('writes a French header row', () => {
    expect(opportunityCsvHeader()).toMatch(/^"Raison sociale";"Enseigne";"Adresse complète";"Code postal";/);
  });

  it('writes one line per opportunity with its prospect facts, neutralised formulas and Paris dates', () => {
    const cells = opportunityCsvLine(view).replace(/\r\n$/, '').split('";"');
    expect(cells[0]).toBe('"\'=HYPERLINK(""http://x"")');
    expect(cells[1]).toBe('Crêperie Élise');
    expect(cells[7]).toBe("'+33298000000");
    expect(cells).toContain('En attente');
    expect(cells).toContain('07/01/2025 00:30');
    expect(cells).toContain('06/01/2025');
    expect(cells).toContain('Appel Abouti : -rappeler');
    expect(cells).toContain('Mme. Le Goff Anne Gérante');
    expect(cells).toContain('Horaires : midi');
    expect(cells[cells.length - 1]).toBe('Type D\'investissement : location"');
  });
});
