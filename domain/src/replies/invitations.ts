/** An invitation nobody has accepted yet. */
export type PendingInvitationView = { _id: string; email: string; createdAt: number; expiresAt: number };

/** /api/invitation/list: the organisation's pending invitations. */
export type InvitationsReply = { invitations: PendingInvitationView[] };

/** /api/invitation/join/{id}: the organisation just joined. */
export type JoinInvitationReply = { organisationName: string };
