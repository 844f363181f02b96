import { ObjectId } from 'mongodb';
import { isObjectIdHex, newId } from './ids';

describe('newId', () => {
  it('makes ObjectIds as the MongoDB driver reads them: 24 hex characters, the creation second first', () => {
    const before = Math.floor(Date.now() / 1000);
    const id = newId();
    const after = Math.floor(Date.now() / 1000);
    expect(isObjectIdHex(id)).toBe(true);
    const seconds = new ObjectId(id).getTimestamp().getTime() / 1000;
    expect(seconds).toBeGreaterThanOrEqual(before);
    expect(seconds).toBeLessThanOrEqual(after);
    expect(new ObjectId(id).toHexString()).toBe(id);
  });

  it('never repeats an id and counts them up from one process’s random part, as ObjectIds do', () => {
    const ids = Array.from({ length: 10_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    // Each id's counter is the previous one's plus one (modulo 2^24), whatever the second.
    const counters = ids.map((id) => parseInt(id.slice(18), 16));
    counters
      .slice(1)
      .forEach((counter, index) => expect(counter).toBe(((counters[index] as number) + 1) % 0x1000000));
    expect(new Set(ids.map((id) => id.slice(8, 18))).size).toBe(1);
  });
});
