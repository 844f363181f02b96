import { useState, type ReactNode } from 'react';
import { type OrganisationUsersReply, PERMISSION } from '@app/domain';
import {
  Button,
  CardList,
  CardListItem,
  ignoreHandledFailure,
  invalidateApiQueries,
  notifySuccess,
  Spinner,
  useApiQuery,
  usePhoneLayout,
} from '@app/platform';
import { SettingsPage } from '../../../layout/settings-page';
import { useAccess } from '../../../session/use-access';
import { changeRole } from '../api/change-role';
import { getUsers } from '../api/get-users';

const NO_USERS: OrganisationUsersReply = { roles: [], users: [] };
import type { Member } from '../types/member';
import { InviteModal } from './invite-modal';
import { INVITATIONS_QUERY, PendingInvitations } from './pending-invitations';
import { RemoveCollaboratorModal } from './remove-collaborator-modal';
import '../collaborators.css';

export type CollaboratorsScreenProps = {
  /** The licence management entry (another feature), told how to refresh the list after a change. */
  licences?: (reload: () => void) => ReactNode;
};

/** Members with their e-mail, role (one select each) and licence; invitations; removal. */
export function CollaboratorsScreen({ licences }: CollaboratorsScreenProps) {
  const { organisationId, organisation, userId, can } = useAccess();
  const query = useApiQuery(getUsers, organisationId ? { organisationId } : null, {
    key: 'organisation/getUsers',
  });
  // A failed load shows no member (its toast says why).
  const data = query.error !== undefined ? NO_USERS : (query.data ?? null);
  const { setData, refetch: reload } = query;
  const [inviteOpen, setInviteOpen] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const canInvite = can(PERMISSION.INVITE_WITH_LICENCE) || can(PERMISSION.INVITE_WITHOUT_LICENCE);
  const canChangeRoles = can(PERMISSION.EDIT_PERMISSIONS);
  const canRemove = can(PERMISSION.REMOVE_COLLABORATOR);
  const ownerId = organisation?.ownerId;
  const phone = usePhoneLayout();

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

  /** One member's columns, shown as table cells on a desk and as a card's fields on a phone. */
  const cellsOf = (member: Member) => {
    const roleId = member.roles[0]?._id ?? '';
    const isSelf = member._id === userId;
    return {
      name: (
        <>
          {member.username}
          {isSelf ? <span className="settings-hint"> (vous)</span> : null}
        </>
      ),
      email: member.email,
      role:
        canChangeRoles && !isSelf && data ? (
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
        ),
      licence: member.licenceId ? 'Licence attribuée' : 'Sans licence',
      actions:
        isSelf || member._id === ownerId ? null : (
          <Button
            variant="ghost"
            aria-label={`Supprimer ${member.username}`}
            onClick={() => setRemoving(member)}
          >
            Supprimer
          </Button>
        ),
    };
  };

  return (
    <SettingsPage title="Collaborateurs">
      <div className="settings-toolbar">
        {canInvite ? <Button onClick={() => setInviteOpen(true)}>Invitez un Collaborateur</Button> : null}
        {licences ? licences(reload) : null}
      </div>
      {data === null ? (
        <Spinner />
      ) : phone ? (
        <CardList label="Membres de l’organisation">
          {data.users.map((member) => {
            const cells = cellsOf(member);
            return (
              <CardListItem
                key={member._id}
                title={cells.name}
                fields={[
                  { label: 'E-mail', value: cells.email },
                  { label: 'Rôle', value: cells.role },
                  { label: 'Licence', value: cells.licence },
                ]}
                actions={canRemove ? cells.actions : null}
              />
            );
          })}
        </CardList>
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
              const cells = cellsOf(member);
              return (
                <tr key={member._id}>
                  <td>{cells.name}</td>
                  <td>{cells.email}</td>
                  <td>{cells.role}</td>
                  <td>{cells.licence}</td>
                  {canRemove ? <td>{cells.actions}</td> : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {canInvite ? <PendingInvitations /> : null}
      <InviteModal
        open={inviteOpen}
        onClose={() => setInviteOpen(false)}
        onInvited={() => invalidateApiQueries(INVITATIONS_QUERY)}
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
