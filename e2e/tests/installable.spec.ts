// The installable app (issue 19, "The day's round, offline"): the web app manifest and its icons, the
// service worker registered and controlling the page, the shell and the screens of a remote opened
// once online rendering with no network, and remote manifests network-first: after the network is
// back, a redeployed remote's manifest is fetched from the server, not from the cache.
// The app sits behind a small proxy that records every request reaching the server, can cut the
// network (every connection refused, the worker's fetches included) and can "redeploy" the auth
// remote (its mf-manifest.json then carries a new field).
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { filesNotYetCached } from '../support/offline-cache';
import { startApp, type RunningApp } from '../support/servers';

const AUTH_MANIFEST = '/remotes/auth/mf-manifest.json';
const REDEPLOYED_MARKER = 'déploiement-2';

type Proxy = { url: string; paths: string[]; offline: boolean; redeployed: boolean; server: Server };

function startProxy(target: string): Promise<Proxy> {
  const upstream = new URL(target);
  const proxy: Proxy = { url: '', paths: [], offline: false, redeployed: false, server: createServer() };
  proxy.server.on('request', (req, res) => {
    if (proxy.offline) {
      req.socket.destroy();
      return;
    }
    const path = req.url ?? '/';
    proxy.paths.push(path.split('?')[0] ?? path);
    const rewrite = proxy.redeployed && path.startsWith(AUTH_MANIFEST);
    const headers = { ...req.headers, host: upstream.host };
    if (rewrite) {
      // A fresh body to change: neither compressed nor revalidated against the old copy.
      delete headers['accept-encoding'];
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const out = forward(
      { host: upstream.hostname, port: upstream.port, path, method: req.method, headers },
      (reply) => {
        if (!rewrite) {
          res.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk));
        reply.on('end', () => {
          const manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
          const body = JSON.stringify({ ...manifest, deployment: REDEPLOYED_MARKER });
          const { 'content-length': _length, etag: _etag, ...rest } = reply.headers;
          res.writeHead(reply.statusCode ?? 502, { ...rest, 'content-length': Buffer.byteLength(body) });
          res.end(body);
        });
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  return new Promise((resolve) =>
    proxy.server.listen(0, '127.0.0.1', () => {
      proxy.url = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
      resolve(proxy);
    }),
  );
}

/** Width and height read from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

let app: RunningApp;
let proxy: Proxy;
let context: BrowserContext;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  app = await startApp({ LOG_LEVEL: 'error' });
  proxy = await startProxy(app.url);
  // The suite blocks service workers elsewhere (playwright.config.ts); this context lets them run.
  context = await browser.newContext({
    serviceWorkers: 'allow',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await new Promise((resolve) => proxy?.server.close(resolve));
  await app?.stop();
});

test('the page links a valid web app manifest whose icons are served', async () => {
  await page.goto(`${proxy.url}/login`);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /^#[0-9a-f]{6}$/i);

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const reply = await page.request.get(`${proxy.url}${href}`);
  expect(reply.status()).toBe(200);
  expect(reply.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await reply.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    lang: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Prospection',
    short_name: 'Prospection',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    lang: 'fr',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  const sizes = new Set<string>();
  for (const icon of manifest.icons) {
    const file = await page.request.get(new URL(icon.src, `${proxy.url}${href}`).toString());
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    const size = pngSize(await file.body());
    expect(size, icon.src).toBe(icon.sizes);
    sizes.add(`${size} ${icon.purpose ?? 'any'}`);
  }
  expect([...sizes].sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
});

test('the service worker registers and controls the page', async () => {
  const scriptUrl = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? null;
  });
  expect(scriptUrl).toBe(`${proxy.url}/sw.js`);
  // clientsClaim(): the page that installed it is controlled without a reload.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toBe(`${proxy.url}/sw.js`);
  const sw = await page.request.get(`${proxy.url}/sw.js`);
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

/** Cuts the network: the browser's (pages and worker) and the server's side. */
async function goOffline(): Promise<number> {
  proxy.offline = true;
  await context.setOffline(true);
  return proxy.paths.length;
}

async function goOnline(): Promise<void> {
  proxy.offline = false;
  await context.setOffline(false);
}

test('offline, the shell and the login screen of the first visit render', async () => {
  // The first visit's files were loaded before the worker controlled the page: the page hands them
  // over and the worker caches them, so no second online visit is needed. Offline only once every
  // one of them is in a cache (the hand-over is asynchronous).
  await expect.poll(() => filesNotYetCached(page)).toEqual([]);
  const reachedBefore = await goOffline();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  // Nothing reached the server: all of it came from the worker's caches.
  expect(proxy.paths.length).toBe(reachedBefore);
  await goOnline();
});

test('offline, a screen opened once online renders, by a link or a full load', async () => {
  await page.goto(`${proxy.url}/forgot`);
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
  await page.goto(`${proxy.url}/login`);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();

  const reachedBefore = await goOffline();
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
  // A route never loaded as a page gets the shell's page from the precache, then its screen.
  await page.goto(`${proxy.url}/login?depuis=hors-ligne`);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  expect(proxy.paths.length).toBe(reachedBefore);
});

test('back online, a redeployed remote manifest comes from the network, not from the cache', async () => {
  // While offline the worker answers the manifest from its cache (the copy without the marker).
  const cached = await page.evaluate(
    async (url) => (await (await fetch(url)).json()) as object,
    AUTH_MANIFEST,
  );
  expect(cached).not.toHaveProperty('deployment');

  proxy.redeployed = true;
  await goOnline();
  const reachedBefore = proxy.paths.length;

  await page.goto(`${proxy.url}/login`);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  const reached = proxy.paths.slice(reachedBefore);
  // The page, the manifest of remotes and the remote's manifest were asked of the server.
  expect(reached).toEqual(expect.arrayContaining(['/login', '/remotes.json', AUTH_MANIFEST]));
  const fresh = await page.evaluate(
    async (url) => (await (await fetch(url)).json()) as object,
    AUTH_MANIFEST,
  );
  expect(fresh).toHaveProperty('deployment', REDEPLOYED_MARKER);
});
