import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { MIN_TARGET, PHONE, sidewaysOverflow } from '../support/phone-audit';
import { callApi, callerOf, joinAsColleague, type Caller } from '../support/seed';
import { startApp, type RunningApp } from '../support/servers';
import { signUpThroughApi, useSession as openWithSession } from '../support/session';

// Issue 23, "A live team": two colleagues (two browser contexts) open one opportunity; each sees the
// other in "Aussi ouvert par"; both edit the prospect; the second to save is asked to choose between
// their version and the first one's, and nothing is overwritten before they choose. The second
// colleague is on a phone (390 px): the choice is a full-height sheet with 44 px targets.

type OpportunityReply = {
  opportunity: { prospectId: { prospect: string; ville: string; version: number } };
};

let app: RunningApp;
let owner: Caller;
let colleague: Caller;
let opportunityId: string;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  app = await startApp({ LOG_LEVEL: 'error' });
  const user = await signUpThroughApi(app.url, { nom: 'Martin', prenom: 'Claire' });
  owner = await callerOf(app.url, user.token);
  const asOwner = <T>(path: string, body: Record<string, unknown> = {}) =>
    callApi<T>(app.url, path, { ...owner, ...body });

  // A colleague who sees the whole organisation's opportunities: a licence and the Administrateur role.
  const joined = await joinAsColleague(app, owner, `collegue.conflit${Date.now()}@exemple.fr`);
  colleague = { token: joined.token, organisationId: owner.organisationId };
  const { users } = await asOwner<{ users: { _id: string; email: string }[] }>('/api/organisation/getUsers');
  const colleagueId = users.find((member) => member.email === joined.email)?._id ?? '';
  const { keys } = await asOwner<{ keys: { _id: string; userId?: string }[] }>('/api/stripe/getAllKey');
  await asOwner('/api/stripe/assignKey', {
    keyId: keys.find((key) => !key.userId)?._id,
    userId: colleagueId,
  });
  const { roles } = await asOwner<{ roles: { _id: string; name: string }[] }>('/api/user/getRoles');
  await asOwner('/api/user/changeRole', {
    userId: colleagueId,
    roleId: roles.find((role) => role.name === 'Administrateur')?._id,
  });

  const { excelId } = await asOwner<{ excelId: string }>('/api/prospect/load', {
    name: 'Commerces de Brest',
    isPrivate: false,
    value: { prospect: 'Raison sociale', codePostale: 'CP', ville: 'Ville' },
    exel: [{ 'Raison sociale': 'Boulangerie du Port', CP: '29200', Ville: 'Brest' }],
  });
  const { value } = await asOwner<{ value: { _id: string }[] }>('/api/prospect/get/value', { excelId });
  ({ opportunityId } = await asOwner<{ opportunityId: string }>('/api/opportunity/create', {
    prospectId: value[0]?._id,
  }));
});

test.afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close();
  await app?.stop();
});

async function openDetail(browser: Browser, token: string, options = {}): Promise<Page> {
  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris', ...options });
  contexts.push(context);
  const page = await context.newPage();
  await openWithSession(page, token);
  await page.goto(`${app.url}/dashboard/opportunity/${opportunityId}?type=all`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Boulangerie du Port/);
  return page;
}

const readOpportunity = () =>
  callApi<OpportunityReply>(app.url, '/api/opportunity/get', { ...owner, opportunityId });

test('both edit one prospect: each sees the other there, and the second to save is asked to choose', async ({
  browser,
}) => {
  const ownerPage = await openDetail(browser, owner.token);
  const colleaguePage = await openDetail(browser, colleague.token, PHONE);

  // The colleague, who arrived second, sees the owner at once; the owner at the next heartbeat (15 s).
  await expect(colleaguePage.getByRole('status').filter({ hasText: 'Aussi ouvert par' })).toHaveText(
    'Aussi ouvert par Martin Claire',
  );
  await expect(ownerPage.getByRole('status').filter({ hasText: 'Aussi ouvert par' })).toHaveText(
    'Aussi ouvert par Bernard Léa',
    { timeout: 25_000 },
  );

  // Both open the prospect form on the same version.
  await ownerPage.getByRole('button', { name: 'Modifier le prospect' }).click();
  await colleaguePage.getByRole('button', { name: 'Modifier le prospect' }).click();
  const ownerForm = ownerPage.getByRole('dialog', { name: 'Informations prospect' });
  const colleagueForm = colleaguePage.getByRole('dialog', { name: 'Informations prospect' });

  // The owner saves a new town first.
  await ownerForm.getByLabel('Ville').fill('Quimper');
  await ownerForm.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(ownerPage.getByRole('dialog', { name: 'Enregistré' })).toBeVisible();

  // The colleague saves another name over it: asked to choose, nothing written yet.
  await colleagueForm.getByLabel('Prospect', { exact: true }).fill('Boulangerie Le Goff');
  await colleagueForm.getByRole('button', { name: 'Enregistrer' }).click();
  const choice = colleagueForm.getByRole('region', { name: 'Modifié entre-temps par Martin Claire' });
  await expect(choice).toBeVisible();
  const fields = choice.getByRole('listitem');
  await expect(fields.getByRole('heading')).toHaveText(['Prospect', 'Ville']);
  const town = fields.filter({ has: colleaguePage.getByRole('heading', { name: 'Ville' }) });
  await expect(town.getByRole('definition').first()).toHaveText('Brest');
  await expect(town.getByText(/^Version de Martin Claire \(modifiée à \d\d:\d\d\)$/)).toBeVisible();
  await expect(town.getByRole('definition').last()).toHaveText('Quimper');
  const stored = await readOpportunity();
  expect(stored.opportunity.prospectId).toMatchObject({ prospect: 'Boulangerie du Port', ville: 'Quimper' });

  // On a phone the choice fills the screen, scrolls only downwards, and its buttons are 44 px targets.
  const sheet = await colleagueForm.boundingBox();
  expect(sheet?.width).toBe(PHONE.viewport.width);
  expect(await sidewaysOverflow(colleaguePage)).toMatchObject({ wide: [] });
  for (const name of ['Annuler', 'Prendre la version de Martin Claire', 'Garder ma version']) {
    const box = await choice.getByRole('button', { name }).boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(MIN_TARGET);
  }

  // Annuler: back to the form, the name typed still there.
  await choice.getByRole('button', { name: 'Annuler' }).click();
  await expect(colleagueForm.getByLabel('Prospect', { exact: true })).toHaveValue('Boulangerie Le Goff');

  // Saving again asks again; "Garder ma version" writes theirs over the owner's, knowingly.
  await colleagueForm.getByRole('button', { name: 'Enregistrer' }).click();
  await colleagueForm.getByRole('button', { name: 'Garder ma version' }).click();
  await expect(colleaguePage.getByRole('dialog', { name: 'Enregistré' })).toBeVisible();
  const kept = await readOpportunity();
  expect(kept.opportunity.prospectId).toMatchObject({ prospect: 'Boulangerie Le Goff', ville: 'Brest' });
  expect(kept.opportunity.prospectId.version).toBe(2);
});
