// Reports (issue 22): the mfe-reports remote, generated with npm run new-module and activated by the
// committed remotes.json alone, served like the other remotes by the one-port build. An owner opens it
// from the navigation, reads a file's figures, shares the filters by their URL, sorts, exports a CSV,
// sees the first chart drawn and prints; a colleague without "Voir les rapports" has no entry; at
// 390 px nothing pushes the page sideways; axe finds nothing.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { callApi, callerOf, joinAsColleague, type Caller } from '../support/seed';
import { PHONE, sidewaysOverflow } from '../support/phone-audit';
import { startApp, type RunningApp } from '../support/servers';
// Imported under another name: a Playwright helper, not a React hook (react-hooks/rules-of-hooks).
import { signUpThroughApi, useSession as openWithSession } from '../support/session';

const FILE_NAME = 'Boulangeries du Rhône';
const ROWS = [
  'Pain de Lyon',
  'Fournil Bellecour',
  'Mie Croix-Rousse',
  'Croissant Part-Dieu',
  'Farine Vaise',
].map((name, index) => ({ 'Raison sociale': name, CP: `6900${index + 1}`, Ville: 'Lyon' }));

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
    value: { prospect: 'Raison sociale', codePostale: 'CP', ville: 'Ville' },
    exel: ROWS,
  });
  const { value } = await api<{ value: { _id: string }[] }>('/api/prospect/get/value', { excelId });
  const { status } = await api<{ status: { _id: string }[] }>('/api/opportunity/status');
  const taken: string[] = [];
  for (const prospect of value.slice(0, 3)) {
    const { opportunityId } = await api<{ opportunityId: string }>('/api/opportunity/create', {
      prospectId: prospect._id,
    });
    taken.push(opportunityId);
  }
  for (const opportunityId of taken.slice(0, 2))
    await api('/api/messages/post', { opportunityId, statusId: status[0]?._id, message: 'Appel passé' });
  await api('/api/opportunity/setWin', { opportunityId: taken[0] });
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

const fileRow = (page: Page) =>
  page
    .getByRole('table', { name: 'Conversion par fichier de prospects' })
    .getByRole('row', { name: new RegExp(FILE_NAME) });

test('an owner opens the reports from the navigation, shares the filters by link, sorts, exports and sees the chart', async ({
  browser,
}) => {
  const page = await ownerPage(browser);
  await page.goto(`${app.url}/dashboard`);
  const opened = Date.now();
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Rapports' })
    .click();
  await expect(page).toHaveURL(`${app.url}/dashboard/reports`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Rapports — Fichiers de prospects' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Rapports · Fichiers de prospects — Prospection');
  // Imported 5, taken 3, reached 2, waiting 0, won 1, lost 0, conversion 1/3.
  await expect(fileRow(page).getByRole('cell')).toHaveText([
    FILE_NAME,
    '5',
    '3',
    '2',
    '0',
    '1',
    '0',
    '33,3 %',
    /h$/,
    /h$/,
  ]);
  await expect(page.locator('canvas[data-chart-ready]')).toBeVisible();
  console.log(`Premier graphique affiché ${Date.now() - opened} ms après le clic sur « Rapports ».`);
  // The chart's figures, as a table.
  await page.getByText('Données du graphique « Entonnoir des fichiers »').click();
  await expect(
    page.getByRole('table', { name: 'Entonnoir des fichiers' }).getByRole('row', { name: /Prises/ }),
  ).toHaveText(/3/);

  // Filters in the URL: a shared link opens the same report.
  await page.getByLabel('Période').selectOption('week');
  await expect(page).toHaveURL(/periode=week/);
  const link = page.url();
  const other = await ownerPage(browser);
  await other.goto(link);
  await expect(other.getByLabel('Période')).toHaveValue('week');
  await expect(fileRow(other)).toBeVisible();
  await other.context().close();

  // Sorting says so to assistive technologies.
  const header = page.getByRole('columnheader', { name: 'Prises en opportunité' });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');

  // The CSV: byte-order mark, ';', the figures.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exporter « Conversion par fichier de prospects » en CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('rapport-fichiers.csv');
  const csv = readFileSync((await download.path()) as string, 'utf8');
  expect(csv.startsWith('\uFEFF"Fichier";"Lignes importées";"Prises en opportunité"')).toBe(true);
  expect(csv).toContain(`"${FILE_NAME}";"5";"3";"2";"0";"1";"0"`);

  // Another report keeps the filters.
  await page.getByRole('link', { name: 'Commerciaux' }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports\/commerciaux\?periode=week/);
  await expect(page.getByRole('table', { name: 'Opportunités et relances par commercial' })).toBeVisible();

  // Printing keeps the figures, not the controls.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('form', { name: 'Filtres du rapport' })).toBeHidden();
  await expect(page.getByRole('table', { name: 'Opportunités et relances par commercial' })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // The WCAG 2.1 A/AA rules, as accessibility.spec.ts audits every screen.
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await page.context().close();
});

test('at 390 px the report fits the width: its tables scroll in their own box', async ({ browser }) => {
  const page = await ownerPage(browser, PHONE);
  await page.goto(`${app.url}/dashboard/reports/territoires`);
  await expect(page.getByRole('table', { name: 'Par département' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toMatchObject({ wide: [] });
  await page.goto(`${app.url}/dashboard/reports`);
  await expect(fileRow(page)).toBeVisible();
  expect(await sidewaysOverflow(page)).toMatchObject({ wide: [] });
  await page.context().close();
});

test('a colleague whose role lacks "Voir les rapports" has no Rapports entry', async ({ browser }) => {
  const colleague = await joinAsColleague(app, caller, `collegue.rapports${Date.now()}@exemple.fr`);
  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const page = await context.newPage();
  await openWithSession(page, colleague.token);
  await page.goto(`${app.url}/dashboard`);
  const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(navigation.getByRole('link', { name: 'Mon compte' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Rapports' })).toHaveCount(0);
  await context.close();
});
