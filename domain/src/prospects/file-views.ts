// What the prospect file calls return (issue 8 contract), shared by the API and the screens.

/** A prospect file as `/api/prospect/get/all` lists it. */
export type ProspectFileRow = {
  _id: string;
  name: string;
  userId: string;
  username: string;
  isPrivate: boolean;
  manual: boolean;
  count: number;
  countSelected: number;
  /** Opportunities made from the file that are still TODO or WAITING. */
  activeOpportunities: number;
  date: number;
  lastModificationDate: number;
};

/** What became of the opportunities made from a file (`/api/prospect/get/excel/one`). */
export type ProspectFileStats = {
  prospects: number;
  opportunities: number;
  todo: number;
  waiting: number;
  win: number;
  loose: number;
  /** Won / opportunities, 0 when there is none. */
  conversion: number;
};
