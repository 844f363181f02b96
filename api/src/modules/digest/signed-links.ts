// Signed, single-purpose link tokens: HMAC-SHA256 with the server's secret over the purpose, the
// organisation and the member, so a token opens one thing for one member of one organisation and
// cannot be edited into another (docs/decisions/morning-digest.md, "Unsubscribe").
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isObjectIdHex } from '../../db/ids';

/** The only purpose the morning e-mail signs. */
export const UNSUBSCRIBE_PURPOSE = 'digest-unsubscribe';

export type SignedScope = { organisationId: string; userId: string };

function mac(secret: string, purpose: string, scope: SignedScope): Buffer {
  return createHmac('sha256', secret)
    .update(`${purpose}\n${scope.organisationId}\n${scope.userId}`, 'utf8')
    .digest();
}

/** `<organisationId>.<userId>.<signature>`: ids in clear (they are not secrets), the MAC base64url. */
export function signScope(secret: string, purpose: string, scope: SignedScope): string {
  return `${scope.organisationId}.${scope.userId}.${mac(secret, purpose, scope).toString('base64url')}`;
}

/** The scope a token was signed for with this purpose, or null (malformed, tampered, other purpose). */
export function verifyScope(secret: string, purpose: string, token: unknown): SignedScope | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const [organisationId, userId, signature, extra] = token.split('.');
  if (extra !== undefined || !organisationId || !userId || !signature) return null;
  if (!isObjectIdHex(organisationId) || !isObjectIdHex(userId) || !/^[\w-]{43}$/.test(signature)) return null;
  const scope = { organisationId, userId };
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, purpose, scope);
  return given.length === expected.length && timingSafeEqual(given, expected) ? scope : null;
}
