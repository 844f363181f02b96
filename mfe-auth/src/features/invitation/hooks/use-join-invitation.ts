import { useEffect, useRef, useState } from 'react';
import { ignoreHandledFailure } from '@app/platform';
import { joinInvitation } from '../api/join-invitation';

export type JoinStatus =
  { status: 'joining' } | { status: 'joined'; organisationName: string } | { status: 'failed' };

type JoinResult = { invitationId: string; outcome: JoinStatus };

const JOINING: JoinStatus = { status: 'joining' };

/** Joins the organisation of `invitationId` once the visitor is signed in. */
export function useJoinInvitation(invitationId: string, signedIn: boolean): JoinStatus {
  const [result, setResult] = useState<JoinResult | null>(null);
  const requested = useRef<string | null>(null);

  useEffect(() => {
    // An invitation is single-use: a second call (StrictMode runs effects twice) would fail and toast.
    if (!signedIn || requested.current === invitationId) return;
    requested.current = invitationId;
    joinInvitation({ invitationId }).then(
      ({ organisationName }) => setResult({ invitationId, outcome: { status: 'joined', organisationName } }),
      (error: unknown) => {
        setResult({ invitationId, outcome: { status: 'failed' } });
        ignoreHandledFailure(error);
      },
    );
  }, [invitationId, signedIn]);

  return result?.invitationId === invitationId ? result.outcome : JOINING;
}
