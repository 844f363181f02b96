// The directory's copies of roles and members: reused while the organisation has not changed, never
// stale after a change, whichever process made it.
import { openMemorySqliteStore } from '../../db/sqlite-store';
import type { Collection, Document, Store } from '../../db/types';
import { MAX_COPY_AGE_MS, OrganisationDirectory } from './directory';
import { OrganisationsRepository } from './repository';

/** Counts the reads that reach the roles and memberships collections. */
function countingReads(repository: OrganisationsRepository): { reads: () => number } {
  let reads = 0;
  const count = <T extends Document>(collection: Collection<T>) => {
    const find = collection.find.bind(collection);
    collection.find = (...args) => {
      reads += 1;
      return find(...args);
    };
  };
  count(repository.roles);
  count(repository.memberships);
  return { reads: () => reads };
}

describe('OrganisationDirectory', () => {
  let store: Store;
  let repository: OrganisationsRepository;
  let organisationId: string;
  let adminRoleId: string;
  let salesRoleId: string;

  beforeEach(async () => {
    store = openMemorySqliteStore();
    repository = new OrganisationsRepository(store);
    await repository.ensureIndexes();
    const organisation = await repository.insertOrganisation({
      name: 'Société Alpha',
      phone: '0102030405',
      ownerId: 'owner',
      createdAt: 1,
    });
    organisationId = organisation._id;
    const [admin, sales] = await repository.insertRoles([
      { organisationId, name: 'Administrateur', binaryValue: '8388607', createdAt: 1 },
      { organisationId, name: 'Commercial', binaryValue: '1', createdAt: 2 },
    ]);
    adminRoleId = admin!._id;
    salesRoleId = sales!._id;
    await repository.insertMembership({ organisationId, userId: 'owner', roleId: adminRoleId, createdAt: 1 });
  });

  afterEach(() => store.close());

  it('reads roles and members once while nothing changes', async () => {
    const directory = new OrganisationDirectory(repository);
    const { reads } = countingReads(repository);
    const first = await directory.entry(organisationId);
    const second = await directory.entry(organisationId);
    expect(reads()).toBe(2);
    expect(second?.roles.map((role) => role.name)).toEqual(['Administrateur', 'Commercial']);
    expect(second?.memberByUserId.get('owner')?.roleId).toBe(adminRoleId);
    expect(second?.members).toBe(first?.members);
  });

  it('sees every change to roles and members on the next call, made here or by another process', async () => {
    const here = new OrganisationDirectory(repository);
    // Another API process on the same store: its own repository and directory.
    const elsewhere = new OrganisationDirectory(new OrganisationsRepository(store));
    await here.entry(organisationId);
    await elsewhere.entry(organisationId);

    await repository.insertMembership({ organisationId, userId: 'sales', roleId: salesRoleId, createdAt: 2 });
    for (const directory of [here, elsewhere])
      expect((await directory.entry(organisationId))?.memberByUserId.get('sales')?.roleId).toBe(salesRoleId);

    await repository.updateRole(organisationId, salesRoleId, { name: 'Vendeur', binaryValue: '3' });
    for (const directory of [here, elsewhere])
      expect((await directory.entry(organisationId))?.roleById.get(salesRoleId)).toMatchObject({
        name: 'Vendeur',
        binaryValue: '3',
      });

    await repository.setMemberRole(organisationId, 'sales', adminRoleId);
    for (const directory of [here, elsewhere])
      expect((await directory.entry(organisationId))?.memberByUserId.get('sales')?.roleId).toBe(adminRoleId);

    await repository.deleteMembership(organisationId, 'sales');
    for (const directory of [here, elsewhere])
      expect(await directory.isMember(organisationId, 'sales')).toBe(false);

    await repository.deleteRole(organisationId, salesRoleId);
    for (const directory of [here, elsewhere])
      expect((await directory.entry(organisationId))?.roleById.has(salesRoleId)).toBe(false);

    const created = await repository.insertRole({
      organisationId,
      name: 'Stagiaire',
      binaryValue: '0',
      createdAt: 3,
    });
    for (const directory of [here, elsewhere])
      expect((await directory.entry(organisationId))?.roles.map((role) => role._id)).toContain(created._id);
  });

  it('reads the organisation itself on every call: a rename or a new owner shows at once', async () => {
    const directory = new OrganisationDirectory(repository);
    await directory.entry(organisationId);
    await repository.rename(organisationId, 'Société Bêta');
    expect((await directory.entry(organisationId))?.organisation.name).toBe('Société Bêta');
  });

  it('reloads a copy older than the maximum age even when the version has not moved', async () => {
    let now = 0;
    const directory = new OrganisationDirectory(repository, () => now);
    await directory.entry(organisationId);
    // A write whose version bump never happened (a process killed in between).
    await repository.memberships.insertOne({
      organisationId,
      userId: 'ghost',
      roleId: salesRoleId,
      createdAt: 5,
    });
    expect(await directory.isMember(organisationId, 'ghost')).toBe(false);
    now = MAX_COPY_AGE_MS + 1;
    expect(await directory.isMember(organisationId, 'ghost')).toBe(true);
  });

  it('answers null for an organisation that does not exist', async () => {
    const directory = new OrganisationDirectory(repository);
    expect(await directory.entry('0123456789abcdef01234567')).toBeNull();
    expect(await directory.isMember('0123456789abcdef01234567', 'owner')).toBe(false);
  });
});
