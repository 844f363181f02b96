import { expect, test, type Page } from '@playwright/test';
import { startApp, type RunningApp } from '../support/servers';
import { seedWorkedFile } from '../support/seed';
import { useSession } from '../support/session';

// Issue 12, output: text a user typed (a prospect's name, a comment, a role's name) is shown as text
// on every screen that shows it, and a script hidden in it never runs.

const PAYLOAD = `<img src=x onerror="window.__injected=1">Société <script>window.__injected=2</script>`;

let app: RunningApp;

test.beforeAll(async () => {
  app = await startApp({ LOG_LEVEL: 'error' });
});

test.afterAll(async () => {
  await app.stop();
});

async function expectNothingRan(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as { __injected?: unknown }).__injected)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
}

test('a script-bearing prospect name, comment and role name are shown as text and run nothing', async ({
  page,
}) => {
  const { user, caller, excelId, opportunityId, callApi } = await seedWorkedFile(app.url, {
    name: 'Fichier piégé',
    value: { prospect: 'Raison sociale', ville: 'Ville' },
    rows: [{ 'Raison sociale': PAYLOAD, Ville: 'Lyon' }],
    comment: PAYLOAD,
  });
  await callApi('/api/user/createRole', { ...caller, roleName: PAYLOAD.slice(0, 60), binaryValue: '128' });

  await useSession(page, user.token);
  await page.goto(`${app.url}/dashboard/prospect/show/${excelId}`);
  await expect(page.getByText('Lyon')).toBeVisible();
  await expect(page.getByText(/<img src=x onerror=/).first()).toBeVisible();
  await expectNothingRan(page);

  await page.goto(`${app.url}/dashboard/opportunity/list/all`);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNothingRan(page);

  await page.goto(`${app.url}/dashboard/opportunity/${opportunityId}?type=all`);
  await expect(page.getByText(/<script>window.__injected=2<\/script>/).first()).toBeVisible();
  await expectNothingRan(page);

  await page.goto(`${app.url}/dashboard/prospect/settings/roles`);
  await expect(page.getByText(/<img src=x onerror=/).first()).toBeVisible();
  await expectNothingRan(page);
});
