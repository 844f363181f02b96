// A sixth module plugged in by the manifest alone, and a remote built against the previous platform.
// docs/decisions/module-manifest.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  buildModule,
  deploymentWebRoot,
  generateModule,
  hashFolder,
  pinPreviousPlatform,
  PREVIOUS_PLATFORM,
  throwawayName,
  type ThrowawayModule,
} from '../support/new-module';
import { freePort, REPO, serveStatic, startApp } from '../support/servers';
import { signUpThroughApi, useSession as storeSessionInPage } from '../support/session';

const SHELL_DIST = path.join(REPO, 'shell/dist');

/**
 * Generates, builds and serves a module from a second origin, lists it in a deployment's manifest, runs
 * the app. The manifest's entry names the second origin, or (`moved`) keeps the generator's default
 * (`/remotes/<name>/…`, served by the API) and REMOTE_URL_<NAME> moves it to the second origin.
 */
async function runWithModule(
  page: Page,
  prepare: (module: ThrowawayModule) => void,
  check: (module: ThrowawayModule, appUrl: string, requests: string[], originUrl: string) => Promise<void>,
  options: { moved?: boolean } = {},
) {
  const webRoot = deploymentWebRoot();
  const port = await freePort();
  const entry = `http://127.0.0.1:${port}/mf-manifest.json`;
  const name = throwawayName();
  const module = generateModule(name, 'Module d’essai', [
    '--description',
    'Un module ajouté par le manifeste.',
    '--icon',
    'megaphone',
    `--manifest=${webRoot.manifestFile}`,
    ...(options.moved ? [] : ['--entry', entry]),
  ]);
  try {
    prepare(module);
    buildModule(module);
    const origin = await serveStatic(path.join(module.folder, 'dist'), port);
    try {
      const app = await startApp({
        WEB_ROOT: webRoot.dir,
        ...(options.moved ? { [`REMOTE_URL_${name.toUpperCase()}`]: entry } : {}),
      });
      try {
        const user = await signUpThroughApi(app.url);
        await storeSessionInPage(page, user.token);
        await check(module, app.url, origin.requests, origin.url);
      } finally {
        await app.stop();
      }
    } finally {
      await origin.stop();
    }
  } finally {
    module.remove();
    webRoot.remove();
  }
}

test('a generated module, built alone and served from a second origin, brings its card, navigation entry and screen without changing the shell build', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const shellBefore = hashFolder(SHELL_DIST);
  await runWithModule(
    page,
    () => undefined,
    async (module, appUrl, requests) => {
      await page.goto(`${appUrl}/dashboard`);
      const card = page.getByRole('button', { name: /^Module d’essai/ });
      await expect(card).toContainText('Un module ajouté par le manifeste.');
      await expect(card).not.toContainText('Bientôt disponible');
      // The five announced modules are still there, deactivated, from the same manifest.
      for (const title of ['Gestion de la relation client', 'Devis', 'Espace client dédié'])
        await expect(page.getByRole('button', { name: new RegExp(`^${title}`) })).toContainText(
          'Bientôt disponible',
        );
      const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
      await expect(navigation.getByRole('link', { name: 'Module d’essai' })).toHaveAttribute(
        'href',
        module.route,
      );
      // Activated in the same manifest: a link for a role holding bit 16384 (the owner does).
      await expect(navigation.getByRole('link', { name: 'Gestion des tournées' })).toHaveAttribute(
        'href',
        '/dashboard/tournees',
      );

      await card.click();
      await expect(page).toHaveURL(`${appUrl}${module.route}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Module d’essai' })).toBeVisible();
      // Inside the dashboard layout, reading the shell's session store.
      await expect(page.getByText('Organisation : Société Exemple')).toBeVisible();
      await expect(navigation).toBeVisible();
      expect(requests).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));
    },
  );
  expect(hashFolder(SHELL_DIST)).toBe(shellBefore);
});

test('a generated module at its default place moves to a second origin with REMOTE_URL_<NAME>, the shell unchanged', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const shellBefore = hashFolder(SHELL_DIST);
  await runWithModule(
    page,
    () => undefined,
    async (module, appUrl, requests, originUrl) => {
      // The deployment's manifest still says /remotes/<name>/…: the variable alone moved it.
      const served = (await (await fetch(`${appUrl}/remotes.json`)).json()) as Record<
        string,
        { entry?: string }
      >;
      expect(served[module.name]?.entry).toBe(`${originUrl}/mf-manifest.json`);
      await page.goto(`${appUrl}${module.route}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Module d’essai' })).toBeVisible();
      await expect(page.getByText('Organisation : Société Exemple')).toBeVisible();
      expect(requests).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));
    },
    { moved: true },
  );
  expect(hashFolder(SHELL_DIST)).toBe(shellBefore);
});

test('a remote built against the previous @app/platform runs in the current shell, on the shell’s one platform', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const current = JSON.parse(readFileSync(path.join(REPO, 'platform/package.json'), 'utf8')) as {
    version: string;
  };
  await runWithModule(
    page,
    (module) => void pinPreviousPlatform(module),
    async (module, appUrl) => {
      const built = JSON.parse(readFileSync(path.join(module.folder, 'dist/mf-manifest.json'), 'utf8')) as {
        shared: { name: string; version: string; requiredVersion: string }[];
      };
      const platform = built.shared.find((shared) => shared.name === '@app/platform');
      expect(platform?.version).toBe(PREVIOUS_PLATFORM.version);
      expect(platform?.version).not.toBe(current.version);

      // React DOM announces each renderer copy to the devtools hook: count them (as foundation.spec.ts does).
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
        };
      });
      await page.goto(`${appUrl}${module.route}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Module d’essai' })).toBeVisible();
      // The organisation the shell loaded, read through the platform the remote was handed: the shell's.
      await expect(page.getByText('Organisation : Société Exemple')).toBeVisible();
      const counts = await page.evaluate(() => ({
        renderers: (window as unknown as Record<string, { renderers: Map<number, unknown> } | undefined>)
          .__REACT_DEVTOOLS_GLOBAL_HOOK__?.renderers.size,
        platforms: (window as unknown as Record<string, number>).__APP_PLATFORM_INSTANCES__,
      }));
      expect(counts).toEqual({ renderers: 1, platforms: 1 });
    },
  );
});
