/** /api/account/get: the signed-in user's name and e-mail. */
export type AccountReply = { username: string; email: string };
