// Every screen that exists passes axe-core's WCAG 2.1 A/AA rules (what a screen reader and a keyboard
// user need: names on fields and buttons, contrast, landmarks, a page language).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForMailLink } from '../support/outbox';
import { startApp, type RunningApp } from '../support/servers';
import { payOnDemoCheckout } from '../support/demo-checkout';
import { callApi, callerOf, joinAsColleague, seedWorkedFile, WORKED_FILE } from '../support/seed';
import { signUpThroughApi, useSession } from '../support/session';
import { encodeWindows1252 } from '../support/windows-1252';

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
  { path: '/dashboard/tournees', heading: 'Gestion des tournées' },
  { path: '/dashboard/tournees/nouvelle', heading: 'Nouvelle tournée' },
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
  // A modal fading in has its text half transparent: contrast is judged once transitions end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
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

test('the collapsed navigation with a group opened beside it has no accessibility violation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const user = await signUpThroughApi(app.url);
  await useSession(page, user.token);
  await page.goto(`${app.url}/dashboard`);
  const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
  await navigation.getByRole('button', { name: 'Campagnes' }).click();
  await expect(navigation.getByRole('button', { name: 'Importer un prospect manuel' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("the collapsed rail's entries are targets of 24×24 px at least, an entry without an icon too (WCAG 2.5.8)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1350, height: 940 });
  const user = await signUpThroughApi(app.url);
  await useSession(page, user.token);
  await page.goto(`${app.url}/dashboard/opportunity/list/all`);
  const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
  // "Corbeille" comes from the remotes manifest with no icon: it was 48×18 px, an empty box.
  await expect(navigation.getByRole('link', { name: 'Corbeille' })).toBeVisible();
  const small = await navigation.evaluate((nav) =>
    Array.from(nav.querySelectorAll('a, button'))
      .map((node) => ({ name: node.textContent, box: node.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 24 || box.height < 24)
      .map(({ name, box }) => `${name} ${Math.round(box.width)}×${Math.round(box.height)}`),
  );
  expect(small).toEqual([]);
  const results = await new AxeBuilder({ page })
    .include('nav.shell-nav')
    .withRules(['target-size'])
    .analyze();
  expect(
    results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' '))),
  ).toEqual([]);
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

  // A module the manifest announces without a remote: its card says so in a toast.
  await page.getByRole('button', { name: /Gestion de la relation client/ }).click();
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
  // The heading is already in the page's static first paint, whose form is inert until React takes over
  // (first-paint.spec.ts): a Tab pressed before goes nowhere.
  await expect(page.locator('#root main.auth-page:not([inert])')).toBeVisible();

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
  // 1280 px wide: the rail is collapsed and the group opens beside it with the focus on its first entry.
  await expect(navigation.getByRole('link', { name: 'Toute Opportunités' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/opportunity\/list\/todo$/);
});

// Modals, panels and menus: each is opened as a user opens it and audited while it shows.

const IMPORT_CSV = [
  'Raison sociale;Enseigne;Code postal;Ville;Téléphone',
  'Crèche Les Lucioles;Les Lucioles;01000;Bourg-en-Bresse;0474123456',
  'Café € du Port;Café €;69001;Lyon;0478123456',
  'Boulangerie Lefèvre;Au Pain Doré;13001;Marseille;0491000000',
].join('\r\n');

test('every step of the import modal, and the menu that opens it, have no accessibility violation', async ({
  page,
}) => {
  const user = await signUpThroughApi(app.url);
  await useSession(page, user.token);
  await page.goto(`${app.url}/dashboard/prospect/list`);
  await page.getByRole('button', { name: 'Ajouter un fichier' }).click();
  await expect(page.getByRole('menu', { name: 'Ajouter un fichier' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByRole('menuitem', { name: 'Importer un fichier Excel' }).click();
  const modal = page.getByRole('dialog', { name: 'Importer un fichier' });
  await expect(modal.getByLabel('Fichier (.csv ou .xlsx)')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // A French Excel export: Windows-1252 and ';'.
  await modal.getByLabel('Fichier (.csv ou .xlsx)').setInputFiles({
    name: 'prospects.csv',
    mimeType: 'text/csv',
    buffer: encodeWindows1252(IMPORT_CSV),
  });
  await expect(modal.getByText('3 lignes, 5 colonnes')).toBeVisible();
  await expect(modal.getByRole('table', { name: 'Premières lignes du fichier' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await modal.getByRole('button', { name: 'Suivant' }).click();
  await modal.getByRole('button', { name: 'Suivant' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Veuillez remplir tous les champs');
  expect(await violations(page)).toEqual([]);
  await modal.getByLabel('Titre').fill('Prospects du salon');
  await modal.getByLabel('Tout le monde').check();
  await modal.getByRole('button', { name: 'Suivant' }).click();

  await expect(modal.getByRole('table', { name: /^Aperçu/ })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // The progress stays on screen while the last call is held back: a file this small is sent in one
  // /api/prospect/load, a larger one ends with import/finish.
  let releaseFinish: () => void = () => undefined;
  const finishHeld = new Promise<void>((resolve) => (releaseFinish = resolve));
  await page.route(/\/api\/prospect\/(load|import\/finish)$/, async (route) => {
    await finishHeld;
    await route.continue();
  });
  await modal.getByRole('button', { name: 'Importer' }).click();
  await expect(modal.getByRole('progressbar')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  releaseFinish();

  await expect(modal.getByRole('status')).toHaveText('Import terminé');
  expect(await violations(page)).toEqual([]);
});

test('the opportunity list with cards, its filter panel and the new-opportunity modal have no accessibility violation', async ({
  page,
}) => {
  const { user } = await seedWorkedFile(app.url, WORKED_FILE);
  await useSession(page, user.token);
  await page.goto(`${app.url}/dashboard/opportunity/list/all`);
  await expect(page.getByRole('article', { name: 'Crèche Les Lucioles' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByRole('button', { name: /^Filtres/ }).click();
  await expect(page.getByRole('region', { name: 'Filtres' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
  await navigation.getByRole('button', { name: 'Campagnes' }).click();
  await navigation.getByRole('button', { name: 'Importer un prospect manuel' }).click();
  const modal = page.getByRole('dialog', { name: 'Nouvelle opportunité' });
  await expect(modal.getByLabel('Raison sociale')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await modal.getByRole('button', { name: "Créer l'opportunité" }).click();
  await expect(modal.getByRole('alert')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("an opportunity's modals (contract, prospect, comment and status, win and loss confirmations) have no accessibility violation", async ({
  page,
}) => {
  const { user, opportunityId } = await seedWorkedFile(app.url, WORKED_FILE);
  await useSession(page, user.token);
  await page.goto(`${app.url}/dashboard/opportunity/${opportunityId}?type=all`);
  await expect(page.getByText(WORKED_FILE.comment)).toBeVisible();

  for (const [button, title] of [
    ['Ajouter des informations contractuelles', 'Informations contractuelles'],
    ['Modifier le prospect', 'Informations prospect'],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    expect(await violations(page), title).toEqual([]);
    await dialog.getByRole('button', { name: 'Fermer' }).first().click();
    await expect(dialog).toBeHidden();
  }

  const strip = page.getByRole('group', { name: "État de l'opportunité" });
  await strip.getByRole('button', { name: 'En Attente' }).click();
  const picker = page.getByRole('dialog', { name: 'Passer en « En Attente »' });
  await expect(picker.getByLabel('Date')).toBeFocused();
  expect(await violations(page), 'date').toEqual([]);
  await picker.getByRole('button', { name: 'Validé' }).click();
  const comment = page.getByRole('dialog', { name: 'Commentaire et statut' });
  await comment.getByRole('button', { name: 'Valider' }).click();
  await expect(comment.getByRole('alert')).toHaveText('Veuillez remplir tous les champs');
  expect(await violations(page), 'comment').toEqual([]);
  await comment.getByRole('button', { name: 'Fermer' }).click();
  await expect(comment).toBeHidden();

  await strip.getByRole('button', { name: 'Gagné' }).click();
  await page
    .getByRole('dialog', { name: 'Passer en « Gagné »' })
    .getByRole('button', { name: 'Validé' })
    .click();
  const win = page.getByRole('dialog', { name: 'Passer en Gagné' });
  await expect(win.getByRole('button', { name: 'Confirmer' })).toBeVisible();
  expect(await violations(page), 'win').toEqual([]);
  await win.getByRole('button', { name: 'Fermer' }).click();
  await expect(win).toBeHidden();

  await strip.getByRole('button', { name: 'Perdu' }).click();
  const loss = page.getByRole('dialog', { name: 'Passer en Perdu' });
  await expect(loss.getByRole('button', { name: 'Confirmer' })).toBeVisible();
  expect(await violations(page), 'loss').toEqual([]);
});

test('the settings editors (roles, invitation, pending invitations, collaborator removal, licences) have no accessibility violation', async ({
  page,
}) => {
  const admin = await signUpThroughApi(app.url);
  const caller = await callerOf(app.url, admin.token);
  const colleague = await joinAsColleague(app, caller, `collegue${Date.now()}@exemple.fr`);
  await callApi(app.url, '/api/invitation/create', {
    ...caller,
    invitationEmail: `en-attente${Date.now()}@exemple.fr`,
  });
  await useSession(page, admin.token);

  await page.goto(`${app.url}/dashboard/prospect/settings/roles`);
  await page.getByRole('button', { name: 'Créer un rôle' }).click();
  const role = page.getByRole('dialog', { name: 'Créer un rôle' });
  await expect(role.getByLabel('Nom du rôle')).toBeVisible();
  expect(await violations(page), 'rôle').toEqual([]);
  await role.getByRole('button', { name: 'Fermer' }).click();
  await page
    .getByRole('button', { name: /^Modifier le rôle / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: /^Modifier le rôle / })).toBeVisible();
  expect(await violations(page), 'modifier le rôle').toEqual([]);
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', { name: /^Supprimer le rôle / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Supprimer le rôle' })).toBeVisible();
  expect(await violations(page), 'supprimer le rôle').toEqual([]);

  await page.goto(`${app.url}/dashboard/prospect/settings/collaborateurs`);
  await expect(page.getByRole('row').filter({ hasText: colleague.email })).toBeVisible();
  expect(await violations(page), 'collaborateurs et invitations').toEqual([]);
  await page.getByRole('button', { name: 'Invitez un Collaborateur' }).click();
  const invite = page.getByRole('dialog', { name: 'Invitez un Collaborateur' });
  await invite.getByRole('button', { name: 'Envoyer l’invitation' }).click();
  await expect(invite.getByRole('alert')).toBeVisible();
  expect(await violations(page), 'invitation').toEqual([]);
  await invite.getByRole('button', { name: 'Fermer' }).click();
  await page.getByRole('button', { name: `Supprimer ${colleague.username}` }).click();
  await expect(page.getByRole('dialog', { name: 'Supprimer un collaborateur' })).toBeVisible();
  expect(await violations(page), 'supprimer un collaborateur').toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Gérer les licences' }).click();
  const licences = page.getByRole('dialog', { name: 'Gestion des licences' });
  await licences.getByRole('button', { name: 'Voir les details de la licence 2' }).click();
  await expect(licences.getByText('Essai gratuit')).toBeVisible();
  expect(await violations(page), 'licences').toEqual([]);
  await page.keyboard.press('Escape');
});

test('the demonstration checkout, its refusal, the billing portal and the licences of a subscription have no accessibility violation', async ({
  page,
  context,
}) => {
  const owner = await signUpThroughApi(app.url);
  await useSession(page, owner.token);
  await page.goto(`${app.url}/dashboard/subscription`);
  const manager = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Manager' }) });
  await manager.getByRole('button', { name: 'Choisir ce pack' }).click();
  await page.getByRole('button', { name: "Démarrer l'aventure" }).click();
  await expect(page).toHaveURL(/\/api\/stripe\/demo\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Paiement de votre abonnement' })).toBeVisible();
  expect(await violations(page), 'paiement').toEqual([]);
  await payOnDemoCheckout(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Paiement accepté' })).toBeVisible();

  await page.goto(`${app.url}/dashboard/paiement/new`);
  await page.getByRole('button', { name: 'Acheter les licences' }).click();
  await expect(page).toHaveURL(/\/api\/stripe\/demo\/checkout\//);
  expect(await violations(page), 'paiement de licences').toEqual([]);
  await payOnDemoCheckout(page, '4000 0000 0000 0002');
  await expect(page.getByRole('heading', { name: 'Erreur de paiement' })).toBeVisible();

  await page.goto(`${app.url}/dashboard/prospect/settings/collaborateurs`);
  await page.getByRole('button', { name: 'Gérer les licences' }).click();
  const licences = page.getByRole('dialog', { name: 'Gestion des licences' });
  await expect(licences.getByRole('group', { name: 'Abonnement' })).toBeVisible();
  // Three trial licences, then the paid seat.
  await licences.getByRole('button', { name: 'Voir les details de la licence 4' }).click();
  expect(await violations(page), 'licences payées').toEqual([]);
  const portalTab = context.waitForEvent('page');
  await licences.getByRole('button', { name: 'Gérer l’abonnement' }).click();
  const portal = await portalTab;
  await expect(portal.getByRole('heading', { name: 'Portail de facturation' })).toBeVisible();
  expect(await violations(portal), 'portail').toEqual([]);

  await page.goto(`${app.url}/api/stripe/demo/checkout/inconnue`);
  await expect(
    page.getByRole('heading', { name: 'Session de paiement introuvable ou expirée' }),
  ).toBeVisible();
  expect(await violations(page), 'session introuvable').toEqual([]);
});
