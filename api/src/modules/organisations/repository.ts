// Organisations, their roles and their members, through the collection interface.
import type { Collection, Store } from '../../db/types';

export type OrganisationDoc = {
  _id: string;
  name: string;
  phone: string;
  ownerId: string;
  createdAt: number;
  /**
   * Moves on every change to the organisation's roles, memberships or licences (written after the
   * change), so in-process copies know they are stale (docs/decisions/request-path.md). Missing = 0.
   */
  accessVersion?: number;
};

export type RoleDoc = {
  _id: string;
  organisationId: string;
  name: string;
  /** The permission mask as a decimal string, as the wire carries it (SPEC.md §3). */
  binaryValue: string;
  createdAt: number;
};

export type MembershipDoc = {
  _id: string;
  organisationId: string;
  userId: string;
  roleId: string;
  createdAt: number;
};

export class OrganisationsRepository {
  readonly organisations: Collection<OrganisationDoc>;
  readonly roles: Collection<RoleDoc>;
  readonly memberships: Collection<MembershipDoc>;

  constructor(private readonly store: Store) {
    this.organisations = store.collection<OrganisationDoc>('organisations');
    this.roles = store.collection<RoleDoc>('roles');
    this.memberships = store.collection<MembershipDoc>('memberships');
  }

  async ensureIndexes(): Promise<void> {
    await this.organisations.createIndex({ ownerId: 1 });
    await this.roles.createIndex({ organisationId: 1 });
    await this.memberships.createIndex({ organisationId: 1, userId: 1 }, { unique: true });
    await this.memberships.createIndex({ userId: 1 });
  }

  /** Runs `work`'s writes as one whole (Store.runInTransaction: docs/decisions/write-transactions.md). */
  together<R>(work: () => Promise<R>): Promise<R> {
    return this.store.runInTransaction(work);
  }

  findOrganisation(organisationId: string): Promise<OrganisationDoc | null> {
    return this.organisations.findOne({ _id: organisationId });
  }

  findOrganisations(ids: string[]): Promise<OrganisationDoc[]> {
    return this.organisations.find({ _id: { $in: ids } });
  }

  async insertOrganisation(doc: Omit<OrganisationDoc, '_id'>): Promise<OrganisationDoc> {
    const { insertedId } = await this.organisations.insertOne(doc);
    return { ...doc, _id: insertedId };
  }

  async insertRoles(docs: Omit<RoleDoc, '_id'>[]): Promise<RoleDoc[]> {
    const { insertedIds } = await this.together(async () => {
      const inserted = await this.roles.insertMany(docs);
      for (const organisationId of new Set(docs.map((doc) => doc.organisationId)))
        await this.markAccessChanged(organisationId);
      return inserted;
    });
    return docs.map((doc, index) => ({ ...doc, _id: insertedIds[index] as string }));
  }

  /** Roles of one organisation, oldest first (the default three, then those created later). */
  rolesOf(organisationId: string): Promise<RoleDoc[]> {
    return this.roles.find({ organisationId }, { sort: { createdAt: 1, _id: 1 } });
  }

  findRole(organisationId: string, roleId: string): Promise<RoleDoc | null> {
    return this.roles.findOne({ _id: roleId, organisationId });
  }

  findRoleByName(organisationId: string, name: string): Promise<RoleDoc | null> {
    return this.roles.findOne({ organisationId, name });
  }

  findMembership(organisationId: string, userId: string): Promise<MembershipDoc | null> {
    return this.memberships.findOne({ organisationId, userId });
  }

  membershipsOfUser(userId: string): Promise<MembershipDoc[]> {
    return this.memberships.find({ userId }, { sort: { createdAt: 1, _id: 1 } });
  }

  membersOf(organisationId: string): Promise<MembershipDoc[]> {
    return this.memberships.find({ organisationId }, { sort: { createdAt: 1, _id: 1 } });
  }

  async insertRole(doc: Omit<RoleDoc, '_id'>): Promise<RoleDoc> {
    const { insertedId } = await this.together(async () => {
      const inserted = await this.roles.insertOne(doc);
      await this.markAccessChanged(doc.organisationId);
      return inserted;
    });
    return { ...doc, _id: insertedId };
  }

  async updateRole(organisationId: string, roleId: string, set: Pick<RoleDoc, 'name' | 'binaryValue'>) {
    await this.together(async () => {
      await this.roles.updateOne({ _id: roleId, organisationId }, { $set: set });
      await this.markAccessChanged(organisationId);
    });
  }

  async deleteRole(organisationId: string, roleId: string): Promise<void> {
    await this.together(async () => {
      await this.roles.deleteOne({ _id: roleId, organisationId });
      await this.markAccessChanged(organisationId);
    });
  }

  countHolders(organisationId: string, roleId: string): Promise<number> {
    return this.memberships.countDocuments({ organisationId, roleId });
  }

  async setMemberRole(organisationId: string, userId: string, roleId: string): Promise<void> {
    await this.together(async () => {
      await this.memberships.updateOne({ organisationId, userId }, { $set: { roleId } });
      await this.markAccessChanged(organisationId);
    });
  }

  /** Ends a membership: every call of that user for this organisation is refused from now on. */
  async deleteMembership(organisationId: string, userId: string): Promise<void> {
    await this.together(async () => {
      await this.memberships.deleteOne({ organisationId, userId });
      await this.markAccessChanged(organisationId);
    });
  }

  async rename(organisationId: string, name: string): Promise<void> {
    await this.organisations.updateOne({ _id: organisationId }, { $set: { name } });
  }

  async insertMembership(doc: Omit<MembershipDoc, '_id'>): Promise<MembershipDoc> {
    const { insertedId } = await this.together(async () => {
      const inserted = await this.memberships.insertOne(doc);
      await this.markAccessChanged(doc.organisationId);
      return inserted;
    });
    return { ...doc, _id: insertedId };
  }

  /**
   * Marks the organisation's access data (roles, members, and licences through their repository) as
   * changed; after the write it follows, in the same transaction.
   */
  async markAccessChanged(organisationId: string): Promise<void> {
    await this.organisations.updateOne({ _id: organisationId }, { $inc: { accessVersion: 1 } });
  }
}
