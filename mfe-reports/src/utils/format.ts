// How the reports write their figures, in French.
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });
const integer = new Intl.NumberFormat('fr-FR');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const formatCount = (value: number) => integer.format(value);

export const formatRate = (value: number | null) => (value === null ? '—' : percent.format(value));

/** A delay in hours under two days, in days (one decimal) beyond; '—' when there is none. */
export function formatDelay(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 2 * DAY) return `${(ms / HOUR).toFixed(1).replace('.', ',')} h`;
  return `${(ms / DAY).toFixed(1).replace('.', ',')} j`;
}

/** 'YYYY-MM-DD' as DD/MM/YYYY. */
export function formatIsoDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}
