// Positions without a geocoder (issue 19): a real-data-like Excel export (Windows-1252, ';', CRLF,
// capitals, a postal code without its leading 0, a CEDEX town) imported on a server without
// GEOCODER_URL; each prospect is placed from the offline reference data, the opportunity detail says
// how precisely, and a round is built from those positions alone.
import { expect, test } from '@playwright/test';
import { callApi, callerOf } from '../support/seed';
import { startApp, type RunningApp } from '../support/servers';
import { signUpThroughApi, useSession } from '../support/session';
import { encodeWindows1252 } from '../support/windows-1252';

const TITLE = 'Commerces Ain et Rhône';
const CSV = [
  'Raison sociale;Enseigne;Code postal;Ville;Adresse;Téléphone',
  'Boulangerie Lefèvre;Au Pain Doré;1000;BOURG EN BRESSE;8 rue Paradis;0474000000',
  'Café du Port;Café €;69001;LYON;3 quai Saint-Antoine;0478123456',
  'Crèche Les Lucioles;;69421;LYON CEDEX 03;12 rue de la Paix;0478000000',
  'Ferme de l’Abergement;;01400;Hameau des Étangs;Route des Dombes;0474111111',
  '',
].join('\r\n');

let app: RunningApp;

test.beforeAll(async () => {
  // No GEOCODER_URL: whatever the environment says, this server has no address service.
  app = await startApp({ GEOCODER_URL: '' });
});

test.afterAll(async () => {
  await app.stop();
});

test('an imported file is positioned without any geocoder, shown with its precision and toured', async ({
  page,
}) => {
  const user = await signUpThroughApi(app.url);
  await useSession(page, user.token);
  await page.goto(`${app.url}/dashboard/prospect/list`);
  await page.getByRole('button', { name: 'Ajouter un fichier' }).click();
  await page.getByRole('menuitem', { name: 'Importer un fichier Excel' }).click();
  const modal = page.getByRole('dialog', { name: 'Importer un fichier' });
  await modal.getByLabel('Fichier (.csv ou .xlsx)').setInputFiles({
    name: 'export-excel.csv',
    mimeType: 'text/csv',
    buffer: encodeWindows1252(CSV),
  });
  await expect(modal.getByText('4 lignes, 6 colonnes')).toBeVisible();
  await expect(modal.getByLabel('Encodage')).toHaveValue('windows-1252');
  await modal.getByRole('button', { name: 'Suivant' }).click();
  await modal.getByLabel('Titre').fill(TITLE);
  await modal.getByLabel('Tout le monde').check();
  await modal.getByRole('button', { name: 'Suivant' }).click();
  await modal.getByRole('button', { name: 'Importer' }).click();
  await expect(modal.getByRole('status')).toHaveText('Import terminé');
  await modal.getByRole('button', { name: 'Fermer' }).last().click();

  // Every row made an opportunity (through the API: the positions are what this test is about).
  const caller = await callerOf(app.url, user.token);
  const api = <T>(path: string, body: Record<string, unknown>) =>
    callApi<T>(app.url, path, { ...caller, ...body });
  const { value: files } = await api<{ value: { _id: string; name: string }[] }>('/api/prospect/get/all', {});
  const excelId = files.find((file) => file.name === TITLE)?._id;
  const { value: prospects } = await api<{
    value: { _id: string; prospect: string; latlng?: string; latlngPrecision?: string }[];
  }>('/api/prospect/get/value', { excelId });
  expect(prospects.map((prospect) => [prospect.prospect, prospect.latlngPrecision])).toEqual([
    ['Boulangerie Lefèvre', 'commune'],
    ['Café du Port', 'commune'],
    ['Crèche Les Lucioles', 'commune'],
    ['Ferme de l’Abergement', 'department'],
  ]);
  const opportunityOf: Record<string, string> = {};
  for (const prospect of prospects) {
    const { opportunityId } = await api<{ opportunityId: string }>('/api/opportunity/create', {
      prospectId: prospect._id,
    });
    opportunityOf[prospect.prospect] = opportunityId;
  }

  // The detail says how precise the map's position is.
  await page.goto(`${app.url}/dashboard/opportunity/${opportunityOf['Boulangerie Lefèvre']}?type=all`);
  await expect(page.getByText('Position : centre de la commune')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ouvrir la carte' })).toHaveAttribute(
    'href',
    /query=46\.2\d*%2C5\.2\d*$/,
  );
  await page.goto(`${app.url}/dashboard/opportunity/${opportunityOf['Ferme de l’Abergement']}?type=all`);
  await expect(page.getByText('Position : centre du département')).toBeVisible();

  // A round from those positions: no stop left apart, the start one of the stops.
  await page.goto(`${app.url}/dashboard/tournees/nouvelle`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle tournée' })).toBeVisible();
  await page.getByRole('button', { name: /^Tout cocher/ }).click();
  await expect(page.getByText('4 étapes choisies (au plus 200)')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Étapes sans coordonnées' })).toHaveCount(0);
  await page.getByLabel('Partir de').selectOption('opportunity');
  const startChoice = page.getByLabel('Étape de départ');
  await startChoice.selectOption({
    label: await startChoice.locator('option', { hasText: 'Café du Port' }).innerText(),
  });
  await page.getByRole('button', { name: 'Calculer la tournée' }).click();
  const stops = page.getByRole('list', { name: 'Étapes de la tournée' });
  await expect(stops.getByRole('listitem')).toHaveCount(4);
  await expect(stops.getByText('Position : centre de la commune')).toHaveCount(3);
  await expect(stops.getByText('Position : centre du département')).toHaveCount(1);
  await expect(page.locator('.round-marker--stop')).toHaveText(['1', '2', '3', '4']);
});
