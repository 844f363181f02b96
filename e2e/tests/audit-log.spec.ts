// The organisation's audit log (issue 23), "Historique" in the settings: an owner opens it from the
// hub, reads what changed newest first, filters by type, scrolls a log of several hundred records that
// arrive page by page (only the visible cards are in the page), exports the CSV; at 390 px the cards
// fit the width; a colleague without "Voir l'historique" has no tile and is told so; axe finds nothing.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PHONE, sidewaysOverflow, smallInputFonts, smallTouchTargets } from '../support/phone-audit';
import { callApi, callerOf, joinAsColleague, type Caller } from '../support/seed';
import { startApp, type RunningApp } from '../support/servers';
// Imported under another name: a Playwright helper, not a React hook (react-hooks/rules-of-hooks).
import { signUpThroughApi, useSession as openWithSession } from '../support/session';

const FILE_NAME = 'Boulangeries du Rhône';
/** Role edits seeded after the first records: enough for several pages of the list. */
const EDITS = 240;

let app: RunningApp;
let caller: Caller;
let token: string;

test.beforeAll(async () => {
  app = await startApp({ LOG_LEVEL: 'error' });
  const user = await signUpThroughApi(app.url);
  token = user.token;
  caller = await callerOf(app.url, token);
  const api = <T>(path: string, body: Record<string, unknown> = {}) =>
    callApi<T>(app.url, path, { ...caller, ...body });
  const { excelId } = await api<{ excelId: string }>('/api/prospect/load', {
    name: FILE_NAME,
    isPrivate: false,
    value: { prospect: 'Raison sociale' },
    exel: [{ 'Raison sociale': 'Pain de Lyon' }, { 'Raison sociale': 'Fournil Bellecour' }],
  });
  const { value } = await api<{ value: { _id: string }[] }>('/api/prospect/get/value', { excelId });
  const { opportunityId } = await api<{ opportunityId: string }>('/api/opportunity/create', {
    prospectId: value[0]?._id,
  });
  await api('/api/opportunity/setWin', { opportunityId });
  const { role } = await api<{ role: { _id: string } }>('/api/user/createRole', {
    roleName: 'Assistante',
    binaryValue: '128',
  });
  // Renames back and forth: each one a record ("Modification d’un rôle").
  for (let i = 0; i < EDITS; i += 1)
    await api('/api/user/editRole', { roleId: role._id, roleName: `Assistante ${i}`, binaryValue: '128' });
});

test.afterAll(async () => {
  await app?.stop();
});

async function ownerPage(browser: Browser, options = {}): Promise<Page> {
  const context = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    acceptDownloads: true,
    ...options,
  });
  const page = await context.newPage();
  await openWithSession(page, token);
  return page;
}

const cards = (page: Page) =>
  page
    .getByRole('list')
    .filter({ has: page.locator('.audit-card') })
    .getByRole('listitem');

test('an owner reads the log newest first, filters it, scrolls every page and exports the CSV', async ({
  browser,
}) => {
  const page = await ownerPage(browser);
  await page.goto(`${app.url}/dashboard/prospect/settings`);
  await page.getByRole('link', { name: 'Historique' }).click();
  await expect(page).toHaveURL(`${app.url}/dashboard/prospect/settings/historique`);
  await expect(page.getByRole('heading', { level: 1, name: 'Historique' })).toBeVisible();
  await expect(page).toHaveTitle('Paramètres · Historique — Prospection');

  // Newest first: the last rename, with who and before → after.
  const first = cards(page).first();
  await expect(first).toContainText(`Modification d’un rôle · Assistante ${EDITS - 1}`);
  await expect(first).toContainText('Martin Claire');
  await expect(first).toContainText(`Nom : Assistante ${EDITS - 2}`);

  // Scrolling to the end brings every page; only the cards in view are in the page.
  const list = page.getByLabel('Événements de l’historique');
  await expect(async () => {
    await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(page.getByText(`Import · ${FILE_NAME}`)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  expect(await cards(page).count()).toBeLessThan(40);
  // The renames, the role's creation, the import, the opportunity's creation and its state change.
  await expect(cards(page).last()).toHaveAttribute('aria-setsize', String(EDITS + 4));

  // One type: the state change, "A faire" → "Gagné", on the prospect's name.
  await page.getByLabel('Type').selectOption({ label: 'Changement d’état' });
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Changement d’état · Pain de Lyon');
  await expect(cards(page).first()).toContainText('Gagné');

  // The CSV of what is shown: byte-order mark, ';', French headers.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exporter en CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('historique.csv');
  const csv = readFileSync((await download.path()) as string, 'utf8');
  expect(csv.startsWith('\uFEFF"Date";"Personne";"Type";"Objet";"Avant";"Après";"Détails"\r\n')).toBe(true);
  expect(csv).toContain('"Martin Claire";"Changement d’état";"Pain de Lyon";"A faire";"Gagné"');
  expect(csv.trimEnd().split('\r\n')).toHaveLength(2);

  // A period that ends before it starts is refused before anything is asked.
  await page.getByLabel('Du').fill('2030-02-01');
  await page.getByLabel('Au').fill('2030-01-01');
  await expect(page.locator('main').getByRole('alert')).toHaveText(
    'La date de début doit précéder la date de fin',
  );

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await page.context().close();
});

test('at 390 px the records are cards that fit the width, with thumb-sized controls', async ({ browser }) => {
  const page = await ownerPage(browser, PHONE);
  await page.goto(`${app.url}/dashboard/prospect/settings/historique`);
  await expect(cards(page).first()).toBeVisible();
  expect(await sidewaysOverflow(page)).toMatchObject({ wide: [] });
  // Fields and the button are thumb-sized, and focusing a field does not zoom the page.
  expect(await smallTouchTargets(page)).toEqual([]);
  expect(await smallInputFonts(page)).toEqual([]);
  await page.context().close();
});

test('a colleague whose role lacks "Voir l\'historique" has no tile and is told so', async ({ browser }) => {
  const colleague = await joinAsColleague(app, caller, `collegue.historique${Date.now()}@exemple.fr`);
  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const page = await context.newPage();
  await openWithSession(page, colleague.token);
  await page.goto(`${app.url}/dashboard/prospect/settings`);
  await expect(page.getByRole('link', { name: 'Compte', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Historique' })).toHaveCount(0);
  await page.goto(`${app.url}/dashboard/prospect/settings/historique`);
  await expect(
    page.getByText('Votre rôle ne permet pas de voir l’historique de l’organisation.'),
  ).toBeVisible();
  await context.close();
});
