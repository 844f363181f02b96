import { isApiRequest, isHashedFile, isRuntimeManifest, loadedFilesToCache, runtimeCacheOf } from './routes';

const url = (path: string) => new URL(path, 'http://127.0.0.1:3000');

test('remote manifests and entries, the manifest of remotes and the runtime configuration are network-first', () => {
  for (const path of [
    '/remotes.json',
    '/app-config.json',
    '/remotes/auth/mf-manifest.json',
    '/remotes/prospecting/remoteEntry.js',
  ])
    expect(isRuntimeManifest(url(path))).toBe(true);
  // A remote on its own origin (REMOTE_URL_<NAME>) too.
  expect(isRuntimeManifest(new URL('https://crm.example/mf-manifest.json'))).toBe(true);
  for (const path of ['/main.js', '/remotes/auth/src_routes_tsx.0123abcd.js', '/api/verify'])
    expect(isRuntimeManifest(url(path))).toBe(false);
});

test('hashed chunks are cache-first; entries, pages and source maps are not', () => {
  expect(isHashedFile(url('/remotes/prospecting/585.3f2a9c1b.js'))).toBe(true);
  expect(isHashedFile(url('/remotes/prospecting/leaflet.0123456789abcdef.css'))).toBe(true);
  for (const path of ['/remotes/auth/remoteEntry.js', '/main.js', '/login', '/585.3f2a9c1b.js.map'])
    expect(isHashedFile(url(path))).toBe(false);
});

test('the API is left alone', () => {
  expect(isApiRequest(url('/api/opportunity/getwithfilter'))).toBe(true);
  expect(isApiRequest(url('/api'))).toBe(true);
  expect(isApiRequest(url('/apiculture'))).toBe(false);
});

test('a file handed over by the page goes to the cache of the rule that serves it, or to none', () => {
  const origin = 'http://127.0.0.1:3000';
  expect(runtimeCacheOf(url('/remotes/prospecting/585.3f2a9c1b.js'), origin)).toBe('chunks');
  expect(runtimeCacheOf(url('/remotes/prospecting/mf-manifest.json'), origin)).toBe('manifests');
  expect(runtimeCacheOf(url('/remotes.json'), origin)).toBe('manifests');
  // The API, pages and unhashed files are not kept; another origin's chunks are opaque.
  for (const path of ['/api/round/get', '/login', '/main.js'])
    expect(runtimeCacheOf(url(path), origin)).toBeNull();
  expect(runtimeCacheOf(new URL('https://crm.example/585.3f2a9c1b.js'), origin)).toBeNull();
});

test('the page hands over its own files once each, never the API nor another origin', () => {
  const origin = 'http://127.0.0.1:3000';
  expect(
    loadedFilesToCache(
      [
        `${origin}/main.js`,
        `${origin}/remotes/prospecting/585.3f2a9c1b.js`,
        `${origin}/remotes/prospecting/585.3f2a9c1b.js#again`,
        `${origin}/api/opportunity/getwithfilter`,
        'https://tiles.example/5/16/11.png',
        `${origin}/remotes.json`,
      ],
      origin,
    ),
  ).toEqual([`${origin}/main.js`, `${origin}/remotes/prospecting/585.3f2a9c1b.js`, `${origin}/remotes.json`]);
});
