import { CONTRACTUAL_KEYS, formatStoredKey } from '@app/domain';

export type ContractualEntry = {
  key: string;
  /** The key with its underscores shown as spaces. */
  label: string;
  /** null when missing: the screen shows its placeholder. */
  value: string | null;
};

export const CONTRACTUAL_PLACEHOLDER = 'Non renseigné';

function parseObject(json: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {}; // unreadable text reads as no information: the four placeholders
  }
}

function display(key: string, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' ? value.trim() : JSON.stringify(value);
  if (!text) return null;
  // The end date is stored as a date input gives it; shown as DD/MM/YYYY (SPEC §9).
  const iso = key === CONTRACTUAL_KEYS.endDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) : null;
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  return text;
}

/**
 * Every key of the contractual JSON object (SPEC §2): the four standard ones first, always present
 * (null when missing), then the custom ones in their stored order.
 */
export function contractualEntries(json: string): ContractualEntry[] {
  const record = parseObject(json);
  const standard: string[] = Object.values(CONTRACTUAL_KEYS);
  const keys = [...standard, ...Object.keys(record).filter((key) => !standard.includes(key))];
  return keys.map((key) => ({ key, label: formatStoredKey(key), value: display(key, record[key]) }));
}
