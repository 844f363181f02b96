import {
  addOpportunitySchema,
  exportFilterSchema,
  opportunityListSchema,
  setWaitingSchema,
  updateContractualSchema,
} from './opportunity-requests';
import { firstErrorMessage } from './errors';

const id = 'a'.repeat(24);

describe('opportunity call bodies', () => {
  it('refuse an unknown list state with a French message', () => {
    expect(
      firstErrorMessage(opportunityListSchema, { filter: { state: 'done' }, startId: 0, endId: 500 }),
    ).toBe('État inconnu : attendu all, todo, waiting, loose ou win');
    expect(opportunityListSchema.parse({ filter: { state: 'todo' }, startId: 0, endId: 500 })).toEqual({
      filter: { state: 'todo' },
      startId: 0,
      endId: 500,
    });
  });

  it.each([
    ['TODO', 'todo'],
    ['WAITING', 'waiting'],
    ['WIN', 'win'],
    ['LOOSE', 'loose'],
    ['ALL', 'all'],
    ['Todo', 'todo'],
    ['wAiTiNg', 'waiting'],
  ])('take the state %s as the list %s, in the list call and the export', (state, list) => {
    expect(opportunityListSchema.parse({ filter: { state } }).filter.state).toBe(list);
    expect(exportFilterSchema.parse({ filter: { state } }).filter.state).toBe(list);
  });

  it('refuse a list state that is not text with the same French message', () => {
    expect(firstErrorMessage(exportFilterSchema, { filter: { state: 3 } })).toBe(
      'État inconnu : attendu all, todo, waiting, loose ou win',
    );
    expect(firstErrorMessage(exportFilterSchema, { filter: { state: 'TODOS' } })).toBe(
      'État inconnu : attendu all, todo, waiting, loose ou win',
    );
  });

  it('refuse a waiting date that is not a number', () => {
    expect(firstErrorMessage(setWaitingSchema, { opportunityId: id, date: '2025-01-01' })).toBe(
      'Valeur invalide pour le champ date',
    );
    expect(firstErrorMessage(setWaitingSchema, { opportunityId: id, date: Number.NaN })).toBe(
      'Veuillez renseigner une date',
    );
    expect(firstErrorMessage(setWaitingSchema, { opportunityId: { $gt: '' }, date: 1 })).toBe(
      'Valeur invalide pour le champ opportunité',
    );
  });

  it('check the contractual record: investment type, end date, sizes', () => {
    const ok = {
      opportunityId: id,
      data: { "Type_D'investissement": 'achat', Date_previsionelle_fin_de_contrat: '2030-01-31' },
    };
    expect(firstErrorMessage(updateContractualSchema, ok)).toBeNull();
    expect(
      firstErrorMessage(updateContractualSchema, {
        opportunityId: id,
        data: { "Type_D'investissement": 'leasing' },
      }),
    ).toBe("Type d'investissement invalide : location ou achat");
    expect(
      firstErrorMessage(updateContractualSchema, {
        opportunityId: id,
        data: { Date_previsionelle_fin_de_contrat: '31/01/2030' },
      }),
    ).toBe('Date invalide');
    expect(
      firstErrorMessage(updateContractualSchema, { opportunityId: id, data: { Note: 'x'.repeat(1001) } }),
    ).toBe('Le champ information contractuelle ne doit pas dépasser 1000 caractères');
    expect(firstErrorMessage(updateContractualSchema, { opportunityId: id, data: { Note: 3 } })).toBe(
      'Valeur invalide pour le champ information contractuelle',
    );
  });

  it('check a manual opportunity with the modal rules', () => {
    expect(firstErrorMessage(addOpportunitySchema, { data: { title: '' } })).toBe(
      "Veuillez renseigner le raison social de l'opportunité",
    );
  });

  it('check the export filters', () => {
    expect(
      exportFilterSchema.parse({ filter: { state: 'all', departement: ['69'] }, startId: 0 }),
    ).toMatchObject({
      filter: { state: 'all', departement: ['69'] },
      endId: Number.MAX_SAFE_INTEGER,
    });
    expect(firstErrorMessage(exportFilterSchema, { filter: { state: 'all', region: 'Bretagne' } })).toBe(
      'Valeur invalide pour le champ région',
    );
  });
});
