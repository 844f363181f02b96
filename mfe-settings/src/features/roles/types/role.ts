import type { MemberView, RoleView } from '@app/domain';

/** A role of the organisation; binaryValue is its permission mask as a decimal string. */
export type Role = RoleView;

/** What the role editor reads of a member: who holds which role. */
export type RoleHolder = Pick<MemberView, '_id' | 'username' | 'roles'>;
