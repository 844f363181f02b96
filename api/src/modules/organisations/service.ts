// Organisations: creation with the three default roles, the caller's organisations, members and roles.
import {
  DEFAULT_ROLES,
  type LicenceStatus,
  type OrganisationCreateData,
  type OrganisationUsersReply,
} from '@app/domain';
import { type ChangeMark, StampedCache } from '../../db/stamped-cache';
import type { AccountDirectory } from '../accounts/module';
import type { OrganisationDirectory } from './directory';
import { CREATOR_ROLE_NAME } from './membership';
import type { OrganisationDoc, OrganisationsRepository, RoleDoc } from './repository';

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

/**
 * What the organisations component needs of the licences component (its LicenceBook): a trial for a
 * new organisation, the caller's licence, who holds which key, a departing member's key back.
 */
export type OrganisationLicences = {
  startTrial(organisationId: string, ownerId: string): Promise<void>;
  status(organisationId: string, userId: string): Promise<LicenceStatus>;
  holders(organisationId: string, accessVersion: number): Promise<ReadonlyMap<string, string>>;
  release(organisationId: string, userId: string): Promise<void>;
};

export const toRoleView = (role: RoleDoc): RoleView => ({
  _id: role._id,
  name: role.name,
  binaryValue: role.binaryValue,
});

/** Organisations whose member list (getUsers' reply) is kept. */
const MEMBER_LISTS_KEPT = 2000;

export class OrganisationsService {
  constructor(
    private readonly repository: OrganisationsRepository,
    private readonly directory: OrganisationDirectory,
    private readonly accounts: AccountDirectory,
    private readonly licences: OrganisationLicences,
    private readonly now: () => number,
    changeMark: ChangeMark = () => null,
  ) {
    this.memberLists = new StampedCache(changeMark, MEMBER_LISTS_KEPT);
  }

  /**
   * getUsers' replies, kept while the collections they are built from have not changed: a member,
   * role, licence or user name changed by any process moves their mark (membership.memberListMark),
   * and the next call builds the list again; a comment or an import batch leaves it.
   */
  private readonly memberLists: StampedCache<OrganisationUsersReply>;

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
   * Creates the organisation, its three default roles, the creator's membership as Administrateur and
   * the trial's licences, as one whole on the embedded store (runInTransaction). Written in that order
   * so that on MongoDB, where they are a sequence, a crash leaves at worst an organisation nobody
   * belongs to (invisible), never a member without a role (docs/decisions/write-transactions.md).
   */
  async create(userId: string, input: OrganisationCreateData): Promise<OrganisationView> {
    const createdAt = this.now();
    const { organisation, admin } = await this.repository.together(async () => {
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
      return { organisation, admin };
    });
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

  users(organisationId: string): Promise<OrganisationUsersReply> {
    return this.memberLists.get(organisationId, () => this.buildUsers(organisationId));
  }

  private async buildUsers(organisationId: string): Promise<OrganisationUsersReply> {
    const entry = await this.directory.entry(organisationId);
    if (!entry) return { roles: [], users: [] };
    const licences = await this.licences.holders(organisationId, entry.organisation.accessVersion ?? 0);
    const users = await this.accounts.publicUsers(entry.members.map((membership) => membership.userId));
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
}
