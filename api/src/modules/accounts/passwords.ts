// Password hashing with scrypt (node:crypto). The stored string carries its own parameters, so the
// cost can be raised later and old hashes still verify. docs/decisions/sessions-and-tokens.md.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const memoryFor = (cost: number, blockSize: number) => 256 * cost * blockSize;

/** `scrypt$<N>$<r>$<p>$<salt base64url>$<hash base64url>` */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, {
    N: cost,
    r: BLOCK_SIZE,
    p: PARALLELISM,
    maxmem: memoryFor(cost, BLOCK_SIZE),
  });
  return [
    'scrypt',
    cost,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !hashText) return false;
  const cost = Number(n);
  const blockSize = Number(r);
  const expected = Buffer.from(hashText, 'base64url');
  const key = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N: cost,
    r: blockSize,
    p: Number(p),
    maxmem: memoryFor(cost, blockSize),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A valid hash of a random password: checked against when the e-mail is unknown, so timing tells nothing. */
export async function makeDecoyHash(cost: number): Promise<string> {
  return hashPassword(randomBytes(18).toString('base64url'), cost);
}
