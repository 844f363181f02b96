// Replies shared by many calls. Each reply type names the routes that send it; the API's services
// return it and the remotes' api files expect it, so the two sides cannot drift.

/** A call whose reply is one French sentence, shown as the success toast. */
export type MessageReply = { message: string };

/** /api/login, /api/register, /api/fastRegister: the new session's token. */
export type TokenReply = { token: string };
