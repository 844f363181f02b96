// Who belongs to which organisation, with which role: the floor every organisation-scoped call
// stands on. Built before the components that ask it (the route registry, licences, billing,
// opportunities, invitations); the organisations component's own use cases are built on it later.
import { parseBinaryValue } from '@app/domain';
import { DuplicateKeyError } from '../../db/errors';
import { pagesOf } from '../../db/pages';
import { type ChangeMark, changeMarkOf } from '../../db/stamped-cache';
import type { Store } from '../../db/types';
import { AppError } from '../../http/app-error';
import { ACCESS_MESSAGES, type OrganisationAccess } from '../../http/organisation-access';
import { OrganisationDirectory } from './directory';
import { type MembershipDoc, OrganisationsRepository } from './repository';

/** The role a member gets when joining by invitation. */
export const JOIN_ROLE_NAME = 'Commercial';
export const CREATOR_ROLE_NAME = 'Administrateur';

export class OrganisationMembership {
  readonly repository: OrganisationsRepository;
  readonly directory: OrganisationDirectory;
  /**
   * The mark of what getUsers' member list is built from (StampedCache): the organisation with its
   * roles and members, the licences and the trial (licences component), the users' names (accounts).
   * A collection added to that list must be named here, or the kept list outlives its changes.
   */
  readonly memberListMark: ChangeMark;

  constructor(
    store: Store,
    private readonly now: () => number,
  ) {
    this.repository = new OrganisationsRepository(store);
    this.memberListMark = changeMarkOf(store, [
      'organisations',
      'roles',
      'memberships',
      'licences',
      'licenceTrials',
      'users',
    ]);
    // The document alone is kept by this mark (its roles and members by its accessVersion).
    this.directory = new OrganisationDirectory(
      this.repository,
      undefined,
      changeMarkOf(store, ['organisations']),
    );
  }

  isMember(organisationId: string, userId: string): Promise<boolean> {
    return this.directory.isMember(organisationId, userId);
  }

  /** The organisations the user belongs to (a sign-in is recorded in each one's audit log). */
  async organisationIdsOf(userId: string): Promise<string[]> {
    return (await this.repository.membershipsOfUser(userId)).map((membership) => membership.organisationId);
  }

  /** The organisation's owner (its creator), or null when it does not exist. */
  async ownerOf(organisationId: string): Promise<string | null> {
    return (await this.repository.findOrganisation(organisationId))?.ownerId ?? null;
  }

  /** The organisation's name, or null when it does not exist. */
  async nameOf(organisationId: string): Promise<string | null> {
    return (await this.repository.findOrganisation(organisationId))?.name ?? null;
  }

  /** Every organisation's id and name, a page at a time (the morning e-mail walks them). */
  async *organisationPages(): AsyncGenerator<{ _id: string; name: string }[]> {
    for await (const page of pagesOf(this.repository.organisations, {}))
      yield page.map(({ _id, name }) => ({ _id, name }));
  }

  /** Moves the access version after a write to data the caller's access depends on (licences). */
  accessChanged(organisationId: string): Promise<void> {
    return this.repository.markAccessChanged(organisationId);
  }

  /** Non-members, and organisations that do not exist, get the same 403: no probing of ids. */
  async resolveAccess(organisationId: string, userId: string): Promise<OrganisationAccess> {
    const entry = await this.directory.entry(organisationId);
    const membership = entry?.memberByUserId.get(userId);
    if (!entry || !membership) throw AppError.forbidden(ACCESS_MESSAGES.notMember);
    const role = entry.roleById.get(membership.roleId);
    return {
      organisationId,
      organisationName: entry.organisation.name,
      userId,
      isOwner: entry.organisation.ownerId === userId,
      roleId: membership.roleId,
      roleName: role?.name ?? '',
      // A missing or corrupt role grants nothing.
      mask: role ? (parseBinaryValue(role.binaryValue) ?? 0) : 0,
      accessVersion: entry.organisation.accessVersion ?? 0,
    };
  }

  /**
   * Adds a member with the role `roleName` (by default the one of an invitation). Already a member:
   * returns the existing membership (joining twice changes nothing).
   */
  async addMember(
    organisationId: string,
    userId: string,
    roleName: string = JOIN_ROLE_NAME,
  ): Promise<MembershipDoc> {
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
