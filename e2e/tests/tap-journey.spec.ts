// Issue 19: a salesperson's day on a phone without a keyboard. Only taps (and the on-screen keyboard's
// text, `fill`): sign in, open the menu, a list, a card, move it to "En attente" with its date and a
// comment with its status, then build and save a round from two opportunities. The server is asked at
// the end what it holds.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApi } from '../support/seed';
import { seedFieldOrganisation, startStandInGeocoder, type FieldOrganisation } from '../support/field-seed';
import { PHONE } from '../support/phone-audit';
import { startApp, type RunningApp } from '../support/servers';

const COMMENT = 'Vu le gérant en boutique, rappeler après sa réunion de jeudi';
const ROUND = 'Tournée du jeudi';

let app: RunningApp;
let geocoder: Awaited<ReturnType<typeof startStandInGeocoder>>;
let org: FieldOrganisation;

test.use(PHONE);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  geocoder = await startStandInGeocoder();
  app = await startApp({ GEOCODER_URL: geocoder.url });
  // Fourteen shops, twelve taken; the first twelve have a position.
  org = await seedFieldOrganisation(app.url, { rows: 14, pool: 2 });
});

test.afterAll(async () => {
  await app?.stop();
  await geocoder?.stop();
});

/** The navigation as a phone shows it: the "Menu" button of the top bar and its drawer (issue 19). */
async function openNavigation(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Menu', exact: true }).tap();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('sign in, a list, a card moved to "En attente" with a comment, and a round of two, by taps only', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stops = org.opportunities.slice(1, 3);

  // Sign in.
  await page.goto(`${app.url}/login`);
  await page.getByLabel('Email').fill(org.user.email);
  await page.getByLabel('Mot de passe').fill(org.user.password);
  await page.getByRole('button', { name: 'Se connecter' }).tap();
  await expect(page).toHaveURL(/\/dashboard/);

  // The menu, then the "A faire" list.
  let navigation = await openNavigation(page);
  const todo = navigation.getByRole('link', { name: 'A faire', exact: true });
  if (!(await todo.isVisible())) await navigation.getByRole('button', { name: 'Opportunités' }).tap();
  await todo.tap();
  await expect(page).toHaveURL(/\/dashboard\/opportunity\/list\/todo$/);
  const list = page.getByRole('list', { name: 'Opportunités : A faire' });

  // The first card opens its detail page.
  const card = list.getByRole('article').first();
  const name = (await card.getAttribute('aria-label')) as string;
  const waiting = org.opportunities.find((opportunity) => opportunity.name === name);
  expect(waiting?.state).toBe('TODO');
  await card.getByText('Enseigne').tap();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // "En Attente": the date (the phone's own picker fills the field), "Validé", then the comment and
  // its status.
  const states = page.getByRole('group', { name: "État de l'opportunité" });
  await states.getByRole('button', { name: 'En Attente' }).tap();
  const picker = page.getByRole('dialog', { name: 'Passer en « En Attente »' });
  const date = await picker.getByLabel('Date').inputValue();
  const followUp = new Date(`${date.slice(0, 10)}T00:00`);
  followUp.setDate(followUp.getDate() + 2);
  const followUpValue = `${followUp.getFullYear()}-${String(followUp.getMonth() + 1).padStart(2, '0')}-${String(
    followUp.getDate(),
  ).padStart(2, '0')}T09:30`;
  await picker.getByLabel('Date').fill(followUpValue);
  await picker.getByRole('button', { name: 'Validé' }).tap();
  const comment = page.getByRole('dialog', { name: 'Commentaire et statut' });
  await comment.getByLabel('Commentaire').fill(COMMENT);
  await comment.getByText('Appel Abouti', { exact: true }).tap();
  await comment.getByRole('button', { name: 'Valider' }).tap();
  await expect(comment).toBeHidden();
  await expect(states.getByRole('button', { name: 'En Attente' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(COMMENT)).toBeVisible();

  // The menu again, "Gestion des tournées", "Nouvelle tournée".
  navigation = await openNavigation(page);
  await navigation.getByRole('link', { name: 'Gestion des tournées' }).tap();
  await page.getByRole('link', { name: 'Nouvelle tournée' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle tournée' })).toBeVisible();

  // Two stops ticked by their labels, a start address geocoded, the order computed.
  const choices = page.getByRole('group', { name: /^Opportunités affichées/ });
  for (const stop of stops) await choices.getByText(stop.name, { exact: true }).tap();
  await expect(page.getByText('2 étapes choisies (au plus 200)')).toBeVisible();
  await page.getByLabel('Adresse de départ').fill('1 place Bellecour 69002 Lyon');
  await page.getByRole('button', { name: 'Géocoder l’adresse' }).tap();
  await expect(page.getByText('Départ retenu : 1 place Bellecour 69002 Lyon')).toBeVisible();
  await page.getByRole('button', { name: 'Calculer la tournée' }).tap();
  await expect(page.getByRole('list', { name: 'Étapes de la tournée' }).getByRole('listitem')).toHaveCount(2);

  // Named and saved: the saved round's page.
  await page.getByLabel('Nom de la tournée').fill(ROUND);
  await page.getByRole('button', { name: 'Enregistrer la tournée' }).tap();
  await expect(page).toHaveURL(/\/dashboard\/tournees\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1, name: ROUND })).toBeVisible();

  // What the server holds: the opportunity waiting until the chosen day with the comment and its
  // status, and the round with the two stops.
  const api = <T>(path: string, body: Record<string, unknown>) =>
    callApi<T>(app.url, path, { ...org.caller, ...body });
  const { opportunitys } = await api<{
    opportunitys: { _id: string; state: string; message: { text: string; statusId: { name: string } }[] }[];
  }>('/api/opportunity/getwithfilter', { filter: { state: 'waiting' }, startId: 0, endId: 500 });
  const changed = opportunitys.find((opportunity) => opportunity._id === waiting?._id);
  expect(changed?.state).toBe('WAITING');
  expect(changed?.message.map((message) => [message.text, message.statusId?.name])).toContainEqual([
    COMMENT,
    'Appel Abouti',
  ]);
  const roundId = new URL(page.url()).pathname.split('/').at(-1);
  const { round } = await api<{ round: { name: string; stops: { opportunityId: string }[] } }>(
    '/api/round/get',
    { roundId },
  );
  expect(round.name).toBe(ROUND);
  expect(round.stops.map((stop) => stop.opportunityId).sort()).toEqual(stops.map((stop) => stop._id).sort());
});
