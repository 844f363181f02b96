/** A prospect of the pool, as `/api/opportunity/unassigned` lists it (issue 8's ProspectRow). */
export type UnassignedProspect = {
  _id: string;
  excelId: string;
  prospect: string;
  enseigne: string;
  codePostale: string;
  ville: string;
  adresseComplete: string;
  site: string;
  telephone: string;
  libelleactivite?: string;
  /** The file's creator. */
  username?: string;
  /** The SIRET is present but invalid: shown as "SIRET à vérifier" before the name. */
  siretFlagged?: boolean;
};
