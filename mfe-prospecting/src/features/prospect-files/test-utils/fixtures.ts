import type { ProspectFileRow } from '@app/domain';
import type { ProspectFileDetail, ProspectRow } from '../types/prospect-file';

// Noon, so DD/MM/YYYY is the same day in every time zone the tests may run in.
export const CREATED = new Date(2026, 0, 5, 12).getTime();
export const UPDATED = new Date(2026, 1, 17, 12).getTime();

export function fileRow(overrides: Partial<ProspectFileRow> = {}): ProspectFileRow {
  return {
    _id: 'f00000000000000000000001',
    name: 'Boulangeries de Lyon',
    userId: 'u1',
    username: 'Martin Claire',
    isPrivate: false,
    manual: false,
    count: 120,
    countSelected: 3,
    activeOpportunities: 2,
    date: CREATED,
    lastModificationDate: UPDATED,
    ...overrides,
  };
}

export function fileDetail(overrides: Partial<ProspectFileDetail> = {}): ProspectFileDetail {
  return {
    ...fileRow(),
    mapping: {},
    stats: { prospects: 120, opportunities: 4, todo: 1, waiting: 1, win: 2, loose: 0, conversion: 0.5 },
    ...overrides,
  };
}

export function prospectRow(index: number, overrides: Partial<ProspectRow> = {}): ProspectRow {
  return {
    _id: `p${String(index).padStart(23, '0')}`,
    excelId: 'f00000000000000000000001',
    rowIndex: index,
    prospect: `Prospect ${index}`,
    enseigne: `Enseigne ${index}`,
    codePostale: '01000',
    ville: 'Bourg-en-Bresse',
    adresseComplete: '1 rue de la République',
    site: 'exemple.fr',
    telephone: '0474000000',
    value: JSON.stringify({ contact: [] }),
    isAccepted: false,
    state: null,
    username: 'Martin Claire',
    ...overrides,
  };
}
