import { useEffect, useState } from 'react';
import { formatDate } from '@app/domain';
import { Button, ignoreHandledFailure, notifySuccess } from '@app/platform';
import { useAccess } from '../../../session/use-access';
import { getInvitations } from '../api/get-invitations';
import { resendInvitation } from '../api/resend-invitation';
import { revokeInvitation } from '../api/revoke-invitation';
import type { Invitation } from '../types/member';

export type PendingInvitationsProps = {
  /** Changes when an invitation was just sent, so the list shows it. */
  refresh: number;
};

/** Invitations nobody has accepted yet, with resend and revoke. */
export function PendingInvitations({ refresh }: PendingInvitationsProps) {
  const { organisationId } = useAccess();
  const [invitations, setInvitations] = useState<Invitation[] | null>(null);
  const [reloads, setReloads] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (!organisationId) return undefined;
    let current = true;
    getInvitations({ organisationId }).then(
      (reply) => {
        if (current) setInvitations(reply.invitations);
      },
      (failure: unknown) => {
        if (current) setInvitations([]);
        ignoreHandledFailure(failure);
      },
    );
    return () => {
      current = false;
    };
  }, [organisationId, refresh, reloads]);

  const run = async (invitation: Invitation, action: 'resend' | 'revoke') => {
    if (!organisationId) return;
    setBusy(invitation._id);
    try {
      const input = { organisationId, invitationId: invitation._id };
      const reply = action === 'resend' ? await resendInvitation(input) : await revokeInvitation(input);
      notifySuccess(reply.message || (action === 'resend' ? 'Invitation renvoyée' : 'Invitation révoquée'));
      setReloads((count) => count + 1);
    } catch (failure) {
      ignoreHandledFailure(failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="settings-section" aria-labelledby="pending-invitations-title">
      <h2 id="pending-invitations-title">Invitations en attente</h2>
      {invitations === null ? null : invitations.length === 0 ? (
        <p className="settings-hint">Aucune invitation en attente.</p>
      ) : (
        <ul className="settings-list">
          {invitations.map((invitation) => (
            <li key={invitation._id} className="settings-list__row">
              <span className="settings-list__main">{invitation.email}</span>
              <span className="settings-hint">
                Envoyée le {formatDate(invitation.createdAt)} · expire le {formatDate(invitation.expiresAt)}
              </span>
              <span className="settings-list__actions">
                <Button
                  variant="secondary"
                  disabled={busy === invitation._id}
                  aria-label={`Renvoyer l’invitation à ${invitation.email}`}
                  onClick={() => void run(invitation, 'resend')}
                >
                  Renvoyer
                </Button>
                <Button
                  variant="ghost"
                  disabled={busy === invitation._id}
                  aria-label={`Révoquer l’invitation de ${invitation.email}`}
                  onClick={() => void run(invitation, 'revoke')}
                >
                  Révoquer
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
