export type PermissionKey =
  | 'EDIT_PERMISSIONS'
  | 'CREATE_ROLE'
  | 'INVITE_WITH_LICENCE'
  | 'INVITE_WITHOUT_LICENCE'
  | 'REMOVE_COLLABORATOR'
  | 'EDIT_ROLE'
  | 'DELETE_ROLE'
  | 'VIEW_PROSPECTS'
  | 'CREATE_PROSPECT'
  | 'EDIT_PROSPECT'
  | 'DELETE_PROSPECT'
  | 'ASSIGN_COLLABORATOR'
  | 'CHANGE_STATE'
  | 'EDIT_CONTRACTS'
  | 'CREATE_ROUND'
  | 'IMPORT_CAMPAIGN'
  | 'DELETE_CAMPAIGN'
  | 'COMMENT'
  | 'VIEW_REPORTS'
  | 'VIEW_HISTORY'
  | 'EDIT_CAMPAIGN'
  | 'ASSIGN_USER_TO_DATABASE'
  | 'EXPORT_PROSPECTS';

export type PermissionGroup = 'Général' | 'Prospection optimisée';

export type Permission = {
  readonly key: PermissionKey;
  readonly bit: number;
  readonly label: string;
  readonly group: PermissionGroup;
};

/** SPEC §6, in the spec's order; labels are shown as-is next to the role editor's checkboxes. */
export const PERMISSIONS: readonly Permission[] = [
  { key: 'EDIT_PERMISSIONS', bit: 1, label: 'Modifier les permissions', group: 'Général' },
  { key: 'CREATE_ROLE', bit: 2, label: 'Créer un rôle', group: 'Général' },
  { key: 'INVITE_WITH_LICENCE', bit: 4, label: 'Ajouter un collaborateur si licence', group: 'Général' },
  {
    key: 'INVITE_WITHOUT_LICENCE',
    bit: 8,
    label: 'Ajouter un collaborateur si pas de licence',
    group: 'Général',
  },
  { key: 'REMOVE_COLLABORATOR', bit: 16, label: 'Supprimer un collaborateur', group: 'Général' },
  { key: 'EDIT_ROLE', bit: 32, label: 'Modifier un rôle', group: 'Général' },
  { key: 'DELETE_ROLE', bit: 64, label: 'Supprimer un rôle', group: 'Général' },
  { key: 'VIEW_PROSPECTS', bit: 128, label: 'Voir les prospects', group: 'Prospection optimisée' },
  { key: 'CREATE_PROSPECT', bit: 256, label: 'Créer un prospect', group: 'Prospection optimisée' },
  { key: 'EDIT_PROSPECT', bit: 512, label: 'Modifier un prospect', group: 'Prospection optimisée' },
  { key: 'DELETE_PROSPECT', bit: 1024, label: 'Supprimer un prospect', group: 'Prospection optimisée' },
  {
    key: 'ASSIGN_COLLABORATOR',
    bit: 2048,
    label: 'Assigner un collaborateur',
    group: 'Prospection optimisée',
  },
  { key: 'CHANGE_STATE', bit: 4096, label: "Changer l'état", group: 'Prospection optimisée' },
  { key: 'EDIT_CONTRACTS', bit: 8192, label: 'Modifier les contrats', group: 'Prospection optimisée' },
  { key: 'CREATE_ROUND', bit: 16384, label: 'Créer une gestion de tournée', group: 'Prospection optimisée' },
  { key: 'IMPORT_CAMPAIGN', bit: 32768, label: 'Importer une campagne', group: 'Prospection optimisée' },
  { key: 'DELETE_CAMPAIGN', bit: 65536, label: 'Supprimer une campagne', group: 'Prospection optimisée' },
  { key: 'COMMENT', bit: 131072, label: 'Commenter les suivis', group: 'Prospection optimisée' },
  { key: 'VIEW_REPORTS', bit: 262144, label: 'Voir les rapports', group: 'Prospection optimisée' },
  { key: 'VIEW_HISTORY', bit: 524288, label: "Voir l'historique", group: 'Prospection optimisée' },
  { key: 'EDIT_CAMPAIGN', bit: 1048576, label: 'Modifier une campagne', group: 'Prospection optimisée' },
  {
    key: 'ASSIGN_USER_TO_DATABASE',
    bit: 2097152,
    label: 'Assigner un utilisateur à la BDD',
    group: 'Prospection optimisée',
  },
  { key: 'EXPORT_PROSPECTS', bit: 4194304, label: 'Exporter les prospects', group: 'Prospection optimisée' },
];

export const PERMISSION_GROUPS: readonly PermissionGroup[] = ['Général', 'Prospection optimisée'];

/** The bit of each permission by key, read from PERMISSIONS (one table for bits and labels). */
export const PERMISSION = Object.fromEntries(
  PERMISSIONS.map((permission) => [permission.key, permission.bit]),
) as Readonly<Record<PermissionKey, number>>;

/** Every one of the 23 bits set: 2^23 - 1 = 8388607. */
export const ALL_PERMISSIONS_MASK = PERMISSIONS.reduce((mask, permission) => mask | permission.bit, 0);

/**
 * True when every bit of `bit` is set in `mask`. A zero or negative `bit` grants nothing, so a
 * guard written with a missing constant fails closed.
 */
export function hasPermission(mask: number, bit: number): boolean {
  if (!Number.isInteger(mask) || !Number.isInteger(bit) || bit <= 0 || mask < 0) return false;
  return (mask & bit) === bit;
}

/** The mask with `bit` flipped: what a role editor checkbox does (SPEC §5). */
export function togglePermission(mask: number, bit: number): number {
  return (mask ^ bit) & ALL_PERMISSIONS_MASK;
}

/** The mask holding exactly the given permissions. */
export function maskOf(keys: readonly PermissionKey[]): number {
  return keys.reduce((mask, key) => mask | PERMISSION[key], 0);
}

/** The permissions a mask grants, in the spec's order. */
export function permissionsOf(mask: number): PermissionKey[] {
  return PERMISSIONS.filter((permission) => hasPermission(mask, permission.bit)).map(
    (permission) => permission.key,
  );
}

/**
 * Reads a role's `binaryValue` as sent on the wire (a decimal string). Returns null for anything
 * that is not a plain non-negative integer made only of the 23 known bits.
 */
export function parseBinaryValue(value: string): number | null {
  if (typeof value !== 'string' || !/^\d{1,16}$/.test(value)) return null;
  const mask = Number(value);
  if (!Number.isSafeInteger(mask) || mask > ALL_PERMISSIONS_MASK) return null;
  return mask;
}

export type DefaultRoleName = 'Administrateur' | 'Manager' | 'Commercial';

export type DefaultRole = {
  readonly name: DefaultRoleName;
  readonly mask: number;
  /** The same mask as the wire and the stored Role carry it: a decimal string. */
  readonly binaryValue: string;
};

const PROSPECTING_MASK = PERMISSIONS.filter(
  (permission) => permission.group === 'Prospection optimisée',
).reduce((mask, permission) => mask | permission.bit, 0);

// Reasoning for these sets: docs/decisions/default-roles.md.
const MANAGER_MASK = PROSPECTING_MASK | maskOf(['INVITE_WITH_LICENCE', 'INVITE_WITHOUT_LICENCE']);

const COMMERCIAL_MASK = maskOf([
  'VIEW_PROSPECTS',
  'CREATE_PROSPECT',
  'EDIT_PROSPECT',
  'CHANGE_STATE',
  'EDIT_CONTRACTS',
  'COMMENT',
  'IMPORT_CAMPAIGN',
  'EXPORT_PROSPECTS',
]);

/** The three roles every organisation gets at creation (DESIGN §6); its creator is Administrateur. */
export const DEFAULT_ROLES: readonly DefaultRole[] = [
  { name: 'Administrateur', mask: ALL_PERMISSIONS_MASK, binaryValue: String(ALL_PERMISSIONS_MASK) },
  { name: 'Manager', mask: MANAGER_MASK, binaryValue: String(MANAGER_MASK) },
  { name: 'Commercial', mask: COMMERCIAL_MASK, binaryValue: String(COMMERCIAL_MASK) },
];
