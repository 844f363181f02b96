import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startApp, type RunningApp } from '../support/servers';
import { signUpThroughApi, useSession, type TestUser } from '../support/session';

// Issue 9, end to end, as a salesperson spends a day: a manual opportunity from the Campaign menu, one
// taken from an imported file, TODO → WAITING (date, comment, status) → WIN from a card, a comment and
// the history on the detail page, the arrow keys through the list, filters with their counts, the
// accent-insensitive search and the CSV export opened as Excel would.

const FILE_TITLE = 'Prospects Bretagne et Paris';
// File order is the pool's order: "Prendre le suivant" takes the crèche first.
const ROWS = [
  [
    'Crèche Les Petits Mousses',
    'Les Petits Mousses',
    '29200',
    'Brest',
    '4 rue de Siam',
    '0298000001',
    'Crèche',
  ],
  [
    'Boulangerie Le Goff',
    'Au Pain Breton',
    '29000',
    'Quimper',
    '12 rue Kéréon',
    '+33298000002',
    'Boulangerie',
  ],
  [
    'Pâtisserie Morvan',
    'Fournil Morvan',
    '35000',
    'Rennes',
    '8 place des Lices',
    '0299000003',
    'Boulangerie',
  ],
  [
    'Café de la Gare',
    'Café de la Gare',
    '35400',
    'Saint-Malo',
    '1 place de la Gare',
    '0299000004',
    'Restauration',
  ],
  ['Librairie Rive Gauche', 'Les Mots Passants', '75005', 'Paris', '30 rue Monge', '0143000005', 'Librairie'],
  [
    'Boulangerie Lefèvre',
    'Pains et Délices',
    '75011',
    'Paris',
    '5 rue Oberkampf',
    '0143000006',
    'Boulangerie',
  ],
].map(([company, enseigne, cp, ville, adresse, tel, activite]) => ({
  'Raison sociale': company,
  Enseigne: enseigne,
  CP: cp,
  Ville: ville,
  Adresse: adresse,
  Tel: tel,
  Activité: activite,
}));
const MAPPING = {
  prospect: 'Raison sociale',
  enseigne: 'Enseigne',
  codePostale: 'CP',
  ville: 'Ville',
  adresseComplete: 'Adresse',
  telephone: 'Tel',
  libelleactivite: 'Activité',
};
const MANUAL = 'Fleuriste Églantine';

/** The calendar day `offset` days from today in Paris, as YYYY-MM-DD. */
function parisDay(offset: number): string {
  const [year = 0, month = 1, day = 1] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' })
    .format(new Date())
    .split('-')
    .map(Number);
  return new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10);
}

/** The dark bottom-right toast holding `text`. */
const toast = (page: Page, text: string): Locator =>
  page.locator('.Toastify').getByText(text, { exact: true });

/** A list's card, by the prospect's full name (its accessible name). */
const card = (page: Page, name: string): Locator => page.getByRole('article', { name, exact: true });

/** A list tab: its label followed by its count. */
const tab = (page: Page, label: string): Locator =>
  page
    .getByRole('tablist', { name: 'Filtre des opportunités' })
    .getByRole('tab', { name: new RegExp(`^${label} `) });

/** A filter option's checkbox, named by the option and its live count ("Bretagne 4"). */
const option = (page: Page, group: string, label: string): Locator =>
  page
    .getByRole('region', { name: 'Filtres' })
    .getByRole('group', { name: group })
    .getByRole('checkbox', { name: new RegExp(`^${label} \\d+$`) });

/** The list's own search box (the header has another one). */
const listSearch = (page: Page): Locator =>
  page.getByRole('main').getByRole('searchbox', { name: 'Rechercher' });

test.describe.serial("les opportunités d'un commercial", () => {
  let app: RunningApp;
  let user: TestUser;
  let organisationId: string;
  let page: Page;

  const post = async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
    const response = await fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: user.token, organisationId, ...body }),
    });
    const json = (await response.json()) as T & { message?: string };
    if (!response.ok) throw new Error(`${path} ${response.status} : ${json.message ?? ''}`);
    return json;
  };

  test.beforeAll(async ({ browser }) => {
    // Some refusals are on purpose (validation messages): keep the API's 4xx warnings out of the report.
    app = await startApp({ LOG_LEVEL: 'error' });
    user = await signUpThroughApi(app.url);
    const response = await fetch(`${app.url}/api/organisation/get`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: user.token }),
    });
    const { organisations } = (await response.json()) as { organisations: { _id: string }[] };
    organisationId = organisations[0]?._id ?? '';
    expect(organisationId).not.toBe('');
    // The imported file is not the point here (prospect-import.spec.ts has it): seeded through the API.
    await post('/api/prospect/load', { name: FILE_TITLE, isPrivate: false, value: MAPPING, exel: ROWS });

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
  });

  test('a manual prospect from the Campaign menu: the phone is asked for, then the opportunity is created and shown', async () => {
    await page.goto(`${app.url}/dashboard/opportunity/list/all`);
    await expect(page.getByRole('heading', { name: 'Opportunités' })).toBeVisible();
    await expect(page.getByText('Aucun résultat')).toBeVisible();

    const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
    await navigation.getByRole('button', { name: 'Campagnes' }).click();
    await navigation.getByRole('button', { name: 'Importer un prospect manuel' }).click();
    const modal = page.getByRole('dialog', { name: 'Nouvelle opportunité' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(`Assignée à : @${user.nom} ${user.prenom}`);
    await modal.getByLabel('Raison sociale').fill(MANUAL);
    await modal.getByLabel('Adresse').fill('2 rue des Rosiers');
    await modal.getByLabel('Code postal').fill('75004');
    await modal.getByLabel('Ville').fill('Paris');
    await modal.getByRole('button', { name: "Créer l'opportunité" }).click();
    await expect(modal.getByRole('alert')).toHaveText('Veuillez renseigner le téléphone');

    await modal.getByLabel('Téléphone').fill('0142000007');
    await modal.getByLabel('Libellé activité').fill('Fleuriste');
    await expect(modal.getByLabel('Statut').locator('option')).toHaveText(['En attente', 'Gagné']);
    // Due two days ago: the list will show it late.
    await modal.getByLabel('Date de status').fill(`${parisDay(-2)}T09:30`);
    await modal.getByRole('button', { name: "Créer l'opportunité" }).click();
    await expect(page.getByRole('dialog', { name: 'Nouvelle opportunité' }).getByRole('status')).toHaveText(
      `L'opportunité « ${MANUAL} » va être créée.`,
    );

    // After the 2 s confirmation, the new opportunity's own page.
    await expect(page).toHaveURL(/\/dashboard\/opportunity\/[^/?]+$/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1, name: MANUAL })).toBeVisible();
    await expect(page.getByText(`Responsable : @${user.nom} ${user.prenom}`)).toBeVisible();
    await expect(
      page.getByRole('group', { name: "État de l'opportunité" }).getByRole('button', { name: 'A Faire' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  test('the unassigned pool: "Prendre le suivant" takes the first prospect of the imported file', async () => {
    const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
    await navigation.getByRole('button', { name: 'Opportunités' }).click();
    await navigation.getByRole('link', { name: 'Non attribuées' }).click();
    await expect(page.getByRole('heading', { name: 'Opportunités non attribuées' })).toBeVisible();
    await expect(page.getByText('6 prospects disponibles')).toBeVisible();
    await page.getByRole('button', { name: 'Prendre le suivant' }).click();
    await expect(page).toHaveURL(/\/dashboard\/opportunity\/[^/?]+\?type=todo$/);
    await expect(page.getByRole('heading', { level: 1, name: ROWS[0]?.['Raison sociale'] })).toBeVisible();

    // The rest of the file is taken the same way, and the bookshop is lost (seeded: not the point here).
    for (let taken = 1; taken < ROWS.length; taken++) await post('/api/opportunity/takeNext', {});
    const { opportunitys } = await post<{
      opportunitys: { _id: string; prospectId: { prospect: string } }[];
    }>('/api/opportunity/getwithfilter', { filter: { state: 'all' }, startId: 0, endId: 500 });
    const librairie = opportunitys.find((item) => item.prospectId.prospect === 'Librairie Rive Gauche');
    await post('/api/opportunity/setLoose', { opportunityId: librairie?._id });
  });

  test('on the list, a card goes TODO → WAITING (date, comment, status) then → WIN, and the counts follow', async () => {
    await page.goto(`${app.url}/dashboard/opportunity/list/all`);
    await expect(tab(page, 'Toute Opportunités')).toHaveText('Toute Opportunités 7');
    await expect(tab(page, 'A faire')).toHaveText('A faire 6');
    await expect(tab(page, 'En attente')).toHaveText('En attente 0');
    await expect(tab(page, 'Perdu')).toHaveText('Perdu 1');
    await expect(tab(page, 'Gagné')).toHaveText('Gagné 0');
    await expect(tab(page, 'Toute Opportunités')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('7 opportunités')).toBeVisible();

    await expect(card(page, MANUAL)).toContainText('2 jours en retard');
    const morvan = card(page, 'Pâtisserie Morvan');
    await expect(morvan).toContainText("Aujourd'hui");
    await expect(morvan).toContainText('Aucun message');
    const strip = morvan.getByRole('group', { name: "État de l'opportunité" });
    await expect(strip.getByRole('button', { name: 'A Faire' })).toHaveAttribute('aria-pressed', 'true');

    // The date picker, set to now + 2 hours, then "Validé".
    await strip.getByRole('button', { name: 'En Attente' }).click();
    const picker = morvan.getByRole('dialog', { name: 'Passer en « En Attente »' });
    await expect(picker.getByLabel('Date')).toBeFocused();
    // Now + 2 hours, to the minute, read as the browser reads the field (local time, Europe/Paris).
    const pickedAt = await picker
      .getByLabel('Date')
      .evaluate((input: HTMLInputElement) => new Date(input.value).getTime());
    expect(Math.abs(pickedAt - (Date.now() + 2 * 3600_000))).toBeLessThan(2 * 60_000);
    await picker.getByRole('button', { name: 'Validé' }).click();

    // The comment and status modal, with its two messages.
    const comment = page.getByRole('dialog', { name: 'Commentaire et statut' });
    await comment.getByRole('button', { name: 'Valider' }).click();
    await expect(comment.getByRole('alert')).toHaveText('Veuillez remplir tous les champs');
    await comment.getByLabel('Commentaire').fill('Devis envoyé, rappeler après la réunion de lundi');
    await comment.getByRole('button', { name: 'Valider' }).click();
    await expect(comment.getByRole('alert')).toHaveText('Veuillez choisir un statut');
    await expect(comment.getByRole('radio')).toHaveCount(5);
    await comment.getByRole('radio', { name: 'Mail' }).check();
    await comment.getByRole('button', { name: 'Valider' }).click();
    await expect(comment).toBeHidden();

    await expect(strip.getByRole('button', { name: 'En Attente' })).toHaveAttribute('aria-pressed', 'true');
    await expect(morvan.getByText(/^1 heure restante$/)).toBeVisible();
    // The card shows the comment just written among its last messages.
    await expect(morvan.getByRole('region', { name: 'Derniers messages' })).toContainText(
      'Devis envoyé, rappeler après la réunion de lundi',
    );
    await expect(tab(page, 'A faire')).toHaveText('A faire 5');
    await expect(tab(page, 'En attente')).toHaveText('En attente 1');

    // Then won, after its confirmation.
    await strip.getByRole('button', { name: 'Gagné' }).click();
    await morvan
      .getByRole('dialog', { name: 'Passer en « Gagné »' })
      .getByRole('button', { name: 'Validé' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Passer en Gagné' });
    await expect(confirm).toContainText('Confirmez-vous que cette opportunité est gagnée ?');
    await confirm.getByRole('button', { name: 'Confirmer' }).click();
    await expect(confirm).toBeHidden();
    await expect(strip.getByRole('button', { name: 'Gagné' })).toHaveAttribute('aria-pressed', 'true');
    await expect(tab(page, 'En attente')).toHaveText('En attente 0');
    await expect(tab(page, 'Gagné')).toHaveText('Gagné 1');
    await expect(tab(page, 'Toute Opportunités')).toHaveText('Toute Opportunités 7');

    // The won tab holds it.
    await tab(page, 'Gagné').click();
    await expect(page).toHaveURL(/\/dashboard\/opportunity\/list\/win$/);
    await expect(page.getByText('1 opportunité', { exact: true })).toBeVisible();
    await expect(card(page, 'Pâtisserie Morvan')).toBeVisible();
  });

  test('on the detail page, a comment is posted under this month with its status and @username, and the history shows', async () => {
    await card(page, 'Pâtisserie Morvan').getByRole('link', { name: 'Pâtisserie Morvan' }).click();
    await expect(page).toHaveURL(/\/dashboard\/opportunity\/[^/?]+\?type=win$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pâtisserie Morvan' })).toBeVisible();

    const chat = page.getByRole('region', { name: 'Commentaires' });
    await chat.getByRole('button', { name: 'Envoyer' }).click();
    await expect(chat.getByRole('alert')).toHaveText('Veuillez selectionner un status');
    await chat.getByRole('radio', { name: 'Appel Abouti' }).check();
    await chat.getByLabel('Commentaire').fill('Bon de commande signé, livraison le 3');
    await chat.getByRole('button', { name: 'Envoyer' }).click();

    const thisMonth = chat.getByRole('region', { name: 'Ce mois-ci' });
    const messages = thisMonth.getByRole('listitem');
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(0)).toContainText('Mail');
    await expect(messages.nth(0)).toContainText('Devis envoyé, rappeler après la réunion de lundi');
    await expect(messages.nth(1)).toContainText('Appel Abouti');
    await expect(messages.nth(1)).toContainText(`@${user.nom} ${user.prenom}`);
    await expect(messages.nth(1)).toContainText('Bon de commande signé, livraison le 3');
    await expect(chat.getByLabel('Commentaire')).toHaveValue('');

    // The owner administers the organisation, so holds "Voir l'historique": newest first, the
    // comment just sent included.
    const history = page.getByRole('region', { name: 'Historique' }).getByRole('listitem');
    const by = `@${user.nom} ${user.prenom}`;
    await expect(history).toHaveText([
      new RegExp(`${by} : Commentaire \\(Appel Abouti\\)$`),
      new RegExp(`${by} : En attente → Gagné$`),
      new RegExp(`${by} : Commentaire \\(Mail\\)$`),
      new RegExp(`${by} : A faire → En attente$`),
      new RegExp(`${by} : Création → A faire$`),
    ]);
  });

  test('the arrow keys walk the list the user came from; the previous arrow is hidden on the first item', async () => {
    await page.goto(`${app.url}/dashboard/opportunity/list/all`);
    const cards = page.getByRole('list', { name: 'Opportunités : Toute Opportunités' }).getByRole('article');
    await expect(cards).toHaveCount(7);
    const first = (await cards.nth(0).getAttribute('aria-label')) ?? '';
    const second = (await cards.nth(1).getAttribute('aria-label')) ?? '';
    // The ids are kept for the detail page once the list has settled.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('all')?.split(';').length ?? 0)).toBe(7);

    await cards.nth(0).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
    await expect(page.getByText('· 1 / 7')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Opportunité précédente' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Opportunité suivante' })).toBeEnabled();

    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
    await expect(page.getByText('· 2 / 7')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Opportunité précédente' })).toBeVisible();

    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Opportunité précédente' })).toHaveCount(0);
    // The left key does nothing on the first item.
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText('· 1 / 7')).toBeVisible();
    await page.getByRole('button', { name: 'Opportunité suivante' }).click();
    await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
  });

  test('filters by département and région with their counts, an accent-insensitive search, and the export opened as a CSV', async () => {
    await page.goto(`${app.url}/dashboard/opportunity/list/all`);
    await expect(page.getByText('7 opportunités')).toBeVisible();
    const filtersButton = page.getByRole('button', { name: /^Filtres/ });
    await filtersButton.click();
    await expect(filtersButton).toHaveAttribute('aria-expanded', 'true');

    await expect(option(page, 'Région', 'Bretagne')).toHaveAccessibleName('Bretagne 4');
    await expect(option(page, 'Région', 'Île-de-France')).toHaveAccessibleName('Île-de-France 3');
    await expect(option(page, 'Département', '29 – Finistère')).toHaveAccessibleName('29 – Finistère 2');
    await expect(option(page, 'Département', '35 – Ille-et-Vilaine')).toHaveAccessibleName(
      '35 – Ille-et-Vilaine 2',
    );
    await expect(option(page, 'Département', '75 – Paris')).toHaveAccessibleName('75 – Paris 3');
    await expect(option(page, 'Activité', 'Boulangerie')).toHaveAccessibleName('Boulangerie 3');

    // A département brings its région; the button counts one choice.
    await option(page, 'Département', '29 – Finistère').check();
    await expect(option(page, 'Région', 'Bretagne')).toBeChecked();
    await expect(option(page, 'Département', '35 – Ille-et-Vilaine')).not.toBeChecked();
    await expect(page.getByText('2 opportunités')).toBeVisible();
    await expect(filtersButton).toHaveText('Filtres 1');
    await expect(option(page, 'Activité', 'Boulangerie')).toHaveAccessibleName('Boulangerie 1');
    await expect(option(page, 'Activité', 'Crèche')).toHaveAccessibleName('Crèche 1');

    // A région brings all its départements; with one activity the button reads 2.
    await page.getByRole('button', { name: 'Supprimer les filtres' }).click();
    await expect(page.getByText('7 opportunités')).toBeVisible();
    await expect(filtersButton).toHaveText('Filtres');
    await option(page, 'Région', 'Bretagne').check();
    await expect(option(page, 'Département', '29 – Finistère')).toBeChecked();
    await expect(option(page, 'Département', '35 – Ille-et-Vilaine')).toBeChecked();
    await expect(option(page, 'Département', '75 – Paris')).not.toBeChecked();
    await expect(page.getByText('4 opportunités')).toBeVisible();
    await expect(option(page, 'Activité', 'Boulangerie')).toHaveAccessibleName('Boulangerie 2');
    await option(page, 'Activité', 'Boulangerie').check();
    await expect(filtersButton).toHaveText('Filtres 2');
    await expect(page.getByText('2 opportunités')).toBeVisible();
    // What ticking the other région would add.
    await expect(option(page, 'Région', 'Bretagne')).toHaveAccessibleName('Bretagne 2');
    await expect(option(page, 'Région', 'Île-de-France')).toHaveAccessibleName('Île-de-France 1');
    const shown = page.getByRole('list', { name: 'Opportunités : Toute Opportunités' }).getByRole('article');
    await expect(shown).toHaveCount(2);
    await expect(card(page, 'Boulangerie Le Goff')).toBeVisible();
    await expect(card(page, 'Pâtisserie Morvan')).toBeVisible();

    // The export of exactly these two, as Excel in France opens it.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter' }).click();
    const download = await downloading;
    await expect(toast(page, 'Export terminé')).toBeVisible();
    expect(download.suggestedFilename()).toBe('export.csv');
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines.at(-1)).toBe('');
    // Every cell quoted, ';' between them, CRLF after each line.
    const rows = lines.slice(0, -1).map((line) => {
      expect(line).toMatch(/^".*"$/);
      return line
        .slice(1, -1)
        .split('";"')
        .map((cell) => cell.replace(/""/g, '"'));
    });
    expect(rows[0]?.slice(0, 8)).toEqual([
      'Raison sociale',
      'Enseigne',
      'Adresse complète',
      'Code postal',
      'Ville',
      'Département',
      'Région',
      'Téléphone',
    ]);
    expect(rows).toHaveLength(3);
    const exported = Object.fromEntries(rows.slice(1).map((row) => [row[0], row]));
    expect(Object.keys(exported).sort()).toEqual(['Boulangerie Le Goff', 'Pâtisserie Morvan']);
    const column = (name: string) => rows[0]?.indexOf(name) ?? -1;
    expect(exported['Pâtisserie Morvan']?.[column('État')]).toBe('Gagné');
    expect(exported['Pâtisserie Morvan']?.[column('Dernier commentaire')]).toBe(
      'Appel Abouti : Bon de commande signé, livraison le 3',
    );
    expect(exported['Boulangerie Le Goff']?.[column('Adresse complète')]).toBe('12 rue Kéréon');
    expect(exported['Boulangerie Le Goff']?.[column('Région')]).toBe('Bretagne');
    // A cell starting with '+' is neutralised for the spreadsheet.
    expect(exported['Boulangerie Le Goff']?.[column('Téléphone')]).toBe("'+33298000002");

    // The search ignores accents and case; nothing found reads "Aucun résultat".
    await page.getByRole('button', { name: 'Supprimer les filtres' }).click();
    await expect(page.getByText('7 opportunités')).toBeVisible();
    await listSearch(page).fill('CRECHE');
    await expect(page.getByText('1 opportunité', { exact: true })).toBeVisible();
    await expect(card(page, 'Crèche Les Petits Mousses')).toBeVisible();
    await listSearch(page).fill('kereon');
    await expect(card(page, 'Boulangerie Le Goff')).toBeVisible();
    await expect(page.getByText('1 opportunité', { exact: true })).toBeVisible();
    await listSearch(page).fill('Lorient');
    await expect(page.getByText('Aucun résultat')).toBeVisible();
  });

  test("coming back from an opportunity keeps the search, filters and order; the top bar search fills the list's", async () => {
    // The previous test left "Lorient" in the search of this list: it is kept for the session.
    await page.goto(`${app.url}/dashboard/opportunity/list/all`);
    await expect(listSearch(page)).toHaveValue('Lorient');
    await expect(page.getByText('Aucun résultat')).toBeVisible();
    await listSearch(page).fill('');
    await expect(page.getByText('7 opportunités')).toBeVisible();
    await page.getByRole('button', { name: /^Filtres/ }).click();
    await option(page, 'Région', 'Bretagne').check();
    await page.getByRole('combobox', { name: 'Trier' }).selectOption('asc');
    await expect(page.getByText('4 opportunités')).toBeVisible();
    const cards = page.getByRole('list', { name: 'Opportunités : Toute Opportunités' }).getByRole('article');
    const order = await cards.evaluateAll((articles) =>
      articles.map((article) => article.getAttribute('aria-label')),
    );

    const back = async (how: () => Promise<unknown>) => {
      // The detail page's arrows walk the ids kept once the list has settled.
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('all')?.split(';').length ?? 0))
        .toBe(4);
      await cards.nth(1).getByRole('link').first().click();
      await expect(page.getByText('· 2 / 4')).toBeVisible();
      await how();
      await expect(page.getByText('4 opportunités')).toBeVisible();
      await expect(page.getByRole('button', { name: /^Filtres/ })).toHaveText('Filtres 1');
      await expect(page.getByRole('combobox', { name: 'Trier' })).toHaveValue('asc');
      await expect
        .poll(() =>
          cards.evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label'))),
        )
        .toEqual(order);
    };
    await back(() => page.getByRole('link', { name: '← Retour à la liste' }).click());
    await back(() => page.goBack());

    // The header's search replaces the list's and keeps the filters; the address is the plain list again.
    const header = page.getByRole('search').getByRole('searchbox', { name: 'Rechercher' });
    await listSearch(page).fill('Brest');
    await expect(page.getByText('1 opportunité', { exact: true })).toBeVisible();
    await header.fill('Saint-Malo');
    await header.press('Enter');
    await expect(listSearch(page)).toHaveValue('Saint-Malo');
    await expect(page).toHaveURL(`${app.url}/dashboard/opportunity/list/all`);
    await expect(page.getByText('1 opportunité', { exact: true })).toBeVisible();
    await expect(card(page, 'Café de la Gare')).toBeVisible();

    // From another tab too, and straight from the address.
    await tab(page, 'A faire').click();
    await header.fill('Quimper');
    await header.press('Enter');
    await expect(listSearch(page)).toHaveValue('Quimper');
    await expect(card(page, 'Boulangerie Le Goff')).toBeVisible();
    await page.goto(`${app.url}/dashboard/opportunity/list/all?search=Rennes`);
    await expect(listSearch(page)).toHaveValue('Rennes');
    await expect(card(page, 'Pâtisserie Morvan')).toBeVisible();
    await expect(page.getByText('1 opportunité', { exact: true })).toBeVisible();

    // Scrolled down the whole list, the user finds the same cards on screen after the detail page.
    await listSearch(page).fill('');
    await page.getByRole('button', { name: /^Filtres/ }).click();
    await page.getByRole('button', { name: 'Supprimer les filtres' }).click();
    await expect(page.getByText('7 opportunités')).toBeVisible();
    const scroller = page.getByRole('region', { name: 'Opportunités : Toute Opportunités' });
    /** The name of the first card whose bottom is inside the scroll area. */
    const topCard = () =>
      scroller.evaluate((area) => {
        const top = area.getBoundingClientRect().top;
        const articles = Array.from(area.querySelectorAll('article'));
        const first = articles.find((article) => article.getBoundingClientRect().bottom > top + 1);
        return area.scrollTop > 0 ? first?.getAttribute('aria-label') : null;
      });
    await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect.poll(topCard).toBeTruthy();
    const before = await topCard();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('all')?.split(';').length ?? 0)).toBe(7);
    await page.locator('[aria-posinset="7"]').getByRole('link').first().click();
    await expect(page.getByText('· 7 / 7')).toBeVisible();
    await page.goBack();
    await expect(page.getByText('7 opportunités')).toBeVisible();
    await expect.poll(topCard).toBe(before);
  });
});
