import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort, REPO, serveStatic, startApp, type RunningApp } from '../support/servers';
import { signUpThroughApi, useSession } from '../support/session';

test.describe('plateforme fédérée', () => {
  let app: RunningApp;

  test.beforeAll(async () => {
    app = await startApp();
  });

  test.afterAll(async () => {
    await app.stop();
  });

  test('/ shows an empty background and lands on the login form', async ({ page }) => {
    await page.goto(`${app.url}/`);
    await expect(page).toHaveURL(`${app.url}/login`);
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Mot de passe')).toBeVisible();
  });

  test('the hash variant /#/login lands on the login screen', async ({ page }) => {
    await page.goto(`${app.url}/#/login`);
    await expect(page).toHaveURL(`${app.url}/login`);
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  });

  test('/remotes.json lists the five remotes and each manifest loads', async ({ request }) => {
    const manifest = (await (await request.get(`${app.url}/remotes.json`)).json()) as Record<
      string,
      string | { entry?: string }
    >;
    // Entries without a remote (modules announced as "Bientôt disponible") only bring a card.
    const entries = Object.entries(manifest).flatMap(([name, value]) => {
      const url = typeof value === 'string' ? value : value.entry;
      return url ? [[name, url] as const] : [];
    });
    expect(entries.map(([name]) => name).sort()).toEqual([
      'auth',
      'billing',
      'prospecting',
      'reports',
      'settings',
    ]);
    for (const [name, url] of entries) {
      const response = await request.get(new URL(url, app.url).href);
      expect(response.ok()).toBe(true);
      const remote = (await response.json()) as { name: string; exposes: { path: string }[] };
      expect(remote.name).toBe(name);
      expect(remote.exposes.map((expose) => expose.path)).toContain('./Routes');
    }
  });

  test('the login screen does not download axios; behind a session it is downloaded once, at start-up', async ({
    browser,
  }) => {
    // A string axios's minified build keeps (an error code), to recognise its chunk whatever its name.
    // Every script's body is read before the page closes, so no read outlives its page.
    const axiosScripts = (page: import('@playwright/test').Page) => {
      const reads: Promise<string | undefined>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        reads.push(
          response
            .text()
            .then((text) => (text.includes('ERR_BAD_OPTION_VALUE') ? response.url() : undefined)),
        );
      });
      return async () => (await Promise.all(reads)).filter((url): url is string => url !== undefined);
    };

    const anonymous = await browser.newPage();
    const loginDownloads = axiosScripts(anonymous);
    await anonymous.goto(`${app.url}/login`);
    await expect(anonymous.getByLabel('Email')).toBeVisible();
    await anonymous.waitForLoadState('networkidle');
    expect(await loginDownloads()).toEqual([]);
    await anonymous.close();

    const user = await signUpThroughApi(app.url);
    const signedIn = await browser.newPage();
    const dashboardDownloads = axiosScripts(signedIn);
    await useSession(signedIn, user.token);
    await signedIn.goto(`${app.url}/dashboard/opportunity/list/todo`);
    await expect(signedIn.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    await signedIn.waitForLoadState('networkidle');
    // One copy for the whole page: the remote rendered here uses the shell's.
    const axiosCopies = await dashboardDownloads();
    expect(axiosCopies).toHaveLength(1);
    expect(new URL(axiosCopies[0] ?? '').pathname).not.toMatch(/^\/remotes\//);
    await signedIn.close();
  });

  test('the page holds one React and one session store; what a remote stores, the shell sees', async ({
    page,
  }) => {
    // React DOM announces each renderer copy to the devtools hook: count them.
    await page.addInitScript(() => {
      const renderers = new Map<number, unknown>();
      (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        renderers,
        supportsFiber: true,
        inject(renderer: unknown) {
          renderers.set(renderers.size + 1, renderer);
          return renderers.size;
        },
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      };
    });
    const user = await signUpThroughApi(app.url);
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Mot de passe').fill(user.password);
    await page.getByLabel('Mot de passe').press('Enter');
    // The auth remote put the token in the store; the shell's guard reads the same store, without a reload.
    await expect(page).toHaveURL(`${app.url}/dashboard`);
    await expect(page.getByRole('heading', { name: 'Vos modules' })).toBeVisible();
    await page.goto(`${app.url}/dashboard/prospect/settings`);
    await expect(page.getByRole('heading', { name: 'Paramètres' })).toBeVisible();
    const counts = await page.evaluate(() => ({
      renderers: (window as unknown as Record<string, { renderers: Map<number, unknown> } | undefined>)
        .__REACT_DEVTOOLS_GLOBAL_HOOK__?.renderers.size,
      platforms: (window as unknown as Record<string, number>).__APP_PLATFORM_INSTANCES__,
    }));
    expect(counts).toEqual({ renderers: 1, platforms: 1 });
  });

  test('each screen names the browser tab, in the shell and in every remote', async ({ page }) => {
    await page.goto(`${app.url}/login`);
    await expect(page).toHaveTitle('Connexion — Prospection');
    const user = await signUpThroughApi(app.url);
    await useSession(page, user.token);
    await page.goto(`${app.url}/dashboard/opportunity/list/todo`);
    await expect(page).toHaveTitle('Opportunités · À faire — Prospection');
    await page.getByRole('tab', { name: /^En attente/ }).click();
    await expect(page).toHaveTitle('Opportunités · En attente — Prospection');
    await page.goto(`${app.url}/dashboard/prospect/settings/roles`);
    await expect(page).toHaveTitle('Paramètres · Rôles et permissions — Prospection');
    await page.goto(`${app.url}/dashboard/subscription`);
    await expect(page).toHaveTitle('Abonnement · Choix du pack — Prospection');
  });

  test('on every remote route the page holds one React, one router, one store and one federation runtime', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const renderers = new Map<number, unknown>();
      (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        renderers,
        supportsFiber: true,
        inject(renderer: unknown) {
          renderers.set(renderers.size + 1, renderer);
          return renderers.size;
        },
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      };
    });
    const user = await signUpThroughApi(app.url);
    const routes = [
      { remote: 'auth', path: '/login', heading: 'Connexion' },
      { remote: 'prospecting', path: '/dashboard/opportunity/list/all', heading: 'Opportunités' },
      { remote: 'prospecting', path: '/dashboard/prospect/list', heading: 'Fichier de prospection' },
      { remote: 'settings', path: '/dashboard/prospect/settings', heading: 'Paramètres' },
      { remote: 'billing', path: '/dashboard/subscription', heading: 'Choisissez votre pack' },
    ];
    const checkRoute = async (route: (typeof routes)[number]) => {
      await page.goto(`${app.url}${route.path}`);
      await expect(page.getByRole('heading', { name: route.heading }).first()).toBeVisible();
      // The heading may be the page's static first paint: wait for the remote's container and React.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const globals = window as unknown as {
              __REACT_DEVTOOLS_GLOBAL_HOOK__?: { renderers: Map<number, unknown> };
              __FEDERATION__?: { __INSTANCES__: { name: string }[] };
            };
            return {
              rendered: (globals.__REACT_DEVTOOLS_GLOBAL_HOOK__?.renderers.size ?? 0) > 0,
              containers: globals.__FEDERATION__?.__INSTANCES__.map((instance) => instance.name) ?? [],
            };
          }),
        )
        .toMatchObject({ rendered: true, containers: expect.arrayContaining([route.remote]) });
      const seen = await page.evaluate(() => {
        type Shared = { from: string; loaded?: boolean; useIn: string[] };
        const globals = window as unknown as {
          __REACT_DEVTOOLS_GLOBAL_HOOK__?: { renderers: Map<number, unknown> };
          __APP_PLATFORM_INSTANCES__?: number;
          __FEDERATION__: {
            __INSTANCES__: { name: string; constructor: unknown }[];
            __SHARE__: Record<string, Record<string, Record<string, Record<string, Shared>>>>;
          };
        };
        const federation = globals.__FEDERATION__;
        // Every copy of a singleton the runtime registered, whoever provided it.
        const copies: Record<string, { version: string; from: string; useIn: string[] }[]> = {};
        for (const scopes of Object.values(federation.__SHARE__))
          for (const packages of Object.values(scopes))
            for (const [name, versions] of Object.entries(packages))
              for (const [version, shared] of Object.entries(versions))
                if (shared.loaded)
                  (copies[name] ??= []).push({ version, from: shared.from, useIn: shared.useIn });
        return {
          renderers: globals.__REACT_DEVTOOLS_GLOBAL_HOOK__?.renderers.size,
          platforms: globals.__APP_PLATFORM_INSTANCES__,
          // One runtime: every container (the shell's and each remote's) is built by the same class.
          runtimes: new Set(federation.__INSTANCES__.map((instance) => instance.constructor)).size,
          containers: federation.__INSTANCES__.map((instance) => instance.name),
          copies,
        };
      });
      expect(seen, route.path).toMatchObject({ renderers: 1, platforms: 1, runtimes: 1 });
      expect(seen.containers, route.path).toEqual(expect.arrayContaining(['shell', route.remote]));
      for (const name of ['react', 'react-dom', 'react-router-dom', 'zustand', '@app/platform']) {
        expect(seen.copies[name], `${route.path} ${name}`).toHaveLength(1);
        expect(seen.copies[name]?.[0]?.from, `${route.path} ${name}`).toBe('shell');
      }
      // The remote rendered with the shell's React, router and platform, not a fallback of its own.
      for (const name of ['react', 'react-router-dom', '@app/platform'])
        expect(seen.copies[name]?.[0]?.useIn, `${route.path} ${name}`).toContain(route.remote);
    };
    const [signedOut, ...signedIn] = routes;
    if (signedOut) await checkRoute(signedOut);
    await useSession(page, user.token);
    for (const route of signedIn) await checkRoute(route);
  });
});

test('a remote that cannot be reached shows "Module indisponible", the rest works, and retry recovers', async ({
  page,
}) => {
  const settingsPort = await freePort();
  const app = await startApp({ REMOTE_URL_SETTINGS: `http://127.0.0.1:${settingsPort}/mf-manifest.json` });
  try {
    const user = await signUpThroughApi(app.url);
    await useSession(page, user.token);
    await page.goto(`${app.url}/dashboard/prospect/settings`);
    await expect(page.getByRole('heading', { name: 'Module indisponible' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();

    // The shell and the other remotes keep working.
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    await page.goto(`${app.url}/dashboard/subscription`);
    await expect(page.getByRole('heading', { name: 'Choisissez votre pack' })).toBeVisible();
    await page.goto(`${app.url}/dashboard/prospect/settings`);
    await expect(page.getByRole('heading', { name: 'Module indisponible' })).toBeVisible();

    // The remote comes back: "Réessayer" loads it.
    const origin = await serveStatic(path.join(REPO, 'mfe-settings/dist'), settingsPort);
    try {
      await page.getByRole('button', { name: 'Réessayer' }).click();
      await expect(page.getByRole('heading', { name: 'Paramètres' })).toBeVisible();
    } finally {
      await origin.stop();
    }
  } finally {
    await app.stop();
  }
});

type SecondOrigin = {
  name: string;
  workspace: string;
  variable: string;
  /** Opens the remote's screens; returns when what they show is on the page. */
  visit: (page: Page, url: string) => Promise<void>;
};

const SECOND_ORIGIN_REMOTES: SecondOrigin[] = [
  {
    name: 'billing',
    workspace: 'mfe-billing',
    variable: 'REMOTE_URL_BILLING',
    visit: async (page, url) => {
      await page.goto(`${url}/dashboard/subscription`);
      await expect(page.getByRole('heading', { name: 'Choisissez votre pack' })).toBeVisible();
    },
  },
  {
    name: 'prospecting',
    workspace: 'mfe-prospecting',
    variable: 'REMOTE_URL_PROSPECTING',
    visit: async (page, url) => {
      await page.goto(`${url}/dashboard/opportunity/list/all`);
      await expect(page.getByRole('heading', { name: 'Opportunités', level: 1 })).toBeVisible();
      await page.goto(`${url}/dashboard/prospect/list`);
      await page.getByRole('button', { name: 'Ajouter un fichier' }).click();
      await page.getByRole('menuitem', { name: 'Importer un fichier Excel' }).click();
      const modal = page.getByRole('dialog', { name: 'Importer un fichier' });
      // The file is read in the import's Web Worker, itself served by the second origin.
      await modal.getByLabel('Fichier (.csv ou .xlsx)').setInputFiles({
        name: 'prospects.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Raison sociale;Ville\r\nCrèche Les Lucioles;Bourg-en-Bresse\r\n'),
      });
      await expect(modal.getByRole('cell', { name: 'Crèche Les Lucioles' })).toBeVisible();
    },
  },
];

for (const remote of SECOND_ORIGIN_REMOTES) {
  test(`${remote.name}, built alone and served from a second origin, is used without rebuilding the shell`, async ({
    page,
  }) => {
    // A cold build of a full remote takes minutes on a shared machine.
    test.setTimeout(600_000);
    const shellDist = path.join(REPO, 'shell/dist');
    const shellFiles = () =>
      readdirSync(shellDist)
        .map((file) => `${file} ${statSync(path.join(shellDist, file)).mtimeMs}`)
        .sort();
    const shellBefore = shellFiles();
    execFileSync(
      'npx',
      ['turbo', 'run', 'build', `--filter=@app/${remote.workspace}`, '--output-logs=errors-only'],
      {
        cwd: REPO,
        stdio: 'inherit',
      },
    );
    const origin = await serveStatic(path.join(REPO, `${remote.workspace}/dist`));
    const app = await startApp({ [remote.variable]: `${origin.url}/mf-manifest.json` });
    // What the page asked of the product's own copy of this remote: nothing.
    const ownCopy: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${app.url}/remotes/${remote.name}/`)) ownCopy.push(request.url());
    });
    try {
      const user = await signUpThroughApi(app.url);
      await useSession(page, user.token);
      await remote.visit(page, app.url);
      expect(origin.requests).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));
      // Screens loaded after the first one (lazy chunks) come from there too.
      expect(
        origin.requests.filter((request) => /^\/[\w-]+\.[0-9a-f]+\.js$/.test(request)).length,
      ).toBeGreaterThan(0);
      expect(ownCopy).toEqual([]);
      expect(shellFiles()).toEqual(shellBefore);
    } finally {
      await app.stop();
      await origin.stop();
    }
  });
}
