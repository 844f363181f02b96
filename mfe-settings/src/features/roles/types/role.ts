/** A role of the organisation; binaryValue is its permission mask as a decimal string. */
export type Role = { _id: string; name: string; binaryValue: string };

export type RoleHolder = { _id: string; username: string; roles: { _id: string; name: string }[] };
