import type { MessageView, OpportunityView, ProspectView, StatusView } from '../types/opportunity-view';

export const ORGANISATION_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
export const OPPORTUNITY_ID = 'b00000000000000000000001';

export const STATUSES: StatusView[] = [
  { _id: 'c00000000000000000000001', name: 'Mail' },
  { _id: 'c00000000000000000000002', name: 'Appel Abouti' },
  { _id: 'c00000000000000000000003', name: 'Appel non Abouti' },
  { _id: 'c00000000000000000000004', name: 'PP' },
  { _id: 'c00000000000000000000005', name: 'PP Validé' },
];

export function prospectView(overrides: Partial<ProspectView> = {}): ProspectView {
  return {
    _id: 'd00000000000000000000001',
    prospect: 'Boulangerie Dupont',
    enseigne: 'Au Bon Pain',
    codePostale: '69003',
    ville: 'Lyon',
    adresseComplete: '12 rue de la République',
    site: 'Aucun',
    telephone: '0472000000',
    eMail: 'contact@dupont.fr',
    siret: '73282932000074',
    libelleactivite: 'Boulangerie',
    trancheSalarier: '10 à 19',
    typeEtablissement: 'Siège social',
    departement: '69',
    region: 'Auvergne-Rhône-Alpes',
    value: '{"contact":[]}',
    contacts: [],
    ...overrides,
  };
}

export function messageView(overrides: Partial<MessageView> = {}): MessageView {
  return {
    _id: 'e00000000000000000000001',
    text: 'Rappeler lundi',
    date: new Date(2026, 0, 5, 12).getTime(),
    userId: { _id: 'u1', username: 'Martin Claire' },
    statusId: STATUSES[1] as StatusView,
    ...overrides,
  };
}

export function opportunityView(overrides: Partial<OpportunityView> = {}): OpportunityView {
  return {
    _id: OPPORTUNITY_ID,
    state: 'TODO',
    timeFilter: 0,
    howMuchTime: '0 jour',
    creationDate: new Date(2026, 0, 5, 12).getTime(),
    user: { _id: 'u1', username: 'Martin Claire' },
    prospectId: prospectView(),
    message: [],
    informationContractuelle: '{}',
    ...overrides,
  };
}
