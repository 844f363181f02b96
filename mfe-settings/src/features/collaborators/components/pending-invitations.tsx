import { useState } from 'react';
import { formatDate } from '@app/domain';
import { Button, ignoreHandledFailure, notifySuccess, useApiQuery } from '@app/platform';
import { useAccess } from '../../../session/use-access';
import { getInvitations } from '../api/get-invitations';
import { resendInvitation } from '../api/resend-invitation';
import { revokeInvitation } from '../api/revoke-invitation';
import type { Invitation } from '../types/member';

/** The cache key of the list: an invitation sent elsewhere invalidates it, so the list shows it. */
export const INVITATIONS_QUERY = 'invitation/list';

/** Invitations nobody has accepted yet, with resend and revoke. */
export function PendingInvitations() {
  const { organisationId } = useAccess();
  const query = useApiQuery(getInvitations, organisationId ? { organisationId } : null, {
    key: INVITATIONS_QUERY,
  });
  // A failed load shows the empty list (its toast says why).
  const invitations = query.error !== undefined ? [] : (query.data?.invitations ?? null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (invitation: Invitation, action: 'resend' | 'revoke') => {
    if (!organisationId) return;
    setBusy(invitation._id);
    try {
      const input = { organisationId, invitationId: invitation._id };
      const reply = action === 'resend' ? await resendInvitation(input) : await revokeInvitation(input);
      notifySuccess(reply.message || (action === 'resend' ? 'Invitation renvoyée' : 'Invitation révoquée'));
      query.refetch();
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
