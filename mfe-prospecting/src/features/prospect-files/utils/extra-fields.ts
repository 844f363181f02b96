export type ExtraField = { title: string; text: string };

export type ExtraContact = {
  civilite?: string;
  surname?: string;
  name?: string;
  fonction?: string;
  phone?: string;
  mail?: string;
};

export type ExtraFields = { fields: ExtraField[]; contacts: ExtraContact[] };

const NONE: ExtraFields = { fields: [], contacts: [] };

function isBlank(text: string): boolean {
  return text.trim() === '' || text === 'Aucun';
}

function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function toContact(value: unknown): ExtraContact | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const contact: ExtraContact = {};
  for (const key of ['civilite', 'surname', 'name', 'fonction', 'phone', 'mail'] as const) {
    const text = asText((value as Record<string, unknown>)[key]);
    if (text !== null && !isBlank(text)) contact[key] = text;
  }
  return Object.keys(contact).length > 0 ? contact : null;
}

/**
 * A prospect's `value` (JSON text of the columns kept under their title, plus a 'contact' list), read
 * defensively: a file written by anything else must not break the table.
 */
export function parseExtraFields(value: string | undefined): ExtraFields {
  if (!value) return NONE;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return NONE;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return NONE;
  const fields: ExtraField[] = [];
  let contacts: ExtraContact[] = [];
  for (const [title, raw] of Object.entries(parsed as Record<string, unknown>)) {
    if (title === 'contact') {
      if (Array.isArray(raw)) contacts = raw.map(toContact).filter((c): c is ExtraContact => c !== null);
      continue;
    }
    const text = asText(raw);
    if (text !== null && !isBlank(text)) fields.push({ title, text });
  }
  return { fields, contacts };
}

/** How many pieces of extra information a prospect carries: the "Com" column's figure. */
export function countExtraFields(extra: ExtraFields): number {
  return extra.fields.length + extra.contacts.length;
}
