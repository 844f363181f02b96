import type { PresenceInput, PresenceReply } from '@app/domain';
import { apiPost } from '@app/platform';

export type AnnouncePresenceInput = PresenceInput & { organisationId: string };

/** "I have this opportunity open": answers the other members who have it open too. Silent: a heartbeat. */
export function announcePresence(input: AnnouncePresenceInput): Promise<PresenceReply> {
  return apiPost<PresenceReply>('/api/opportunity/presence', input, { silent: true });
}
