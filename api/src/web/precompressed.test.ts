// The builds' Brotli copies (`<file>.br`) sent as they are to a browser that takes Brotli, through the
// one-port static site; every other browser and file served as before.
import { brotliCompressSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { createTestApp, type TestApp } from '../test-support/test-app';

function writeFile(root: string, relative: string, content: string | Buffer): void {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** A script long enough for the compression middleware to gzip it (its threshold is 1 KB). */
const script = (name: string) => `console.log(${JSON.stringify(name)});\n`.repeat(100);
/** The copy's size: what the reply's Content-Length is when the copy was sent (a reply compressed on the
 * fly has none). supertest decodes the bodies, so they compare with the original's text. */
const copySizes = new Map<string, number>();
const withBrotliCopy = (root: string, relative: string, content: string) => {
  writeFile(root, relative, content);
  const copy = brotliCompressSync(content);
  writeFile(root, `${relative}.br`, copy);
  copySizes.set(content, copy.length);
};
const get = (app: TestApp['app'], url: string, acceptEncoding: string) =>
  request(app).get(url).set('Accept-Encoding', acceptEncoding).buffer(true);

describe('Brotli copies of the builds', () => {
  let t: TestApp;
  const chunk = script('chunk');
  const main = script('main');
  const remoteChunk = script('remote chunk');
  const plain = script('no copy');

  beforeAll(() => {
    t = createTestApp();
    const web = t.config.webRoot;
    writeFile(web, 'shell/dist/index.html', '<!doctype html><title>Shell</title><div id="root"></div>');
    withBrotliCopy(web, 'shell/dist/470.90d50459.js', chunk);
    withBrotliCopy(web, 'shell/dist/main.js', main);
    writeFile(web, 'shell/dist/627.9414104f.js', plain);
    withBrotliCopy(web, 'mfe-prospecting/dist/595.b4627165.js', remoteChunk);
    // Outside every build folder: never reachable, with or without its copy.
    withBrotliCopy(web, 'secret.js', script('secret'));
  });
  afterAll(() => t.close());

  it('sends the copy to a browser taking Brotli, with the script’s type and cache rules', async () => {
    const res = await get(t.app, '/470.90d50459.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBe(String(copySizes.get(chunk)));
    const original = await get(t.app, '/470.90d50459.js', 'identity');
    expect(res.headers['content-type']).toBe(original.headers['content-type']);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.text).toBe(chunk);
  });

  it('keeps an entry file revalidated, and serves a remote’s copy under /remotes/<name>/', async () => {
    const entry = await get(t.app, '/main.js', 'br');
    expect(entry.headers['content-length']).toBe(String(copySizes.get(main)));
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.text).toBe(main);
    const remote = await get(t.app, '/remotes/prospecting/595.b4627165.js', 'gzip, br');
    expect(remote.headers['content-encoding']).toBe('br');
    expect(remote.headers['content-length']).toBe(String(copySizes.get(remoteChunk)));
    expect(remote.text).toBe(remoteChunk);
  });

  it('gzips as before for a browser without Brotli, or refusing it', async () => {
    for (const acceptEncoding of ['gzip, deflate', 'br;q=0, gzip']) {
      const res = await get(t.app, '/470.90d50459.js', acceptEncoding);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(res.text).toBe(chunk);
    }
    const identity = await get(t.app, '/470.90d50459.js', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.text).toBe(chunk);
  });

  it('compresses a file without a copy on the fly, as before', async () => {
    const res = await get(t.app, '/627.9414104f.js', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.text).toBe(plain);
  });

  it('answers a missing file with a plain 404, not one labelled as compressed', async () => {
    const res = await get(t.app, '/absent.0123abcd.js', 'br');
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toBe('Fichier introuvable');
  });

  it.each(['/..%2fsecret.js', '/remotes/prospecting/..%2f..%2f..%2fsecret.js', '/%2e%2e/secret.js'])(
    'never serves a file outside the build folder (%s)',
    async (url) => {
      const res = await get(t.app, url, 'br');
      expect(res.status).toBe(404);
      expect(res.headers['content-encoding']).toBeUndefined();
    },
  );
});
