const pad2 = (value: number) => String(value).padStart(2, '0');

/** A datetime-local input's value ('YYYY-MM-DDTHH:mm', local time) for an epoch-ms instant. */
export function toDateTimeLocal(ms: number): string {
  const date = new Date(ms);
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}T${pad2(
    date.getHours(),
  )}:${pad2(date.getMinutes())}`;
}

/** Epoch ms of a datetime-local value read in local time; NaN when empty or malformed. */
export function fromDateTimeLocal(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return Number.NaN;
  const [year = 0, month = 1, day = 1, hours = 0, minutes = 0] = match.slice(1).map(Number);
  return new Date(year, month - 1, day, hours, minutes).getTime();
}
