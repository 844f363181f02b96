import type { OpportunityState, ProspectFileRow, ProspectFileStats } from '@app/domain';

/** One file with its figures, from `/api/prospect/get/excel/one`. */
export type ProspectFileDetail = ProspectFileRow & {
  mapping: Record<string, string>;
  stats: ProspectFileStats;
};

/** One row of a file, from `/api/prospect/get/value`; every text field reads 'Aucun' when blank. */
export type ProspectRow = {
  _id: string;
  excelId: string;
  rowIndex: number;
  prospect: string;
  enseigne: string;
  codePostale: string;
  ville: string;
  adresseComplete: string;
  site: string;
  telephone: string;
  eMail?: string;
  siret?: string;
  libelleactivite?: string;
  trancheSalarier?: string;
  typeEtablissement?: string;
  departement?: string;
  region?: string;
  /** The SIRET is present but invalid (length or check digit): shown as "SIRET à vérifier". */
  siretFlagged?: boolean;
  /** JSON text of the extra fields: the columns kept under their title, and a 'contact' list. */
  value?: string;
  isAccepted: boolean;
  state: OpportunityState | null;
  opportunityId?: string;
  /** The opportunity's owner when accepted, else the file's creator. */
  username: string;
};
