export type MemberRole = { _id: string; name: string };

/** A member as /api/organisation/getUsers lists them. */
export type Member = {
  _id: string;
  username: string;
  email: string;
  roles: MemberRole[];
  licenceId?: string | null;
};

export type RoleOption = { _id: string; name: string; binaryValue: string };

/** A pending invitation (/api/invitation/list). */
export type Invitation = { _id: string; email: string; createdAt: number; expiresAt: number };
