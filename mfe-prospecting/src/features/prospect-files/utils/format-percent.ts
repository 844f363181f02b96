import { progressPercent } from '@app/domain';

/** A share with 2 decimals written the French way: '12,50 %' (the figure is domain's progressPercent). */
export function formatPercent(part: number, whole: number): string {
  return `${progressPercent(part, whole).replace('.', ',')} %`;
}

/** A count with French digit grouping: '100 000'. */
export function formatCount(count: number): string {
  return count.toLocaleString('fr-FR');
}
