import { fromContractualRecord, toContractualRecord, contractualSchema } from './contractual';
import { firstErrorMessage } from './errors';

const isoDay = (offsetDays: number) => {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

describe('contractualSchema', () => {
  it("when no investment type is chosen, it says 'Veuillez selectionner un type d'investissement'", () => {
    expect(firstErrorMessage(contractualSchema, {})).toBe("Veuillez selectionner un type d'investissement");
    expect(firstErrorMessage(contractualSchema, { investmentType: '' })).toBe(
      "Veuillez selectionner un type d'investissement",
    );
    expect(firstErrorMessage(contractualSchema, { investmentType: 'leasing' })).toBe(
      "Veuillez selectionner un type d'investissement",
    );
  });

  it.each([
    [{ title: '', value: 'Xerox' }],
    [{ title: 'Copieur', value: '' }],
    [{ title: '  ', value: '  ' }],
  ])("when a custom pair is %p, it says 'Veuillez remplir tous les champs'", (pair) => {
    expect(firstErrorMessage(contractualSchema, { investmentType: 'achat', custom: [pair] })).toBe(
      'Veuillez remplir tous les champs',
    );
  });

  it('accepts an end date from today on, and refuses one well in the past', () => {
    expect(
      firstErrorMessage(contractualSchema, { investmentType: 'location', endDate: isoDay(0) }),
    ).toBeNull();
    expect(
      firstErrorMessage(contractualSchema, { investmentType: 'location', endDate: isoDay(365) }),
    ).toBeNull();
    expect(firstErrorMessage(contractualSchema, { investmentType: 'location', endDate: isoDay(-30) })).toBe(
      "La date de fin de contrat ne peut pas être antérieure à aujourd'hui",
    );
  });

  it('refuses an end date that is not a calendar date', () => {
    expect(firstErrorMessage(contractualSchema, { investmentType: 'achat', endDate: '2099-02-30' })).toBe(
      'Date invalide',
    );
    expect(firstErrorMessage(contractualSchema, { investmentType: 'achat', endDate: '01/01/2099' })).toBe(
      'Date invalide',
    );
  });
});

describe('the stored contractual object', () => {
  it('uses the spec keys, leaves empty fields out and writes custom titles with underscores', () => {
    const data = contractualSchema.parse({
      investmentType: 'location',
      endDate: '2099-12-31',
      currentService: 'Copieurs',
      currentProvider: '',
      custom: [{ title: 'Nombre de copieurs', value: '3' }],
    });
    expect(toContractualRecord(data)).toEqual({
      "Type_D'investissement": 'location',
      Date_previsionelle_fin_de_contrat: '2099-12-31',
      Prestation_Actuelle: 'Copieurs',
      Nombre_de_copieurs: '3',
    });
  });

  it('reads back into the modal fields, from the object or its JSON text', () => {
    const stored = {
      "Type_D'investissement": 'achat',
      Prestataire_Actuelle: 'Xerox',
      Nombre_de_copieurs: '3',
    };
    const expected = {
      investmentType: 'achat',
      endDate: '',
      currentService: '',
      currentProvider: 'Xerox',
      custom: [{ title: 'Nombre de copieurs', value: '3' }],
    };
    expect(fromContractualRecord(stored)).toEqual(expected);
    expect(fromContractualRecord(JSON.stringify(stored))).toEqual(expected);
  });

  it('reads missing or unreadable information as empty fields', () => {
    const empty = {
      investmentType: undefined,
      endDate: '',
      currentService: '',
      currentProvider: '',
      custom: [],
    };
    expect(fromContractualRecord(undefined)).toEqual(empty);
    expect(fromContractualRecord('{not json')).toEqual(empty);
    expect(fromContractualRecord('[1,2]')).toEqual(empty);
  });
});
