// The tab's one stream of the organisation's changes, for the screens of every remote (the platform
// is a singleton): `useLiveChange` calls its handler with each change a colleague (or this user, in
// another tab) makes. docs/decisions/live-team.md.
import { type LiveChange, type LiveChangeKind, type LiveTicketReply } from '@app/domain';
import { useEffect, useRef } from 'react';
import { apiPost, apiUrl } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { useSessionStore } from '../session/session-store';
import { LiveConnection } from './live-connection';

const live = new LiveConnection({
  // Silent: a dropped stream is not worth a toast; an expired session still leads to the login page.
  askTicket: (organisationId) =>
    apiPost<LiveTicketReply>('/api/live/ticket', { organisationId }, { silent: true }),
  streamUrl: (ticket, lastEventId) => {
    const query = new URLSearchParams({ ticket });
    if (lastEventId !== null) query.set('lastEventId', lastEventId);
    return apiUrl(`/api/live/events?${query.toString()}`);
  },
  createSource: (url) => new EventSource(url),
  isRefusal: (error) => error instanceof ApiError && error.status === 403,
});

const follow = (state: { token: string | null; currentOrganisationId: string | null }) =>
  live.setOrganisation(state.token ? state.currentOrganisationId : null);
follow(useSessionStore.getState());
useSessionStore.subscribe(follow);
if (typeof window !== 'undefined') window.addEventListener('online', () => live.retryNow());

/**
 * Calls `onChange` for each change of the current organisation's `kinds` (all when omitted) while the
 * component is shown. Browsers without EventSource simply get no live updates.
 */
export function useLiveChange(
  onChange: (change: LiveChange) => void,
  kinds?: readonly LiveChangeKind[],
): void {
  const latest = useRef({ onChange, kinds });
  useEffect(() => {
    latest.current = { onChange, kinds };
  });
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    return live.subscribe((change) => {
      const wanted = latest.current.kinds;
      if (!wanted || change.kinds.some((kind) => wanted.includes(kind))) latest.current.onChange(change);
    });
  }, []);
}
