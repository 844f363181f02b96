// One-port serving: shell with history fallback, remotes, manifests, cache headers, missing builds.
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createTestApp, type TestApp } from '../test-support/test-app';

function writeFile(root: string, relative: string, content: string): void {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** A web root holding the shell's page and a remotes.json, as the API's WEB_ROOT wants. */
function webRoot(shellPage: string, remotes: string): string {
  const web = mkdtempSync(path.join(tmpdir(), 'web-root-'));
  writeFile(web, 'shell/dist/index.html', shellPage);
  writeFileSync(path.join(web, 'remotes.json'), remotes);
  return web;
}

describe('one-port static site', () => {
  let t: TestApp;

  beforeAll(() => {
    t = createTestApp();
    const web = t.config.webRoot;
    writeFile(web, 'shell/dist/index.html', '<!doctype html><title>Shell</title><div id="root"></div>');
    writeFile(web, 'shell/dist/main.js', 'console.log("main")');
    writeFile(web, 'shell/dist/vendors.3f2a9c1b7d.js', '/* chunk */');
    writeFile(web, 'shell/dist/favicon.ico', 'ico');
    writeFile(web, 'shell/dist/sw.js', 'self.addEventListener("fetch", () => {});');
    writeFile(web, 'shell/dist/manifest.webmanifest', '{"name":"Prospection"}');
    writeFile(web, 'shell/dist/icons/icon-192.png', 'png');
    writeFile(web, 'mfe-auth/dist/remoteEntry.js', '/* auth entry */');
    writeFile(web, 'mfe-auth/dist/mf-manifest.json', '{"name":"auth"}');
    writeFile(web, 'mfe-auth/dist/src_routes_tsx.0123456789abcdef.js', '/* auth chunk */');
  });
  afterAll(() => t.close());

  it('serves the shell at / with no-cache', async () => {
    const res = await request(t.app).get('/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Shell</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/login', '/dashboard/opportunity/list/all', '/invitation/join/AbC_d-e', '/reset-password'])(
    'falls back to index.html for the client route %s',
    async (route) => {
      const res = await request(t.app).get(`${route}?token=x`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.text).toContain('<title>Shell</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves the service worker as a script to revalidate on every check, from the root scope', async () => {
    const res = await request(t.app).get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    // A cached worker script would keep every client on the old version.
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('serves the web app manifest as application/manifest+json, revalidated, and its icons', async () => {
    const manifest = await request(t.app).get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const icon = await request(t.app).get('/icons/icon-192.png');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('answers 404, not the shell, for a missing file', async () => {
    const res = await request(t.app).get('/missing-chunk.1234abcd.js');
    expect(res.status).toBe(404);
    expect(res.text).toBe('Fichier introuvable');
  });

  it('serves entry files with no-cache and hashed chunks as immutable', async () => {
    const main = await request(t.app).get('/main.js');
    expect(main.status).toBe(200);
    expect(main.headers['cache-control']).toBe('no-cache');
    const chunk = await request(t.app).get('/vendors.3f2a9c1b7d.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await request(t.app).get('/favicon.ico');
    expect(favicon.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('serves each remote under /remotes/<name>/', async () => {
    const manifest = await request(t.app).get('/remotes/auth/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.body).toEqual({ name: 'auth' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const entry = await request(t.app).get('/remotes/auth/remoteEntry.js');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await request(t.app).get('/remotes/auth/src_routes_tsx.0123456789abcdef.js');
    expect(chunk.headers['cache-control']).toContain('immutable');
    expect((await request(t.app).get('/remotes/auth/nothing.js')).status).toBe(404);
    expect((await request(t.app).get('/remotes/unknown/remoteEntry.js')).status).toBe(404);
  });

  it('answers a French 503 for a remote that was not built', async () => {
    const res = await request(t.app).get('/remotes/billing/mf-manifest.json');
    expect(res.status).toBe(503);
    expect(res.text).toContain('npm run build');
    expect(res.text).toContain('billing');
  });

  it('lists the committed remotes (the four, and the generated reports) at the page-relative defaults', async () => {
    const res = await request(t.app).get('/remotes.json');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toEqual({
      auth: '/remotes/auth/mf-manifest.json',
      prospecting: '/remotes/prospecting/mf-manifest.json',
      settings: '/remotes/settings/mf-manifest.json',
      billing: '/remotes/billing/mf-manifest.json',
      reports: '/remotes/reports/mf-manifest.json',
    });
  });

  it('answers app-config without chat widget by default, and healthz', async () => {
    expect((await request(t.app).get('/app-config.json')).body).toEqual({ chatWidget: null });
    expect((await request(t.app).get('/healthz')).body).toEqual({ status: 'ok' });
  });
});

describe('overrides and missing builds', () => {
  it('uses REMOTE_URL_<NAME> and the chat widget configuration', async () => {
    const t = createTestApp({
      env: {
        REMOTE_URL_BILLING: 'https://billing.exemple.fr/mf-manifest.json',
        REMOTE_URL_AUTH: 'http://localhost:3101/mf-manifest.json',
        CHAT_WIDGET: 'crisp',
        CHAT_WIDGET_ID: 'site-123',
      },
    });
    try {
      const remotes = await request(t.app).get('/remotes.json');
      expect(remotes.body).toEqual({
        auth: 'http://localhost:3101/mf-manifest.json',
        prospecting: '/remotes/prospecting/mf-manifest.json',
        settings: '/remotes/settings/mf-manifest.json',
        billing: 'https://billing.exemple.fr/mf-manifest.json',
        reports: '/remotes/reports/mf-manifest.json',
      });
      const appConfig = await request(t.app).get('/app-config.json');
      expect(appConfig.body).toEqual({
        chatWidget: { provider: 'crisp', id: 'site-123', scriptUrl: 'https://client.crisp.chat/l.js' },
      });
      const csp = remotes.headers['content-security-policy'] as string;
      expect(csp).toContain('http://localhost:3101');
    } finally {
      await t.close();
    }
  });

  it('serves a French 503 page, not a crash, when the shell is not built; the API still answers', async () => {
    const t = createTestApp();
    try {
      const res = await request(t.app).get('/dashboard');
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.text).toContain('Application non construite');
      expect(res.text).toContain('npm run build');
      expect((await request(t.app).get('/healthz')).status).toBe(200);
      expect((await request(t.app).post('/api/verify').send({})).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('preload hints in the shell page', () => {
  let t: TestApp;

  beforeAll(() => {
    const web = webRoot(
      '<!doctype html><html><head><title>Shell</title></head><body></body></html>',
      JSON.stringify({
        auth: { entry: '/remotes/auth/mf-manifest.json', routes: ['/login'] },
        prospecting: { entry: '/remotes/prospecting/mf-manifest.json', routes: ['/dashboard/prospect'] },
        settings: { entry: '/remotes/settings/mf-manifest.json', routes: ['/dashboard/prospect/settings'] },
      }),
    );
    writeFile(
      web,
      'mfe-auth/dist/mf-manifest.json',
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          {
            path: './Routes',
            assets: {
              js: {
                sync: ['407.312f5238.js', '__federation_expose_Routes.186dd86f.js'],
                async: ['305.37287ec4.js'],
              },
            },
          },
        ],
      }),
    );
    writeFile(
      web,
      'mfe-settings/dist/mf-manifest.json',
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [{ path: './Routes', assets: { js: { sync: ['settings.0123abcd.js'] } } }],
      }),
    );
    // The deployment's manifest is read when the app starts.
    t = createTestApp({ env: { WEB_ROOT: web } });
  });
  afterAll(() => t.close());

  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="preload" href="([^"]+)" as="(\w+)"( crossorigin="anonymous")?>/g)].map(
      ([, href, as, cors]) => `${as}${cors ? '+cors' : ''} ${href}`,
    );

  it("asks at once for the shell's start files and the route's remote: manifest, entry, first chunks", async () => {
    const res = await request(t.app).get('/login');
    expect(res.status).toBe(200);
    expect(preloads(res.text)).toEqual([
      'fetch+cors /remotes.json',
      'fetch+cors /app-config.json',
      'fetch+cors /remotes/auth/mf-manifest.json',
      'script /remotes/auth/remoteEntry.js',
      'script /remotes/auth/407.312f5238.js',
      'script /remotes/auth/__federation_expose_Routes.186dd86f.js',
    ]);
    // The hints sit in the head, before the page's own scripts would be found.
    expect(res.text.indexOf('rel="preload"')).toBeLessThan(res.text.indexOf('</head>'));
  });

  it('picks the most specific remote, and none for a route no remote owns or a remote not built', async () => {
    const settings = preloads((await request(t.app).get('/dashboard/prospect/settings')).text);
    expect(settings).toContain('script /remotes/settings/settings.0123abcd.js');
    expect(settings.some((hint) => hint.includes('/remotes/prospecting/'))).toBe(false);
    // Prospecting is not built in this web root: only the shell's start files.
    expect(preloads((await request(t.app).get('/dashboard/prospect/list')).text)).toEqual([
      'fetch+cors /remotes.json',
      'fetch+cors /app-config.json',
    ]);
    expect(preloads((await request(t.app).get('/dashboard')).text)).toHaveLength(2);
  });
});

describe("the API client's chunk asked for with the start on signed-in addresses only", () => {
  let t: TestApp;

  beforeAll(() => {
    const web = webRoot(
      '<!doctype html><html><head><title>Shell</title></head><body></body></html>',
      JSON.stringify({ auth: { entry: '/remotes/auth/mf-manifest.json', routes: ['/login'] } }),
    );
    // As the shell's build writes it, plus two entries it never writes: left out.
    writeFile(
      web,
      'shell/dist/signed-in-preload.json',
      JSON.stringify(['/8.fc59e925.js', '/../secret.js', 'https://ailleurs.fr/x.js']),
    );
    t = createTestApp({ env: { WEB_ROOT: web } });
  });
  afterAll(() => t.close());

  const scripts = (html: string) =>
    [...html.matchAll(/<link rel="preload" href="([^"]+)" as="script">/g)].map(([, href]) => href);

  it('hints it under /dashboard, not on /login nor elsewhere', async () => {
    for (const route of ['/dashboard', '/dashboard/tournees/6566aa', '/dashboard/opportunity/list/all'])
      expect(scripts((await request(t.app).get(route)).text)).toEqual(['/8.fc59e925.js']);
    for (const route of ['/login', '/', '/dashboards'])
      expect(scripts((await request(t.app).get(route)).text)).toEqual([]);
  });
});

describe("a lazily loaded screen's code asked for with the page", () => {
  let t: TestApp;
  let web: string;

  beforeAll(() => {
    web = webRoot(
      '<!doctype html><html><head><title>Shell</title></head><body><div id=root></div></body></html>',
      JSON.stringify({
        auth: { entry: '/remotes/auth/mf-manifest.json', routes: ['/login'] },
        prospecting: { entry: '/remotes/prospecting/mf-manifest.json', routes: ['/dashboard/tournees'] },
      }),
    );
    // As the build writes it, plus an entry it never writes (outside the remote's folder): left out.
    writeFile(
      web,
      'mfe-prospecting/dist/first-chunks.json',
      JSON.stringify({
        '/dashboard/tournees/nouvelle': ['31.aa.js'],
        '/dashboard/tournees/:id': ['595.1737675a.js', '../secret.js', '8962.89951c27.js'],
      }),
    );
    // A remote whose file is not what the build writes preloads nothing.
    writeFile(web, 'mfe-auth/dist/first-chunks.json', '["/login"]');
    t = createTestApp({ env: { WEB_ROOT: web } });
  });
  afterAll(() => t.close());

  const scripts = (html: string) =>
    [...html.matchAll(/<link rel="preload" href="([^"]+)" as="script">/g)].map(([, href]) => href);

  it('for its route only, the address written exactly first', async () => {
    expect(scripts((await request(t.app).get('/dashboard/tournees/6566aa')).text)).toEqual([
      '/remotes/prospecting/595.1737675a.js',
      '/remotes/prospecting/8962.89951c27.js',
    ]);
    expect(scripts((await request(t.app).get('/dashboard/tournees/nouvelle')).text)).toEqual([
      '/remotes/prospecting/31.aa.js',
    ]);
    for (const route of ['/dashboard/tournees/nouvelle/x', '/dashboard/tournees', '/login'])
      expect(scripts((await request(t.app).get(route)).text)).toEqual([]);
  });

  it('reads the list again when the remote is redeployed', async () => {
    const file = path.join(web, 'mfe-prospecting/dist/first-chunks.json');
    writeFileSync(file, JSON.stringify({ '/dashboard/tournees/:id': ['600.bb.js'] }));
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect(scripts((await request(t.app).get('/dashboard/tournees/6566aa')).text)).toEqual([
      '/remotes/prospecting/600.bb.js',
    ]);
  });
});

describe("a route's static first paint in the shell page", () => {
  let t: TestApp;
  let web: string;
  const BOOT = '<p class=shell-boot>Prospection</p>';
  const LOGIN =
    '<style>.auth-page{display:flex}</style><main class="auth-page" inert><h1>Connexion</h1></main>';

  beforeAll(() => {
    web = mkdtempSync(path.join(tmpdir(), 'web-root-'));
    // As html-webpack-plugin minifies it: unquoted id, the paragraph's end tag left out.
    writeFile(
      web,
      'shell/dist/index.html',
      `<!doctype html><html><head><title>Shell</title></head><body><div id=root>${BOOT}</div></body></html>`,
    );
    writeFileSync(
      path.join(web, 'remotes.json'),
      JSON.stringify({
        auth: { entry: '/remotes/auth/mf-manifest.json', routes: ['/login', '/forgot'] },
        prospecting: { entry: '/remotes/prospecting/mf-manifest.json', routes: ['/dashboard/prospect'] },
      }),
    );
    writeFile(web, 'mfe-auth/dist/first-paint.json', JSON.stringify({ '/login': LOGIN }));
    // A remote whose file is not what the build writes ships nothing.
    writeFile(web, 'mfe-prospecting/dist/first-paint.json', '["/dashboard/prospect/list"]');
    t = createTestApp({ env: { WEB_ROOT: web } });
  });
  afterAll(() => t.close());

  const root = (html: string) => /<div id=root>([\s\S]*)<\/div><\/body>/.exec(html)?.[1];

  it('puts the screen its remote ships in #root, for that route only', async () => {
    const login = await request(t.app).get('/login');
    expect(login.status).toBe(200);
    expect(root(login.text)).toBe(LOGIN);
    expect(root((await request(t.app).get('/login/')).text)).toBe(LOGIN);
    // Another route of the same remote, another remote, the shell's own routes: the product's name.
    for (const route of ['/forgot', '/login/autre', '/dashboard/prospect/list', '/dashboard'])
      expect(root((await request(t.app).get(route)).text)).toBe(BOOT);
  });

  it('follows a redeployed remote without a restart', async () => {
    const next = LOGIN.replace('Connexion', 'Se connecter');
    writeFile(web, 'mfe-auth/dist/first-paint.json', JSON.stringify({ '/login': next }));
    // A modification time of its own (the file is read again when it changes).
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(web, 'mfe-auth/dist/first-paint.json'), later, later);
    expect(root((await request(t.app).get('/login')).text)).toBe(next);
  });
});

describe("a dashboard address's static first paint: the shell's frame with the screen's title", () => {
  let t: TestApp;
  let web: string;
  const BOOT = '<p class=shell-boot>Prospection</p>';
  const FRAME =
    '<style>.shell-frame{display:block}</style><div class="shell-frame" inert><main>{{contenu}}<div class="shell-frame__skeleton"></div></main></div>';
  const LIST = '<section class="opportunity-screen"><h1 class="ui-page-title">Opportunités</h1></section>';
  const ROUND = '<section class="rounds-screen"><h1 class="ui-page-title">Tournée</h1></section>';
  const BUILDER = '<section class="rounds-screen"><h1 class="ui-page-title">Nouvelle tournée</h1></section>';

  beforeAll(() => {
    web = mkdtempSync(path.join(tmpdir(), 'web-root-'));
    writeFile(
      web,
      'shell/dist/index.html',
      `<!doctype html><html><head><title>Shell</title></head><body><div id=root>${BOOT}</div></body></html>`,
    );
    writeFile(web, 'shell/dist/first-paint.json', JSON.stringify({ '/dashboard': FRAME }));
    writeFileSync(
      path.join(web, 'remotes.json'),
      JSON.stringify({
        auth: { entry: '/remotes/auth/mf-manifest.json', routes: ['/login'] },
        prospecting: {
          entry: '/remotes/prospecting/mf-manifest.json',
          routes: ['/dashboard/opportunity', '/dashboard/tournees'],
        },
      }),
    );
    writeFile(
      web,
      'mfe-prospecting/dist/first-paint.json',
      JSON.stringify({
        '/dashboard/opportunity/list/:filter': LIST,
        '/dashboard/tournees/nouvelle': BUILDER,
        '/dashboard/tournees/:id': ROUND,
      }),
    );
    t = createTestApp({ env: { WEB_ROOT: web } });
  });
  afterAll(() => t.close());

  const root = (html: string) => /<div id=root>([\s\S]*)<\/div><\/body>/.exec(html)?.[1];
  const framed = (screen: string) => FRAME.replace('{{contenu}}', screen);

  it("sets the title the screen's remote ships for the address, `:name` segments included", async () => {
    expect(root((await request(t.app).get('/dashboard/opportunity/list/all')).text)).toBe(framed(LIST));
    expect(root((await request(t.app).get('/dashboard/opportunity/list/todo/')).text)).toBe(framed(LIST));
    expect(root((await request(t.app).get('/dashboard/tournees/6566aa')).text)).toBe(framed(ROUND));
    // A route written exactly outranks a `:name` one.
    expect(root((await request(t.app).get('/dashboard/tournees/nouvelle')).text)).toBe(framed(BUILDER));
  });

  it('gives the frame alone (its skeleton) where no title is known, and nothing outside /dashboard', async () => {
    for (const route of ['/dashboard', '/dashboard/opportunity/list', '/dashboard/opportunity/list/all/x'])
      expect(root((await request(t.app).get(route)).text)).toBe(framed(''));
    expect(root((await request(t.app).get('/dashboards')).text)).toBe(BOOT);
    expect(root((await request(t.app).get('/login')).text)).toBe(BOOT);
  });
});
