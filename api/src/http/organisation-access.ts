// What a caller may do in one organisation (membership, role mask, ownership), and the check of a
// route's permission rule against it. The organisations component resolves it (AccessResolver).
import { hasPermission } from '@app/domain';
import { AppError } from './app-error';
import type { PermissionRule } from './route-permissions';

export type OrganisationAccess = {
  organisationId: string;
  organisationName: string;
  userId: string;
  isOwner: boolean;
  roleId: string;
  roleName: string;
  /** The caller's permission bits in this organisation. */
  mask: number;
  /**
   * The organisation's access version read for this call: copies of its roles, members and licences
   * made at this version are current (request-path.md).
   */
  accessVersion: number;
};

export const ACCESS_MESSAGES = {
  notMember: 'Vous ne faites pas partie de cette organisation',
  missingPermission: 'Vous n’avez pas les droits nécessaires pour cette action',
  ownerOnly: 'Seul le propriétaire de l’organisation peut effectuer cette action',
} as const;

/**
 * Licence gate: given the caller's access, the path to redirect to (269) when the call needs a
 * licence they do not hold, or null. Routes opt in with `requiresLicence`; the licences component
 * provides the real gate (docs/decisions/licences.md).
 */
export type LicenceGate = (access: OrganisationAccess) => Promise<string | null>;

/** A gate that lets every member through: for unit tests of the registry, never in createApp. */
export const everyMemberLicensed: LicenceGate = async () => null;

export function isAllowed(access: OrganisationAccess, rule: PermissionRule | undefined): boolean {
  if (!rule) return false; // an undeclared route refuses everyone
  switch (rule.kind) {
    case 'member':
      return true;
    case 'owner':
      return access.isOwner;
    case 'bit':
      return hasPermission(access.mask, rule.bit);
    case 'anyOf':
      return rule.bits.some((bit) => hasPermission(access.mask, bit));
    case 'ownerOrBit':
      return access.isOwner || hasPermission(access.mask, rule.bit);
  }
}

export function requirePermission(access: OrganisationAccess, rule: PermissionRule | undefined): void {
  if (isAllowed(access, rule)) return;
  throw AppError.forbidden(
    rule?.kind === 'owner' ? ACCESS_MESSAGES.ownerOnly : ACCESS_MESSAGES.missingPermission,
  );
}
