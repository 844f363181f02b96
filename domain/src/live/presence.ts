// Who else has an opportunity open right now (issue 23, "A live team"). docs/decisions/edit-conflicts.md.
import { z } from '../zod';
import { OBJECT_ERROR, idField } from '../validation/fields';
import { MESSAGES } from '../validation/messages';
import type { UserRef } from '../opportunities/views';

/** The detail page says it is still open this often. */
export const PRESENCE_HEARTBEAT_MS = 15_000;
/** A member not heard of for this long has left (a closed tab, a lost connection). */
export const PRESENCE_TTL_MS = 40_000;

/** /api/presence/here and /api/presence/leave. */
export const presenceSchema = z.object(
  { opportunityId: idField('opportunité', MESSAGES.invalidType('opportunité')) },
  OBJECT_ERROR,
);
export type PresenceInput = z.input<typeof presenceSchema>;

/** The other members who have the opportunity open, longest there first (never the caller). */
export type PresenceReply = { others: UserRef[] };
