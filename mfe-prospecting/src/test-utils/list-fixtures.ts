import type { MessageView, OpportunityView, ProspectView } from '@app/domain';

// Noon, so DD/MM/YYYY is the same day in every time zone the tests may run in.
export const CREATED = new Date(2026, 0, 5, 12).getTime();

export function prospectView(index: number, overrides: Partial<ProspectView> = {}): ProspectView {
  return {
    _id: `p${String(index).padStart(23, '0')}`,
    prospect: `Prospect ${index}`,
    enseigne: `Enseigne ${index}`,
    codePostale: '69001',
    ville: 'Lyon',
    adresseComplete: '1 rue de la République',
    site: 'exemple.fr',
    telephone: '0478000000',
    eMail: 'contact@exemple.fr',
    siret: '73282932000074',
    libelleactivite: 'Boulangerie',
    trancheSalarier: '10 à 19 salariés',
    typeEtablissement: 'Siège social',
    departement: '69',
    region: 'Auvergne-Rhône-Alpes',
    value: JSON.stringify({ contact: [] }),
    contacts: [],
    ...overrides,
  };
}

export function messageView(index: number, overrides: Partial<MessageView> = {}): MessageView {
  return {
    _id: `m${String(index).padStart(23, '0')}`,
    text: `Message ${index}`,
    date: CREATED,
    userId: { _id: 'u1', username: 'Martin Claire' },
    statusId: { _id: 's1', name: 'Appel Abouti' },
    ...overrides,
  };
}

export function opportunityView(
  index: number,
  overrides: Partial<OpportunityView> = {},
  prospect: Partial<ProspectView> = {},
): OpportunityView {
  return {
    _id: `o${String(index).padStart(23, '0')}`,
    state: 'TODO',
    timeFilter: 0,
    howMuchTime: '0 jour',
    creationDate: CREATED,
    user: { _id: 'u1', username: 'Martin Claire' },
    prospectId: prospectView(index, prospect),
    message: [],
    informationContractuelle: '{}',
    ...overrides,
  };
}

/** `count` TODO opportunities, numbered from `from`. */
export function opportunities(count: number, from = 0): OpportunityView[] {
  return Array.from({ length: count }, (_, i) => opportunityView(from + i));
}
