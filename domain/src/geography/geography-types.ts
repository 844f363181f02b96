export type Region = {
  readonly code: string;
  readonly name: string;
  /** True for the five overseas regions, each made of one department (971–976). */
  readonly overseas: boolean;
  readonly departments: readonly string[];
};

export type Department = {
  readonly code: string;
  readonly name: string;
  readonly regionCode: string;
};
