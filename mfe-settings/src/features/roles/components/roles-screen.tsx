import { useState } from 'react';
import { type OrganisationUsersReply, parseBinaryValue, PERMISSION, permissionsOf } from '@app/domain';
import {
  Button,
  CardList,
  CardListItem,
  ignoreHandledFailure,
  Modal,
  ModalFooter,
  notifySuccess,
  Spinner,
  useApiQuery,
  usePhoneLayout,
} from '@app/platform';
import { SettingsPage } from '../../../layout/settings-page';
import { useAccess } from '../../../session/use-access';
import { deleteRole } from '../api/delete-role';
import { getUsers } from '../api/get-users';

const NO_USERS: OrganisationUsersReply = { roles: [], users: [] };
import type { Role } from '../types/role';
import { RoleEditorModal } from './role-editor-modal';
import '../roles.css';

type Editing = { role: Role | null } | null;

/** The organisation's roles: create, rename and edit, delete when nobody holds it. */
export function RolesScreen() {
  const { organisationId, can } = useAccess();
  const query = useApiQuery(getUsers, organisationId ? { organisationId } : null, {
    key: 'organisation/getUsers',
  });
  // A failed load shows no role (its toast says why).
  const data = query.error !== undefined ? NO_USERS : (query.data ?? null);
  const reload = query.refetch;
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const [busy, setBusy] = useState(false);
  const canCreate = can(PERMISSION.CREATE_ROLE);
  const canEdit = can(PERMISSION.EDIT_ROLE);
  const canDelete = can(PERMISSION.DELETE_ROLE);
  const phone = usePhoneLayout();

  const holders = (role: Role) =>
    data?.users.filter((user) => user.roles.some((held) => held._id === role._id)).length ?? 0;

  const handleDelete = async () => {
    if (!deleting || !organisationId) return;
    setBusy(true);
    try {
      const reply = await deleteRole({ organisationId, roleId: deleting._id });
      notifySuccess(reply.message || 'Rôle supprimé');
      setDeleting(null);
      reload();
    } catch (failure) {
      ignoreHandledFailure(failure);
    } finally {
      setBusy(false);
    }
  };

  /** One role's columns, shown as table cells on a desk and as a card's fields on a phone. */
  const cellsOf = (role: Role) => {
    const count = holders(role);
    const granted = permissionsOf(parseBinaryValue(role.binaryValue) ?? 0).length;
    return {
      permissions: `${granted} / 23`,
      members: count,
      actions: (
        <>
          {canEdit ? (
            <Button
              variant="secondary"
              aria-label={`Modifier le rôle ${role.name}`}
              onClick={() => setEditing({ role })}
            >
              Modifier
            </Button>
          ) : null}
          {canDelete && count === 0 ? (
            <Button
              variant="ghost"
              aria-label={`Supprimer le rôle ${role.name}`}
              onClick={() => setDeleting(role)}
            >
              Supprimer
            </Button>
          ) : null}
        </>
      ),
    };
  };

  return (
    <SettingsPage title="Rôles et permissions">
      {canCreate ? (
        <div className="settings-toolbar">
          <Button onClick={() => setEditing({ role: null })}>Créer un rôle</Button>
        </div>
      ) : null}
      {data === null ? (
        <Spinner />
      ) : phone ? (
        <CardList label="Rôles de l’organisation">
          {data.roles.map((role) => {
            const cells = cellsOf(role);
            return (
              <CardListItem
                key={role._id}
                title={role.name}
                fields={[
                  { label: 'Permissions', value: cells.permissions },
                  { label: 'Membres', value: cells.members },
                ]}
                actions={canEdit || canDelete ? cells.actions : null}
              />
            );
          })}
        </CardList>
      ) : (
        <table className="settings-table">
          <caption className="settings-visually-hidden">Rôles de l’organisation</caption>
          <thead>
            <tr>
              <th scope="col">Rôle</th>
              <th scope="col">Permissions</th>
              <th scope="col">Membres</th>
              {canEdit || canDelete ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {data.roles.map((role) => {
              const cells = cellsOf(role);
              return (
                <tr key={role._id}>
                  <td>{role.name}</td>
                  <td>{cells.permissions}</td>
                  <td>{cells.members}</td>
                  {canEdit || canDelete ? <td className="roles__actions">{cells.actions}</td> : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {canDelete ? (
        <p className="settings-hint">Seul un rôle attribué à aucun membre peut être supprimé.</p>
      ) : null}
      <RoleEditorModal
        open={editing !== null}
        role={editing?.role ?? null}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
      <Modal open={deleting !== null} title="Supprimer le rôle" onClose={() => setDeleting(null)}>
        <p>
          Voulez-vous vraiment supprimer le rôle <strong>{deleting?.name}</strong> ?
        </p>
        <ModalFooter
          confirmLabel="Supprimer"
          onConfirm={() => void handleDelete()}
          confirmVariant="danger"
          confirmDisabled={busy}
          onCancel={() => setDeleting(null)}
          className="settings-actions"
        />
      </Modal>
    </SettingsPage>
  );
}
