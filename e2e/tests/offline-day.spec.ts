// The field day offline, on a phone (390×844, touch): a salesperson opens "Ma journée" online, loses the
// network, changes a state ("En attente" with its date and a comment with its status) and edits a
// prospect's contacts; the app shows "Hors ligne — 3 modifications en attente". Meanwhile a manager hands
// the second stop to someone else. Back online, the changes reach the server in order, once, and the
// refused one is explained with the server's reason. Signing out then clears the device's copy.
//
// The app is also reloaded while offline: the service worker serves its code (offline-app.md), the shell
// checks the session from the device and the screens read the replies kept in IndexedDB
// (docs/decisions/offline-day.md).
import { maskOf } from '@app/domain';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { cacheLoadedFilesForOffline } from '../support/offline-cache';
import { callApi, callerOf, joinAsColleague, type Caller } from '../support/seed';
import { startApp, type RunningApp } from '../support/servers';
import { signUpThroughApi, useSession } from '../support/session';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const ROWS = [
  {
    'Raison sociale': 'Boulangerie Bellecour',
    Adresse: '1 place Bellecour',
    CP: '69002',
    Ville: 'Lyon',
    Tel: '0472000001',
  },
  {
    'Raison sociale': 'Fleurs République',
    Adresse: '10 rue de la République',
    CP: '69002',
    Ville: 'Lyon',
    Tel: '0472000002',
  },
];
const MAPPING = {
  prospect: 'Raison sociale',
  adresseComplete: 'Adresse',
  codePostale: 'CP',
  ville: 'Ville',
  telephone: 'Tel',
};
const POSITIONS = [
  { lat: 45.7578, lng: 4.832 },
  { lat: 45.764, lng: 4.8357 },
];
/** A field role: the Commercial's rights plus the rounds (it sees only its own opportunities). */
const FIELD_MASK = maskOf([
  'VIEW_PROSPECTS',
  'CREATE_PROSPECT',
  'EDIT_PROSPECT',
  'CHANGE_STATE',
  'EDIT_CONTRACTS',
  'COMMENT',
  'CREATE_ROUND',
]);
const COMMENT = 'Gérante absente, repasser jeudi matin';

type Opportunity = {
  _id: string;
  state: string;
  waitingDate?: number;
  message: { text: string }[];
  prospectId: { prospect: string; contacts: { surname: string; phone: string }[] };
  history?: { kind: string; to: string; at: number }[];
};

let app: RunningApp;
let manager: Caller;
let managerId: string;
let seller: Caller;
let context: BrowserContext;
let page: Page;
const opportunityIds: string[] = [];

test.beforeAll(async ({ browser }) => {
  app = await startApp({ LOG_LEVEL: 'error' });
  const owner = await signUpThroughApi(app.url);
  manager = await callerOf(app.url, owner.token);
  const asManager = <T>(path: string, body: Record<string, unknown> = {}) =>
    callApi<T>(app.url, path, { ...manager, ...body });

  // The salesperson: invited, given a licence and the field role.
  const colleague = await joinAsColleague(app, manager, `terrain${Date.now()}@exemple.fr`);
  seller = { token: colleague.token, organisationId: manager.organisationId };
  const { users } = await asManager<{ users: { _id: string; email: string }[] }>(
    '/api/organisation/getUsers',
  );
  const sellerId = users.find((user) => user.email === colleague.email)?._id ?? '';
  managerId = users.find((user) => user.email === owner.email)?._id ?? '';
  const { keys } = await asManager<{ keys: { _id: string; userId?: string }[] }>('/api/stripe/getAllKey');
  await asManager('/api/stripe/assignKey', { keyId: keys.find((key) => !key.userId)?._id, userId: sellerId });
  await asManager('/api/user/createRole', { roleName: 'Terrain', binaryValue: String(FIELD_MASK) });
  const { roles } = await asManager<{ roles: { _id: string; name: string }[] }>('/api/user/getRoles');
  await asManager('/api/user/changeRole', {
    userId: sellerId,
    roleId: roles.find((role) => role.name === 'Terrain')?._id,
  });

  // Two prospects made opportunities and handed to the salesperson, who saves the day's round.
  const { excelId } = await asManager<{ excelId: string }>('/api/prospect/load', {
    name: 'Commerces Lyon',
    isPrivate: false,
    value: MAPPING,
    exel: ROWS,
  });
  const { value } = await asManager<{ value: { _id: string; prospect: string }[] }>(
    '/api/prospect/get/value',
    {
      excelId,
    },
  );
  for (const row of ROWS) {
    const prospect = value.find((candidate) => candidate.prospect === row['Raison sociale']);
    const { opportunityId } = await asManager<{ opportunityId: string }>('/api/opportunity/create', {
      prospectId: prospect?._id,
    });
    await asManager('/api/opportunity/assign', { opportunityId, userId: sellerId });
    opportunityIds.push(opportunityId);
  }
  await callApi(app.url, '/api/round/create', {
    ...seller,
    name: 'Tournée Lyon centre',
    start: { label: 'Agence, 5 rue de la Bourse 69002 Lyon', lat: 45.7636, lng: 4.8375 },
    stops: ROWS.map((row, index) => ({
      opportunityId: opportunityIds[index],
      name: row['Raison sociale'],
      address: `${row.Adresse} ${row.CP} ${row.Ville}`,
      ...POSITIONS[index],
    })),
  });

  context = await browser.newContext({ ...PHONE, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  page = await context.newPage();
  await useSession(page, seller.token);
});

test.afterAll(async () => {
  await context?.close();
  await app?.stop();
});

const opportunityOnServer = async (index: number) =>
  (
    await callApi<{ opportunity: Opportunity }>(app.url, '/api/opportunity/get', {
      ...manager,
      opportunityId: opportunityIds[index],
    })
  ).opportunity;

const stopCard = (name: string) => page.getByRole('listitem', { name: new RegExp(name) });
/**
 * What Playwright's setOffline(true) would send again, had it not skipped an unchanged state, on a
 * session of the test's own: its emulation lasts while the session does, so the returned function
 * (called when the network comes back) detaches it.
 */
async function tellDocumentItIsOffline(target: Page): Promise<() => Promise<void>> {
  const session = await target.context().newCDPSession(target);
  await session.send('Network.emulateNetworkConditions', {
    offline: true,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  return () => session.detach();
}

const banner = () => page.getByRole('status').filter({ hasText: /modification|Hors ligne/ });

test('offline on a phone: changes are kept, counted, sent in order once back online, and a refused one is explained', async () => {
  // Online: the rounds list leads to Ma journée, which shows the day's round and keeps it on the device.
  await page.goto(`${app.url}/dashboard/tournees`);
  await page.getByRole('link', { name: 'Ma journée' }).click();
  await expect(page).toHaveURL(`${app.url}/dashboard/tournees/ma-journee`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ma journée' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tournée' })).toHaveValue(/.+/);
  const bakery = stopCard('Boulangerie Bellecour');
  const florist = stopCard('Fleurs République');
  await expect(bakery.getByRole('link', { name: '0472000001' })).toHaveAttribute('href', 'tel:0472000001');
  await expect(bakery).toContainText('État : A faire');
  await expect(bakery.getByRole('region', { name: /Informations contractuelles/ })).toBeVisible();
  await expect(florist).toContainText('10 rue de la République 69002 Lyon');
  await expect(page.locator('.round-marker')).toHaveCount(3);
  // The cards fit the phone's width (the page's own width is the responsive work of the other screens).
  for (const card of await page
    .getByRole('list', { name: 'Étapes de la journée' })
    .getByRole('listitem')
    .all()) {
    const box = await card.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }

  // The service worker holds the app's code once this first visit is over: its reply says every
  // file loaded so far (the prospecting remote's chunks included) is in its caches.
  const offlineCopy = await cacheLoadedFilesForOffline(page);
  expect(offlineCopy.failed).toEqual([]);
  expect(offlineCopy.cached).toBeGreaterThan(0);
  await context.setOffline(true);
  await expect(banner()).toHaveText('Hors ligne');

  // Moving inside the app offline: the list, then Ma journée again, read from the device.
  await page.getByRole('link', { name: '← Toutes les tournées' }).click();
  await page.getByRole('link', { name: 'Ma journée' }).click();
  await expect(bakery).toContainText('État : A faire');

  // Reopened with no network at all: the code from the service worker, the session and the day from the device.
  await page.reload();
  // Chromium 150 blocks the reloaded document's requests but leaves its navigator.onLine true, where a
  // phone with no network says false: the emulation is sent again to the new document, which does not
  // fire 'offline' either, so the banner shows what the app reads on its own (offline-queue.ts).
  const backOnline = await tellDocumentItIsOffline(page);
  await expect(bakery).toContainText('État : A faire');
  await expect(bakery.getByRole('region', { name: /Informations contractuelles/ })).toBeVisible();
  await expect(page.locator('.round-marker')).toHaveCount(3);
  await expect(banner()).toHaveText('Hors ligne');

  // "En attente" with its follow-up date and a comment with its status.
  await bakery.getByRole('button', { name: /Changer l’état/ }).tap();
  const stateForm = bakery.getByRole('form', { name: 'Changer l’état' });
  await expect(stateForm.getByRole('combobox', { name: 'Nouvel état' })).toHaveValue('WAITING');
  const followUp = new Date(Date.now() + 2 * 86_400_000);
  followUp.setHours(9, 30, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  await stateForm
    .getByLabel('Date de relance')
    .fill(`${followUp.getFullYear()}-${pad(followUp.getMonth() + 1)}-${pad(followUp.getDate())}T09:30`);
  await stateForm.getByText('Appel Abouti').tap();
  await stateForm.getByLabel('Commentaire').fill(COMMENT);
  await stateForm.getByRole('button', { name: 'Enregistrer l’état' }).tap();
  await expect(bakery).toContainText('État : En attente');
  await expect(bakery).toContainText(COMMENT);
  await expect(banner()).toHaveText('Hors ligne — 2 modifications en attente');

  // A new contact on the second stop.
  const editContacts = florist.getByRole('button', { name: /Modifier les contacts/ });
  await editContacts.tap();
  const contactsForm = florist.getByRole('form', { name: 'Modifier les contacts' });
  await contactsForm.getByRole('button', { name: 'Ajouter un contact' }).tap();
  await contactsForm.getByLabel('Nom', { exact: true }).fill('Moreau');
  await contactsForm.getByLabel('Téléphone').fill('0611223344');
  await contactsForm.getByRole('button', { name: 'Enregistrer les contacts' }).tap();
  await expect(florist.getByRole('link', { name: '0611223344' })).toBeVisible();
  await expect(banner()).toHaveText('Hors ligne — 3 modifications en attente');

  // Nothing reached the server; meanwhile the manager hands the second stop to someone else.
  expect((await opportunityOnServer(0)).state).toBe('TODO');
  await callApi(app.url, '/api/opportunity/assign', {
    ...manager,
    opportunityId: opportunityIds[1],
    userId: managerId,
  });

  await context.setOffline(false);
  await backOnline();
  const refused = page.getByRole('region', { name: '1 modification refusée par le serveur' });
  await expect(refused).toContainText('Contacts — Fleurs République');
  await expect(refused).toContainText('introuvable');
  await expect(banner()).toHaveCount(0);

  // The server holds the state then the comment, once each; the refused contact was not applied.
  const bakeryOnServer = await opportunityOnServer(0);
  expect(bakeryOnServer.state).toBe('WAITING');
  expect(new Date(bakeryOnServer.waitingDate ?? 0).getDate()).toBe(followUp.getDate());
  expect(bakeryOnServer.message.map((message) => message.text)).toEqual([COMMENT]);
  const history = bakeryOnServer.history ?? [];
  const toWaiting = history.filter((entry) => entry.kind === 'state' && entry.to === 'WAITING');
  const comments = history.filter((entry) => entry.kind === 'comment');
  expect(toWaiting).toHaveLength(1);
  expect(comments).toHaveLength(1);
  expect(history.indexOf(toWaiting[0]!)).toBeLessThan(history.indexOf(comments[0]!));
  expect((await opportunityOnServer(1)).prospectId.contacts).toEqual([]);

  // The refusal stays until read.
  await refused.getByRole('button', { name: /J’ai compris/ }).tap();
  await expect(refused).toHaveCount(0);
});

test('signing out clears the device’s copy, after a warning when changes are still waiting', async () => {
  await page.goto(`${app.url}/dashboard/tournees/ma-journee`);
  const bakery = stopCard('Boulangerie Bellecour');
  await expect(bakery).toContainText('État :');
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))).toContain(
    'prospection-appareil',
  );
  await context.setOffline(true);
  await bakery.getByRole('button', { name: /^Commenter/ }).tap();
  const commentForm = bakery.getByRole('form', { name: 'Commenter' });
  await commentForm.getByText('Mail').tap();
  await commentForm.getByLabel('Commentaire').fill('Plaquette envoyée');
  await commentForm.getByRole('button', { name: 'Envoyer le commentaire' }).tap();
  await expect(banner()).toHaveText('Hors ligne — 1 modification en attente');

  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await signOut();
  expect(questions).toEqual([expect.stringMatching(/^1 modification n’a pas encore été envoyée/)]);
  await expect(page).toHaveURL(/ma-journee/);

  page.once('dialog', (dialog) => void dialog.accept());
  await signOut();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))).not.toContain(
    'prospection-appareil',
  );
});

/** The navigation's "Déconnexion", behind the menu button on a phone when there is one. */
async function signOut() {
  const menu = page.getByRole('button', { name: /menu/i });
  if ((await menu.count()) > 0 && (await menu.first().isVisible())) await menu.first().tap();
  await page.getByRole('button', { name: 'Déconnexion' }).tap();
}
