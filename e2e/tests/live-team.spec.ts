import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { callApi, callerOf, joinAsColleague, type Caller } from '../support/seed';
import { startApp, type RunningApp } from '../support/servers';
import { signUpThroughApi, useSession as storeSession } from '../support/session';

// Issue 23, "a live team": two colleagues, each in their own browser and on their own API process
// (one DATA_DIR), look at the same opportunities. When one wins an opportunity from its card, the
// other's list drops it and the tabs' counts move, without a reload, with their search kept.
// docs/decisions/live-team.md.

const MAPPING = { prospect: 'Raison sociale', codePostale: 'CP', ville: 'Ville' };
const ROWS = [
  { 'Raison sociale': 'Boulangerie Alpha', CP: '69001', Ville: 'Lyon' },
  { 'Raison sociale': 'Boulangerie Bêta', CP: '69002', Ville: 'Lyon' },
  { 'Raison sociale': 'Garage Gamma', CP: '69003', Ville: 'Lyon' },
];
/** "Voir les prospects", "Créer un prospect", "Changer l'état", "Commenter les suivis". */
const SELLER_MASK = 128 + 256 + 4096 + 131072;

const card = (page: Page, name: string): Locator => page.getByRole('article', { name, exact: true });
const tab = (page: Page, label: string): Locator =>
  page
    .getByRole('tablist', { name: 'Filtre des opportunités' })
    .getByRole('tab', { name: new RegExp(`^${label} `) });
const listSearch = (page: Page): Locator =>
  page.getByRole('main').getByRole('searchbox', { name: 'Rechercher' });

async function openList(browser: Browser, url: string, token: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await storeSession(page, token);
  await page.goto(`${url}/dashboard/opportunity/list/todo`);
  return page;
}

test.describe.serial('une équipe en direct', () => {
  let first: RunningApp;
  let second: RunningApp;
  let manager: Caller;
  let seller: Caller;

  test.beforeAll(async () => {
    first = await startApp({ LOG_LEVEL: 'error' });
    // The second process works on the first one's store.
    second = await startApp({ LOG_LEVEL: 'error', DATA_DIR: first.dataDir });
    const owner = await signUpThroughApi(first.url);
    manager = await callerOf(first.url, owner.token);
    const asManager = <T>(path: string, body: Record<string, unknown> = {}) =>
      callApi<T>(first.url, path, { ...manager, ...body });

    const colleague = await joinAsColleague(first, manager, `vendeur${Date.now()}@exemple.fr`);
    seller = { token: colleague.token, organisationId: manager.organisationId };
    const { users } = await asManager<{ users: { _id: string; email: string }[] }>(
      '/api/organisation/getUsers',
    );
    const sellerId = users.find((user) => user.email === colleague.email)?._id ?? '';
    const { keys } = await asManager<{ keys: { _id: string; userId?: string }[] }>('/api/stripe/getAllKey');
    await asManager('/api/stripe/assignKey', {
      keyId: keys.find((key) => !key.userId)?._id,
      userId: sellerId,
    });
    await asManager('/api/user/createRole', { roleName: 'Vendeur', binaryValue: String(SELLER_MASK) });
    const { roles } = await asManager<{ roles: { _id: string; name: string }[] }>('/api/user/getRoles');
    await asManager('/api/user/changeRole', {
      userId: sellerId,
      roleId: roles.find((role) => role.name === 'Vendeur')?._id,
    });

    // The salesperson's three opportunities: theirs on their list, everyone's on the manager's.
    const { excelId } = await asManager<{ excelId: string }>('/api/prospect/load', {
      name: 'Commerces de Lyon',
      isPrivate: false,
      value: MAPPING,
      exel: ROWS,
    });
    const { value } = await asManager<{ value: { _id: string }[] }>('/api/prospect/get/value', { excelId });
    for (const prospect of value)
      await callApi(second.url, '/api/opportunity/create', { ...seller, prospectId: prospect._id });
  });

  test.afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  test('quand l’un gagne une opportunité, la liste et les compteurs de l’autre suivent sans rechargement', async ({
    browser,
  }) => {
    const managerPage = await openList(browser, first.url, manager.token);
    const sellerPage = await openList(browser, second.url, seller.token);
    await expect(tab(managerPage, 'A faire')).toHaveText('A faire 3');
    await expect(card(sellerPage, 'Boulangerie Alpha')).toBeVisible();

    // The manager narrows the list to the bakeries; the page must not be loaded again.
    await listSearch(managerPage).fill('boulangerie');
    await expect(card(managerPage, 'Garage Gamma')).toBeHidden();
    await expect(card(managerPage, 'Boulangerie Alpha')).toBeVisible();
    await expect(card(managerPage, 'Boulangerie Bêta')).toBeVisible();
    await managerPage.evaluate(() => ((window as { stillTheSamePage?: boolean }).stillTheSamePage = true));

    // The salesperson wins Alpha from its card, on the other process.
    const alpha = card(sellerPage, 'Boulangerie Alpha');
    await alpha.getByRole('button', { name: 'Gagné', exact: true }).click();
    await alpha
      .getByRole('dialog', { name: 'Passer en « Gagné »' })
      .getByRole('button', { name: 'Validé' })
      .click();
    const confirm = sellerPage.getByRole('dialog', { name: 'Passer en Gagné' });
    await confirm.getByRole('button', { name: 'Confirmer' }).click();
    await expect(confirm).toBeHidden();

    // The manager's list and tabs follow, the search kept.
    await expect(card(managerPage, 'Boulangerie Alpha')).toBeHidden();
    await expect(card(managerPage, 'Boulangerie Bêta')).toBeVisible();
    await expect(tab(managerPage, 'A faire')).toHaveText('A faire 2');
    await expect(tab(managerPage, 'Gagné')).toHaveText('Gagné 1');
    await expect(listSearch(managerPage)).toHaveValue('boulangerie');
    await expect(card(managerPage, 'Garage Gamma')).toBeHidden();
    expect(
      await managerPage.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage),
    ).toBe(true);

    // The other way round: the manager loses Bêta, and the salesperson's list follows.
    const beta = card(managerPage, 'Boulangerie Bêta');
    await beta.getByRole('button', { name: 'Perdu', exact: true }).click();
    const loss = managerPage.getByRole('dialog', { name: 'Passer en Perdu' });
    await loss.getByRole('button', { name: 'Confirmer' }).click();
    await expect(loss).toBeHidden();
    await expect(card(sellerPage, 'Boulangerie Bêta')).toBeHidden();
    await expect(tab(sellerPage, 'Perdu')).toHaveText('Perdu 1');
    await expect(tab(sellerPage, 'A faire')).toHaveText('A faire 1');
  });
});
