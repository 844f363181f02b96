import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { mailsTo, waitForMailLink } from '../support/outbox';
import { startApp, type RunningApp } from '../support/servers';
import { signUpThroughApi, useSession, type TestUser } from '../support/session';

// Issue 10, end to end, as an administrator runs their team: invite a colleague who joins from the
// e-mail, sees the no-licence page, gets a licence and reaches the opportunities; then a role with three
// permissions is made and given to them, and a call outside it is refused and its control hidden.

/** The dark bottom-right toast holding `text`. */
function toast(page: Page, text: string): Locator {
  return page.locator('.Toastify').getByText(text, { exact: true });
}

async function newBrowserContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
}

async function openSettingsTile(page: Page, url: string, tile: string): Promise<void> {
  await page.goto(`${url}/dashboard/prospect/settings`);
  await page.getByRole('link', { name: tile, exact: true }).click();
}

test.describe.serial('paramètres : collaborateurs, licences, rôles', () => {
  let app: RunningApp;
  let admin: TestUser;
  let adminContext: BrowserContext;
  let adminPage: Page;
  let colleagueContext: BrowserContext;
  let colleaguePage: Page;
  const colleague = {
    nom: 'Petit',
    prenom: 'Lucas',
    email: 'lucas.petit@exemple.fr',
    password: 'Bienvenue3',
  };
  const colleagueName = `${colleague.nom} ${colleague.prenom}`;

  test.beforeAll(async ({ browser }) => {
    // The scenario makes refused calls on purpose: keep the API's 4xx warnings out of the report.
    app = await startApp({ LOG_LEVEL: 'error' });
    admin = await signUpThroughApi(app.url, { nom: 'Durand', prenom: 'Sophie' });
    adminContext = await newBrowserContext(browser);
    adminPage = await adminContext.newPage();
    await useSession(adminPage, admin.token);
    colleagueContext = await newBrowserContext(browser);
    colleaguePage = await colleagueContext.newPage();
  });

  test.afterAll(async () => {
    await colleagueContext?.close();
    await adminContext?.close();
    await app?.stop();
  });

  test('the administrator invites a colleague from "Invitez un Collaborateur"; the colleague joins through the e-mail link', async () => {
    const page = adminPage;
    await openSettingsTile(page, app.url, 'Collaborateurs');
    await expect(page).toHaveURL(`${app.url}/dashboard/prospect/settings/collaborateurs`);
    await expect(page.getByRole('cell', { name: admin.email })).toBeVisible();

    await page.getByRole('button', { name: 'Invitez un Collaborateur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invitez un Collaborateur' });
    await dialog.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Veuillez entrer un e-mail');

    const mailsBefore = mailsTo(app.dataDir, colleague.email).length;
    await dialog.getByLabel('E-mail du collaborateur').fill(colleague.email);
    await dialog.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await expect(toast(page, `Invitation envoyée à ${colleague.email}`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const pending = page.getByRole('region', { name: 'Invitations en attente' });
    await expect(pending.getByText(colleague.email)).toBeVisible();

    const joinLink = await waitForMailLink(
      app.dataDir,
      colleague.email,
      mailsBefore,
      `${app.url}/invitation/join/`,
    );
    const joinPath = new URL(joinLink).pathname;
    const other = colleaguePage;
    await other.goto(joinLink);
    await expect(other).toHaveURL(`${app.url}/login?next=${encodeURIComponent(joinPath)}`);
    await other.getByRole('button', { name: "S'inscrire" }).click();
    await other.getByLabel('Nom', { exact: true }).fill(colleague.nom);
    await other.getByLabel('Prénom').fill(colleague.prenom);
    await other.getByLabel('Email').fill(colleague.email);
    await other.getByLabel('Mot de passe').fill(colleague.password);
    await other.getByRole('button', { name: "S'inscrire" }).click();
    await expect(other.getByText("Vous avez rejoint l'organisation Société Exemple")).toBeVisible();
    await expect(other).toHaveURL(`${app.url}/dashboard`, { timeout: 10_000 });

    // The invitation is no longer pending; the colleague is listed, without a licence.
    await page.reload();
    await expect(pending.getByText('Aucune invitation en attente.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: colleague.email });
    await expect(row).toContainText(colleagueName);
    await expect(row).toContainText('Sans licence');
  });

  test('without a licence the colleague is sent to the no-licence page, which says whom to ask', async () => {
    const page = colleaguePage;
    await page.goto(`${app.url}/dashboard/opportunity/list/todo`);
    await expect(page).toHaveURL(`${app.url}/dashboard/nosub`);
    await expect(
      page.getByRole('heading', {
        name: "Aucune licence… veuillez contacter l'administrateur de votre organisation",
      }),
    ).toBeVisible();
  });

  test('the administrator assigns a free licence; the colleague then reaches the opportunity list', async () => {
    const page = adminPage;
    await page.goto(`${app.url}/dashboard/prospect/settings/collaborateurs`);
    await page.getByRole('button', { name: 'Gérer les licences' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gestion des licences' });
    await expect(dialog.getByText('Licences utilisé : 1 / 3')).toBeVisible();
    // The administrator's own licence cannot be taken from them here.
    await expect(dialog.getByRole('combobox', { name: 'Titulaire de la licence 1' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Voir les details de la licence 2' }).click();
    await expect(dialog.getByText('Essai gratuit')).toBeVisible();

    await dialog
      .getByRole('combobox', { name: 'Titulaire de la licence 2' })
      .selectOption({ label: colleagueName });
    await expect(toast(page, 'Licence attribué avec succès')).toBeVisible();
    await expect(dialog.getByText('Licences utilisé : 2 / 3')).toBeVisible();

    // A member holds one licence at most: the server refuses, the select goes back to "Non attribué".
    const third = dialog.getByRole('combobox', { name: 'Titulaire de la licence 3' });
    await third.selectOption({ label: colleagueName });
    await expect(page.locator('.Toastify .Toastify__toast--error')).toBeVisible();
    await expect(third).toHaveValue('');
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(page.getByRole('row').filter({ hasText: colleague.email })).toContainText(
      'Licence attribuée',
    );

    // Effective on the colleague's next call, without signing in again.
    await colleaguePage.goto(`${app.url}/dashboard/opportunity/list/todo`);
    await expect(colleaguePage).toHaveURL(`${app.url}/dashboard/opportunity/list/todo`);
    await expect(colleaguePage.getByRole('heading', { name: 'Opportunités', level: 1 })).toBeVisible();
  });

  test('a role with three permissions, given to the colleague: a call outside it is refused and its control hidden', async () => {
    const page = adminPage;
    await openSettingsTile(page, app.url, 'Rôles');
    await page.getByRole('button', { name: 'Créer un rôle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer un rôle' });
    await dialog.getByLabel('Nom du rôle').fill('Prospecteur');
    for (const label of ['Voir les prospects', 'Créer un prospect', 'Commenter les suivis']) {
      await dialog.getByRole('checkbox', { name: label }).check();
    }
    const created = page.waitForRequest('**/api/user/createRole');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await created).postDataJSON()).toMatchObject({
      roleName: 'Prospecteur',
      binaryValue: String(128 + 256 + 131072),
    });
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: 'Prospecteur' })).toContainText('3 / 23');

    await openSettingsTile(page, app.url, 'Collaborateurs');
    await page
      .getByRole('combobox', { name: `Rôle de ${colleagueName}` })
      .selectOption({ label: 'Prospecteur' });
    await expect(page.getByRole('combobox', { name: `Rôle de ${colleagueName}` })).toHaveValue(/.+/);
    await expect(page.locator('.Toastify .Toastify__toast--success').last()).toBeVisible();

    // The colleague's next start loads the new role's mask.
    const other = colleaguePage;
    await other.goto(`${app.url}/dashboard/prospect/settings/donnees`);
    await expect(other.getByRole('heading', { name: 'Données', level: 1 })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Exporter toutes les données' })).toHaveCount(0);
    await expect(
      other.getByText('Votre rôle ne permet pas d’exporter les données de l’organisation.'),
    ).toBeVisible();

    // The server refuses the export (bit 4194304) for this role, whatever the screen shows.
    const token = await other.evaluate(() => localStorage.getItem('token'));
    const organisationId = await other.evaluate(() => localStorage.getItem('CurrentOrganisation'));
    const refused = await other.request.post(`${app.url}/api/opportunity/export/filter`, {
      data: { token, organisationId, filter: { state: 'all' }, startId: 0, endId: Number.MAX_SAFE_INTEGER },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Vous n’avez pas les droits nécessaires pour cette action',
    );
    const exportAll = await other.request.post(`${app.url}/api/organisation/exportData`, {
      data: { token, organisationId },
    });
    expect(exportAll.status()).toBe(403);

    // Nor can they manage the team: no invitation button, no role selects.
    await other.goto(`${app.url}/dashboard/prospect/settings/collaborateurs`);
    await expect(other.getByRole('cell', { name: colleague.email })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Invitez un Collaborateur' })).toHaveCount(0);
    await expect(other.getByRole('combobox', { name: /^Rôle de/ })).toHaveCount(0);
    // Within the role, the opportunity list still opens.
    await other.goto(`${app.url}/dashboard/opportunity/list/all`);
    await expect(other.getByRole('heading', { name: 'Opportunités', level: 1 })).toBeVisible();
  });

  test('the administrator exports the organisation’s data as CSV files with a BOM, and sees the account page', async () => {
    const page = adminPage;
    await openSettingsTile(page, app.url, 'Données');
    const downloads: Promise<import('@playwright/test').Download>[] = [];
    page.on('download', (download) => downloads.push(Promise.resolve(download)));
    await page.getByRole('button', { name: 'Exporter toutes les données' }).click();
    await expect(toast(page, 'Export terminé')).toBeVisible();
    await expect.poll(() => downloads.length).toBeGreaterThanOrEqual(4);
    for (const pending of downloads) {
      const download = await pending;
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const stream = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect([...Buffer.concat(chunks).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    }

    await page.getByRole('link', { name: 'Mon compte' }).click();
    await expect(page).toHaveURL(`${app.url}/dashboard/prospect/settings/compte`);
    await expect(page.getByText(admin.email)).toBeVisible();
    await expect(page.getByText('Durand Sophie')).toBeVisible();
  });

  test('the administrator removes the colleague, who is refused at once and whose licence is freed', async () => {
    const other = colleaguePage;
    const token = await other.evaluate(() => localStorage.getItem('token'));
    const organisationId = await other.evaluate(() => localStorage.getItem('CurrentOrganisation'));

    const page = adminPage;
    await openSettingsTile(page, app.url, 'Collaborateurs');
    await page.getByRole('button', { name: `Supprimer ${colleagueName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer un collaborateur' });
    await expect(dialog.getByLabel('Qui reprend ses opportunités ?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Supprimer le collaborateur' }).click();
    await expect(toast(page, `${colleagueName} a été retiré de l’organisation`)).toBeVisible();
    await expect(page.getByRole('cell', { name: colleague.email })).toHaveCount(0);

    // The colleague's session still exists, but this organisation refuses it from the next call.
    const refused = await other.request.post(`${app.url}/api/opportunity/getAllCount`, {
      data: { token, organisationId },
    });
    expect(refused.status()).toBe(403);
    await page.getByRole('button', { name: 'Gérer les licences' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Gestion des licences' }).getByText('Licences utilisé : 1 / 3'),
    ).toBeVisible();
  });

  test('on the account page the administrator changes the password, then signs out everywhere', async () => {
    const page = adminPage;
    await page.goto(`${app.url}/dashboard/prospect/settings/compte`);
    await page.getByLabel('Mot de passe actuel').fill('Mauvais1Mot');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nouveau2Secret');
    await page.getByLabel('Confirmer le nouveau mot de passe').fill('Nouveau2Secret');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(toast(page, 'Mot de passe actuel incorrect')).toBeVisible();

    await page.getByLabel('Mot de passe actuel').fill(admin.password);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(page.locator('.Toastify .Toastify__toast--success').last()).toBeVisible();

    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByRole('button', { name: 'Se déconnecter de partout' }).click();
    await expect(page).toHaveURL(`${app.url}/login`);
    const verify = await page.request.post(`${app.url}/api/verify`, { data: { token } });
    expect(verify.status()).toBe(401);

    // The new password opens a new session; the old one no longer does.
    const oldLogin = await page.request.post(`${app.url}/api/login`, {
      data: { email: admin.email, password: admin.password },
    });
    expect(oldLogin.status()).toBeGreaterThanOrEqual(400);
    const newLogin = await page.request.post(`${app.url}/api/login`, {
      data: { email: admin.email, password: 'Nouveau2Secret' },
    });
    expect(newLogin.status()).toBe(200);
  });
});
