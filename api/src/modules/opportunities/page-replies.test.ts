import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { PageReplies } from './page-replies';

// Random text: its gzip is about as large as itself, so the budgets below are exact.
const filler = randomBytes(5000).toString('base64');
const page = (n: number, size = 1000) =>
  `{"opportunitys":[${JSON.stringify(filler.slice(0, size))}],"n":${n}}`;

describe('PageReplies', () => {
  it('gives back a kept page as sent, and its gzip computed once', async () => {
    const replies = new PageReplies();
    const kept = replies.keep('a', Buffer.from(page(1)));
    expect(kept.json.toString()).toBe(page(1));
    const again = replies.get('a');
    expect(again?.json).toBe(kept.json);
    const [first, second] = await Promise.all([again?.gzip?.(), replies.get('a')?.gzip?.()]);
    expect(first).toBeDefined();
    expect(second).toBe(first);
    expect(gunzipSync(first as Buffer).toString()).toBe(page(1));
    expect(replies.get('b')).toBeUndefined();
  });

  it('counts the gzip in its bytes and drops the least recently used past its budget', async () => {
    const one = Buffer.byteLength(page(1));
    const replies = new PageReplies(one * 3 + 100);
    replies.keep('a', Buffer.from(page(1)));
    replies.keep('b', Buffer.from(page(2)));
    replies.keep('c', Buffer.from(page(3)));
    expect(replies.size).toBe(one * 3);
    replies.get('a');
    replies.keep('d', Buffer.from(page(4)));
    expect(replies.get('b')).toBeUndefined();
    expect(replies.get('a')?.json.toString()).toBe(page(1));
    const zipped = await replies.get('a')?.gzip?.();
    await new Promise((resolve) => setImmediate(resolve));
    // a, c, d and a's gzip: over the budget, so the least recently used (c) went.
    expect(replies.get('c')).toBeUndefined();
    expect(replies.size).toBe(one * 2 + (zipped?.length ?? 0));
  });

  it('replaces a page kept again under the same key, and keeps nothing larger than its budget', () => {
    const replies = new PageReplies(2000);
    replies.keep('a', Buffer.from(page(1, 10)));
    replies.keep('a', Buffer.from(page(2, 10)));
    expect(replies.get('a')?.json.toString()).toBe(page(2, 10));
    expect(replies.size).toBe(Buffer.byteLength(page(2, 10)));
    const huge = replies.keep('h', Buffer.from(page(3, 5000)));
    expect(huge.json.toString()).toBe(page(3, 5000));
    expect(huge.gzip).toBeUndefined();
    expect(replies.get('h')).toBeUndefined();
  });
});
