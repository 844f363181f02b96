// Which browsers a user has signed in from: each browser carries a random id in an HttpOnly cookie
// (set at its first sign-in), and the store keeps a hash of it per user. A sign-in whose browser is
// not among the user's is "from a new browser" (docs/decisions/audit-log.md, "New browser").
import { createHash, randomBytes } from 'node:crypto';
import { DuplicateKeyError } from '../../db/errors';
import type { Collection, Store } from '../../db/types';

export const DEVICE_COOKIE = 'prospection_navigateur';
/** The cookie lives about as long as a browser may set one (400 days, RFC 6265bis). */
export const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;

type KnownBrowserDoc = { _id: string; userId: string; firstSeenAt: number; userAgent: string };

/** The device id in a Cookie header, or null when absent or malformed. */
export function deviceIdOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) {
      const id = value.join('=');
      return DEVICE_ID.test(id) ? id : null;
    }
  }
  return null;
}

export const newDeviceId = () => randomBytes(18).toString('base64url');

/** "Chrome sur Linux": enough for a person to recognise their browser, from its User-Agent. */
export function browserLabel(userAgent: string): string {
  const name = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Navigateur inconnu';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${name} sur ${system}` : name;
}

export class KnownBrowsers {
  private readonly browsers: Collection<KnownBrowserDoc>;

  constructor(store: Store) {
    this.browsers = store.collection<KnownBrowserDoc>('knownBrowsers');
  }

  async ensureIndexes(): Promise<void> {
    await this.browsers.createIndex({ userId: 1 });
  }

  /** Remembers the browser for the user; true when it was not known yet (one winner if two race). */
  async remember(userId: string, deviceId: string, userAgent: string, now: number): Promise<boolean> {
    const _id = createHash('sha256').update(`${userId}:${deviceId}`).digest('hex');
    try {
      await this.browsers.insertOne({ _id, userId, firstSeenAt: now, userAgent: userAgent.slice(0, 300) });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }
}
