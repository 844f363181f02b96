import { useEffect, useState } from 'react';
import { PRESENCE_HEARTBEAT_MS, type UserRef } from '@app/domain';
import { useSessionStore } from '@app/platform';
import { announcePresence } from '../api/announce-presence';
import { beaconLeavePresence, leavePresence } from '../api/leave-presence';

/**
 * The other members who have this opportunity open: said on opening, every PRESENCE_HEARTBEAT_MS,
 * and withdrawn on leaving the page or closing the tab (docs/decisions/edit-conflicts.md).
 */
export function usePresence(opportunityId: string): UserRef[] {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  // Kept with the opportunity it is about: moving to the next one shows nobody until it answers.
  const [seen, setSeen] = useState<{ opportunityId: string; others: UserRef[] }>({
    opportunityId: '',
    others: [],
  });

  useEffect(() => {
    if (!organisationId || !opportunityId) return undefined;
    const input = { organisationId, opportunityId };
    let active = true;
    const announce = () => {
      announcePresence(input).then(
        ({ others: present }) => {
          if (active) setSeen({ opportunityId, others: present });
        },
        // A missed heartbeat shows the last known line; the next one tries again.
        () => undefined,
      );
    };
    announce();
    const timer = window.setInterval(announce, PRESENCE_HEARTBEAT_MS);
    const handlePageHide = () => {
      beaconLeavePresence(input);
    };
    // Back from the page cache: say it again at once.
    const handlePageShow = (event: PageTransitionEvent) => {
      if (event.persisted) announce();
    };
    window.addEventListener('pagehide', handlePageHide);
    window.addEventListener('pageshow', handlePageShow);
    return () => {
      active = false;
      window.clearInterval(timer);
      window.removeEventListener('pagehide', handlePageHide);
      window.removeEventListener('pageshow', handlePageShow);
      leavePresence(input).catch(() => undefined);
    };
  }, [organisationId, opportunityId]);

  return seen.opportunityId === opportunityId ? seen.others : NOBODY;
}

const NOBODY: UserRef[] = [];
