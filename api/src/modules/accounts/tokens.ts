import { createHash, randomBytes } from 'node:crypto';

/** A random 256-bit secret, URL-safe (43 characters). Sessions, reset links and invitations use it. */
export function createSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the store keeps instead of the secret: a leaked database does not give working tokens. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
