// Every screen that exists passes axe-core's WCAG 2.1 A/AA rules (what a screen reader and a keyboard
// user need: names on fields and buttons, contrast, landmarks, a page language).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForMailLink } from '../support/outbox';
import { startApp, type RunningApp } from '../support/servers';
import { seedWorkedFile } from '../support/seed';
import { signUpThroughApi, useSession } from '../support/session';

const PUBLIC_SCREENS = [
  { path: '/login', heading: 'Connexion' },
  { path: '/register', heading: 'Inscription' },
  { path: '/forgot', heading: 'Mot de passe oublié' },
  { path: '/discovery', heading: 'Inscription rapide' },
];

const SIGNED_IN_SCREENS = [
  { path: '/dashboard', heading: 'Vos modules' },
  { path: '/dashboard/opportunity/list/all', heading: 'Opportunités' },
  { path: '/dashboard/prospect/settings', heading: 'Paramètres' },
  { path: '/dashboard/subscription', heading: 'Choisissez votre pack' },
  { path: '/dashboard/prospect/list', heading: 'Fichier de prospection' },
  { path: '/dashboard/opportunity/unassigned', heading: 'Opportunités non attribuées' },
  { path: '/dashboard/opportunity/list/todo?vue=colonnes', heading: 'Opportunités' },
  { path: '/dashboard/prospect/settings/collaborateurs', heading: 'Collaborateurs' },
  { path: '/dashboard/prospect/settings/roles', heading: 'Rôles et permissions' },
  { path: '/dashboard/prospect/settings/organisation', heading: 'Équipes et organisations' },
  { path: '/dashboard/prospect/settings/donnees', heading: 'Données' },
  { path: '/dashboard/prospect/settings/compte', heading: 'Mon compte' },
  {
    path: '/dashboard/nosub',
    heading: "Aucune licence… veuillez contacter l'administrateur de votre organisation",
  },
];

let app: RunningApp;

test.beforeAll(async () => {
  app = await startApp();
});

test.afterAll(async () => {
  await app.stop();
});

async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

for (const screen of PUBLIC_SCREENS) {
  test(`${screen.path} has no accessibility violation`, async ({ page }) => {
    await page.goto(`${app.url}${screen.path}`);
    await expect(page.getByRole('heading', { name: screen.heading })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}

for (const screen of SIGNED_IN_SCREENS) {
  test(`${screen.path} has no accessibility violation`, async ({ page }) => {
    const user = await signUpThroughApi(app.url);
    await useSession(page, user.token);
    await page.goto(`${app.url}${screen.path}`);
    await expect(page.getByRole('heading', { name: screen.heading }).first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}

test('a file with prospects, its detail, and an opportunity with a comment have no accessibility violation', async ({
  page,
}) => {
  const { user, excelId, opportunityId } = await seedWorkedFile(app.url, {
    name: 'Salon des crèches 2026',
    value: { prospect: 'Raison sociale', codePostale: 'CP', ville: 'Ville', telephone: 'Tél' },
    rows: [
      { 'Raison sociale': 'Crèche Les Lucioles', CP: '01000', Ville: 'Bourg-en-Bresse', Tél: '0474123456' },
      { 'Raison sociale': 'Café du Port', CP: '29200', Ville: 'Brest', Tél: '0298000000' },
    ],
    comment: 'Premier appel, rappeler jeudi',
  });

  await useSession(page, user.token);
  await page.goto(`${app.url}/dashboard/prospect/show/${excelId}`);
  await expect(page.getByRole('heading', { name: 'Salon des crèches 2026' })).toBeVisible();
  await expect(page.getByText('Café du Port')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto(`${app.url}/dashboard/opportunity/${opportunityId}?type=all`);
  await expect(page.getByText('Premier appel, rappeler jeudi')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('a user without an organisation: the start screen has no accessibility violation', async ({ page }) => {
  const response = await fetch(`${app.url}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: `sans-organisation${Date.now()}@exemple.fr`,
      password: 'Motdepasse1',
      username: 'Durand Paul',
    }),
  });
  const { token } = (await response.json()) as { token: string };
  await useSession(page, token);
  await page.goto(`${app.url}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Démarrez votre aventure' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the expanded navigation (wide screen) and an error toast have no accessibility violation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1800, height: 1000 });
  const user = await signUpThroughApi(app.url);
  await useSession(page, user.token);
  await page.goto(`${app.url}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Vos modules' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page
    .getByRole('button', { name: /Gestion des tournées/ })
    .first()
    .click();
  await expect(page.getByRole('alert').or(page.getByText('Fonctionnalité non disponible'))).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the reset-password and invitation screens, reached from their e-mails, have no accessibility violation', async ({
  page,
}) => {
  const post = async (path: string, body: object) => {
    const response = await fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };

  const user = await signUpThroughApi(app.url);
  await post('/api/forgot', { email: user.email });
  const resetLink = await waitForMailLink(app.dataDir, user.email, 0, `${app.url}/reset-password?token=`);
  await page.goto(resetLink);
  await expect(page.getByRole('heading', { name: 'Réinitialisation du mot de passe' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  const admin = await signUpThroughApi(app.url);
  const { organisations } = (await post('/api/organisation/get', { token: admin.token })) as {
    organisations: { _id: string }[];
  };
  await post('/api/invitation/create', {
    token: admin.token,
    organisationId: organisations[0]?._id,
    invitationEmail: user.email,
  });
  const invitationLink = await waitForMailLink(app.dataDir, user.email, 1, `${app.url}/invitation/join/`);
  await useSession(page, user.token);
  await page.goto(invitationLink);
  await expect(page.getByRole('heading', { name: /Vous avez rejoint l'organisation/ })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('keyboard only: sign in, then open a list from the navigation', async ({ page }) => {
  const user = await signUpThroughApi(app.url);
  await page.goto(`${app.url}/login`);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();

  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(user.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Mot de passe')).toBeFocused();
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Vos modules' })).toBeVisible();

  const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
  const menu = navigation.getByRole('button', { name: 'Opportunités' });
  for (
    let presses = 0;
    presses < 10 && !(await menu.evaluate((node) => node === document.activeElement));
    presses++
  )
    await page.keyboard.press('Tab');
  await expect(menu).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/opportunity\/list\/todo$/);
});
