import type { Civilite, OpportunityState } from '@app/domain';

/** The views the opportunity calls return (docs/decisions/opportunities.md, issue 9 contract). */
export type ContactView = {
  surname: string;
  name: string;
  fonction: string;
  phone: string;
  mail: string;
  civilite: Civilite;
};

export type ProspectView = {
  _id: string;
  prospect: string;
  enseigne: string;
  codePostale: string;
  ville: string;
  adresseComplete: string;
  site: string;
  telephone: string;
  eMail: string;
  siret: string;
  libelleactivite: string;
  trancheSalarier: string;
  typeEtablissement: string;
  departement: string;
  region: string;
  /** 'lat/lng', absent until geocoded. */
  latlng?: string;
  /** JSON text of the custom fields. */
  value: string;
  contacts: ContactView[];
};

export type StatusView = { _id: string; name: string };

export type MessageView = {
  _id: string;
  text: string;
  /** Epoch ms. */
  date: number;
  userId: { _id: string; username: string };
  statusId: StatusView;
};

export type HistoryView = {
  at: number;
  by: { _id: string; username: string };
  from: OpportunityState | null;
  to: OpportunityState;
  reason?: string;
};

export type OpportunityView = {
  _id: string;
  state: OpportunityState;
  timeFilter: number;
  howMuchTime: string;
  creationDate: number;
  waitingDate?: number;
  user: { _id: string; username: string };
  prospectId: ProspectView;
  /** Lists: the last 3, newest first; detail: all, oldest first. */
  message: MessageView[];
  /** JSON text of an object. */
  informationContractuelle: string;
  excelId?: string;
  /** Detail only, for holders of "Voir l'historique". */
  history?: HistoryView[];
};
