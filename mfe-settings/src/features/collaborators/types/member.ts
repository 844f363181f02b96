import type { MemberRoleView, MemberView, PendingInvitationView, RoleView } from '@app/domain';

// The screens' names for the API's reply types (domain/src/replies/).
export type MemberRole = MemberRoleView;
/** A member as /api/organisation/getUsers lists them. */
export type Member = MemberView;
export type RoleOption = RoleView;
/** A pending invitation (/api/invitation/list). */
export type Invitation = PendingInvitationView;
