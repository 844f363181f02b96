// Tournées: a round built from the filtered opportunity list (département 69), its start geocoded,
// a stop the address service does not know placed at its commune's centre (offline positions), the order computed, numbered on the map and
// in the list, reordered, saved, reopened, exported as CSV and opened as a directions link; axe on it.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { callApi, callerOf, type Caller } from '../support/seed';
import { startApp, type RunningApp } from '../support/servers';
import { signUpThroughApi, useSession } from '../support/session';

/** Positions the stand-in geocoder gives, by the street in the query ([lng, lat] as GeoJSON). */
const PLACES: Record<string, [number, number]> = {
  'place Bellecour': [4.832, 45.7578],
  'rue de la République': [4.8357, 45.764],
  'cours Émile Zola': [4.8797, 45.771],
  'avenue Jean Jaurès': [4.843, 45.748],
  'rue Garibaldi': [4.852, 45.76],
  'Vieux-Port': [5.3698, 43.2965],
};

const ROWS = [
  ['Boulangerie Bellecour', '1 place Bellecour', '69002', 'Lyon'],
  ['Fleurs République', '10 rue de la République', '69002', 'Lyon'],
  ['Garage Zola', '20 cours Émile Zola', '69100', 'Villeurbanne'],
  ['Pharmacie Jaurès', '5 avenue Jean Jaurès', '69007', 'Lyon'],
  ['Librairie Garibaldi', '8 rue Garibaldi', '69003', 'Lyon'],
  ['Cave des Belges', '3 boulevard des Belges', '69006', 'Lyon'],
  ['Poissonnerie du Port', '1 quai du Vieux-Port', '13001', 'Marseille'],
].map(([name, address, postalCode, city]) => ({
  'Raison sociale': name as string,
  Adresse: address as string,
  CP: postalCode as string,
  Ville: city as string,
}));
const MAPPING = { prospect: 'Raison sociale', adresseComplete: 'Adresse', codePostale: 'CP', ville: 'Ville' };
/** Unknown to the address service: it keeps the position the import gave it, its commune's centre. */
const UNLOCATED = 'Cave des Belges';
const ROUND_NAME = 'Tournée Lyon centre';

let geocoder: Server;
let app: RunningApp;
let caller: Caller;
let page: Page;

test.beforeAll(async ({ browser }) => {
  geocoder = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('q') ?? '';
    const place = Object.entries(PLACES).find(([street]) => query.includes(street));
    const features = place ? [{ type: 'Feature', geometry: { type: 'Point', coordinates: place[1] } }] : [];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ features }));
  });
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  const { port } = geocoder.address() as AddressInfo;
  app = await startApp({ LOG_LEVEL: 'error', GEOCODER_URL: `http://127.0.0.1:${port}` });

  const user = await signUpThroughApi(app.url);
  caller = await callerOf(app.url, user.token);
  const api = <T>(path: string, body: Record<string, unknown>) =>
    callApi<T>(app.url, path, { ...caller, ...body });
  const { excelId } = await api<{ excelId: string }>('/api/prospect/load', {
    name: 'Commerces Lyon',
    isPrivate: false,
    value: MAPPING,
    exel: ROWS,
  });
  const { value } = await api<{ value: { _id: string; prospect: string }[] }>('/api/prospect/get/value', {
    excelId,
  });
  for (const prospect of value) {
    await api('/api/opportunity/create', { prospectId: prospect._id });
    if (prospect.prospect !== UNLOCATED) await api('/api/prospect/setLatLng', { prospectId: prospect._id });
  }

  const context = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    acceptDownloads: true,
  });
  page = await context.newPage();
  await useSession(page, user.token);
});

test.afterAll(async () => {
  await page?.context().close();
  await app?.stop();
  await new Promise((resolve) => geocoder?.close(resolve));
});

const stopNames = () =>
  page.getByRole('list', { name: 'Étapes de la tournée' }).locator('.round-stops__name').allTextContents();

test('builds a round from the filtered list, reorders, saves, reopens, exports it and opens the directions', async () => {
  // Reached from the navigation entry the committed remotes.json activates (no shell code involved).
  await page.goto(`${app.url}/dashboard/opportunity/list/all`);
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Gestion des tournées' })
    .click();
  await expect(page).toHaveURL(`${app.url}/dashboard/tournees`);
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion des tournées' })).toBeVisible();
  await expect(page.getByText('Aucune tournée enregistrée')).toBeVisible();
  await page.getByRole('link', { name: 'Nouvelle tournée' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle tournée' })).toBeVisible();

  // The list's own filters: département 69 only (Marseille's shop leaves the list).
  await page.getByRole('button', { name: /Filtres/ }).click();
  await page.getByRole('checkbox', { name: /^69 – Rhône/ }).check();
  const choices = page.locator('.round-builder__choices');
  await expect(choices.getByRole('checkbox')).toHaveCount(6);
  await expect(choices).not.toContainText('Poissonnerie du Port');
  await page.getByRole('button', { name: /^Tout cocher/ }).click();
  await expect(page.getByText('6 étapes choisies (au plus 200)')).toBeVisible();

  // Every stop has a position: the one the address service does not know, its commune's centre.
  await expect(page.getByRole('region', { name: 'Étapes sans coordonnées' })).toHaveCount(0);

  await page.getByLabel('Adresse de départ').fill('1 place Bellecour 69002 Lyon');
  await page.getByRole('button', { name: 'Géocoder l’adresse' }).click();
  await expect(page.getByText('Départ retenu : 1 place Bellecour 69002 Lyon')).toBeVisible();
  await page.getByRole('button', { name: 'Calculer la tournée' }).click();

  // Numbered on the map (start + 6 stops) and in the list, with a total.
  await expect(page.locator('.round-marker')).toHaveCount(7);
  await expect(page.locator('.round-marker--stop')).toHaveText(['1', '2', '3', '4', '5', '6']);
  const stops = page.getByRole('list', { name: 'Étapes de la tournée' });
  await expect(stops.getByRole('listitem')).toHaveCount(6);
  await expect(stops.getByRole('listitem').filter({ hasText: UNLOCATED })).toContainText(
    'Position : centre de la commune',
  );
  await expect(stops.getByText(/^Position :/)).toHaveCount(1);
  // The nearest neighbour of the start is the shop at the start address itself.
  expect((await stopNames())[0]).toBe('Étape 1 : Boulangerie Bellecour');
  const optimisedTotal = await page.getByTestId('round-total').innerText();

  // Reorder with the keyboard buttons: the first stop goes down one place, the total changes.
  const before = await stopNames();
  await page.getByRole('button', { name: /^Descendre l’étape 1 / }).click();
  const after = await stopNames();
  expect(after[0]?.replace('Étape 1 : ', '')).toBe(before[1]?.replace('Étape 2 : ', ''));
  await expect(page.getByTestId('round-total')).not.toHaveText(optimisedTotal);

  // And by dragging: the last stop dropped on the first row becomes stop 1.
  const rows = page.getByRole('list', { name: 'Étapes de la tournée' }).getByRole('listitem');
  const lastName = (await stopNames())[5]?.replace('Étape 6 : ', '');
  await rows.nth(5).dragTo(rows.nth(0));
  expect((await stopNames())[0]).toBe(`Étape 1 : ${lastName}`);
  const savedOrder = await stopNames();

  await page.getByLabel('Nom de la tournée').fill(ROUND_NAME);
  await page.getByRole('button', { name: 'Enregistrer la tournée' }).click();
  await expect(page).toHaveURL(/\/dashboard\/tournees\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1, name: ROUND_NAME })).toBeVisible();

  // Reopened from the rounds page: same order.
  await page.getByRole('link', { name: '← Toutes les tournées' }).click();
  await expect(page.getByRole('link', { name: ROUND_NAME })).toBeVisible();
  await expect(page.getByText('6 étapes')).toBeVisible();
  await page.getByRole('link', { name: ROUND_NAME }).click();
  await expect(page.locator('.round-marker')).toHaveCount(7);
  // The zoom buttons, added in a task after the map's (lighthouse.md, seventh pass), named in French.
  await expect(page.locator('.leaflet-control-zoom-in')).toHaveAttribute('title', 'Zoom avant');
  await expect(page.locator('.leaflet-control-zoom-out')).toHaveAttribute('title', 'Zoom arrière');
  expect(await stopNames()).toEqual(savedOrder);
  // Without MAP_TILE_URL the base map is France's 96 départements from the data package, credited.
  await expect(page.locator('path.round-map__departement')).toHaveCount(96);
  await expect(page.locator('.leaflet-control-attribution')).toContainText(
    'Contours des départements : svg-maps (CC BY 4.0)',
  );

  // CSV: BOM, ';', one line per stop in the saved order.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter en CSV' }).click();
  const download = await downloadPromise;
  const csv = readFileSync((await download.path()) as string, 'utf8');
  expect(csv.startsWith('\uFEFF"Ordre";"Raison sociale";"Adresse"')).toBe(true);
  const lines = csv.trim().split('\r\n');
  expect(lines).toHaveLength(8);
  expect(lines[1]).toContain('"Départ";"1 place Bellecour 69002 Lyon"');
  expect(lines[2]).toContain(`"1";"${savedOrder[0]?.replace('Étape 1 : ', '')}"`);

  // Directions: one link (6 stops), from the start through the stops in order, every part encoded.
  const link = page.getByRole('link', { name: 'Ouvrir l’itinéraire' });
  await expect(link).toHaveAttribute('target', '_blank');
  const href = new URL((await link.getAttribute('href')) as string);
  expect(href.origin + href.pathname).toBe('https://www.google.com/maps/dir/');
  expect(href.searchParams.get('origin')).toBe('45.7578,4.832');
  expect(href.searchParams.get('waypoints')?.split('|')).toHaveLength(5);
  expect(href.search).not.toMatch(/[|,]/);
});

test('the round page has no accessibility violation', async () => {
  await expect(page.locator('.round-marker')).toHaveCount(7);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((n) => n.target),
    })),
  ).toEqual([]);
});

test("a saved round's page asks for the API client and its screen's code with its first files, and runs each", async ({
  browser,
}) => {
  // A cold visit of the round reopened above (lighthouse.md): the page names axios's chunk and the
  // round screen's lazy chunks, which the shell and the remote would otherwise ask for only once
  // their own code has run.
  const roundUrl = page.url();
  expect(roundUrl).toMatch(/\/dashboard\/tournees\/[0-9a-f]{24}$/);
  const context = await browser.newContext({ locale: 'fr-FR', serviceWorkers: 'block' });
  const cold = await context.newPage();
  await useSession(cold, caller.token);
  const requested: string[] = [];
  cold.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await cold.goto(roundUrl);
  await expect(cold.getByRole('heading', { level: 1, name: ROUND_NAME })).toBeVisible();
  await expect(cold.getByRole('list', { name: 'Étapes de la tournée' }).getByRole('listitem')).toHaveCount(6);

  const preloaded = await cold.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]'),
      (link) => new URL(link.href).pathname,
    ),
  );
  const apiClient = (await (await fetch(`${app.url}/signed-in-preload.json`)).json()) as string[];
  const screens = (await (await fetch(`${app.url}/remotes/prospecting/first-chunks.json`)).json()) as Record<
    string,
    string[]
  >;
  const screenCode = (screens['/dashboard/tournees/:id'] ?? []).map((file) => `/remotes/prospecting/${file}`);
  expect(apiClient.length).toBeGreaterThan(0);
  expect(screenCode.length).toBeGreaterThan(0);
  expect(preloaded).toEqual(expect.arrayContaining([...apiClient, ...screenCode]));
  // Each asked for once (the preload is the script the page then runs, not a second download)...
  for (const file of [...apiClient, ...screenCode])
    expect(requested.filter((pathname) => pathname === file)).toHaveLength(1);
  // ... and run: its chunk is among those the shell's and the remote's runtimes have loaded.
  const loaded = await cold.evaluate(() => {
    const ids = (name: string) =>
      ((window as unknown as Record<string, [(string | number)[]][] | undefined>)[name] ?? []).flatMap(
        ([chunkIds]) => chunkIds.map(String),
      );
    return { shell: ids('webpackChunkshell'), prospecting: ids('webpackChunkprospecting') };
  });
  const chunkId = (file: string) => (file.split('/').pop() ?? '').split('.')[0] ?? '';
  expect(loaded.shell).toEqual(expect.arrayContaining(apiClient.map(chunkId)));
  expect(loaded.prospecting).toEqual(expect.arrayContaining(screenCode.map(chunkId)));

  // /login, where nobody is signed in yet, does not pay for the API client.
  const login = await (await fetch(`${app.url}/login`)).text();
  for (const file of apiClient) expect(login).not.toContain(file);
  await context.close();
});

test('a round of more than 200 stops is refused with a French message', async () => {
  const tooMany = Array.from({ length: 201 }, (_, i) => ({
    opportunityId: i.toString(16).padStart(24, '0'),
    name: `Étape ${i}`,
    address: '',
    lat: 45.75,
    lng: 4.85,
  }));
  const response = await fetch(`${app.url}/api/round/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      ...caller,
      name: 'Trop',
      start: { label: 'Départ', lat: 45.75, lng: 4.85 },
      stops: tooMany,
    }),
  });
  expect(response.status).toBe(400);
  expect(((await response.json()) as { message: string }).message).toBe(
    'Une tournée ne peut pas contenir plus de 200 étapes',
  );
});
