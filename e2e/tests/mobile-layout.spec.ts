// Every screen of the shell, mfe-auth, mfe-settings and mfe-billing on a phone (390×844) and a tablet
// (768×1024), with touch: no sideways scroll, touch targets of 44×44 px, fields in 16 px, a title; on a
// phone the navigation drawer, card lists instead of tables and modals as full-height sheets
// (docs/decisions/phone-layout.md).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { waitForMailLink } from '../support/outbox';
import { callApi, callerOf, joinAsColleague } from '../support/seed';
import { startApp, type RunningApp } from '../support/servers';
// Renamed: the React hooks lint rule reads any `use…` call in a named helper as a hook.
import { signUpThroughApi, useSession as openSignedIn, type TestUser } from '../support/session';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const TABLET = { viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true };

type Screen = { path: string; heading: string | RegExp; signedIn?: 'admin' | 'newcomer' };

const SCREENS: Screen[] = [
  { path: '/login', heading: 'Connexion' },
  { path: '/register', heading: 'Inscription' },
  { path: '/forgot', heading: 'Mot de passe oublié' },
  { path: '/discovery', heading: 'Inscription rapide' },
  { path: '/dashboard', heading: 'Vos modules', signedIn: 'admin' },
  { path: '/dashboard', heading: 'Démarrez votre aventure', signedIn: 'newcomer' },
  { path: '/dashboard/introuvable', heading: 'Page introuvable', signedIn: 'admin' },
  { path: '/dashboard/prospect/settings', heading: 'Paramètres', signedIn: 'admin' },
  { path: '/dashboard/prospect/settings/collaborateurs', heading: 'Collaborateurs', signedIn: 'admin' },
  { path: '/dashboard/prospect/settings/roles', heading: 'Rôles et permissions', signedIn: 'admin' },
  {
    path: '/dashboard/prospect/settings/organisation',
    heading: 'Équipes et organisations',
    signedIn: 'admin',
  },
  { path: '/dashboard/prospect/settings/donnees', heading: 'Données', signedIn: 'admin' },
  { path: '/dashboard/prospect/settings/compte', heading: 'Mon compte', signedIn: 'admin' },
  { path: '/dashboard/subscription', heading: 'Choisissez votre pack', signedIn: 'admin' },
  { path: '/dashboard/paiement/new', heading: 'Ajouter des licences', signedIn: 'admin' },
  { path: '/dashboard/paiement/success', heading: 'Paiement accepté', signedIn: 'admin' },
  { path: '/dashboard/paiement/cancel', heading: 'Erreur de paiement', signedIn: 'admin' },
  {
    path: '/dashboard/nosub',
    heading: "Aucune licence… veuillez contacter l'administrateur de votre organisation",
    signedIn: 'admin',
  },
];

let app: RunningApp;
let admin: TestUser;
let newcomer: string;
let colleagueEmail: string;
let resetLink: string;
let invitationLink: string;
let invitee: TestUser;

test.beforeAll(async () => {
  app = await startApp();
  admin = await signUpThroughApi(app.url);
  const caller = await callerOf(app.url, admin.token);
  colleagueEmail = `collegue${Date.now()}@exemple.fr`;
  await joinAsColleague(app, caller, colleagueEmail);
  await callApi(app.url, '/api/invitation/create', {
    ...caller,
    invitationEmail: `en-attente${Date.now()}@exemple.fr`,
  });

  const registered = await callApi<{ token: string }>(app.url, '/api/register', {
    email: `sans-organisation${Date.now()}@exemple.fr`,
    password: 'Motdepasse1',
    username: 'Durand Paul',
  });
  newcomer = registered.token;

  // The screens reached from e-mails: a password reset, an invitation.
  invitee = await signUpThroughApi(app.url);
  await callApi(app.url, '/api/forgot', { email: invitee.email });
  resetLink = await waitForMailLink(app.dataDir, invitee.email, 0, `${app.url}/reset-password?token=`);
  await callApi(app.url, '/api/invitation/create', { ...caller, invitationEmail: invitee.email });
  invitationLink = await waitForMailLink(app.dataDir, invitee.email, 1, `${app.url}/invitation/join/`);
});

test.afterAll(async () => {
  await app.stop();
});

async function open(page: Page, screen: Screen) {
  if (screen.signedIn) await openSignedIn(page, screen.signedIn === 'admin' ? admin.token : newcomer);
  await page.goto(`${app.url}${screen.path}`);
  await expect(page.getByRole('heading', { name: screen.heading }).first()).toBeVisible();
  await settle(page);
}

/** Waits for the fades and slides to end, so sizes and contrast are measured at rest. */
async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** The document's width against the viewport's, with what sticks out when it is wider. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    const culprits =
      scrollWidth === width
        ? []
        : Array.from(document.body.querySelectorAll<HTMLElement>('*'))
            .filter((element) => element.getBoundingClientRect().right > width + 0.5)
            .slice(0, 8)
            .map(
              (element) =>
                `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')} → ${Math.round(element.getBoundingClientRect().right)} px`,
            );
    return { width, scrollWidth, culprits };
  });
}

async function expectNoSidewaysScroll(page: Page) {
  const { width, scrollWidth, culprits } = await sidewaysOverflow(page);
  expect(scrollWidth, `la page défile de côté : ${culprits.join(' ; ')}`).toBe(width);
}

/**
 * Visible interactive elements smaller than 44×44 px. A checkbox or a radio button is measured by the
 * label around it (its hit area); a link inside a sentence (a <p> with more text) is exempt, as WCAG 2.5.8 says.
 */
async function smallTargets(page: Page, within?: Locator) {
  const root = within ? await within.elementHandle() : null;
  return page.evaluate((scope) => {
    const container = (scope as Element | null) ?? document.body;
    const selector = [
      'button',
      'a[href]',
      'select',
      'textarea',
      'input:not([type="hidden"])',
      '[role="button"]',
      '[role="tab"]',
      '[role="menuitem"]',
      'summary',
    ].join(',');
    const offenders: string[] = [];
    for (const element of Array.from(container.querySelectorAll<HTMLElement>(selector))) {
      if (element.closest('[hidden], [aria-hidden="true"], [inert]')) continue;
      const sentence = element.tagName === 'A' ? element.closest('p') : null;
      if (sentence && (sentence.textContent ?? '').trim() !== (element.textContent ?? '').trim()) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const isTick =
        element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');
      const target = (isTick && element.closest('label')) || element;
      const box = target.getBoundingClientRect();
      // Visually hidden (1 px clipped) and zero-sized elements are not on screen.
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.width < 43.5 || box.height < 43.5) {
        const name =
          element.getAttribute('aria-label') ??
          (element.textContent ?? '').trim().slice(0, 40) ??
          element.getAttribute('name');
        offenders.push(
          `${element.tagName.toLowerCase()} « ${name || element.className} » ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return offenders;
  }, root);
}

/** Visible fields whose text is under 16 px: a phone zooms in when they get the focus. */
async function smallFieldText(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('input, select, textarea'))
      .filter((field) => {
        if (field instanceof HTMLInputElement && ['hidden', 'checkbox', 'radio'].includes(field.type))
          return false;
        const box = field.getBoundingClientRect();
        return box.width > 1 && box.height > 1 && parseFloat(getComputedStyle(field).fontSize) < 16;
      })
      .map(
        (field) =>
          `${field.tagName.toLowerCase()} « ${field.getAttribute('aria-label') ?? field.id} » ${getComputedStyle(field).fontSize}`,
      ),
  );
}

async function expectTouchFriendly(page: Page) {
  await expectNoSidewaysScroll(page);
  const targets = await smallTargets(page);
  expect(targets, `cibles tactiles sous 44×44 px :\n${targets.join('\n')}`).toEqual([]);
  const fonts = await smallFieldText(page);
  expect(fonts, `champs sous 16 px :\n${fonts.join('\n')}`).toEqual([]);
  // Every screen names the browser tab after itself.
  await expect(page).toHaveTitle(/^.+ — Prospection$/);
}

async function seriousViolations(page: Page) {
  await settle(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

for (const [device, options] of [
  ['phone', PHONE],
  ['tablet', TABLET],
] as const) {
  test.describe(`${device} ${options.viewport.width}×${options.viewport.height}`, () => {
    test.use(options);

    for (const screen of SCREENS) {
      test(`${screen.path}${screen.signedIn === 'newcomer' ? ' (sans organisation)' : ''} fits the screen with touch targets of 44 px`, async ({
        page,
      }) => {
        await open(page, screen);
        await expectTouchFriendly(page);
      });
    }

    test('the reset-password and invitation screens reached from their e-mails fit the screen', async ({
      page,
    }) => {
      await page.goto(resetLink);
      await expect(page.getByRole('heading', { name: 'Réinitialisation du mot de passe' })).toBeVisible();
      await expectTouchFriendly(page);

      await openSignedIn(page, invitee.token);
      await page.goto(invitationLink);
      await expect(page.getByRole('heading', { name: /Vous avez rejoint l'organisation/ })).toBeVisible();
      await expectTouchFriendly(page);
    });

    test('the chosen pack recap before the checkout fits the screen', async ({ page }) => {
      const owner = await signUpThroughApi(app.url);
      await openSignedIn(page, owner.token);
      await page.goto(`${app.url}/dashboard/subscription`);
      const manager = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Manager' }) });
      await manager.getByRole('button', { name: 'Choisir ce pack' }).tap();
      await expect(page.getByRole('button', { name: "Démarrer l'aventure" })).toBeVisible();
      await expectTouchFriendly(page);
    });
  });
}

test.describe('phone 390×844: the navigation drawer', () => {
  test.use(PHONE);

  test('"Menu" opens a drawer that keeps the focus, and Escape, the backdrop or a chosen entry close it', async ({
    page,
  }) => {
    await open(page, { path: '/dashboard/prospect/settings', heading: 'Paramètres', signedIn: 'admin' });
    // No rail beside the page: the navigation lives in the drawer.
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    const drawer = page.locator(`#${await menu.getAttribute('aria-controls')}`);

    await menu.tap();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer).toBeVisible();
    await expect(drawer).toHaveAttribute('role', 'dialog');
    await expect(drawer.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    const targets = await smallTargets(page, drawer);
    expect(targets, `cibles tactiles sous 44×44 px :\n${targets.join('\n')}`).toEqual([]);

    // The focus is inside, and Tab from the last entry comes back to the first one.
    await expect(drawer.getByRole('button', { name: 'Fermer le menu' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(drawer.getByRole('button', { name: 'Déconnexion' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(drawer.getByRole('button', { name: 'Fermer le menu' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();

    // A tap on the backdrop, beside the drawer.
    await menu.tap();
    await expect(drawer).toBeVisible();
    await page.touchscreen.tap(375, 600);
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    // A chosen entry navigates and closes it; a group opens in place.
    await menu.tap();
    await drawer.getByRole('button', { name: 'Opportunités' }).tap();
    await expect(drawer.getByRole('link', { name: 'Non attribuées' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Mon compte' }).tap();
    await expect(page).toHaveURL(/\/dashboard\/prospect\/settings\/compte$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Mon compte' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

test.describe('phone 390×844: the top bar', () => {
  test.use(PHONE);

  test('is one line (Menu, search, clock, bell, picture); the organisation is chosen in the drawer', async ({
    page,
  }) => {
    await open(page, { path: '/dashboard/prospect/settings', heading: 'Paramètres', signedIn: 'admin' });
    const header = page.locator('header.shell-header');
    // Its visible parts side by side: the same line, one control high (44 px and the padding).
    const parts = await header.evaluate((bar) =>
      Array.from(bar.children)
        .map((child) => ({ name: child.className || child.tagName, box: child.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && box.height > 0)
        .map(({ name, box }) => ({ name, top: Math.round(box.top), bottom: Math.round(box.bottom) })),
    );
    expect(parts.map((part) => part.name)).toEqual(['shell-menu-button', 'shell-search', 'shell-clock']);
    const headerBox = await header.boundingBox();
    for (const part of parts) {
      expect(part.top, part.name).toBeGreaterThanOrEqual(Math.round(headerBox?.y ?? 0));
      expect(part.bottom, part.name).toBeLessThanOrEqual(Math.round((headerBox?.y ?? 0) + 44 + 20));
    }
    expect(headerBox?.height).toBeLessThan(70);
    await expect(header.getByRole('combobox', { name: 'Organisation' })).toBeHidden();
    await expectNoSidewaysScroll(page);

    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await menu.tap();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    const picker = drawer.getByRole('combobox', { name: 'Organisation' });
    await expect(picker).toBeVisible();
    await expect(picker).toHaveValue(
      (await page.evaluate(() => localStorage.getItem('CurrentOrganisation'))) ?? '',
    );
    const targets = await smallTargets(page, drawer);
    expect(targets, `cibles tactiles sous 44×44 px :\n${targets.join('\n')}`).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('phone 390×844: cards, tabs and sheets', () => {
  test.use(PHONE);

  test('collaborators and roles are lists of cards with labelled fields, not tables', async ({ page }) => {
    await open(page, {
      path: '/dashboard/prospect/settings/collaborateurs',
      heading: 'Collaborateurs',
      signedIn: 'admin',
    });
    await expect(page.getByRole('table')).toHaveCount(0);
    const members = page.getByRole('list', { name: 'Membres de l’organisation' });
    const colleague = members.getByRole('listitem').filter({ hasText: colleagueEmail });
    await expect(colleague).toBeVisible();
    for (const label of ['E-mail', 'Rôle', 'Licence'])
      await expect(colleague.getByRole('term').filter({ hasText: label })).toBeVisible();
    await expect(colleague.getByRole('definition').filter({ hasText: colleagueEmail })).toBeVisible();
    await expect(colleague.getByRole('button', { name: 'Supprimer Bernard Léa' })).toBeVisible();
    await expectTouchFriendly(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${app.url}/dashboard/prospect/settings/roles`);
    const roles = page.getByRole('list', { name: 'Rôles de l’organisation' });
    await expect(roles.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(roles.getByRole('term').filter({ hasText: 'Permissions' }).first()).toBeVisible();
    await expectTouchFriendly(page);
  });

  test('a modal is a full-height sheet whose buttons stay on screen, also above a keyboard', async ({
    page,
  }) => {
    await open(page, {
      path: '/dashboard/prospect/settings/roles',
      heading: 'Rôles et permissions',
      signedIn: 'admin',
    });
    await page.getByRole('button', { name: 'Créer un rôle' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Créer un rôle' });
    await expect(sheet.getByLabel('Nom du rôle')).toBeVisible();
    await settle(page);
    expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    // Twenty-three permissions run far below the fold; the footer does not.
    await expect(sheet.getByRole('button', { name: 'Enregistrer' })).toBeInViewport({ ratio: 1 });
    await expect(sheet.getByRole('button', { name: 'Annuler' })).toBeInViewport({ ratio: 1 });
    expect(await smallTargets(page, sheet)).toEqual([]);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    // The on-screen keyboard takes the bottom of the screen (Chrome resizes the page for it, as the
    // viewport meta asks): the sheet shrinks and its buttons stay above it.
    await sheet.getByLabel('Nom du rôle').tap();
    await page.setViewportSize({ width: 390, height: 500 });
    await expect(sheet.getByLabel('Nom du rôle')).toBeFocused();
    // The resize reaches the layout on the page's next frame: wait for it rather than read at once.
    await expect.poll(async () => (await sheet.boundingBox())?.height).toBe(500);
    await expect(sheet.getByRole('button', { name: 'Enregistrer' })).toBeInViewport({ ratio: 1 });
  });

  test('the invitation and licences modals are sheets too', async ({ page }) => {
    await open(page, {
      path: '/dashboard/prospect/settings/collaborateurs',
      heading: 'Collaborateurs',
      signedIn: 'admin',
    });
    await page.getByRole('button', { name: 'Invitez un Collaborateur' }).tap();
    const invite = page.getByRole('dialog', { name: 'Invitez un Collaborateur' });
    await expect(invite.getByRole('button', { name: 'Envoyer l’invitation' })).toBeInViewport({ ratio: 1 });
    await settle(page);
    expect(await invite.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    expect(await smallTargets(page, invite)).toEqual([]);
    expect(await smallFieldText(page)).toEqual([]);
    await invite.getByRole('button', { name: 'Fermer' }).tap();
    await expect(invite).toBeHidden();

    await page.getByRole('button', { name: 'Gérer les licences' }).tap();
    const licences = page.getByRole('dialog', { name: 'Gestion des licences' });
    await licences.getByRole('button', { name: 'Voir les details de la licence 1' }).tap();
    await expect(licences.getByText('Essai gratuit').first()).toBeVisible();
    await settle(page);
    expect(await licences.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    const targets = await smallTargets(page, licences);
    expect(targets, `cibles tactiles sous 44×44 px :\n${targets.join('\n')}`).toEqual([]);
    expect(await smallFieldText(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('tabs scroll sideways by themselves and show the chosen one whole', async ({ page }) => {
    await open(page, { path: '/dashboard', heading: 'Démarrez votre aventure', signedIn: 'newcomer' });
    const strip = page.getByRole('tablist', { name: 'Premiers pas' });
    const join = strip.getByRole('tab', { name: 'Rejoindre une équipe' });
    // The two tabs are wider than the card on a phone: the strip, not the page, has to scroll.
    expect(await strip.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    // A tap on the visible part of the cut-off tab (Playwright's own tap would scroll it into view first).
    const box = await strip.boundingBox();
    if (!box) throw new Error('no tab strip on screen');
    expect(await strip.evaluate((element) => element.scrollLeft)).toBe(0);
    await page.touchscreen.tap(box.x + box.width - 8, box.y + box.height / 2);
    await expect(join).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => strip.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    const stripBox = await strip.boundingBox();
    const tabBox = await join.boundingBox();
    expect(tabBox && stripBox && tabBox.x >= stripBox.x - 0.5).toBe(true);
    expect(tabBox && stripBox && tabBox.x + tabBox.width <= stripBox.x + stripBox.width + 0.5).toBe(true);
    await expectNoSidewaysScroll(page);
  });
});

test.describe('tablet 768×1024: the desk table and the rail stay', () => {
  test.use(TABLET);

  test('collaborators stay a table beside the collapsed rail', async ({ page }) => {
    await open(page, {
      path: '/dashboard/prospect/settings/collaborateurs',
      heading: 'Collaborateurs',
      signedIn: 'admin',
    });
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: colleagueEmail })).toBeVisible();
    await expectTouchFriendly(page);
  });
});

test.describe('phone 390×844: axe', () => {
  test.use(PHONE);

  for (const screen of SCREENS) {
    test(`${screen.path}${screen.signedIn === 'newcomer' ? ' (sans organisation)' : ''} has no serious or critical axe violation`, async ({
      page,
    }) => {
      await open(page, screen);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
