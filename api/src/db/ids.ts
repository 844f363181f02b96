import { randomBytes } from 'node:crypto';

// An ObjectId as MongoDB's driver makes it (4 bytes of seconds, 5 random bytes drawn once per process,
// a 3-byte counter from a random start), written here so that the embedded store's start does not
// load the driver (a third of the API's module loading; every-core.md, "Start-up").
const processPart = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

/** A new identifier: an ObjectId as a 24-character hex string, the same in both engines. */
export function newId(): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(Date.now() / 1000) % 0x100000000;
  return `${seconds.toString(16).padStart(8, '0')}${processPart}${counter.toString(16).padStart(6, '0')}`;
}

export function isObjectIdHex(value: string): boolean {
  return /^[0-9a-f]{24}$/.test(value);
}
