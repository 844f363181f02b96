const pad2 = (value: number) => String(value).padStart(2, '0');

/** DD/MM/YYYY in the runtime's local time zone (SPEC §9 date format). */
export function formatDate(ms: number): string {
  const date = new Date(ms);
  return `${pad2(date.getDate())}/${pad2(date.getMonth() + 1)}/${date.getFullYear()}`;
}

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/** '10 décembre 2026', '1er mars 2027' in local time: a date in a sentence (the trial's end). */
export function formatLongDate(ms: number): string {
  const date = new Date(ms);
  const day = date.getDate();
  return `${day === 1 ? '1er' : day} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** DD/MM/YYYY HH:MM in local time, as the comment log shows messages. */
export function formatDateTime(ms: number): string {
  return `${formatDate(ms)} ${formatClock(new Date(ms))}`;
}

/** HH:MM, zero-padded, 24-hour: the clock widget. */
export function formatClock(date: Date): string {
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/**
 * A number in French ('20 000', '12,3'), exactly as `toLocaleString('fr-FR')` writes it (a narrow
 * no-break space between thousands, a decimal comma), without an Intl formatter: the page's first
 * one loads ICU's number data, a task of 100-150 ms on a throttled phone's first screen
 * (docs/decisions/lighthouse.md).
 */
export function formatNumber(value: number, decimals = 0): string {
  // Intl rounds the shortest decimal writing of the number half away from zero (0.15 gives 0,2
  // where toFixed gives 0.1): the same here, on that writing's digits.
  const written = String(Math.abs(value));
  if (!Number.isFinite(value) || written.includes('e'))
    return value.toLocaleString('fr-FR', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
  const [whole = '', fraction = ''] = written.split('.');
  const kept = BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
  const digits = String((fraction[decimals] ?? '0') >= '5' ? kept + 1n : kept).padStart(decimals + 1, '0');
  const integer = digits.slice(0, digits.length - decimals);
  const grouped = integer.length > 3 ? integer.replace(/\B(?=(\d{3})+$)/g, '\u202f') : integer;
  const negative = value < 0 || Object.is(value, -0);
  return `${negative ? '-' : ''}${grouped}${decimals > 0 ? `,${digits.slice(-decimals)}` : ''}`;
}

export const PROSPECT_NAME_MAX_LENGTH = 7;
export const PROSPECT_NAME_KEPT_LENGTH = 5;

/**
 * A card's prospect name: the first 5 characters plus '..' when longer than 7 (SPEC §2). Counted
 * in code points so an accented letter or an emoji is never cut in half.
 */
export function truncateProspectName(name: string): string {
  const characters = Array.from(name);
  if (characters.length <= PROSPECT_NAME_MAX_LENGTH) return name;
  return `${characters.slice(0, PROSPECT_NAME_KEPT_LENGTH).join('')}..`;
}

/** countSelected / count as a percentage with 2 decimals, '0.00' when there is nothing to count. */
export function progressPercent(selected: number, total: number): string {
  if (!Number.isFinite(selected) || !Number.isFinite(total) || total <= 0) return '0.00';
  return ((selected / total) * 100).toFixed(2);
}

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const plural = (count: number, singular: string, pluralForm: string) =>
  `${count} ${count > 1 ? pluralForm : singular}`;

/**
 * A delay in French, in its largest whole unit, rounded down: '3 jours', '1 heure', '12 minutes'.
 * Under a minute, or negative, reads '0 jour' as the cards do for a delay that has run out.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < MINUTE_MS) return '0 jour';
  const days = Math.floor(ms / DAY_MS);
  if (days >= 1) return plural(days, 'jour', 'jours');
  const hours = Math.floor(ms / HOUR_MS);
  if (hours >= 1) return plural(hours, 'heure', 'heures');
  return plural(Math.floor(ms / MINUTE_MS), 'minute', 'minutes');
}

/** The gender of each unit formatDuration writes: 'jour' is masculine, 'heure' and 'minute' feminine. */
const FEMININE_UNITS = new Set(['heure', 'heures', 'minute', 'minutes']);

/**
 * A WAITING card's time left, agreeing with its delay (SPEC §2 '<howMuchTime> restants'): '1 heure
 * restante', '2 heures restantes', '1 minute restante', '3 jours restants'. Without a delay it keeps
 * the spec's 'Date non disponible restants'.
 */
export function formatRemaining(howMuchTime: string): string {
  const delay = howMuchTime.trim();
  if (!delay) return 'Date non disponible restants';
  const [count = '', unit = ''] = delay.split(/\s+/);
  const feminine = FEMININE_UNITS.has(unit);
  const single = Number(count) <= 1;
  return `${delay} ${feminine ? 'restante' : 'restant'}${single ? '' : 's'}`;
}
