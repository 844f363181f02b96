// /login painted before any script (issue 19, Lighthouse on a phone; docs/decisions/lighthouse.md):
// the page the API sends for /login already holds the sign-in form as the auth remote renders it
// (mfe-auth/src/first-paint/login.html, its style sheets inlined), inert until React replaces it with
// the live form. The static copy must look exactly like the live screen: same elements at the same
// places, at phone and desktop sizes, or the page would jump when React takes over (and Lighthouse's
// largest paint would move to the live form).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startApp, type RunningApp } from '../support/servers';
import { signUpThroughApi } from '../support/session';

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

// The screens /login links to are lazy chunks of the auth remote. React Router keeps the old screen on
// view while a lazy one loads, so a tap on "Mot de passe oublié ?" showed the sign-in form under the
// new address for as long as the network took. The remote asks the browser to prefetch them once idle:
// every script the tap then needs is one the page had already asked for.
test('/login: the screens it links to are prefetched, so a tap needs no script not already asked for', async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${app.url}/login`);
  await expect(page.locator('#root main.auth-page:not([inert])')).toBeVisible();
  const prefetched = page.locator('link[rel="prefetch"][as="script"]');
  await expect(prefetched).not.toHaveCount(0);
  const hints = await prefetched.evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));

  const afterTap: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') afterTap.push(request.url());
  });
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
  expect(afterTap.filter((url) => !hints.includes(url))).toEqual([]);
  await context.close();
});

// The dashboard (issue 19, the list's largest paint on a phone): the page the API sends for a
// dashboard address already holds the frame (the rail or the "Menu" button, the top bar, the page's
// padding) and, for the opportunity list, its title: shell/src/first-paint/dashboard.html with
// mfe-prospecting/src/first-paint/opportunity-list.html inside. React keeps it until the session is
// checked, then draws the live dashboard at the same pixels.
const LIST = '/dashboard/opportunity/list/all';
const FRAME_PARTS = {
  header: 'header.shell-header',
  content: 'main.shell-content',
  title: 'main.shell-content h1.ui-page-title',
  rail: '.shell-frame__rail, nav.shell-nav',
  menu: '.shell-menu-button',
};

/** Each part's box (or null when not drawn), the title's text and font, rounded to the pixel. */
async function frameLayoutOf(page: Page) {
  return page.evaluate((parts) => {
    const result: Record<string, unknown> = {};
    for (const [name, selector] of Object.entries(parts)) {
      const node = Array.from(document.querySelectorAll(`#root ${selector}`)).find(
        (candidate) => candidate.getBoundingClientRect().width > 0,
      );
      if (!node) {
        result[name] = null;
        continue;
      }
      const box = node.getBoundingClientRect();
      result[name] = {
        box: [box.x, box.y, box.width, box.height].map(Math.round),
        ...(name === 'title'
          ? { text: node.textContent, font: getComputedStyle(node).font, color: getComputedStyle(node).color }
          : {}),
      };
    }
    return result;
  }, FRAME_PARTS);
}

for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const)
  test(`${LIST}: the static dashboard frame and title are the live ones, to the pixel, with no shift (${size})`, async ({
    browser,
  }) => {
    const user = await signUpThroughApi(app.url);
    const signedIn = async (javaScriptEnabled: boolean) => {
      const context = await browser.newContext({ viewport, javaScriptEnabled, serviceWorkers: 'block' });
      await context.addInitScript((token) => {
        if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', token);
        // Every layout shift of the page's life, the static paint included.
        (window as unknown as { shifts: number[] }).shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            (window as unknown as { shifts: number[] }).shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
      }, user.token);
      return context;
    };

    // Scripts off: what the page shows before they have been downloaded and run.
    const still = await signedIn(false);
    const before = await still.newPage();
    await before.goto(`${app.url}${LIST}`);
    await expect(before.locator('#root > .shell-frame')).toHaveAttribute('inert', '');
    await expect(before.locator('#root h1')).toHaveText('Opportunités');
    const staticLayout = await frameLayoutOf(before);
    await still.close();

    const live = await signedIn(true);
    const page = await live.newPage();
    await page.goto(`${app.url}${LIST}`);
    await expect(page.getByRole('tab', { name: /^Toute Opportunités/ })).toBeVisible();
    await expect(page.locator('#root .shell-frame')).toHaveCount(0);
    const liveLayout = await frameLayoutOf(page);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    await live.close();

    expect(staticLayout.title).not.toBeNull();
    expect(staticLayout.header).not.toBeNull();
    if (size === 'phone') {
      expect(staticLayout.rail).toBeNull();
      expect(staticLayout.menu).not.toBeNull();
      // The Menu button and the rail: where they are, not their content (the clock is not static).
      expect((staticLayout.menu as { box: number[] }).box.slice(1)).toEqual(
        (liveLayout.menu as { box: number[] }).box.slice(1),
      );
    } else {
      expect(staticLayout.menu).toBeNull();
      expect((staticLayout.rail as { box: number[] }).box[2]).toBe(
        (liveLayout.rail as { box: number[] }).box[2],
      );
    }
    for (const part of ['header', 'content', 'title'] as const)
      expect(staticLayout[part], part).toEqual(liveLayout[part]);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
  });

test('the frame is in the page the server sends, for dashboard addresses only, and inert', async ({
  request,
}) => {
  const html = await (await request.get(`${app.url}${LIST}`)).text();
  const root = html.slice(html.indexOf('<div id'));
  expect(root).toContain('class="shell-frame" inert');
  expect(root).toContain('<h1 class="ui-page-title">Opportunités</h1>');
  // A screen whose title is not known from its address: the frame and its skeleton alone.
  const other = await (await request.get(`${app.url}/dashboard/prospect/settings`)).text();
  expect(other).toContain('class="shell-frame" inert');
  expect(other).not.toContain('<h1');
  for (const route of ['/login', '/forgot'])
    expect(await (await request.get(`${app.url}${route}`)).text()).not.toContain('shell-frame');
});
