/** A role of an organisation; `binaryValue` is its permission mask as a decimal string (SPEC §7). */
export type RoleView = { _id: string; name: string; binaryValue: string };

/** The role a member holds, as the member list names it. */
export type MemberRoleView = { _id: string; name: string };

/** A member as /api/organisation/getUsers lists them. */
export type MemberView = {
  _id: string;
  username: string;
  email: string;
  roles: MemberRoleView[];
  /** The licence key the member holds here, if any. */
  licenceId?: string;
};

/** /api/organisation/getUsers: the organisation's roles and its members with their role and licence. */
export type OrganisationUsersReply = { roles: RoleView[]; users: MemberView[] };

/** /api/user/createRole: the role made, and the success toast. */
export type RoleCreatedReply = { role: RoleView; message: string };

/** One CSV file of /api/organisation/exportData. */
export type DataExportFile = { name: string; csvString: string };

/** /api/organisation/exportData: every data set of the organisation as CSV files. */
export type DataExportReply = { files: DataExportFile[] };
