// Each screen's main actions with the keyboard alone (Tab, Enter, Space, arrows, Escape): dialogs take
// the focus, keep it while open, close on Escape and give it back to what opened them.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startApp, type RunningApp } from '../support/servers';
import { seedWorkedFile, WORKED_FILE } from '../support/seed';
import { signUpThroughApi, useSession } from '../support/session';
import { encodeWindows1252 } from '../support/windows-1252';

let app: RunningApp;

test.beforeAll(async () => {
  app = await startApp();
});

test.afterAll(async () => {
  await app.stop();
});

const isFocused = (target: Locator) => target.evaluate((node) => node === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it is not reached. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}): Promise<void> {
  for (let presses = 0; presses < max && !(await isFocused(target)); presses++)
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  await expect(target).toBeFocused();
}

/** Tabs `presses` times through an open dialog: the focus never leaves it. */
async function expectFocusTrapped(page: Page, dialog: Locator, presses = 25): Promise<void> {
  for (let press = 0; press < presses; press++) {
    await page.keyboard.press(press % 5 === 4 ? 'Shift+Tab' : 'Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
}

test('files list: the import is opened from the menu, a file chosen and the steps passed with the keyboard; Escape gives the focus back', async ({
  page,
}) => {
  const user = await signUpThroughApi(app.url);
  await useSession(page, user.token);
  await page.goto(`${app.url}/dashboard/prospect/list`);
  const add = page.getByRole('button', { name: 'Ajouter un fichier' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Importer un fichier Excel' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Créer une liste manuellement' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(add).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');

  const modal = page.getByRole('dialog', { name: 'Importer un fichier' });
  await expect(modal).toBeFocused();
  const fileInput = modal.getByLabel('Fichier (.csv ou .xlsx)');
  await tabTo(page, fileInput);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles({
    name: 'prospects.csv',
    mimeType: 'text/csv',
    buffer: encodeWindows1252('Raison sociale;Ville\r\nCrèche Les Lucioles;Bourg-en-Bresse\r\n'),
  });
  await expect(
    modal.getByText('1 lignes, 2 colonnes').or(modal.getByText('1 ligne, 2 colonnes')),
  ).toBeVisible();
  await tabTo(page, modal.getByRole('button', { name: 'Suivant' }));
  await page.keyboard.press('Enter');
  await expect(modal.getByLabel('Titre')).toBeVisible();
  await tabTo(page, modal.getByLabel('Titre'));
  await page.keyboard.type('Prospects au clavier');
  await tabTo(page, modal.getByLabel('Tout le monde'));
  await page.keyboard.press('Space');
  await expect(modal.getByLabel('Tout le monde')).toBeChecked();
  await expectFocusTrapped(page, modal);

  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(add).toBeFocused();
});

test('opportunity list: the filters open with Enter, a facet is ticked with Space, a state button opens its date picker and Escape closes it', async ({
  page,
}) => {
  const { user } = await seedWorkedFile(app.url, WORKED_FILE);
  await useSession(page, user.token);
  await page.goto(`${app.url}/dashboard/opportunity/list/all`);
  const card = page.getByRole('article', { name: 'Crèche Les Lucioles' });
  await expect(card).toBeVisible();

  const filters = page.getByRole('button', { name: /^Filtres/ });
  await tabTo(page, filters);
  await page.keyboard.press('Enter');
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  const facet = page.getByRole('region', { name: 'Filtres' }).getByRole('checkbox').first();
  await tabTo(page, facet);
  await page.keyboard.press('Space');
  await expect(facet).toBeChecked();
  await page.keyboard.press('Space');
  await expect(facet).not.toBeChecked();

  const waiting = card.getByRole('group', { name: "État de l'opportunité" }).getByRole('button', {
    name: 'En Attente',
  });
  await tabTo(page, waiting);
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: 'Passer en « En Attente »' });
  await expect(picker.getByLabel('Date')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(waiting).toBeFocused();

  // The card's link opens the detail page.
  await tabTo(page, card.getByRole('link', { name: 'Crèche Les Lucioles' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Crèche Les Lucioles' })).toBeVisible();
});

test('opportunity detail: each modal opens with Enter, keeps the focus inside, closes on Escape and gives it back; a loss is confirmed with the keyboard', async ({
  page,
}) => {
  const { user, opportunityId } = await seedWorkedFile(app.url, WORKED_FILE);
  await useSession(page, user.token);
  await page.goto(`${app.url}/dashboard/opportunity/${opportunityId}?type=all`);
  await expect(page.getByText(WORKED_FILE.comment)).toBeVisible();

  for (const [name, title] of [
    ['Ajouter des informations contractuelles', 'Informations contractuelles'],
    ['Modifier le prospect', 'Informations prospect'],
  ] as const) {
    const opener = page.getByRole('button', { name });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeFocused();
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }

  const lose = page
    .getByRole('group', { name: "État de l'opportunité" })
    .getByRole('button', { name: 'Perdu' });
  await tabTo(page, lose, { backwards: true });
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Passer en Perdu' });
  await tabTo(page, confirm.getByRole('button', { name: 'Confirmer' }));
  await page.keyboard.press('Enter');
  await expect(lose).toHaveAttribute('aria-pressed', 'true');

  // A comment with its status, sent with the keyboard.
  const chat = page.getByRole('region', { name: 'Commentaires' });
  await tabTo(page, chat.getByRole('radio').first());
  await page.keyboard.press('Space');
  await tabTo(page, chat.getByLabel('Commentaire'));
  await page.keyboard.type('Pas de budget cette année');
  await tabTo(page, chat.getByRole('button', { name: 'Envoyer' }));
  await page.keyboard.press('Enter');
  await expect(chat.getByText('Pas de budget cette année')).toBeVisible();
});

test('new opportunity: opened from the navigation with the keyboard, closed with Escape', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1800, height: 1000 });
  const user = await signUpThroughApi(app.url);
  await useSession(page, user.token);
  await page.goto(`${app.url}/dashboard`);
  const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
  const campaigns = navigation.getByRole('button', { name: 'Campagnes' });
  await tabTo(page, campaigns);
  await page.keyboard.press('Enter');
  const manual = navigation.getByRole('button', { name: 'Importer un prospect manuel' });
  await tabTo(page, manual);
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Nouvelle opportunité' });
  await expect(modal).toBeVisible();
  await tabTo(page, modal.getByLabel('Raison sociale'));
  await page.keyboard.type('Fleurs du Marais');
  await expectFocusTrapped(page, modal);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
});

test('collapsed navigation rail: a group opens beside it with readable entries, reached and left with the keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const user = await signUpThroughApi(app.url);
  await useSession(page, user.token);
  await page.goto(`${app.url}/dashboard`);
  const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(navigation.getByRole('button', { name: 'Déplier le menu' })).toBeVisible();
  const opportunities = navigation.getByRole('button', { name: 'Opportunités' });
  await tabTo(page, opportunities);
  await page.keyboard.press('Enter');
  const unassigned = navigation.getByRole('link', { name: 'Non attribuées' });
  await expect(unassigned).toBeVisible();
  // The label is drawn beside the rail, wide enough to read, and nothing covers it.
  const rail = await navigation.boundingBox();
  const entry = await unassigned.boundingBox();
  expect(rail && entry && entry.x >= rail.x + rail.width && entry.width > 100).toBe(true);
  expect(
    await unassigned.evaluate((link) => {
      const box = link.getBoundingClientRect();
      return link.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    }),
  ).toBe(true);
  await expect(unassigned).toContainText('Non attribuées');
  await expect(navigation.getByRole('link', { name: 'Toute Opportunités' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(unassigned).toBeHidden();
  await expect(opportunities).toBeFocused();

  await page.keyboard.press('Enter');
  await tabTo(page, unassigned);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/opportunity\/unassigned$/);
  await expect(page.getByRole('heading', { name: 'Opportunités non attribuées' })).toBeVisible();
  await expect(unassigned).toBeHidden();
  await expect(opportunities).toBeFocused();

  const campaigns = navigation.getByRole('button', { name: 'Campagnes' });
  await campaigns.click();
  const importCampaign = navigation.getByRole('button', { name: 'Importer une campagne' });
  await importCampaign.click();
  await expect(page.getByRole('dialog', { name: 'Importer un fichier' })).toBeVisible();
});

test('settings: a role is created with the keyboard alone', async ({ page }) => {
  const user = await signUpThroughApi(app.url);
  await useSession(page, user.token);
  await page.goto(`${app.url}/dashboard/prospect/settings`);
  await tabTo(page, page.getByRole('link', { name: 'Rôles', exact: true }));
  await page.keyboard.press('Enter');
  const create = page.getByRole('button', { name: 'Créer un rôle' });
  await tabTo(page, create);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Créer un rôle' });
  await tabTo(page, dialog.getByLabel('Nom du rôle'));
  await page.keyboard.type('Prospecteur clavier');
  await tabTo(page, dialog.getByRole('checkbox', { name: 'Voir les prospects' }));
  await page.keyboard.press('Space');
  await tabTo(page, dialog.getByRole('button', { name: 'Enregistrer' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Prospecteur clavier' })).toContainText('1 / 23');
});

test('settings: the invitation and licence dialogs open with Enter and close with Escape, giving the focus back', async ({
  page,
}) => {
  const user = await signUpThroughApi(app.url);
  await useSession(page, user.token);
  await page.goto(`${app.url}/dashboard/prospect/settings/collaborateurs`);
  for (const [name, title] of [
    ['Invitez un Collaborateur', 'Invitez un Collaborateur'],
    ['Gérer les licences', 'Gestion des licences'],
  ] as const) {
    const opener = page.getByRole('button', { name });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeFocused();
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }
});

test('subscription: the yearly period is chosen with the arrows and a pack with Enter', async ({ page }) => {
  const user = await signUpThroughApi(app.url);
  await useSession(page, user.token);
  await page.goto(`${app.url}/dashboard/subscription`);
  const monthly = page.getByRole('radio', { checked: true });
  await tabTo(page, monthly);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: "A l'année" })).toBeChecked();
  const manager = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Manager' }) });
  await expect(manager).toContainText('19,90 € HT');
  await tabTo(page, manager.getByRole('button', { name: 'Choisir ce pack' }));
  await page.keyboard.press('Enter');
  const recap = page.getByRole('form', { name: 'Pack Manager' });
  await tabTo(page, recap.getByLabel('Code promo'));
  await tabTo(page, recap.getByRole('button', { name: "Démarrer l'aventure" }));
});
