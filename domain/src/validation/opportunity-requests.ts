// The bodies of the opportunity and message calls (issue 9 contract). Each reuses the modal's own
// schema for its `data`, so the API refuses exactly what the forms refuse, with the same French text.
import { z } from '../zod';
import { FILTER_KINDS, type FilterKind } from '../opportunities/filters';
import { parseIsoDate } from '../opportunities/timing';
import { LIST_FILTERS } from '../opportunity-states';
import { chatMessageSchema } from './chat-message';
import { editVersionField } from './edit-version';
import { CONTRACTUAL_KEYS, INVESTMENT_TYPES } from './contractual';
import { fieldError, idField, MAX_ITEMS, MAX_LENGTHS, OBJECT_ERROR, timestamp } from './fields';
import { MESSAGES } from './messages';
import { newOpportunitySchema } from './new-opportunity';
import { prospectInfoSchema } from './prospect-info';

export const OPPORTUNITY_REQUEST_MESSAGES = {
  unknownState: 'État inconnu : attendu all, todo, waiting, loose ou win',
  waitingDateInPast: 'La date de relance doit être dans le futur',
  invalidPosition: 'Position invalide',
  invalidContractual: 'Informations contractuelles invalides',
  invalidInvestmentType: "Type d'investissement invalide : location ou achat",
  unknownSort: 'Ordre inconnu : attendu asc ou desc',
} as const;

const opportunityId = idField('opportunité', MESSAGES.invalidType('opportunité'));

const position = z
  .number({ error: fieldError('position') })
  .int(OPPORTUNITY_REQUEST_MESSAGES.invalidPosition)
  .min(0, OPPORTUNITY_REQUEST_MESSAGES.invalidPosition)
  .max(Number.MAX_SAFE_INTEGER, OPPORTUNITY_REQUEST_MESSAGES.invalidPosition);

const MAX_LIST_NAME_LENGTH = 16;

/**
 * A list: the spec names the lists all/todo/waiting/loose/win and the states TODO/WAITING/WIN/LOOSE;
 * either spelling is taken, in any case, and read as the list's name.
 */
const listState = z
  .string({ error: OPPORTUNITY_REQUEST_MESSAGES.unknownState })
  .max(MAX_LIST_NAME_LENGTH, OPPORTUNITY_REQUEST_MESSAGES.unknownState)
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(LIST_FILTERS, { error: OPPORTUNITY_REQUEST_MESSAGES.unknownState }))
  .describe('all, todo, waiting, loose ou win, ou les états TODO, WAITING, WIN, LOOSE ; casse indifférente');

/** /api/opportunity/get. */
export const opportunityIdSchema = z.object({ opportunityId }, OBJECT_ERROR);

/** /api/opportunity/setTodo, setWin, setLoose: the opportunity, and the version read (optional). */
export const opportunityChangeSchema = z.object({ opportunityId, version: editVersionField }, OBJECT_ERROR);

/** /api/opportunity/getwithfilter: positions [startId, endId) of the list sorted as the screen shows it. */
export const opportunityListSchema = z.object(
  {
    filter: z.object({ state: listState }, { error: fieldError('filtre') }),
    startId: position.default(0),
    endId: position.default(Number.MAX_SAFE_INTEGER),
  },
  OBJECT_ERROR,
);

/** /api/opportunity/setWaiting: a number of epoch ms (the future is checked against the server clock). */
export const setWaitingSchema = z.object(
  { opportunityId, date: timestamp('date', MESSAGES.dateRequired), version: editVersionField },
  OBJECT_ERROR,
);

const contractualValue = z
  .string({ error: fieldError('information contractuelle') })
  .trim()
  .max(MAX_LENGTHS.customValue, MESSAGES.tooLong('information contractuelle', MAX_LENGTHS.customValue));

/**
 * /api/opportunity/updateContractuelle `data`: the stored object (toContractualRecord's output),
 * keys with underscores. Its four standard keys are checked; the rest are free title/value pairs.
 */
export const contractualRecordSchema = z
  .record(
    z
      .string()
      .trim()
      .min(1, MESSAGES.fillAllFields)
      .max(MAX_LENGTHS.customTitle, MESSAGES.tooLong('titre', MAX_LENGTHS.customTitle))
      // Titles are free text, but never an operator-looking key or a prototype name.
      .refine(
        (key) => !key.startsWith('$') && !['__proto__', 'constructor', 'prototype'].includes(key),
        MESSAGES.invalidRequest,
      ),
    contractualValue,
    { error: fieldError('informations contractuelles') },
  )
  .refine(
    (record) => Object.keys(record).length <= MAX_ITEMS.customFields + 4,
    MESSAGES.tooMany('informations contractuelles', MAX_ITEMS.customFields + 4),
  )
  .refine((record) => {
    const type = record[CONTRACTUAL_KEYS.investmentType];
    return type === undefined || (INVESTMENT_TYPES as readonly string[]).includes(type);
  }, OPPORTUNITY_REQUEST_MESSAGES.invalidInvestmentType)
  .refine((record) => {
    const end = record[CONTRACTUAL_KEYS.endDate];
    return end === undefined || end === '' || parseIsoDate(end) !== null;
  }, MESSAGES.invalidDate);

export const updateContractualSchema = z.object(
  { opportunityId, data: contractualRecordSchema, version: editVersionField },
  OBJECT_ERROR,
);

/** /api/opportunity/updateProspect: the prospect-information modal's values; `version` is the prospect's. */
export const updateProspectSchema = z.object(
  { opportunityId, data: prospectInfoSchema, version: editVersionField },
  OBJECT_ERROR,
);

/** /api/opportunity/addone: the new-opportunity modal's values. */
export const addOpportunitySchema = z.object({ data: newOpportunitySchema }, OBJECT_ERROR);

/** /api/messages/post: the detail page's chat input (status checked before the text). */
export const postMessageSchema = chatMessageSchema.extend({ opportunityId });

const MAX_FILTER_OPTIONS = 500;
const MAX_SEARCH_LENGTH = 200;

const filterOptions = (label: string) =>
  z
    .array(
      z.string({ error: fieldError(label) }).max(MAX_LENGTHS.name, MESSAGES.tooLong(label, MAX_LENGTHS.name)),
      { error: fieldError(label) },
    )
    .max(MAX_FILTER_OPTIONS, MESSAGES.tooMany(label, MAX_FILTER_OPTIONS))
    .optional();

const FILTER_FIELD_LABELS: Record<FilterKind, string> = {
  region: 'région',
  departement: 'département',
  codePostale: 'code postal',
  libelleactivite: 'activité',
  trancheSalarier: 'tranche salarié',
};

/** The list's state, search and filters (domain/src/opportunities/filters.ts), as the export and the window take them. */
const listFilterSchema = z.object(
  {
    state: listState,
    search: z
      .string({ error: fieldError('recherche') })
      .max(MAX_SEARCH_LENGTH, MESSAGES.tooLong('recherche', MAX_SEARCH_LENGTH))
      .optional(),
    ...(Object.fromEntries(
      FILTER_KINDS.map((kind) => [kind, filterOptions(FILTER_FIELD_LABELS[kind])]),
    ) as Record<FilterKind, ReturnType<typeof filterOptions>>),
  },
  { error: fieldError('filtre') },
);

/** /api/opportunity/export/filter: the list's state, search and filters (domain/src/opportunities/filters.ts). */
export const exportFilterSchema = z.object(
  {
    filter: listFilterSchema,
    startId: position.default(0),
    endId: position.default(Number.MAX_SAFE_INTEGER),
  },
  OBJECT_ERROR,
);

/** Cards a /api/opportunity/listWindow answer holds at most (a phone shows 3, a desktop about 5). */
export const LIST_WINDOW_MAX = 200;

/**
 * /api/opportunity/listWindow: positions [startId, endId) (at most LIST_WINDOW_MAX) of the list as
 * searched, filtered and sorted on the server, with its length, and with `facets` every option's
 * live count and the options of the whole list (docs/decisions/opportunity-list.md).
 */
export const listWindowSchema = z.object(
  {
    filter: listFilterSchema,
    sort: z.enum(['asc', 'desc'], { error: OPPORTUNITY_REQUEST_MESSAGES.unknownSort }).default('desc'),
    startId: position.default(0),
    endId: position.default(LIST_WINDOW_MAX),
    facets: z.boolean({ error: fieldError('facettes') }).default(false),
    /**
     * The `optionsTag` of the options the caller holds: with `facets`, an answer whose options have
     * the same tag leaves them out (6,000 postal codes need not travel with every click).
     */
    optionsKnown: z
      .string({ error: fieldError('options connues') })
      .max(64, MESSAGES.invalidType('options connues'))
      .optional(),
  },
  OBJECT_ERROR,
);

/** Unassigned prospects per page, by default and at most. */
export const UNASSIGNED_PAGE_SIZE = 100;
export const UNASSIGNED_MAX_PAGE_SIZE = 1000;

/** /api/opportunity/unassigned: a page of the pool of prospects not yet taken. */
export const unassignedPageSchema = z.object(
  {
    offset: position.default(0),
    limit: z
      .number({ error: fieldError('limite') })
      .int(MESSAGES.invalidType('limite'))
      .min(1, MESSAGES.invalidType('limite'))
      .max(UNASSIGNED_MAX_PAGE_SIZE, MESSAGES.invalidType('limite'))
      .default(UNASSIGNED_PAGE_SIZE),
  },
  OBJECT_ERROR,
);

/** /api/opportunity/assign: hand an opportunity to a member. */
export const assignOpportunitySchema = z.object(
  {
    opportunityId,
    userId: idField('collaborateur', MESSAGES.invalidType('collaborateur')),
    version: editVersionField,
  },
  OBJECT_ERROR,
);

export type OpportunityListInput = z.input<typeof opportunityListSchema>;
export type SetWaitingInput = z.input<typeof setWaitingSchema>;
export type UpdateContractualInput = z.input<typeof updateContractualSchema>;
export type UpdateProspectInput = z.input<typeof updateProspectSchema>;
export type AddOpportunityInput = z.input<typeof addOpportunitySchema>;
export type PostMessageInput = z.input<typeof postMessageSchema>;
export type ExportFilterInput = z.input<typeof exportFilterSchema>;
export type ExportFilterData = z.output<typeof exportFilterSchema>;
export type ListWindowInput = z.input<typeof listWindowSchema>;
export type ListWindowData = z.output<typeof listWindowSchema>;
export type UnassignedPageInput = z.input<typeof unassignedPageSchema>;
export type AssignOpportunityInput = z.input<typeof assignOpportunitySchema>;
