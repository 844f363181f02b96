// Organisations: creation with the three default roles, the caller's organisations, members and roles.
import {
  DEFAULT_ROLES,
  type LicenceStatus,
  type OrganisationCreateData,
  type OrganisationUsersReply,
} from '@app/domain';
import { DuplicateKeyError } from '../../db/errors';
import { AppError } from '../../http/app-error';
import type { AccountsRepository } from '../accounts/repository';
import type { LicenceBook } from '../licences/module';
import type { OrganisationDirectory } from './directory';
import type { MembershipDoc, OrganisationDoc, OrganisationsRepository, RoleDoc } from './repository';

export type RoleView = { _id: string; name: string; binaryValue: string };

export type OrganisationView = {
  _id: string;
  name: string;
  phone: string;
  ownerId: string;
  isOwner: boolean;
  createdAt: number;
  /** The caller's role in it, with its mask: the client shows or hides actions from it. */
  role: RoleView | null;
  /** The caller's licence here, so the UI can warn before the gate refuses (docs/decisions/licences.md). */
  licence: LicenceStatus;
};

export type MemberView = {
  _id: string;
  username: string;
  email: string;
  roles: { _id: string; name: string }[];
  /** The licence key the member holds here, if any. */
  licenceId?: string;
};

/** The role a member gets when joining by invitation. */
export const JOIN_ROLE_NAME = 'Commercial';
export const CREATOR_ROLE_NAME = 'Administrateur';

export const toRoleView = (role: RoleDoc): RoleView => ({
  _id: role._id,
  name: role.name,
  binaryValue: role.binaryValue,
});

export class OrganisationsService {
  constructor(
    private readonly repository: OrganisationsRepository,
    private readonly accounts: AccountsRepository,
    private readonly now: () => number,
    private readonly licences: LicenceBook,
    private readonly directory: OrganisationDirectory,
  ) {}

  private async view(
    organisation: OrganisationDoc,
    userId: string,
    role: RoleDoc | null,
  ): Promise<OrganisationView> {
    return {
      _id: organisation._id,
      name: organisation.name,
      phone: organisation.phone,
      ownerId: organisation.ownerId,
      isOwner: organisation.ownerId === userId,
      createdAt: organisation.createdAt,
      role: role ? toRoleView(role) : null,
      licence: await this.licences.status(organisation._id, userId),
    };
  }

  /**
   * Creates the organisation, its three default roles, and the creator's membership as Administrateur.
   * Written in that order so a crash leaves at worst an organisation nobody belongs to (invisible),
   * never a member without a role.
   */
  async create(userId: string, input: OrganisationCreateData): Promise<OrganisationView> {
    const createdAt = this.now();
    const organisation = await this.repository.insertOrganisation({
      name: input.name,
      phone: input.phone,
      ownerId: userId,
      createdAt,
    });
    const roles = await this.repository.insertRoles(
      DEFAULT_ROLES.map((role, index) => ({
        organisationId: organisation._id,
        name: role.name,
        binaryValue: role.binaryValue,
        // Distinct times keep the default order (Administrateur, Manager, Commercial) in sorted lists.
        createdAt: createdAt + index,
      })),
    );
    const admin = roles.find((role) => role.name === CREATOR_ROLE_NAME);
    if (!admin) throw new Error('Le rôle Administrateur manque dans DEFAULT_ROLES');
    await this.repository.insertMembership({
      organisationId: organisation._id,
      userId,
      roleId: admin._id,
      createdAt,
    });
    await this.licences.startTrial(organisation._id, userId);
    return this.view(organisation, userId, admin);
  }

  /** The caller's organisations, in the order they joined them. */
  async listFor(userId: string): Promise<OrganisationView[]> {
    const memberships = await this.repository.membershipsOfUser(userId);
    if (memberships.length === 0) return [];
    const organisations = await this.repository.findOrganisations(memberships.map((m) => m.organisationId));
    const byId = new Map(organisations.map((organisation) => [organisation._id, organisation]));
    const views: OrganisationView[] = [];
    for (const membership of memberships) {
      const organisation = byId.get(membership.organisationId);
      if (!organisation) continue;
      const role = await this.repository.findRole(organisation._id, membership.roleId);
      views.push(await this.view(organisation, userId, role));
    }
    return views;
  }

  async roles(organisationId: string): Promise<RoleView[]> {
    return (await this.repository.rolesOf(organisationId)).map(toRoleView);
  }

  async users(organisationId: string): Promise<OrganisationUsersReply> {
    const entry = await this.directory.entry(organisationId);
    if (!entry) return { roles: [], users: [] };
    const licences = await this.licences.holders(organisationId, entry.organisation.accessVersion ?? 0);
    const users = await this.accounts.findUsers(entry.members.map((membership) => membership.userId));
    const usersById = new Map(users.map((user) => [user._id, user]));
    const members: MemberView[] = [];
    for (const membership of entry.members) {
      const user = usersById.get(membership.userId);
      if (!user) continue;
      const role = entry.roleById.get(membership.roleId);
      const licenceId = licences.get(user._id);
      members.push({
        _id: user._id,
        username: user.username,
        email: user.email,
        roles: role ? [{ _id: role._id, name: role.name }] : [],
        ...(licenceId === undefined ? {} : { licenceId }),
      });
    }
    return { roles: entry.roles.map(toRoleView), users: members };
  }

  isMember(organisationId: string, userId: string): Promise<boolean> {
    return this.directory.isMember(organisationId, userId);
  }

  /**
   * Adds a member with the role `roleName`. Already a member: returns the existing membership
   * (joining twice changes nothing).
   */
  async addMember(organisationId: string, userId: string, roleName: string): Promise<MembershipDoc> {
    const existing = await this.repository.findMembership(organisationId, userId);
    if (existing) return existing;
    const role = await this.repository.findRoleByName(organisationId, roleName);
    if (!role)
      throw new AppError(409, `Le rôle ${roleName} n’existe plus dans cette organisation`, 'CONFLICT');
    try {
      return await this.repository.insertMembership({
        organisationId,
        userId,
        roleId: role._id,
        createdAt: this.now(),
      });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const raced = await this.repository.findMembership(organisationId, userId);
      if (!raced) throw error;
      return raced;
    }
  }
}
