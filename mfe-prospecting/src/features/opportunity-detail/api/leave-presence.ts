import type { PresenceInput } from '@app/domain';
import { apiPost, useSessionStore } from '@app/platform';

export type LeavePresenceInput = PresenceInput & { organisationId: string };

export const LEAVE_PRESENCE_PATH = '/api/opportunity/presence/leave';

/** The detail page is closed (silent: the presence expires by itself if this is lost). */
export function leavePresence(input: LeavePresenceInput): Promise<{ message: string }> {
  return apiPost<{ message: string }>(LEAVE_PRESENCE_PATH, input, { silent: true });
}

/**
 * The tab is being closed: a request that outlives the page (sendBeacon), same origin; false when
 * the browser refused it (the presence then expires after PRESENCE_TTL_MS).
 */
export function beaconLeavePresence(input: LeavePresenceInput): boolean {
  const token = useSessionStore.getState().token;
  if (typeof navigator.sendBeacon !== 'function' || !token) return false;
  const body = new Blob([JSON.stringify({ token, ...input })], { type: 'application/json' });
  return navigator.sendBeacon(LEAVE_PRESENCE_PATH, body);
}
