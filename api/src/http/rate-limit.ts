// Rate limits for the calls an attacker would hammer (login, sign-up, forgot): one counter per client
// IP and one per e-mail address, each per call, answered 429 in French. The counters live in the
// store, not in the process, so every API instance counts the same attempts (docs/deployment.md).
import type { RequestHandler } from 'express';
import { rateLimit, type Store as RateLimitStore } from 'express-rate-limit';
import type { RateLimitConfig } from './config';
import { DuplicateKeyError } from '../db/errors';
import type { Collection, Store } from '../db/types';
import { AppError } from './app-error';

export const RATE_LIMITED_MESSAGE = 'Trop de tentatives, veuillez réessayer dans quelques minutes';

/** Expired windows are removed at most this often per process, on a hit. */
const SWEEP_EVERY_MS = 60_000;

function tooMany(): AppError {
  return new AppError(429, RATE_LIMITED_MESSAGE, 'RATE_LIMITED');
}

type RateCounterDoc = {
  _id: string;
  /** Call, kind and client: "/api/login ip 203.0.113.7", "/api/login email a@x.fr". */
  key: string;
  /** Epoch ms the fixed window starts at (a multiple of its length). */
  windowStart: number;
  hits: number;
  /** End of the window: the counter is useless after it. */
  expiresAt: number;
};

/**
 * Fixed-window hit counters in the store (collection `rateLimits`), shared by every process on the
 * same store. One increment is one `$inc` on the window's document: atomic on both engines.
 */
export class RateLimitCounters {
  private readonly counters: Collection<RateCounterDoc>;
  private nextSweep = 0;

  constructor(
    store: Store,
    /** Wall-clock time: windows are real seconds even where a test moves the app's clock. */
    private readonly now: () => number = Date.now,
  ) {
    this.counters = store.collection<RateCounterDoc>('rateLimits');
  }

  async ensureIndexes(): Promise<void> {
    await this.counters.createIndex({ key: 1, windowStart: 1 }, { unique: true });
    await this.counters.createIndex({ expiresAt: 1 });
  }

  /** Counts one hit for `key` in the current window; returns the window's hits so far and its end. */
  async hit(key: string, windowMs: number): Promise<{ hits: number; resetAt: number }> {
    const now = this.now();
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const expiresAt = windowStart + windowMs;
    const filter = { key, windowStart };
    if ((await this.counters.updateOne(filter, { $inc: { hits: 1 } })).matchedCount === 0) {
      try {
        await this.counters.insertOne({ key, windowStart, hits: 1, expiresAt });
      } catch (error) {
        // Another process opened the window first: count on its document.
        if (!(error instanceof DuplicateKeyError)) throw error;
        await this.counters.updateOne(filter, { $inc: { hits: 1 } });
      }
    }
    // Read after the increment: concurrent hits of other processes are included, never lost.
    const counter = await this.counters.findOne(filter, { projection: { hits: 1 } });
    if (now >= this.nextSweep) {
      this.nextSweep = now + SWEEP_EVERY_MS;
      await this.counters.deleteMany({ expiresAt: { $lte: now } });
    }
    return { hits: counter?.hits ?? 1, resetAt: expiresAt };
  }

  async unhit(key: string, windowMs: number): Promise<void> {
    const windowStart = Math.floor(this.now() / windowMs) * windowMs;
    await this.counters.updateOne({ key, windowStart, hits: { $gt: 0 } }, { $inc: { hits: -1 } });
  }

  async reset(key: string): Promise<void> {
    await this.counters.deleteMany({ key });
  }
}

/** express-rate-limit's store contract over the shared counters, for one limiter (`prefix`). */
function sharedStore(counters: RateLimitCounters, prefix: string, windowMs: number): RateLimitStore {
  return {
    prefix,
    localKeys: false,
    async increment(key) {
      const { hits, resetAt } = await counters.hit(`${prefix}${key}`, windowMs);
      return { totalHits: hits, resetTime: new Date(resetAt) };
    },
    decrement: (key) => counters.unhit(`${prefix}${key}`, windowMs),
    resetKey: (key) => counters.reset(`${prefix}${key}`),
  };
}

export type RateLimiters = { perIp: RequestHandler; perEmail: RequestHandler };

/**
 * Two limiters for one call (`scope`, its path: each call has its own counters). `perEmail` must run
 * after body validation: it reads the normalised address from res.locals.body.email, so "A@x.fr "
 * and "a@x.fr" share a counter.
 */
export function createRateLimiters(
  config: RateLimitConfig,
  counters: RateLimitCounters,
  scope: string,
): RateLimiters {
  const common = {
    windowMs: config.windowMs,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    handler: (_req: unknown, _res: unknown, next: (error: unknown) => void) => next(tooMany()),
  };
  return {
    perIp: rateLimit({
      ...common,
      limit: config.maxPerIp,
      identifier: 'ip',
      store: sharedStore(counters, `${scope} ip `, config.windowMs),
    }),
    perEmail: rateLimit({
      ...common,
      limit: config.maxPerEmail,
      identifier: 'email',
      store: sharedStore(counters, `${scope} `, config.windowMs),
      // Both limiters share a request; only the per-IP one should add headers.
      standardHeaders: false,
      skip: (_req, res) => typeof res.locals.body?.email !== 'string',
      keyGenerator: (_req, res) => `email:${String(res.locals.body.email)}`,
      validate: { keyGeneratorIpFallback: false },
    }),
  };
}
