import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { mailsTo, waitForMailLink } from '../support/outbox';
import { startApp, type RunningApp } from '../support/servers';
import { signUpThroughApi, useSession, type TestUser } from '../support/session';

// Issue 11, end to end, as an owner buys with the demonstration provider (no STRIPE_SECRET_KEY):
// Manager yearly with a promo code, paid on the demo checkout page, the seats in licence management,
// one given to a colleague, two more bought from '+ Ajouter nouvelle licence', a refused card.

const ACCEPTED_CARD = '4242 4242 4242 4242';
const REFUSED_CARD = '4000 0000 0000 0002';

function toast(page: Page, text: string): Locator {
  return page.locator('.Toastify').getByText(text, { exact: true });
}

/** The demonstration checkout page served by the API: fill the card and pay. */
async function payOnDemoCheckout(page: Page, card: string): Promise<void> {
  await expect(page).toHaveURL(/\/api\/stripe\/demo\/checkout\//);
  await expect(page.getByText('Mode démonstration : aucun paiement réel')).toBeVisible();
  await page.getByLabel('Numéro de carte').fill(card);
  await page.getByLabel('Expiration (MM/AA)').fill('12/34');
  await page.getByLabel('Code de sécurité (CVC)').fill('123');
  await page.getByRole('button', { name: 'Payer' }).click();
}

/** WCAG 2.1 A/AA violations on the page as it stands (same rules as accessibility.spec.ts). */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

async function openLicences(page: Page, url: string): Promise<Locator> {
  await page.goto(`${url}/dashboard/prospect/settings/collaborateurs`);
  await page.getByRole('button', { name: 'Gérer les licences' }).click();
  return page.getByRole('dialog', { name: 'Gestion des licences' });
}

/** A colleague who joined the owner's organisation through an invitation, without a licence. */
async function inviteColleague(app: RunningApp, owner: TestUser, organisationId: string): Promise<string> {
  const colleague = { email: 'lea.bernard@exemple.fr', password: 'Bienvenue3', username: 'Bernard Léa' };
  const before = mailsTo(app.dataDir, colleague.email).length;
  const post = (path: string, body: object) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const invited = await post('/api/invitation/create', {
    token: owner.token,
    organisationId,
    invitationEmail: colleague.email,
  });
  expect(invited.ok).toBe(true);
  const link = await waitForMailLink(app.dataDir, colleague.email, before, `${app.url}/invitation/join/`);
  const registered = await post('/api/register', colleague);
  const { token } = (await registered.json()) as { token: string };
  const joined = await post(new URL(link).pathname.replace('/invitation/join/', '/api/invitation/join/'), {
    token,
  });
  expect(joined.ok).toBe(true);
  return colleague.username;
}

test.describe.serial('abonnement et licences (fournisseur de démonstration)', () => {
  let app: RunningApp;
  let owner: TestUser;
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    // Refused promo codes and cards are part of the story: keep the API's 4xx warnings out.
    app = await startApp({ LOG_LEVEL: 'error' });
    owner = await signUpThroughApi(app.url, { nom: 'Lefèvre', prenom: 'Camille' });
    context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    page = await context.newPage();
    await useSession(page, owner.token);
  });

  test.afterAll(async () => {
    await context?.close();
    await app?.stop();
  });

  test('the owner chooses Manager yearly with a promo code, pays on the demo checkout and lands on "Paiement accepté"', async () => {
    await page.goto(`${app.url}/dashboard/prospect/settings`);
    await page.getByRole('link', { name: 'Abonnement', exact: true }).click();
    await expect(page).toHaveURL(`${app.url}/dashboard/subscription`);
    await expect(page.getByRole('complementary', { name: 'Mode démonstration' })).toContainText(
      'Mode démonstration : aucun paiement réel.',
    );

    const manager = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Manager' }) });
    await expect(manager).toContainText('25,90 € HT');
    await page.getByRole('radio', { name: "A l'année" }).check();
    await expect(manager).toContainText('19,90 € HT');
    await expect(manager).toContainText('soit 23,88 € TTC');
    await expect(manager).toContainText('Total sur un an : 238,80 € HT par utilisateur');

    await manager.getByRole('button', { name: 'Choisir ce pack' }).click();
    const recap = page.getByRole('form', { name: 'Pack Manager' });
    await expect(recap.getByRole('heading', { name: 'Contenu du pack' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    // An unknown code is refused before any checkout.
    await recap.getByLabel('Code promo').fill('INCONNU');
    await recap.getByRole('button', { name: "Démarrer l'aventure" }).click();
    await expect(toast(page, 'Code promo invalide ou expiré')).toBeVisible();
    await expect(page).toHaveURL(`${app.url}/dashboard/subscription`);

    await recap.getByLabel('Code promo').fill('BIENVENUE10');
    await recap.getByRole('button', { name: "Démarrer l'aventure" }).click();
    await expect(page).toHaveURL(/\/api\/stripe\/demo\/checkout\//);
    await expect(page.getByText('BIENVENUE10 (−10 %)')).toBeVisible();
    await expect(page.getByText('Manager', { exact: true })).toBeVisible();
    // Two seats: the owner's and one for a colleague.
    await page.getByLabel('Nombre de licences').fill('2');
    await payOnDemoCheckout(page, ACCEPTED_CARD);

    await expect(page.getByRole('heading', { name: 'Paiement accepté' })).toBeVisible();
    await expect(page).toHaveURL(`${app.url}/dashboard/paiement/success`);
    await expect(page.getByText(/2 licences sont disponibles/)).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Validé' }).click();
    await expect(page).toHaveURL(/\/dashboard\/(prospect|opportunity\/list\/todo)$/);
  });

  test('the seats are in licence management; the owner gives one to a colleague', async () => {
    const organisationId = await page.evaluate(() => localStorage.getItem('CurrentOrganisation'));
    expect(organisationId).toBeTruthy();
    const colleagueName = await inviteColleague(app, owner, organisationId ?? '');

    const dialog = await openLicences(page, app.url);
    // Three trial keys and the two paid seats; the owner moved onto a paid seat.
    await expect(dialog.getByText('Licences utilisé : 1 / 5')).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Abonnement' })).toContainText(
      'Abonnement Manager · annuel · 2 licences · Actif',
    );
    // One licence's details at a time: both paid seats are Manager, billed yearly.
    for (const n of [4, 5]) {
      await dialog.getByRole('button', { name: `Voir les details de la licence ${n}` }).click();
      await expect(dialog.locator('dl')).toContainText('Manager');
      await expect(dialog.locator('dl')).toContainText('Annuelle');
    }
    await expect(dialog.getByRole('combobox', { name: 'Titulaire de la licence 4' })).toBeDisabled();
    // The owner opens the subscription's portal from a paid licence, in a new tab.
    const portalTab = page.context().waitForEvent('page');
    await dialog.getByRole('button', { name: 'Gérer l’abonnement' }).click();
    const portal = await portalTab;
    await expect(portal.getByRole('heading', { name: 'Portail de facturation' })).toBeVisible();
    await portal.close();

    await dialog
      .getByRole('combobox', { name: 'Titulaire de la licence 5' })
      .selectOption({ label: colleagueName });
    await expect(toast(page, 'Licence attribué avec succès')).toBeVisible();
    await expect(dialog.getByText('Licences utilisé : 2 / 5')).toBeVisible();
  });

  test('two more licences from "+ Ajouter nouvelle licence"', async () => {
    const dialog = await openLicences(page, app.url);
    await dialog.getByRole('button', { name: '+ Ajouter nouvelle licence' }).click();
    await expect(page).toHaveURL(`${app.url}/dashboard/paiement/new`);
    const recap = page.getByRole('form', { name: 'Pack Manager' });
    await expect(recap).toContainText("A l'année");

    const counter = recap.getByRole('spinbutton', { name: 'Nombre de licences' });
    await expect(counter).toHaveValue('1');
    await recap.getByRole('button', { name: 'Retirer une licence' }).click();
    await expect(recap.getByRole('alert')).toHaveText("Vous ne pouvez pas avoir moins d'une licence");
    await expect(counter).toHaveValue('1');
    await recap.getByRole('button', { name: 'Ajouter une licence' }).click();
    await expect(counter).toHaveValue('2');
    await expect(recap).toContainText('477,60 € HT (573,12 € TTC)');
    expect(await violations(page)).toEqual([]);
    await recap.getByRole('button', { name: 'Acheter les licences' }).click();

    await expect(page.locator('dt', { hasText: /^Licences$/ }).locator('+ dd')).toHaveText('2');
    await payOnDemoCheckout(page, ACCEPTED_CARD);
    await expect(page.getByRole('heading', { name: 'Paiement accepté' })).toBeVisible();

    const after = await openLicences(page, app.url);
    await expect(after.getByText('Licences utilisé : 2 / 7')).toBeVisible();
  });

  test('a refused card ends on "Erreur de paiement" and adds no licence', async () => {
    await page.goto(`${app.url}/dashboard/paiement/new`);
    await page.getByRole('button', { name: 'Acheter les licences' }).click();
    await payOnDemoCheckout(page, REFUSED_CARD);
    await expect(page).toHaveURL(`${app.url}/dashboard/paiement/cancel`);
    await expect(page.getByRole('heading', { name: 'Erreur de paiement' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Validé' }).click();
    await expect(page).toHaveURL(/\/dashboard\/(prospect|opportunity\/list\/todo)$/);

    const dialog = await openLicences(page, app.url);
    await expect(dialog.getByText('Licences utilisé : 2 / 7')).toBeVisible();
  });
});
