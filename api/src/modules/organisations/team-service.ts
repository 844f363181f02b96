// The settings rules of an organisation's team: roles (create, edit, delete), role assignment,
// removing a member, leaving, renaming. Nobody grants what they do not hold; the last holder of
// "Modifier les permissions" keeps it; the owner keeps Administrateur. docs/decisions/settings-rules.md.
import {
  ALL_PERMISSIONS_MASK,
  type AuditValue,
  hasPermission,
  PERMISSIONS,
  type MessageReply,
  parseBinaryValue,
  PERMISSION,
  type RoleCreatedReply,
} from '@app/domain';
import { AppError } from '../../http/app-error';
import type { OrganisationAccess } from '../../http/organisation-access';
import type { AccountDirectory } from '../accounts/module';
import type { RecordAudit } from '../audit/module';
import { JOIN_ROLE_NAME } from './membership';
import type { OrganisationsRepository, RoleDoc } from './repository';
import { type OrganisationLicences, toRoleView } from './service';

export const TEAM_MESSAGES = {
  roleCreated: 'Rôle créé',
  roleUpdated: 'Rôle modifié',
  roleDeleted: 'Rôle supprimé',
  roleChanged: 'Rôle attribué',
  roleNotFound: 'Rôle introuvable',
  roleNameTaken: 'Un rôle porte déjà ce nom',
  memberNotFound: 'Utilisateur introuvable',
  escalation: 'Vous ne pouvez pas accorder ni retirer des permissions que vous n’avez pas',
  strongerMember: 'Vous ne pouvez pas modifier un collaborateur qui a des permissions que vous n’avez pas',
  lastEditor: 'Au moins un membre doit garder la permission « Modifier les permissions »',
  ownerStaysAdmin: 'Le propriétaire de l’organisation reste Administrateur',
  roleInUse: 'Ce rôle est attribué à des membres : changez d’abord leur rôle',
  joinRole:
    'Ce rôle est donné aux membres qui rejoignent l’organisation : il garde son nom et ne peut pas être supprimé',
  removeOwner: 'Le propriétaire de l’organisation ne peut pas être retiré',
  removeSelf: 'Pour partir vous-même, utilisez « Quitter l’organisation »',
  reassignToSame: 'Choisissez un autre collaborateur pour reprendre les opportunités',
  reassignToNotFound: 'Le collaborateur qui reprend les opportunités est introuvable',
  removed: (username: string) => `${username} a été retiré de l’organisation`,
  ownerCannotLeave: 'Le propriétaire ne peut pas quitter son organisation',
  left: 'Vous avez quitté l’organisation',
  renamed: 'Organisation renommée',
} as const;

export type TeamServiceDeps = {
  repository: OrganisationsRepository;
  accounts: Pick<AccountDirectory, 'usernameOf'>;
  licences: Pick<OrganisationLicences, 'release'>;
  /** Gives every opportunity of a departing member to another member (the opportunities component). */
  handOver: (organisationId: string, fromUserId: string, toUserId: string) => Promise<number>;
  now: () => number;
  record: RecordAudit;
};

const maskOfRole = (role: Pick<RoleDoc, 'binaryValue'> | null | undefined): number =>
  role ? (parseBinaryValue(role.binaryValue) ?? 0) : 0;

/** A role as the audit log shows it: its name and the labels of its permissions. */
const roleValue = (name: string, mask: number): Record<string, AuditValue> => ({
  Nom: name,
  Permissions: PERMISSIONS.filter((permission) => hasPermission(mask, permission.bit)).map(
    (permission) => permission.label,
  ),
});

/** True when every bit of `mask` is one the caller holds. */
const within = (access: OrganisationAccess, mask: number): boolean => (mask & ~access.mask) === 0;

export class TeamService {
  constructor(private readonly deps: TeamServiceDeps) {}

  private async role(organisationId: string, roleId: string): Promise<RoleDoc> {
    const role = await this.deps.repository.findRole(organisationId, roleId);
    if (!role) throw AppError.notFound(TEAM_MESSAGES.roleNotFound);
    return role;
  }

  private async ownerId(organisationId: string): Promise<string> {
    const organisation = await this.deps.repository.findOrganisation(organisationId);
    if (!organisation) throw AppError.notFound(TEAM_MESSAGES.memberNotFound);
    return organisation.ownerId;
  }

  /**
   * Refuses a change after which no member would hold "Modifier les permissions": `masks` overrides
   * some roles' masks, `members` some members' roles (null: the member is gone).
   */
  private async keepAnEditor(
    organisationId: string,
    change: { masks?: Map<string, number>; members?: Map<string, string | null> },
  ): Promise<void> {
    const [roles, memberships] = await Promise.all([
      this.deps.repository.rolesOf(organisationId),
      this.deps.repository.membersOf(organisationId),
    ]);
    const masks = new Map(roles.map((role) => [role._id, maskOfRole(role)]));
    for (const [roleId, mask] of change.masks ?? []) masks.set(roleId, mask);
    const editors = memberships.filter((membership) => {
      const roleId = change.members?.has(membership.userId)
        ? change.members.get(membership.userId)
        : membership.roleId;
      return roleId != null && hasPermission(masks.get(roleId) ?? 0, PERMISSION.EDIT_PERMISSIONS);
    });
    if (editors.length === 0) throw AppError.conflict(TEAM_MESSAGES.lastEditor);
  }

  async createRole(
    access: OrganisationAccess,
    input: { roleName: string; binaryValue: number },
  ): Promise<RoleCreatedReply> {
    if (!within(access, input.binaryValue)) throw AppError.forbidden(TEAM_MESSAGES.escalation);
    if (await this.deps.repository.findRoleByName(access.organisationId, input.roleName))
      throw AppError.conflict(TEAM_MESSAGES.roleNameTaken);
    const role = await this.deps.repository.insertRole({
      organisationId: access.organisationId,
      name: input.roleName,
      binaryValue: String(input.binaryValue),
      createdAt: this.deps.now(),
    });
    await this.deps.record({
      organisationId: access.organisationId,
      actorUserId: access.userId,
      kind: 'roleCreated',
      subject: { type: 'role', id: role._id, label: role.name },
      after: roleValue(role.name, input.binaryValue),
    });
    return { role: toRoleView(role), message: TEAM_MESSAGES.roleCreated };
  }

  async editRole(
    access: OrganisationAccess,
    input: { roleId: string; roleName: string; binaryValue: number },
  ): Promise<MessageReply> {
    const role = await this.role(access.organisationId, input.roleId);
    const before = maskOfRole(role);
    // Neither adding nor removing a permission the editor lacks (removing would strip a stronger role).
    if (!within(access, before ^ input.binaryValue)) throw AppError.forbidden(TEAM_MESSAGES.escalation);
    if (input.roleName !== role.name) {
      if (role.name === JOIN_ROLE_NAME) throw AppError.conflict(TEAM_MESSAGES.joinRole);
      if (await this.deps.repository.findRoleByName(access.organisationId, input.roleName))
        throw AppError.conflict(TEAM_MESSAGES.roleNameTaken);
    }
    await this.keepAnEditor(access.organisationId, { masks: new Map([[role._id, input.binaryValue]]) });
    const owner = await this.deps.repository.findMembership(
      access.organisationId,
      await this.ownerId(access.organisationId),
    );
    if (owner?.roleId === role._id && input.binaryValue !== ALL_PERMISSIONS_MASK)
      throw AppError.conflict(TEAM_MESSAGES.ownerStaysAdmin);
    await this.deps.repository.updateRole(access.organisationId, role._id, {
      name: input.roleName,
      binaryValue: String(input.binaryValue),
    });
    if (before !== input.binaryValue || role.name !== input.roleName)
      await this.deps.record({
        organisationId: access.organisationId,
        actorUserId: access.userId,
        // A change of bits is a change of permissions; a rename alone is an edit of the role.
        kind: before === input.binaryValue ? 'roleEdited' : 'permissionsChanged',
        subject: { type: 'role', id: role._id, label: input.roleName },
        before: roleValue(role.name, before),
        after: roleValue(input.roleName, input.binaryValue),
      });
    return { message: TEAM_MESSAGES.roleUpdated };
  }

  async deleteRole(access: OrganisationAccess, roleId: string): Promise<MessageReply> {
    const role = await this.role(access.organisationId, roleId);
    if (role.name === JOIN_ROLE_NAME) throw AppError.conflict(TEAM_MESSAGES.joinRole);
    if ((await this.deps.repository.countHolders(access.organisationId, role._id)) > 0)
      throw AppError.conflict(TEAM_MESSAGES.roleInUse);
    await this.deps.repository.deleteRole(access.organisationId, role._id);
    await this.deps.record({
      organisationId: access.organisationId,
      actorUserId: access.userId,
      kind: 'roleDeleted',
      subject: { type: 'role', id: role._id, label: role.name },
      before: roleValue(role.name, maskOfRole(role)),
    });
    return { message: TEAM_MESSAGES.roleDeleted };
  }

  /** A member of this organisation with their role; another organisation's user reads as unknown. */
  private async member(organisationId: string, userId: string, message: string) {
    const membership = await this.deps.repository.findMembership(organisationId, userId);
    if (!membership) throw AppError.notFound(message);
    const role = await this.deps.repository.findRole(organisationId, membership.roleId);
    return { membership, mask: maskOfRole(role) };
  }

  async changeRole(
    access: OrganisationAccess,
    input: { userId: string; roleId: string },
  ): Promise<MessageReply> {
    const target = await this.member(access.organisationId, input.userId, TEAM_MESSAGES.memberNotFound);
    const role = await this.role(access.organisationId, input.roleId);
    if (!within(access, maskOfRole(role))) throw AppError.forbidden(TEAM_MESSAGES.escalation);
    if (!within(access, target.mask)) throw AppError.forbidden(TEAM_MESSAGES.strongerMember);
    if (target.membership.roleId === role._id) return { message: TEAM_MESSAGES.roleChanged };
    await this.keepAnEditor(access.organisationId, { members: new Map([[input.userId, role._id]]) });
    if (input.userId === (await this.ownerId(access.organisationId)))
      throw AppError.conflict(TEAM_MESSAGES.ownerStaysAdmin);
    await this.deps.repository.setMemberRole(access.organisationId, input.userId, role._id);
    const previous = await this.deps.repository.findRole(access.organisationId, target.membership.roleId);
    await this.deps.record({
      organisationId: access.organisationId,
      actorUserId: access.userId,
      kind: 'roleAssigned',
      subject: { type: 'member', id: input.userId, label: await this.deps.accounts.usernameOf(input.userId) },
      before: { Rôle: previous?.name ?? '' },
      after: { Rôle: role.name },
    });
    return { message: TEAM_MESSAGES.roleChanged };
  }

  /**
   * Ends a membership: opportunities handed over (before, and again after, so one created in
   * between is not left behind), membership deleted (every call of theirs for this organisation is
   * refused from then on), licence freed.
   */
  private async depart(organisationId: string, userId: string, heir: string): Promise<void> {
    await this.deps.handOver(organisationId, userId, heir);
    await this.deps.repository.deleteMembership(organisationId, userId);
    await this.deps.handOver(organisationId, userId, heir);
    await this.deps.licences.release(organisationId, userId);
  }

  async remove(
    access: OrganisationAccess,
    input: { userId: string; reassignTo: string },
  ): Promise<MessageReply> {
    const target = await this.member(access.organisationId, input.userId, TEAM_MESSAGES.memberNotFound);
    await this.member(access.organisationId, input.reassignTo, TEAM_MESSAGES.reassignToNotFound);
    if (input.userId === access.userId) throw AppError.conflict(TEAM_MESSAGES.removeSelf);
    if (input.reassignTo === input.userId) throw AppError.badRequest(TEAM_MESSAGES.reassignToSame);
    if (input.userId === (await this.ownerId(access.organisationId)))
      throw AppError.conflict(TEAM_MESSAGES.removeOwner);
    if (!within(access, target.mask)) throw AppError.forbidden(TEAM_MESSAGES.strongerMember);
    await this.keepAnEditor(access.organisationId, { members: new Map([[input.userId, null]]) });
    await this.depart(access.organisationId, input.userId, input.reassignTo);
    const username = await this.deps.accounts.usernameOf(input.userId);
    await this.deps.record({
      organisationId: access.organisationId,
      actorUserId: access.userId,
      kind: 'collaboratorRemoved',
      subject: { type: 'member', id: input.userId, label: username },
      details: { 'Opportunités reprises par': await this.deps.accounts.usernameOf(input.reassignTo) },
    });
    return { message: TEAM_MESSAGES.removed(username || 'Le collaborateur') };
  }

  /** Leaving: the owner cannot (nobody would own the organisation); opportunities go to the owner. */
  async leave(access: OrganisationAccess): Promise<MessageReply> {
    if (access.isOwner) throw AppError.conflict(TEAM_MESSAGES.ownerCannotLeave);
    await this.keepAnEditor(access.organisationId, { members: new Map([[access.userId, null]]) });
    await this.depart(access.organisationId, access.userId, await this.ownerId(access.organisationId));
    return { message: TEAM_MESSAGES.left };
  }

  async rename(access: OrganisationAccess, name: string): Promise<{ name: string; message: string }> {
    await this.deps.repository.rename(access.organisationId, name);
    return { name, message: TEAM_MESSAGES.renamed };
  }
}
