// /login painted before any script (issue 19, Lighthouse on a phone; docs/decisions/lighthouse.md):
// the page the API sends for /login already holds the sign-in form as the auth remote renders it
// (mfe-auth/src/first-paint/login.html, its style sheets inlined), inert until React replaces it with
// the live form. The static copy must look exactly like the live screen: same elements at the same
// places, at phone and desktop sizes, or the page would jump when React takes over (and Lighthouse's
// largest paint would move to the live form).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startApp, type RunningApp } from '../support/servers';

let app: RunningApp;

test.beforeAll(async () => {
  app = await startApp({ LOG_LEVEL: 'error' });
});

test.afterAll(async () => {
  await app?.stop();
});

const PARTS = [
  'main.auth-page',
  'section.auth-card',
  'h1',
  '.ui-field:nth-of-type(1) label',
  '.ui-field:nth-of-type(1) input',
  '.ui-field:nth-of-type(2) label',
  '.ui-field:nth-of-type(2) input',
  '.auth-links a',
  '.ui-button--secondary',
  '.ui-button--primary',
];

/** Each part's box and its text, rounded to the pixel. */
async function layoutOf(page: Page) {
  return page.evaluate((selectors) => {
    const main = document.querySelector('#root main.auth-page');
    return selectors.map((selector) => {
      const node = selector === 'main.auth-page' ? main : main?.querySelector(selector);
      if (!node) return { selector, missing: true };
      const box = node.getBoundingClientRect();
      return {
        selector,
        text: node.textContent,
        box: [box.x, box.y, box.width, box.height].map(Math.round),
        font: getComputedStyle(node).font,
        color: getComputedStyle(node).color,
        background: getComputedStyle(node).backgroundColor,
      };
    });
  }, PARTS);
}

async function staticAndLive(browser: Browser, viewport: { width: number; height: number }) {
  // Scripts off: what the page shows before they have been downloaded and run.
  const still = await browser.newContext({ viewport, javaScriptEnabled: false, serviceWorkers: 'block' });
  const before = await still.newPage();
  await before.goto(`${app.url}/login`);
  expect(await before.locator('#root main.auth-page').getAttribute('inert')).toBe('');
  const staticLayout = await layoutOf(before);
  await still.close();

  const live = await browser.newContext({ viewport, serviceWorkers: 'block' });
  const page = await live.newPage();
  await page.goto(`${app.url}/login`);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  await expect(page.locator('#root main.auth-page')).not.toHaveAttribute('inert');
  await expect(page.locator('#root main')).toHaveCount(1);
  const liveLayout = await layoutOf(page);
  await live.close();
  return { staticLayout, liveLayout };
}

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const)
  test(`/login: the static first paint is the live form, to the pixel (${size})`, async ({ browser }) => {
    const { staticLayout, liveLayout } = await staticAndLive(browser, viewport);
    expect(staticLayout.some((part) => 'missing' in part)).toBe(false);
    expect(staticLayout).toEqual(liveLayout);
  });

test('/login: the static copy is inert and accessible by its labels, and only /login carries it', async ({
  browser,
}) => {
  const still = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
  const page = await still.newPage();
  await page.goto(`${app.url}/login`);
  for (const [label, type] of [
    ['Email', 'email'],
    ['Mot de passe', 'password'],
  ] as const) {
    const id = await page.locator('label', { hasText: label }).getAttribute('for');
    await expect(page.locator(`#${id}`)).toHaveAttribute('type', type);
  }
  await page.goto(`${app.url}/forgot`);
  await expect(page.locator('#root main')).toHaveCount(0);
  await expect(page.locator('#root')).toHaveText('Prospection');
  await still.close();
});
