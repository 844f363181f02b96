// The live team (issue 23): the events a member's open screens receive when a colleague changes the
// organisation's opportunities or prospects, pushed by the API as server-sent events.
// docs/decisions/live-team.md.
import { OBJECT_ERROR } from './validation/fields';
import { z } from './zod';

/** /api/live/ticket: nothing but the organisation (the session is the body's token, as everywhere). */
export const liveTicketSchema = z.object({}, OBJECT_ERROR);

/** /api/live/ticket: a single-use ticket opening one event stream of the organisation, for a minute. */
export type LiveTicketReply = { ticket: string; expiresAt: number };

/** What changed: the opportunities (their lists, counts, details) or the prospects (files, imports). */
export type LiveChangeKind = 'opportunities' | 'prospects';

/**
 * One event: the kinds that moved since the previous one, and which opportunities when the store
 * knows it exactly (null: any of them may have changed, read the lists again). Never any content:
 * the screens read it again through the calls, which check what the member may see.
 */
export type LiveChange = { kinds: LiveChangeKind[]; opportunityIds: string[] | null };

/** The event's id: `<opportunities' list version>-<prospects' change stamp>` (Last-Event-ID). */
export const LIVE_EVENT_ID = /^(\d{1,15})-(\d{1,15})$/;

export const LIVE_MESSAGES = {
  badLastEventId: 'Requête invalide : identifiant du dernier événement illisible',
  ticketInvalid: 'Ticket de connexion en direct invalide ou expiré, veuillez réessayer',
} as const;
