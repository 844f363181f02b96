import { z } from '../zod';
import { customFieldsSchema, formatStoredKey, toStoredKey, type CustomField } from './custom-fields';
import { fieldError, MAX_LENGTHS, OBJECT_ERROR, optionalText } from './fields';
import { MESSAGES } from './messages';

export const INVESTMENT_TYPES = ['location', 'achat'] as const;

export type InvestmentType = (typeof INVESTMENT_TYPES)[number];

/** The keys of the stored contractual JSON object (SPEC §3), spelling included. */
export const CONTRACTUAL_KEYS = {
  investmentType: "Type_D'investissement",
  endDate: 'Date_previsionelle_fin_de_contrat',
  currentService: 'Prestation_Actuelle',
  currentProvider: 'Prestataire_Actuelle',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The end date's minimum is today (SPEC §5). Checked against yesterday so a browser a few time
 * zones west of the server, still on the previous day, is not refused.
 */
function isNotInPast(value: string, now = new Date()): boolean {
  return value >= localIsoDate(new Date(now.getTime() - DAY_MS));
}

/** 'YYYY-MM-DD' as a date input gives it, or empty when not set. */
const endDateSchema = z
  .string({ error: fieldError('date de fin de contrat') })
  .trim()
  .nullish()
  .transform((value) => value ?? '')
  .refine((value) => value === '' || isCalendarDate(value), MESSAGES.invalidDate)
  .refine(
    (value) => value === '' || !isCalendarDate(value) || isNotInPast(value),
    MESSAGES.contractEndDateInPast,
  );

/** The contractual-information modal, in the spec's order: investment type, custom pairs, then the rest. */
export const contractualSchema = z.object(
  {
    investmentType: z.enum(INVESTMENT_TYPES, { error: MESSAGES.investmentTypeRequired }),
    custom: customFieldsSchema(MESSAGES.fillAllFields),
    endDate: endDateSchema,
    currentService: optionalText('prestation actuelle', MAX_LENGTHS.text),
    currentProvider: optionalText('prestataire actuel', MAX_LENGTHS.text),
  },
  OBJECT_ERROR,
);

export type ContractualInput = z.input<typeof contractualSchema>;
export type ContractualData = z.output<typeof contractualSchema>;

/**
 * The JSON object stored as informationContractuelle. Empty fields are left out so screens show
 * their placeholder; custom titles are stored with underscores for spaces.
 */
export function toContractualRecord(data: ContractualData): Record<string, string> {
  const record: Record<string, string> = { [CONTRACTUAL_KEYS.investmentType]: data.investmentType };
  if (data.endDate) record[CONTRACTUAL_KEYS.endDate] = data.endDate;
  if (data.currentService) record[CONTRACTUAL_KEYS.currentService] = data.currentService;
  if (data.currentProvider) record[CONTRACTUAL_KEYS.currentProvider] = data.currentProvider;
  for (const field of data.custom) record[toStoredKey(field.title)] = field.value;
  return record;
}

/** The modal's values before a choice is made: the investment type may still be unset. */
export type ContractualFormValues = Omit<ContractualInput, 'investmentType'> & {
  investmentType?: InvestmentType;
};

/** The modal's fields from a stored object (or its JSON text), to edit it again. */
export function fromContractualRecord(
  stored: Record<string, unknown> | string | null | undefined,
): ContractualFormValues {
  let record: Record<string, unknown> = {};
  if (typeof stored === 'string') {
    try {
      const parsed: unknown = JSON.parse(stored);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        record = parsed as Record<string, unknown>;
    } catch {
      // Unreadable stored text reads as no information, which the modal shows as empty fields.
      record = {};
    }
  } else if (stored) {
    record = stored;
  }
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : '');
  const fixedKeys: readonly string[] = Object.values(CONTRACTUAL_KEYS);
  const custom: CustomField[] = Object.entries(record)
    .filter(([key, value]) => !fixedKeys.includes(key) && typeof value === 'string')
    .map(([key, value]) => ({ title: formatStoredKey(key), value: value as string }));
  const investmentType = text(CONTRACTUAL_KEYS.investmentType);
  return {
    investmentType: (INVESTMENT_TYPES as readonly string[]).includes(investmentType)
      ? (investmentType as InvestmentType)
      : undefined,
    endDate: text(CONTRACTUAL_KEYS.endDate),
    currentService: text(CONTRACTUAL_KEYS.currentService),
    currentProvider: text(CONTRACTUAL_KEYS.currentProvider),
    custom,
  };
}
