// The bin (issue 23) in Chromium: "Annuler l'import" from a file's menu removes the prospects nobody
// worked and says what it kept and why; the bin lists the undone import and "Restaurer" brings it back.
import { expect, test } from '@playwright/test';
import { seedWorkedFile, WORKED_FILE } from '../support/seed';
import { startApp, type RunningApp } from '../support/servers';
import { useSession } from '../support/session';

test.describe('la corbeille', () => {
  let app: RunningApp;

  test.beforeAll(async () => {
    app = await startApp();
  });

  test.afterAll(async () => {
    await app.stop();
  });

  test("an import is undone from the file's menu, then restored from the bin", async ({ page }) => {
    const seeded = await seedWorkedFile(app.url, WORKED_FILE);
    await useSession(page, seeded.user.token);

    await page.goto(`${app.url}/dashboard/prospect/show/${seeded.excelId}`);
    await expect(page.getByRole('heading', { name: WORKED_FILE.name })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^2 prospects$/ })).toBeVisible();

    await page.getByRole('button', { name: 'Actions du fichier' }).click();
    await page.getByRole('menuitem', { name: "Annuler l'import" }).click();
    const dialog = page.getByRole('dialog', { name: "Annuler l'import" });
    await expect(dialog).toContainText('Les prospects que personne n');
    await dialog.getByRole('button', { name: "Annuler l'import" }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      '1 prospect retiré (dans la corbeille pendant 30 jours). 1 prospect conservé : 1 pris en opportunité, 1 commenté.',
    );
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: /^1 prospect$/ })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Café du Port', exact: true })).toHaveCount(0);

    // The bin, from the navigation.
    await page.getByRole('link', { name: 'Corbeille' }).click();
    await expect(page).toHaveURL(/\/dashboard\/prospect\/corbeille$/);
    await expect(page.getByRole('heading', { name: 'Corbeille' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: WORKED_FILE.name });
    await expect(row.getByRole('cell', { name: 'Import annulé' })).toBeVisible();
    await expect(row.getByRole('cell', { name: '1 prospect', exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Restaurer ${WORKED_FILE.name}` }).click();
    await expect(page.getByText(`${WORKED_FILE.name} a été restauré`)).toBeVisible();
    await expect(page.getByText('La corbeille est vide.')).toBeVisible();

    await page.goto(`${app.url}/dashboard/prospect/show/${seeded.excelId}`);
    await expect(page.getByRole('status').filter({ hasText: /^2 prospects$/ })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Café du Port', exact: true })).toBeVisible();
  });
});
