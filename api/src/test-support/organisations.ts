// Seeding an organisation's members in API tests, the way the organisations component writes them:
// every write moves the organisation's access version, so the in-process copies are read again.
import type { Store } from '../db/types';
import { createMembership } from '../modules/organisations/module';

/** Makes `userId` a member of the organisation with the role `roleName` (created with `binaryValue` if missing). */
export async function seedMember(
  store: Store,
  organisationId: string,
  userId: string,
  roleName: string,
  binaryValue = '0',
): Promise<void> {
  const membership = createMembership({ store, now: () => 1 });
  const { repository } = membership;
  if (!(await repository.findRoleByName(organisationId, roleName)))
    await repository.insertRole({ organisationId, name: roleName, binaryValue, createdAt: 1 });
  await membership.addMember(organisationId, userId, roleName);
}

/** What the licences component does after each write to an organisation's licences. */
export function markAccessChanged(store: Store, organisationId: string): Promise<void> {
  return createMembership({ store, now: () => 1 }).accessChanged(organisationId);
}
