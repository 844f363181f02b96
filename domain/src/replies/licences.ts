import type { LicenceKeyView } from '../licences';

/**
 * /api/stripe/getAllKey: the organisation's licence keys, oldest first, and `userId`, the caller (the
 * licence they hold cannot be unassigned from here).
 */
export type LicenceKeysReply = { keys: LicenceKeyView[]; userId: string };
