import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
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

  test('/remotes.json lists the four remotes and each manifest loads', async ({ request }) => {
    const manifest = (await (await request.get(`${app.url}/remotes.json`)).json()) as Record<
      string,
      string | { entry?: string }
    >;
    // Entries without a remote (modules announced as "Bientôt disponible") only bring a card.
    const entries = Object.entries(manifest).flatMap(([name, value]) => {
      const url = typeof value === 'string' ? value : value.entry;
      return url ? [[name, url] as const] : [];
    });
    expect(entries.map(([name]) => name).sort()).toEqual(['auth', 'billing', 'prospecting', 'settings']);
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
    const axiosScripts = (page: import('@playwright/test').Page) => {
      const urls: string[] = [];
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        if ((await response.text()).includes('ERR_BAD_OPTION_VALUE')) urls.push(response.url());
      });
      return urls;
    };

    const anonymous = await browser.newPage();
    const loginDownloads = axiosScripts(anonymous);
    await anonymous.goto(`${app.url}/login`);
    await expect(anonymous.getByLabel('Email')).toBeVisible();
    await anonymous.waitForLoadState('networkidle');
    expect(loginDownloads).toEqual([]);
    await anonymous.close();

    const user = await signUpThroughApi(app.url);
    const signedIn = await browser.newPage();
    const dashboardDownloads = axiosScripts(signedIn);
    await useSession(signedIn, user.token);
    await signedIn.goto(`${app.url}/dashboard/opportunity/list/todo`);
    await expect(signedIn.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    await signedIn.waitForLoadState('networkidle');
    // One copy for the whole page: the remote rendered here uses the shell's.
    expect(dashboardDownloads).toHaveLength(1);
    expect(new URL(dashboardDownloads[0] ?? '').pathname).not.toMatch(/^\/remotes\//);
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

test('one remote built alone and served from a second origin is used without rebuilding the shell', async ({
  page,
}) => {
  const shellEntry = path.join(REPO, 'shell/dist/main.js');
  const shellBuiltAt = statSync(shellEntry).mtimeMs;
  execFileSync('npx', ['turbo', 'run', 'build', '--filter=@app/mfe-billing', '--output-logs=errors-only'], {
    cwd: REPO,
    stdio: 'inherit',
  });
  const origin = await serveStatic(path.join(REPO, 'mfe-billing/dist'));
  const app = await startApp({ REMOTE_URL_BILLING: `${origin.url}/mf-manifest.json` });
  try {
    const user = await signUpThroughApi(app.url);
    await useSession(page, user.token);
    await page.goto(`${app.url}/dashboard/subscription`);
    await expect(page.getByRole('heading', { name: 'Choisissez votre pack' })).toBeVisible();
    expect(origin.requests).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));
    expect(statSync(shellEntry).mtimeMs).toBe(shellBuiltAt);
  } finally {
    await app.stop();
    await origin.stop();
  }
});
