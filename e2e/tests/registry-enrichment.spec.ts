import { expect, test, type Locator, type Page } from '@playwright/test';
import { startRegistryFake, type RegistryFake } from '../../api/src/test-support/registry-fake';
import { startApp, type RunningApp } from '../support/servers';
import { signUpThroughApi, useSession } from '../support/session';
import { encodeWindows1252 } from '../support/windows-1252';

// Saved by Excel in France (Windows-1252, ';', CRLF). The SIRETs are those of the fake registry's
// recorded answers (api/src/test-support/registry-fixtures): a head office, a closed establishment,
// one the registry does not know; the last row has none.
const CSV = [
  'Raison sociale;Code postal;Ville;Adresse;SIRET',
  'Boulangerie du Port;;;;41235874900015',
  'Imprimerie Martin;13001;Marseille;8 rue Paradis;521 478 966 00018',
  'Société inconnue;75001;Paris;1 rue de Rivoli;90218374800018',
  'Café sans numéro;69001;Lyon;3 quai Saint-Antoine;',
  '',
].join('\r\n');

const definition = (scope: Locator, term: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

/** Through the import modal, signed in: file, title and access, the proposed mapping, import. */
async function importFile(page: Page, app: RunningApp, title: string): Promise<Locator> {
  await page.goto(`${app.url}/dashboard/prospect/list`);
  await page.getByRole('button', { name: 'Ajouter un fichier' }).click();
  await page.getByRole('menuitem', { name: 'Importer un fichier Excel' }).click();
  const modal = page.getByRole('dialog', { name: 'Importer un fichier' });
  await modal.getByLabel('Fichier (.csv ou .xlsx)').setInputFiles({
    name: 'prospects-siret.csv',
    mimeType: 'text/csv',
    buffer: encodeWindows1252(CSV),
  });
  await expect(modal.getByText('4 lignes, 5 colonnes')).toBeVisible();
  await expect(modal.getByLabel('Encodage')).toHaveValue('windows-1252');
  await modal.getByRole('button', { name: 'Suivant' }).click();
  await modal.getByLabel('Titre').fill(title);
  await modal.getByLabel('Tout le monde').check();
  await modal.getByRole('button', { name: 'Suivant' }).click();
  await expect(modal.getByLabel('SIRET', { exact: true })).toHaveValue('SIRET');
  await modal.getByRole('button', { name: 'Importer' }).click();
  await expect(modal.getByText('Import terminé')).toBeVisible();
  await expect(definition(modal, 'Lignes importées')).toHaveText('4');
  return modal;
}

test.describe('enrichissement depuis le registre des entreprises', () => {
  let registry: RegistryFake;
  let enriched: RunningApp;
  let plain: RunningApp;

  test.beforeAll(async () => {
    registry = await startRegistryFake();
    enriched = await startApp({ COMPANY_REGISTRY_URL: registry.url });
    plain = await startApp();
  });

  test.afterAll(async () => {
    await enriched?.stop();
    await plain?.stop();
    await registry?.stop();
  });

  test('an imported Windows-1252 file with SIRETs is completed from the registry, and the summary counts it', async ({
    page,
  }) => {
    const title = 'Prospects avec SIRET';
    await useSession(page, (await signUpThroughApi(enriched.url)).token);
    const modal = await importFile(page, enriched, title);

    const enrichment = modal.getByRole('region', {
      name: 'Enrichissement depuis le registre des entreprises',
    });
    await expect(enrichment.getByText('Enrichissement terminé')).toBeVisible();
    await expect(definition(enrichment, 'Lignes enrichies')).toHaveText('2');
    await expect(definition(enrichment, 'SIRET introuvables')).toHaveText('1');
    await expect(definition(enrichment, 'Établissements fermés')).toHaveText('1');
    await expect(definition(enrichment, 'Lignes sans SIRET')).toHaveText('1');
    expect([...registry.queries].sort()).toEqual(['41235874900015', '52147896600018', '90218374800018']);
    await modal.getByRole('button', { name: 'Fermer' }).last().click();

    // The head office, imported without its address, now has the registry's.
    await page.getByRole('link', { name: title }).click();
    const table = page.getByRole('region', { name: `Prospects du fichier ${title}` });
    const boulangerie = table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Boulangerie du Port', exact: true }) });
    await expect(boulangerie.getByRole('cell').nth(5)).toHaveText('69002');
    await expect(boulangerie.getByRole('cell').nth(6)).toHaveText('LYON');
    await expect(boulangerie.getByRole('cell').nth(7)).toHaveText('3 QUAI SAINT-ANTOINE');
    // What the file gave is kept.
    const imprimerie = table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Imprimerie Martin', exact: true }) });
    await expect(imprimerie.getByRole('cell').nth(6)).toHaveText('Marseille');
  });

  test('without COMPANY_REGISTRY_URL the summary says the step was skipped and why', async ({ page }) => {
    await useSession(page, (await signUpThroughApi(plain.url)).token);
    const modal = await importFile(page, plain, 'Prospects sans registre');
    await expect(
      modal.getByText(
        'Enrichissement non configuré : aucun registre des entreprises n’est défini sur ce serveur.',
      ),
    ).toBeVisible();
    await expect(modal.getByText('Lignes enrichies')).toHaveCount(0);
  });
});
