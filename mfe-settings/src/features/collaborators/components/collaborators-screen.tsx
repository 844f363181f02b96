import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { type OrganisationUsersReply, PERMISSION } from '@app/domain';
import { Button, ignoreHandledFailure, notifySuccess, Spinner } from '@app/platform';
import { SettingsPage } from '../../../layout/settings-page';
import { useAccess } from '../../../session/use-access';
import { changeRole } from '../api/change-role';
import { getUsers } from '../api/get-users';
import type { Member } from '../types/member';
import { InviteModal } from './invite-modal';
import { PendingInvitations } from './pending-invitations';
import { RemoveCollaboratorModal } from './remove-collaborator-modal';
import '../collaborators.css';

export type CollaboratorsScreenProps = {
  /** The licence management entry (another feature), told how to refresh the list after a change. */
  licences?: (reload: () => void) => ReactNode;
};

/** Members with their e-mail, role (one select each) and licence; invitations; removal. */
export function CollaboratorsScreen({ licences }: CollaboratorsScreenProps) {
  const { organisationId, organisation, userId, can } = useAccess();
  const [data, setData] = useState<OrganisationUsersReply | null>(null);
  const [reloads, setReloads] = useState(0);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [invitationsSent, setInvitationsSent] = useState(0);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const canInvite = can(PERMISSION.INVITE_WITH_LICENCE) || can(PERMISSION.INVITE_WITHOUT_LICENCE);
  const canChangeRoles = can(PERMISSION.EDIT_PERMISSIONS);
  const canRemove = can(PERMISSION.REMOVE_COLLABORATOR);
  const ownerId = organisation?.ownerId;

  useEffect(() => {
    if (!organisationId) return undefined;
    let current = true;
    getUsers({ organisationId }).then(
      (reply) => {
        if (current) setData(reply);
      },
      (failure: unknown) => {
        if (current) setData({ roles: [], users: [] });
        ignoreHandledFailure(failure);
      },
    );
    return () => {
      current = false;
    };
  }, [organisationId, reloads]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);

  const handleRoleChange = async (member: Member, roleId: string) => {
    if (!organisationId || !data) return;
    const previous = data;
    const role = data.roles.find((candidate) => candidate._id === roleId);
    if (!role) return;
    setData({
      ...data,
      users: data.users.map((user) =>
        user._id === member._id ? { ...user, roles: [{ _id: role._id, name: role.name }] } : user,
      ),
    });
    setSaving(member._id);
    try {
      const reply = await changeRole({ organisationId, userId: member._id, roleId });
      notifySuccess(reply.message || 'Rôle modifié');
    } catch (failure) {
      // The server refused: show the role the member still holds.
      setData(previous);
      ignoreHandledFailure(failure);
    } finally {
      setSaving(null);
    }
  };

  return (
    <SettingsPage title="Collaborateurs">
      <div className="settings-toolbar">
        {canInvite ? <Button onClick={() => setInviteOpen(true)}>Invitez un Collaborateur</Button> : null}
        {licences ? licences(reload) : null}
      </div>
      {data === null ? (
        <Spinner />
      ) : (
        <table className="settings-table">
          <caption className="settings-visually-hidden">Membres de l’organisation</caption>
          <thead>
            <tr>
              <th scope="col">Nom</th>
              <th scope="col">E-mail</th>
              <th scope="col">Rôle</th>
              <th scope="col">Licence</th>
              {canRemove ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {data.users.map((member) => {
              const roleId = member.roles[0]?._id ?? '';
              const isSelf = member._id === userId;
              return (
                <tr key={member._id}>
                  <td>
                    {member.username}
                    {isSelf ? <span className="settings-hint"> (vous)</span> : null}
                  </td>
                  <td>{member.email}</td>
                  <td>
                    {canChangeRoles && !isSelf ? (
                      <select
                        className="settings-select"
                        aria-label={`Rôle de ${member.username}`}
                        value={roleId}
                        disabled={saving === member._id}
                        onChange={(event) => void handleRoleChange(member, event.target.value)}
                      >
                        {roleId === '' ? <option value="">Aucun rôle</option> : null}
                        {data.roles.map((role) => (
                          <option key={role._id} value={role._id}>
                            {role.name}
                          </option>
                        ))}
                      </select>
                    ) : (
                      (member.roles[0]?.name ?? 'Aucun rôle')
                    )}
                  </td>
                  <td>{member.licenceId ? 'Licence attribuée' : 'Sans licence'}</td>
                  {canRemove ? (
                    <td>
                      {isSelf || member._id === ownerId ? null : (
                        <Button
                          variant="ghost"
                          aria-label={`Supprimer ${member.username}`}
                          onClick={() => setRemoving(member)}
                        >
                          Supprimer
                        </Button>
                      )}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {canInvite ? <PendingInvitations refresh={invitationsSent} /> : null}
      <InviteModal
        open={inviteOpen}
        onClose={() => setInviteOpen(false)}
        onInvited={() => setInvitationsSent((count) => count + 1)}
      />
      <RemoveCollaboratorModal
        member={removing}
        members={data?.users ?? []}
        onClose={() => setRemoving(null)}
        onRemoved={reload}
      />
    </SettingsPage>
  );
}
