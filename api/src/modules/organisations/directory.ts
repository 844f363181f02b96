// The organisation directory: an organisation with its roles and members, read on every
// organisation-scoped call. The organisation document is read from the store each time; its roles and
// members come from an in-process copy kept while the document's accessVersion has not moved
// (docs/decisions/request-path.md). Every instance validates its copy against the store, so several
// API processes over one store never disagree for longer than a write.
import { type ChangeMark, StampedCache } from '../../db/stamped-cache';
import type { MembershipDoc, OrganisationDoc, OrganisationsRepository, RoleDoc } from './repository';

export type OrganisationEntry = {
  organisation: OrganisationDoc;
  /** Oldest first, as rolesOf returns them. */
  roles: readonly RoleDoc[];
  /** Oldest first, as membersOf returns them. */
  members: readonly MembershipDoc[];
  roleById: ReadonlyMap<string, RoleDoc>;
  memberByUserId: ReadonlyMap<string, MembershipDoc>;
};

type CachedAccess = {
  version: number;
  loadedAt: number;
  roles: RoleDoc[];
  members: MembershipDoc[];
  roleById: Map<string, RoleDoc>;
  memberByUserId: Map<string, MembershipDoc>;
};

/** Organisations whose roles and members are kept; beyond it the least recently used is dropped. */
const MAX_ORGANISATIONS = 2000;
/**
 * The longest a copy is trusted without a reload, even when the version has not moved: it bounds
 * what a process killed between a write and its version bump can leave stale on another instance.
 */
export const MAX_COPY_AGE_MS = 5_000;

export class OrganisationDirectory {
  private readonly copies = new Map<string, CachedAccess>();
  /** The organisation documents, kept while the organisations collection has not changed (its mark). */
  private readonly documents: StampedCache<OrganisationDoc | null>;

  constructor(
    private readonly repository: OrganisationsRepository,
    private readonly clock: () => number = () => performance.now(),
    changeMark: ChangeMark = () => null,
  ) {
    this.documents = new StampedCache(changeMark, MAX_ORGANISATIONS);
  }

  /** The organisation with its roles and members, or null when it does not exist. */
  async entry(organisationId: string): Promise<OrganisationEntry | null> {
    const organisation = await this.documents.get(organisationId, () =>
      this.repository.findOrganisation(organisationId),
    );
    if (!organisation) {
      this.copies.delete(organisationId);
      return null;
    }
    const version = organisation.accessVersion ?? 0;
    let copy = this.copies.get(organisationId);
    if (!copy || copy.version !== version || this.clock() - copy.loadedAt > MAX_COPY_AGE_MS) {
      // Loaded after the version was read: a change landing meanwhile moves the version past the one
      // recorded here, so the next call reloads; the copy is never older than its version.
      copy = await this.load(organisationId, version);
    } else {
      // Most recently used last, so the oldest key is the one to drop.
      this.copies.delete(organisationId);
      this.copies.set(organisationId, copy);
    }
    return {
      organisation,
      roles: copy.roles,
      members: copy.members,
      roleById: copy.roleById,
      memberByUserId: copy.memberByUserId,
    };
  }

  async isMember(organisationId: string, userId: string): Promise<boolean> {
    return (await this.entry(organisationId))?.memberByUserId.has(userId) ?? false;
  }

  private async load(organisationId: string, version: number): Promise<CachedAccess> {
    const loadedAt = this.clock();
    const [roles, members] = await Promise.all([
      this.repository.rolesOf(organisationId),
      this.repository.membersOf(organisationId),
    ]);
    const copy: CachedAccess = {
      version,
      loadedAt,
      roles,
      members,
      roleById: new Map(roles.map((role) => [role._id, role])),
      memberByUserId: new Map(members.map((member) => [member.userId, member])),
    };
    this.copies.delete(organisationId);
    this.copies.set(organisationId, copy);
    if (this.copies.size > MAX_ORGANISATIONS) this.copies.delete(this.copies.keys().next().value as string);
    return copy;
  }
}
