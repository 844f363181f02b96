/** A licence key of the organisation (/api/stripe/getAllKey). */
export type Licence = {
  _id: string;
  userId?: string | null;
  plan: number | string;
  period: string;
  renewalAt: number | null;
  trial: boolean;
};

export type LicenceHolder = { _id: string; username: string };
