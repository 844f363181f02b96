// Issue 20, in the app: a follow-up comes due → the bell's counter shows it without a reload (it asks
// every 30 s), the bell lists it, its link opens it, "Tout marquer comme lu" clears the count; and
// "Aujourd'hui" lists the follow-ups due, oldest first, a change of state there taking one off.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { callApi, callerOf, type Caller } from '../support/seed';
import { startApp, type RunningApp } from '../support/servers';
import { signUpThroughApi, useSession } from '../support/session';

const ROWS = [
  { 'Raison sociale': 'Boulangerie Martin', CP: '69002', Ville: 'Lyon', Tél: '0472000001' },
  { 'Raison sociale': 'Garage Central', CP: '69003', Ville: 'Lyon', Tél: '0472000002' },
];
const MAPPING = { prospect: 'Raison sociale', codePostale: 'CP', ville: 'Ville', telephone: 'Tél' };

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    targets: violation.nodes.map((node) => node.target),
  }));
}

let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app.stop();
});

async function seed(): Promise<{ token: string; caller: Caller; ids: string[] }> {
  const user = await signUpThroughApi(app.url);
  const caller = await callerOf(app.url, user.token);
  const api = <T>(path: string, body: Record<string, unknown>) => callApi<T>(app.url, path, body);
  const { excelId } = await api<{ excelId: string }>('/api/prospect/load', {
    ...caller,
    name: 'Relances de novembre',
    isPrivate: false,
    value: MAPPING,
    exel: ROWS,
  });
  const { value } = await api<{ value: { _id: string }[] }>('/api/prospect/get/value', {
    ...caller,
    excelId,
  });
  const ids: string[] = [];
  for (const prospect of value) {
    const { opportunityId } = await api<{ opportunityId: string }>('/api/opportunity/create', {
      ...caller,
      prospectId: prospect._id,
    });
    ids.push(opportunityId);
  }
  // The import's own notification is read: the counter starts at 0.
  await api('/api/notification/readAll', caller);
  return { token: user.token, caller, ids };
}

test('a follow-up come due reaches the bell without a reload, and "Aujourd\'hui" lists it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { token, caller, ids } = await seed();
  const [martin, central] = ids as [string, string];
  await useSession(page, token);
  await page.goto(`${app.url}/dashboard/opportunity/list/all`);
  const bell = page.getByRole('button', { name: /^Notifications : \d+$/ });
  await expect(bell).toHaveAccessibleName('Notifications : 0');

  // Two follow-ups set a few seconds ahead (the server refuses a date already past), Martin first.
  const soon = Date.now();
  await callApi(app.url, '/api/opportunity/setWaiting', {
    ...caller,
    opportunityId: martin,
    date: soon + 3_000,
  });
  await callApi(app.url, '/api/opportunity/setWaiting', {
    ...caller,
    opportunityId: central,
    date: soon + 5_000,
  });
  await page.waitForTimeout(6_000);

  // No reload: the bell asks again within 30 s.
  await expect(bell).toHaveAccessibleName('Notifications : 2', { timeout: 45_000 });
  await bell.click();
  const centre = page.getByRole('dialog', { name: 'Notifications' });
  await expect(centre.getByRole('link', { name: /Relance à faire : Boulangerie Martin/ })).toBeVisible();
  await expect(centre.getByRole('link', { name: /Relance à faire : Garage Central/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await centre.getByRole('link', { name: /Boulangerie Martin/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/opportunity/${martin}\\?type=todo$`));
  await expect(bell).toHaveAccessibleName('Notifications : 1');

  await bell.click();
  await centre.getByRole('button', { name: 'Tout marquer comme lu' }).click();
  await expect(bell).toHaveAccessibleName('Notifications : 0');

  await centre.getByRole('link', { name: "Aujourd'hui" }).click();
  await expect(page).toHaveURL(/\/dashboard\/aujourdhui$/);
  await expect(page).toHaveTitle("Aujourd'hui — Prospection");
  const cards = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('group', { name: "État de l'opportunité" }) });
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAccessibleName('Boulangerie Martin');
  await expect(cards.nth(1)).toHaveAccessibleName('Garage Central');
  expect(await axeViolations(page)).toEqual([]);

  const first = cards.nth(0);
  await first
    .getByRole('group', { name: "État de l'opportunité" })
    .getByRole('button', { name: 'Gagné' })
    .click();
  await page.getByRole('button', { name: 'Validé' }).click();
  await page
    .getByRole('dialog', { name: 'Passer en Gagné' })
    .getByRole('button', { name: 'Confirmer' })
    .click();
  await expect(cards).toHaveCount(1);
  await expect(cards.nth(0)).toHaveAccessibleName('Garage Central');
});

test('"Aujourd\'hui" is in the navigation and reads as cards at 390 px', async ({ page }) => {
  const { token } = await seed();
  await page.setViewportSize({ width: 390, height: 844 });
  await useSession(page, token);
  await page.goto(`${app.url}/dashboard/opportunity/list/all`);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: "Aujourd'hui" }).click();
  await expect(page).toHaveURL(/\/dashboard\/aujourdhui$/);
  await expect(page.getByText('Aucune relance à faire aujourd’hui.')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  // The bell's centre is a sheet along the bottom of the screen.
  await page.getByRole('button', { name: 'Notifications : 0' }).click();
  const sheet = page.getByRole('dialog', { name: 'Notifications' });
  await expect(sheet.getByRole('link', { name: /Import terminé : « Relances de novembre »/ })).toBeVisible();
  const box = await sheet.boundingBox();
  expect(box && [Math.round(box.x), Math.round(box.width), Math.round(box.y + box.height)]).toEqual([
    0, 390, 844,
  ]);
  expect(await axeViolations(page)).toEqual([]);
});
