const numberFormat = new Intl.NumberFormat('fr-FR');

/** 12 000 rather than 12000 (French grouping; the narrow space becomes an ordinary one). */
export function formatCount(value: number): string {
  return numberFormat.format(value).replace(/\u202f/g, ' ');
}
