import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page, type Worker } from '@playwright/test';
import { startApp, type RunningApp } from '../support/servers';
import { seedWorkedFile, WORKED_FILE } from '../support/seed';
import { signUpThroughApi, useSession } from '../support/session';
import { encodeWindows1252 } from '../support/windows-1252';

const TITLE = 'Prospects Rhône-Alpes été';
const HEADERS = 'Raison sociale;Enseigne;Code postal;Ville;Adresse;Site web;Téléphone;SIRET;Activité';
// Saved by Excel in France: Windows-1252, ';', CRLF. Data rows (after the empty line is skipped):
// 0 accents + 4-digit postal code + quoted address with ';' and a line break + empty site,
// 1 "€", 2 neither company name nor enseigne (rejected), 3 same SIRET as 1 (duplicate),
// 4 a SIRET failing the Luhn check (kept, flagged).
const REJECTED_LINE = ';;75011;Paris;5 rue Oberkampf;;0143000000;55210055400013;Conseil';
const CAFE_LINE =
  'Café € du Port;Café €;69001;Lyon;3 quai Saint-Antoine;cafe-du-port.fr;0478123456;44306184100047;Restauration';
const CSV = [
  HEADERS,
  'Société Générale d’Œuvres;Crèche Les Lucioles;1000;Bourg-en-Bresse;"12 rue de la Paix; bâtiment B\r\n2e étage";;0474123456;73282932000074;Crèche',
  CAFE_LINE,
  '',
  REJECTED_LINE,
  CAFE_LINE,
  'Boulangerie Lefèvre;Au Pain Doré;13001;Marseille;8 rue Paradis;;0491000000;12345678901234;Boulangerie',
  '',
].join('\r\n');

/** The page and `region` are not wider than the window: nothing needs a sideways scroll. */
async function expectNoSidewaysScroll(page: Page, region: Locator): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
  expect(await region.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0);
}

/** `target` lies wholly inside `container`'s visible box. */
async function expectWithin(target: Locator, container: Locator): Promise<void> {
  const [inner, outer] = await Promise.all([target.boundingBox(), container.boundingBox()]);
  expect(inner && outer && inner.x >= outer.x && inner.x + inner.width <= outer.x + outer.width).toBe(true);
}

const today = () => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(new Date());

/** The `<dd>` that follows the `<dt>` with exactly this text. */
const definition = (scope: Locator, term: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

test.describe("import d'un fichier de prospection", () => {
  let app: RunningApp;

  test.beforeAll(async () => {
    app = await startApp();
  });

  test.afterAll(async () => {
    await app.stop();
  });

  test('a Windows-1252 Excel file with accents, leading zeros and a duplicate is imported, worked on and deleted', async ({
    page,
  }) => {
    const user = await signUpThroughApi(app.url);
    await useSession(page, user.token);
    const workers: Worker[] = [];
    page.on('worker', (worker) => workers.push(worker));

    await page.goto(`${app.url}/dashboard/prospect/list`);
    await expect(page.getByRole('heading', { name: 'Fichier de prospection' })).toBeVisible();
    await page.getByRole('button', { name: 'Ajouter un fichier' }).click();
    await page.getByRole('menuitem', { name: 'Importer un fichier Excel' }).click();
    const modal = page.getByRole('dialog', { name: 'Importer un fichier' });
    await expect(modal).toBeVisible();

    // Step 1: the file, read as Windows-1252 with ';'.
    await modal.getByLabel('Fichier (.csv ou .xlsx)').setInputFiles({
      name: 'prospects-excel.csv',
      mimeType: 'text/csv',
      buffer: encodeWindows1252(CSV),
    });
    await expect(modal.getByText('5 lignes, 9 colonnes')).toBeVisible();
    await expect(modal.getByLabel('Encodage')).toHaveValue('windows-1252');
    await expect(modal.getByLabel('Encodage').locator('option:checked')).toHaveText('Windows-1252 (Excel)');
    await expect(modal.getByLabel('Séparateur')).toHaveValue(';');
    const firstRows = modal.getByRole('table', { name: 'Premières lignes du fichier' });
    await expect(firstRows.getByRole('columnheader', { name: 'Téléphone' })).toBeVisible();
    await expect(firstRows.getByRole('cell', { name: 'Société Générale d’Œuvres' })).toBeVisible();
    await expect(firstRows.getByRole('cell', { name: 'Crèche Les Lucioles' })).toBeVisible();
    await expect(firstRows.getByRole('cell', { name: 'Café €', exact: true })).toBeVisible();
    await expect(
      firstRows.getByRole('cell', { name: '12 rue de la Paix; bâtiment B 2e étage' }),
    ).toBeVisible();

    // The parse ran in the import's Web Worker, which is still alive, holding the file.
    const worker = workers.find((started) => /import-parse-worker[^/]*\.js$/.test(started.url()));
    expect(worker, `workers started: ${workers.map((started) => started.url()).join(', ')}`).toBeDefined();
    expect(await worker?.evaluate(() => self.name)).toBe('import-parse-worker');

    // Step 2: title and access, with the French messages.
    await modal.getByRole('button', { name: 'Suivant' }).click();
    await modal.getByRole('button', { name: 'Suivant' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Veuillez remplir tous les champs');
    await modal.getByLabel('Titre').fill('Pros');
    await modal.getByLabel('Tout le monde').check();
    await modal.getByRole('button', { name: 'Suivant' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Le titre doit contenir au moins 5 caractères');
    await modal.getByLabel('Titre').fill(TITLE);
    await modal.getByRole('button', { name: 'Suivant' }).click();

    // Step 3: the obvious columns pre-selected, the others "Aucun", two rows as they will be stored.
    const expectedMapping: [string, string][] = [
      ['Raison sociale', 'Raison sociale'],
      ['Enseigne', 'Enseigne'],
      ['Code postal', 'Code postal'],
      ['Ville', 'Ville'],
      ['Adresse complète', 'Adresse'],
      ['Site', 'Site web'],
      ['Téléphone', 'Téléphone'],
      ['E-mail', 'Aucun'],
      ['SIRET', 'SIRET'],
      ['Libellé activité', 'Activité'],
      ['Tranche salariés', 'Aucun'],
      ["Type d'établissement", 'Aucun'],
    ];
    for (const [target, column] of expectedMapping)
      await expect(modal.getByLabel(target, { exact: true }), target).toHaveValue(column);
    const preview = modal.getByRole('table', { name: /^Aperçu \(2 lignes/ });
    await expect(preview.getByRole('columnheader')).toHaveText(['Champ', 'Ligne 1', 'Ligne 2']);
    const previewRow = (label: string) => preview.getByRole('row', { name: new RegExp(`^${label} `) });
    await expect(previewRow('Raison sociale').getByRole('cell')).toHaveText([
      'Société Générale d’Œuvres',
      'Café € du Port',
    ]);
    await expect(previewRow('Code postal').getByRole('cell')).toHaveText(['01000', '69001']);
    await expect(previewRow('Site').getByRole('cell')).toHaveText(['Aucun', 'cafe-du-port.fr']);
    await expect(previewRow('Téléphone').getByRole('cell')).toHaveText(['0474123456', '0478123456']);
    await expect(previewRow('Département').getByRole('cell')).toHaveText(['01', '69']);
    await expect(
      modal.getByText('Le fichier contient 1 doublon(s) ; 1 ligne(s) seront rejetées.'),
    ).toBeVisible();
    await modal.getByLabel('Ignorer les doublons').check();
    await modal.getByRole('button', { name: 'Importer' }).click();

    // The summary, and the user already on the files list behind it.
    await expect(modal.getByRole('status')).toHaveText('Import terminé');
    await expect(definition(modal, 'Lignes importées')).toHaveText('3');
    await expect(definition(modal, 'Lignes rejetées')).toHaveText('1');
    await expect(definition(modal, 'Doublons')).toHaveText('1 (1 ignorés)');
    await expect(definition(modal, 'SIRET à vérifier')).toHaveText('1');
    await expect(modal.getByRole('list', { name: 'Motifs de rejet' })).toHaveText(
      'Ligne sans raison sociale ni enseigne : 1',
    );
    await expect(page).toHaveURL(`${app.url}/dashboard/prospect/list`);

    // The rejected rows, to fix in Excel: UTF-8 with a BOM, ';', the original columns and "Motif".
    const downloading = page.waitForEvent('download');
    await modal.getByRole('button', { name: 'Télécharger les lignes rejetées' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${TITLE} - lignes rejetées.csv`);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      `${HEADERS};Motif\r\n${REJECTED_LINE};Ligne sans raison sociale ni enseigne\r\n`,
    );
    await modal.getByRole('button', { name: 'Fermer' }).last().click();
    await expect(modal).toBeHidden();

    // The files list: the new file, nothing qualified yet, today's dates.
    const fileRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: TITLE }) });
    await expect(fileRow.getByRole('cell')).toHaveText([
      `${user.nom} ${user.prenom}`,
      TITLE,
      '0/3',
      '0',
      /^0,00\s%$/,
      today(),
      today(),
      'Prospection',
      '',
    ]);

    // The detail: the stored values, "Aucun" for the empty site.
    await fileRow.getByRole('link', { name: TITLE }).click();
    await expect(page).toHaveURL(/\/dashboard\/prospect\/show\/[^/]+$/);
    await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
    const figures = page.getByRole('group', { name: 'Chiffres du fichier' });
    await expect(definition(figures, 'Prospects')).toHaveText('3');
    await expect(definition(figures, 'Opportunités')).toHaveText('0');
    const table = page.getByRole('region', { name: `Prospects du fichier ${TITLE}` });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Action',
      'Com',
      'Utilisateur',
      'Prospect',
      'Enseigne',
      'Code Postal',
      'Ville',
      'Adresse Complete',
      'Site',
      'Téléphone',
    ]);
    const rowOf = (name: string) =>
      table.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    const societe = rowOf('Société Générale d’Œuvres');
    await expect(societe.getByRole('cell').nth(4)).toHaveText('Crèche Les Lucioles');
    await expect(societe.getByRole('cell').nth(5)).toHaveText('01000');
    await expect(societe.getByRole('cell').nth(6)).toHaveText('Bourg-en-Bresse');
    await expect(societe.getByRole('cell').nth(7)).toHaveText('12 rue de la Paix; bâtiment B 2e étage');
    await expect(societe.getByRole('cell').nth(8)).toHaveText('Aucun');
    await expect(societe.getByRole('cell').nth(9)).toHaveText('0474123456');
    await expect(rowOf('Café € du Port').getByRole('cell').nth(4)).toHaveText('Café €');
    // The placeholder SIRET 12345678901234 fails its check digit: flagged before the company name.
    const flagged = table.getByRole('row').filter({ hasText: 'Boulangerie Lefèvre' });
    await expect(flagged.getByRole('cell').nth(3)).toHaveText('SIRET à vérifier Boulangerie Lefèvre');
    await expect(flagged.getByRole('cell').nth(5)).toHaveText('13001');
    await expect(table.getByText('SIRET à vérifier')).toHaveCount(1);
    await expect(table.getByRole('row')).toHaveCount(4);

    // One prospect becomes an opportunity: its button turns into the waiting icon, the figures follow.
    await societe.getByRole('button', { name: 'Ajouter comme opportunité' }).click();
    await expect(societe.getByRole('img', { name: 'En cours' })).toBeVisible();
    await expect(societe.getByRole('button', { name: 'Ajouter comme opportunité' })).toHaveCount(0);
    await expect(definition(figures, 'Opportunités')).toHaveText('1');
    await expect(definition(figures, 'A faire')).toHaveText('1');
    await expect(
      rowOf('Café € du Port').getByRole('button', { name: 'Ajouter comme opportunité' }),
    ).toBeEnabled();

    // The unassigned pool marks the same prospect.
    await page.goto(`${app.url}/dashboard/opportunity/unassigned`);
    await expect(page.getByRole('cell', { name: 'SIRET à vérifier Boulangerie Lefèvre' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Café € du Port', exact: true })).toBeVisible();
    await page.goBack();

    // Back on the list, then the file is deleted after confirmation.
    await page.getByRole('link', { name: 'Fichiers de prospection' }).click();
    await expect(fileRow.getByRole('cell').nth(2)).toHaveText('1/3');
    await expect(fileRow.getByRole('cell').nth(3)).toHaveText('1');
    await expect(fileRow.getByRole('cell').nth(4)).toHaveText(/^33,33\s%$/);
    await page.getByRole('button', { name: `Supprimer ${TITLE}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer le fichier' });
    await expect(confirm).toContainText(`Voulez-vous vraiment supprimer le fichier ${TITLE} ?`);
    await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await expect(page.getByText(`${TITLE} a correctement été supprimé !`)).toBeVisible();
    await expect(fileRow).toHaveCount(0);
  });
  test('an import whose rows are all duplicates says that no file was created, and creates none', async ({
    page,
  }) => {
    const user = await signUpThroughApi(app.url);
    await useSession(page, user.token);
    // Two companies with the placeholder SIRET in two towns, and one without SIRET.
    const csv = [
      HEADERS,
      'Garage Martin;Garage du Centre;69001;Lyon;1 rue Neuve;;0478000000;12345678901234;Garage',
      'Fleurs Petit;Fleurs;59000;Lille;2 rue Neuve;;0320000000;12345678901234;Fleuriste',
      'Café Durand;Le Café;75011;Paris;3 rue Neuve;;0143000001;;Restauration',
      '',
    ].join('\r\n');
    const importFile = async (title: string) => {
      await page.getByRole('button', { name: 'Ajouter un fichier' }).click();
      await page.getByRole('menuitem', { name: 'Importer un fichier Excel' }).click();
      const modal = page.getByRole('dialog', { name: 'Importer un fichier' });
      await modal.getByLabel('Fichier (.csv ou .xlsx)').setInputFiles({
        name: 'garages.csv',
        mimeType: 'text/csv',
        buffer: encodeWindows1252(csv),
      });
      await expect(modal.getByText('3 lignes, 9 colonnes')).toBeVisible();
      await modal.getByRole('button', { name: 'Suivant' }).click();
      await modal.getByLabel('Titre').fill(title);
      await modal.getByLabel('Tout le monde').check();
      await modal.getByRole('button', { name: 'Suivant' }).click();
      // The two placeholder SIRETs do not make the two companies duplicates.
      await expect(
        modal.getByText('Le fichier contient 0 doublon(s) ; 0 ligne(s) seront rejetées.'),
      ).toBeVisible();
      await modal.getByRole('button', { name: 'Importer' }).click();
      return modal;
    };

    await page.goto(`${app.url}/dashboard/prospect/list`);
    const first = await importFile('Garages et fleuristes');
    await expect(first.getByRole('status')).toHaveText('Import terminé');
    await expect(definition(first, 'Lignes importées')).toHaveText('3');
    await expect(definition(first, 'SIRET à vérifier')).toHaveText('2');
    await first.getByRole('button', { name: 'Fermer' }).last().click();
    await expect(first).toBeHidden();

    const again = await importFile('Garages et fleuristes bis');
    await expect(again.getByRole('status')).toHaveText(
      'Aucun fichier créé : toutes les lignes sont des doublons de prospects existants.',
    );
    await expect(definition(again, 'Lignes importées')).toHaveText('0');
    await expect(definition(again, 'Doublons')).toHaveText('3 (3 ignorés)');
    await again.getByRole('button', { name: 'Fermer' }).last().click();

    await page.reload();
    await expect(page.getByRole('link', { name: 'Garages et fleuristes', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Garages et fleuristes bis' })).toHaveCount(0);
  });

  test('at 1366 × 768, the files list and the unassigned pool fit the window, menu collapsed or expanded', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const name =
      'Salon régional des crèches, haltes-garderies et assistantes maternelles de Bourgogne-Franche-Comté 2026';
    const { user } = await seedWorkedFile(app.url, { ...WORKED_FILE, name });
    await useSession(page, user.token);
    const toggle = page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('button', { name: /^(Déplier|Réduire) le menu$/ });

    for (const expanded of [false, true]) {
      await page.goto(`${app.url}/dashboard/prospect/list`);
      if (expanded) await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', String(expanded));
      const remove = page.getByRole('button', { name: `Supprimer ${name}` });
      await expect(remove).toBeVisible();
      const wrapper = page.locator('.prospect-files__table-wrapper');
      await expectNoSidewaysScroll(page, wrapper);
      await expectWithin(remove, wrapper);
      await expectWithin(page.getByRole('columnheader', { name: 'Tag' }), wrapper);
      // A long title wraps: it is read whole, without an ellipsis.
      const title = wrapper.getByRole('cell', { name, exact: true });
      expect(await title.evaluate((cell) => cell.scrollWidth <= cell.clientWidth)).toBe(true);

      await page.goto(`${app.url}/dashboard/opportunity/unassigned`);
      const pool = page.getByRole('region', { name: 'Prospects à prendre' });
      await expect(pool.getByRole('cell', { name: 'Café du Port', exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page, pool);
      const importedBy = pool.getByRole('columnheader', { name: 'Importé par' });
      await expectWithin(importedBy, pool);
      // The header is shown whole, not cut by an ellipsis.
      expect(await importedBy.evaluate((cell) => cell.scrollWidth <= cell.clientWidth)).toBe(true);
    }
  });
});
