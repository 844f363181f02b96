// The feed's address: a selector that finds the feed and a 256-bit secret that proves the right to
// read it. The store keeps the secret's SHA-256 only; the check compares hashes in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const SELECTOR_PATTERN = /^[A-Za-z0-9_-]{16}$/;
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type FeedCredentials = { selector: string; secret: string; secretHash: string };

export function hashFeedSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A new selector (96 bits, 16 characters) and secret (256 bits, 43 characters), URL-safe. */
export function newFeedCredentials(): FeedCredentials {
  const selector = randomBytes(12).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  return { selector, secret, secretHash: hashFeedSecret(secret) };
}

/** Whether `secret` is the one whose hash is stored, in a time that does not depend on where they differ. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashFeedSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === presented.length && timingSafeEqual(presented, stored);
}
