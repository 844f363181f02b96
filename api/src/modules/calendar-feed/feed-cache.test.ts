// The kept feeds: one build per member and change token, built again as soon as the token read from
// the store moves, never kept after a failed build, and bounded in size.
import { type BuiltFeed, FeedCache } from './feed-cache';

const feedOf = (text: string): BuiltFeed => ({ body: Buffer.from(text), etag: `W/"${text}"` });

describe('FeedCache', () => {
  it('builds once for a member and token, and answers the next reads with that build', async () => {
    const cache = new FeedCache();
    const build = jest.fn(async () => feedOf('v1'));
    const reads = await Promise.all([cache.get('o|u', '1:0', build), cache.get('o|u', '1:0', build)]);
    expect((await cache.get('o|u', '1:0', build)).etag).toBe('W/"v1"');
    expect(reads.map((feed) => feed.etag)).toEqual(['W/"v1"', 'W/"v1"']);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('builds again when the token moved, and keeps only the new build', async () => {
    const cache = new FeedCache();
    await cache.get('o|u', '1:0', async () => feedOf('v1'));
    expect((await cache.get('o|u', '2:0', async () => feedOf('v2'))).etag).toBe('W/"v2"');
    const build = jest.fn(async () => feedOf('v3'));
    expect((await cache.get('o|u', '2:0', build)).etag).toBe('W/"v2"');
    expect(build).not.toHaveBeenCalled();
  });

  it('keeps each member apart', async () => {
    const cache = new FeedCache();
    await cache.get('o|a', '1:0', async () => feedOf('a'));
    expect((await cache.get('o|b', '1:0', async () => feedOf('b'))).etag).toBe('W/"b"');
  });

  it('does not keep a failed build: the next read builds again', async () => {
    const cache = new FeedCache();
    await expect(
      cache.get('o|u', '1:0', async () => {
        throw new Error('store down');
      }),
    ).rejects.toThrow('store down');
    expect((await cache.get('o|u', '1:0', async () => feedOf('v1'))).etag).toBe('W/"v1"');
  });

  it('drops the least recently read feeds beyond its size', async () => {
    const cache = new FeedCache(10);
    await cache.get('a', '1', async () => feedOf('aaaaaa'));
    await cache.get('b', '1', async () => feedOf('bbbbbb'));
    const again = jest.fn(async () => feedOf('aaaaaa'));
    await cache.get('a', '1', again);
    expect(again).toHaveBeenCalledTimes(1);
    const kept = jest.fn(async () => feedOf('xxxxxx'));
    await cache.get('a', '1', kept);
    expect(kept).not.toHaveBeenCalled();
  });
});
