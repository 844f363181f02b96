import type { RoundStart, RoundSummary, RoundView } from '../rounds';

/** /api/round/get, create, update: the round as saved. */
export type RoundReply = { round: RoundView };

/** /api/round/list: the caller's saved rounds, newest first. */
export type RoundsReply = { rounds: RoundSummary[] };

/** /api/round/geocode: the start address, geocoded. */
export type RoundStartReply = { start: RoundStart };

/** /api/round/delete. */
export type RoundDeletedReply = { deleted: true };
