// Rate limits for the calls an attacker would hammer (login, sign-up, forgot): one counter per client
// IP and one per e-mail address, each per call, answered 429 in French.
import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { RateLimitConfig } from '../config';
import { AppError } from './app-error';

export const RATE_LIMITED_MESSAGE = 'Trop de tentatives, veuillez réessayer dans quelques minutes';

function tooMany(): AppError {
  return new AppError(429, RATE_LIMITED_MESSAGE, 'RATE_LIMITED');
}

export type RateLimiters = { perIp: RequestHandler; perEmail: RequestHandler };

/**
 * Two limiters for one call. `perEmail` must run after body validation: it reads the normalised
 * address from res.locals.body.email, so "A@x.fr " and "a@x.fr" share a counter.
 */
export function createRateLimiters(config: RateLimitConfig): RateLimiters {
  const common = {
    windowMs: config.windowMs,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    handler: (_req: unknown, _res: unknown, next: (error: unknown) => void) => next(tooMany()),
  };
  return {
    perIp: rateLimit({ ...common, limit: config.maxPerIp, identifier: 'ip' }),
    perEmail: rateLimit({
      ...common,
      limit: config.maxPerEmail,
      identifier: 'email',
      // Both limiters share a request; only the per-IP one should add headers.
      standardHeaders: false,
      skip: (_req, res) => typeof res.locals.body?.email !== 'string',
      keyGenerator: (_req, res) => `email:${String(res.locals.body.email)}`,
      validate: { keyGeneratorIpFallback: false },
    }),
  };
}
