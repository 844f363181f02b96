// Idempotency keys: a client that may send the same change twice (the device queue of the field day,
// retrying after a lost reply) names it with an `Idempotency-Key` header; the first request with that
// key is applied and its reply kept, a repeated one gets the kept reply without applying anything again.
// Replies live in the store (collection `idempotentReplies`, unique per organisation + user + key), so
// every API process on one store answers the same. docs/decisions/offline-day.md.
import { createHash } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { DuplicateKeyError } from '../db/errors';
import type { Collection, Store } from '../db/types';
import { AppError } from './app-error';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** How long a reply is kept: a device offline longer sends its change as a new one (it was never sent). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** A claim older than this was left by a process that died while applying it: it may be taken over. */
export const ABANDONED_CLAIM_MS = 2 * 60 * 1000;

/** Expired replies are removed at most this often per process. */
const SWEEP_EVERY_MS = 60_000;

/** A UUID or any opaque token of 8 to 128 letters, digits, '-' and '_'. */
const KEY_FORMAT = /^[A-Za-z0-9_-]{8,128}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'En-tête Idempotency-Key invalide : attendu de 8 à 128 lettres, chiffres, tirets ou soulignés',
  inProgress: 'Cette modification est déjà en cours de traitement ; réessayez dans un instant',
  reused: 'Cette clé d’idempotence a déjà servi pour une autre requête',
} as const;

type IdempotentReplyDoc = {
  _id: string;
  /** "<organisationId or '-'> <userId> <key>": one caller's key never meets another's. */
  scope: string;
  /** sha256 of the path and the body without its token: the same key for another change is refused. */
  fingerprint: string;
  state: 'pending' | 'done';
  status: number;
  contentType: string;
  body: string;
  createdAt: number;
  expiresAt: number;
};

type Claim =
  | { kind: 'new'; id: string }
  | { kind: 'replay'; status: number; contentType: string; body: string }
  | { kind: 'in-progress' }
  | { kind: 'reused' };

export class IdempotentReplies {
  private readonly replies: Collection<IdempotentReplyDoc>;
  private nextSweep = 0;

  constructor(
    store: Store,
    private readonly now: () => number = Date.now,
  ) {
    this.replies = store.collection<IdempotentReplyDoc>('idempotentReplies');
  }

  async ensureIndexes(): Promise<void> {
    await this.replies.createIndex({ scope: 1 }, { unique: true });
    await this.replies.createIndex({ expiresAt: 1 });
  }

  /** Claims `scope` for a first request, or says what was (or is being) answered for it. */
  async claim(scope: string, fingerprint: string): Promise<Claim> {
    const now = this.now();
    await this.sweep(now);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        const { insertedId } = await this.replies.insertOne({
          scope,
          fingerprint,
          state: 'pending',
          status: 0,
          contentType: '',
          body: '',
          createdAt: now,
          expiresAt: now + IDEMPOTENCY_TTL_MS,
        });
        return { kind: 'new', id: insertedId };
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
      const existing = await this.replies.findOne({ scope });
      if (!existing) continue; // expired and swept between the two calls: claim again
      if (existing.fingerprint !== fingerprint) return { kind: 'reused' };
      if (existing.state === 'done') {
        return {
          kind: 'replay',
          status: existing.status,
          contentType: existing.contentType,
          body: existing.body,
        };
      }
      if (now - existing.createdAt < ABANDONED_CLAIM_MS) return { kind: 'in-progress' };
      // Left by a process that stopped mid-way: forget it and claim again.
      await this.replies.deleteOne({ _id: existing._id, state: 'pending' });
    }
    return { kind: 'in-progress' };
  }

  async complete(id: string, status: number, contentType: string, body: string): Promise<void> {
    await this.replies.updateOne({ _id: id }, { $set: { state: 'done', status, contentType, body } });
  }

  /** A server failure is not kept: the same key may be tried again. */
  async release(id: string): Promise<void> {
    await this.replies.deleteOne({ _id: id });
  }

  private async sweep(now: number): Promise<void> {
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    await this.replies.deleteMany({ expiresAt: { $lte: now } });
  }
}

function fingerprintOf(path: string, body: unknown): string {
  const { token: _token, ...rest } = (body ?? {}) as Record<string, unknown>;
  return createHash('sha256').update(path).update('\n').update(JSON.stringify(rest)).digest('hex');
}

function bodyText(chunk: unknown, encoding: unknown): string {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return '';
  if (Buffer.isBuffer(chunk)) return chunk.toString('utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk).toString('utf8');
  return typeof encoding === 'string' && encoding !== 'utf8' && encoding !== 'utf-8'
    ? Buffer.from(String(chunk), encoding as BufferEncoding).toString('utf8')
    : String(chunk);
}

/**
 * Keeps the reply of the request once it is written (whatever writes it: the route, a redirect, the
 * error handler) and only then lets it go out, so a retry arriving after the reply finds it kept.
 */
function keepReplyOnEnd(res: Response, replies: IdempotentReplies, id: string): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let ended = false;
  res.end = ((...args: unknown[]) => {
    if (ended) return res;
    ended = true;
    const [chunk, encoding] = args;
    const status = res.statusCode;
    const contentType = String(res.getHeader('Content-Type') ?? '');
    const keep =
      status >= 500
        ? replies.release(id)
        : replies.complete(id, status, contentType, bodyText(chunk, encoding));
    keep
      .catch((error: unknown) => res.req.log?.error({ err: error }, 'Réponse idempotente non conservée'))
      .finally(() => end(...args));
    return res;
  }) as Response['end'];
}

/**
 * For a route with a session: with an `Idempotency-Key` header, the first request is applied and its
 * reply kept 24 h; a repeat replays it (header `Idempotent-Replayed: true`). Without the header, nothing
 * changes. Runs after the session is known, before the organisation's checks: a change applied before a
 * licence or a membership was removed is still answered as applied.
 */
export function idempotency(replies: IdempotentReplies): RequestHandler {
  return async (req, res, next) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined) {
      next();
      return;
    }
    if (!KEY_FORMAT.test(key)) throw AppError.badRequest(IDEMPOTENCY_MESSAGES.invalidKey);
    const { userId } = res.locals.session as { userId: string };
    const organisationId: unknown = (req.body as Record<string, unknown> | undefined)?.organisationId;
    const scope = `${typeof organisationId === 'string' ? organisationId : '-'} ${userId} ${key}`;
    const claim = await replies.claim(scope, fingerprintOf(req.path, req.body));
    if (claim.kind === 'reused')
      throw new AppError(422, IDEMPOTENCY_MESSAGES.reused, 'IDEMPOTENCY_KEY_REUSED');
    if (claim.kind === 'in-progress') {
      throw new AppError(409, IDEMPOTENCY_MESSAGES.inProgress, 'IDEMPOTENCY_IN_PROGRESS');
    }
    if (claim.kind === 'replay') {
      res.status(claim.status);
      if (claim.contentType) res.setHeader('Content-Type', claim.contentType);
      res.setHeader('Idempotent-Replayed', 'true');
      res.end(claim.body);
      return;
    }
    keepReplyOnEnd(res, replies, claim.id);
    next();
  };
}
