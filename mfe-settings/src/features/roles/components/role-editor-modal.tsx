import { useId, useState, type FormEvent } from 'react';
import {
  firstErrorMessage,
  hasPermission,
  parseBinaryValue,
  PERMISSION_GROUPS,
  PERMISSIONS,
  roleCreateSchema,
  togglePermission,
} from '@app/domain';
import {
  ignoreHandledFailure,
  Modal,
  ModalFooter,
  notifySuccess,
  TextField,
  useSessionStore,
} from '@app/platform';
import { useAccess } from '../../../session/use-access';
import { createRole } from '../api/create-role';
import { editRole } from '../api/edit-role';
import type { Role } from '../types/role';

export type RoleEditorModalProps = {
  open: boolean;
  /** The role to edit; null creates a new one. */
  role: Role | null;
  onClose: () => void;
  onSaved: () => void;
};

/** Name and permissions of a role: one checkbox per bit, grouped as SPEC §6. */
export function RoleEditorModal({ open, role, onClose, onSaved }: RoleEditorModalProps) {
  return (
    <Modal open={open} title={role ? `Modifier le rôle ${role.name}` : 'Créer un rôle'} onClose={onClose}>
      {/* Keyed so each opening starts from the role as stored. */}
      {open ? (
        <RoleEditorForm key={role?._id ?? 'new'} role={role} onClose={onClose} onSaved={onSaved} />
      ) : null}
    </Modal>
  );
}

type RoleEditorFormProps = Omit<RoleEditorModalProps, 'open'>;

function RoleEditorForm({ role, onClose, onSaved }: RoleEditorFormProps) {
  const { organisationId } = useAccess();
  const ownMask = useSessionStore((state) => state.permissions);
  const [name, setName] = useState(role?.name ?? '');
  const [mask, setMask] = useState(() => (role ? (parseBinaryValue(role.binaryValue) ?? 0) : 0));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errorId = useId();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const binaryValue = String(mask);
    const message = firstErrorMessage(roleCreateSchema, { roleName: name, binaryValue });
    setError(message);
    if (message || !organisationId) return;
    setSaving(true);
    try {
      const roleName = name.trim();
      const reply = role
        ? await editRole({ organisationId, roleId: role._id, roleName, binaryValue })
        : await createRole({ organisationId, roleName, binaryValue });
      notifySuccess(reply.message || (role ? 'Rôle modifié' : 'Rôle créé'));
      onSaved();
      onClose();
    } catch (failure) {
      ignoreHandledFailure(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)}>
      <TextField
        label="Nom du rôle"
        value={name}
        onChange={(event) => setName(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="settings-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="settings-hint">Vous ne pouvez accorder que les permissions de votre propre rôle.</p>
      {PERMISSION_GROUPS.map((group) => (
        <fieldset key={group} className="roles__group">
          <legend>{group}</legend>
          {PERMISSIONS.filter((permission) => permission.group === group).map((permission) => (
            <label key={permission.key} className="roles__permission">
              <input
                type="checkbox"
                checked={hasPermission(mask, permission.bit)}
                disabled={!hasPermission(ownMask, permission.bit)}
                onChange={() => setMask((current) => togglePermission(current, permission.bit))}
              />
              {permission.label}
            </label>
          ))}
        </fieldset>
      ))}
      <ModalFooter
        confirmLabel="Enregistrer"
        confirmDisabled={saving}
        onCancel={onClose}
        className="settings-actions"
      />
    </form>
  );
}
