import { expect, test, type Page } from '@playwright/test';
import { seedWorkedFile, WORKED_FILE, type WorkedFile } from '../support/seed';
import { startApp, type RunningApp } from '../support/servers';
import { useSession } from '../support/session';

// Issue 20, the calendar feed end to end: the account page's "Agenda" section makes the private
// address, a calendar application (here a plain GET, no session) reads the member's follow-up from it,
// and "Régénérer le lien" stops the old address at once.

const DAY_MS = 24 * 60 * 60 * 1000;

test.describe.serial('agenda : le lien privé du compte', () => {
  let app: RunningApp;
  let seeded: WorkedFile;
  let page: Page;
  let firstUrl = '';

  test.beforeAll(async ({ browser }) => {
    app = await startApp();
    seeded = await seedWorkedFile(app.url, WORKED_FILE);
    await seeded.callApi('/api/opportunity/setWaiting', {
      ...seeded.caller,
      opportunityId: seeded.opportunityId,
      date: Date.now() + 2 * DAY_MS,
    });
    const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    page = await context.newPage();
    await useSession(page, seeded.user.token);
  });

  test.afterAll(async () => {
    await page?.context().close();
    await app?.stop();
  });

  test('the account page makes the address, copies it, and the address serves the follow-up without a session', async () => {
    await page.goto(`${app.url}/dashboard/prospect/settings/compte`);
    const section = page.getByRole('region', { name: 'Agenda' });
    await expect(section.getByText('Comment ajouter le lien à mon agenda ?')).toBeVisible();
    await section.getByRole('button', { name: 'Créer mon lien d’agenda' }).click();
    const field = section.getByLabel('Lien de votre agenda');
    await expect(field).toHaveValue(new RegExp(`^${app.url}/api/calendar/feed/.+\\.ics$`));
    firstUrl = await field.inputValue();

    await section.getByRole('button', { name: 'Copier le lien' }).click();
    await expect(page.locator('.Toastify').getByText('Lien copié', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);

    const res = await fetch(firstUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await res.text();
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain(`UID:${seeded.opportunityId}@127.0.0.1\r\n`);
    expect(text).toContain(`SUMMARY:${WORKED_FILE.rows[0]?.['Raison sociale']}\r\n`);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  test('"Régénérer le lien" asks first, then shows a new address; the old one answers 404 at once', async () => {
    await page.reload();
    const section = page.getByRole('region', { name: 'Agenda' });
    // Not shown again after a reload: only the date it was made.
    await expect(section.getByText(/Votre lien d’agenda a été créé le/)).toBeVisible();
    await expect(section.getByLabel('Lien de votre agenda')).toHaveCount(0);
    await section.getByRole('button', { name: 'Régénérer le lien' }).click();
    const dialog = page.getByRole('dialog', { name: 'Régénérer le lien de l’agenda' });
    await expect(dialog).toContainText('L’ancien lien cessera de fonctionner immédiatement');
    await dialog.getByRole('button', { name: 'Régénérer le lien' }).click();
    await expect(
      page.locator('.Toastify').getByText('Nouveau lien créé : l’ancien ne fonctionne plus'),
    ).toBeVisible();
    const secondUrl = await section.getByLabel('Lien de votre agenda').inputValue();
    expect(secondUrl).not.toBe(firstUrl);

    expect((await fetch(firstUrl)).status).toBe(404);
    const fresh = await fetch(secondUrl);
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toContain(`UID:${seeded.opportunityId}@127.0.0.1\r\n`);
  });
});
