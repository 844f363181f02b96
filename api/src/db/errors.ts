/** A unique index refused a write, whichever engine raised it. */
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    override readonly cause?: unknown,
  ) {
    super(`Valeur déjà présente (index unique) dans la collection ${collection}`);
    this.name = 'DuplicateKeyError';
  }
}

/** A query or update used an operator that only one engine supports: a programming error. */
export class UnsupportedOperatorError extends Error {
  constructor(operator: string) {
    super(`Opérateur non pris en charge par l’interface commune des collections : ${operator}`);
    this.name = 'UnsupportedOperatorError';
  }
}
