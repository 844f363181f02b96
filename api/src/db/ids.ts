import { ObjectId } from 'mongodb';

/** A new identifier: an ObjectId as a 24-character hex string, the same in both engines. */
export function newId(): string {
  return new ObjectId().toHexString();
}

export function isObjectIdHex(value: string): boolean {
  return /^[0-9a-f]{24}$/.test(value);
}
