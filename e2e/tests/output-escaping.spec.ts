import { expect, test, type Page } from '@playwright/test';
import { startApp, type RunningApp } from '../support/servers';
import { signUpThroughApi, useSession } from '../support/session';

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

async function callApi<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`${path} : ${response.status} ${json.message ?? ''}`);
  return json;
}

async function expectNothingRan(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as { __injected?: unknown }).__injected)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
}

test('a script-bearing prospect name, comment and role name are shown as text and run nothing', async ({
  page,
}) => {
  const user = await signUpThroughApi(app.url);
  const { organisations } = await callApi<{ organisations: { _id: string }[] }>('/api/organisation/get', {
    token: user.token,
  });
  const caller = { token: user.token, organisationId: organisations[0]?._id };
  const { excelId } = await callApi<{ excelId: string }>('/api/prospect/load', {
    ...caller,
    name: 'Fichier piégé',
    isPrivate: false,
    value: { prospect: 'Raison sociale', ville: 'Ville' },
    exel: [{ 'Raison sociale': PAYLOAD, Ville: 'Lyon' }],
  });
  const { value } = await callApi<{ value: { _id: string }[] }>('/api/prospect/get/value', {
    ...caller,
    excelId,
  });
  const { opportunityId } = await callApi<{ opportunityId: string }>('/api/opportunity/create', {
    ...caller,
    prospectId: value[0]?._id,
  });
  const { status } = await callApi<{ status: { _id: string }[] }>('/api/opportunity/status', caller);
  await callApi('/api/messages/post', {
    ...caller,
    opportunityId,
    message: PAYLOAD,
    statusId: status[0]?._id,
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
