// Calls from the card (issue 19): on a phone, the number of a card and of the detail is a tel: link;
// back from the call, the app offers to record its outcome, saved as a message on the opportunity.
import { expect, test, type Page } from '@playwright/test';
import { seedWorkedFile, WORKED_FILE, type WorkedFile } from '../support/seed';
import { startApp, type RunningApp } from '../support/servers';
import { useSession } from '../support/session';

let app: RunningApp;
let seeded: WorkedFile;
let page: Page;

type OpportunityReply = { opportunity: { message: { text: string; statusId: { name: string } }[] } };

test.beforeAll(async ({ browser }) => {
  app = await startApp({ LOG_LEVEL: 'error' });
  seeded = await seedWorkedFile(app.url, WORKED_FILE);
  const context = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  // The browser would hand tel: to a dialler; here the page stays where it is.
  await context.addInitScript(() => {
    document.addEventListener(
      'click',
      (event) => {
        if ((event.target as Element | null)?.closest?.('a[href^="tel:"]')) event.preventDefault();
      },
      true,
    );
  });
  page = await context.newPage();
  await useSession(page, seeded.user.token);
});

test.afterAll(async () => {
  await page?.context().close();
  await app?.stop();
});

/** The dialler takes the screen, then the user comes back to the page. */
async function comeBackFromTheCall() {
  await page.evaluate(() => {
    for (const state of ['hidden', 'visible']) {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    }
  });
}

async function messagesOnServer() {
  const { opportunity } = await seeded.callApi<OpportunityReply>('/api/opportunity/get', {
    ...seeded.caller,
    opportunityId: seeded.opportunityId,
  });
  return opportunity.message.map((message) => `${message.statusId.name} : ${message.text}`);
}

test('a call from a card, then from the detail, is recorded with its outcome and comment', async () => {
  await page.goto(`${app.url}/dashboard/opportunity/list/all`);
  const card = page.getByRole('article', { name: 'Crèche Les Lucioles' });
  const phone = card.getByRole('link', { name: '0474123456' });
  await expect(phone).toHaveAttribute('href', 'tel:0474123456');

  await phone.tap();
  await comeBackFromTheCall();
  const dialog = page.getByRole('dialog', { name: 'Résultat de l’appel' });
  await expect(dialog).toContainText('Vous avez appelé Crèche Les Lucioles (0474123456).');
  await expect(dialog.getByRole('radio', { name: 'Appel Abouti' })).toBeChecked();
  await dialog.getByLabel('Commentaire').fill('Rendez-vous pris jeudi 10 h');
  await dialog.getByRole('button', { name: 'Enregistrer l’appel' }).tap();
  await expect(page.getByText('Appel enregistré')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('region', { name: 'Derniers messages' })).toContainText(
    'Rendez-vous pris jeudi 10 h',
  );
  expect(await messagesOnServer()).toContain('Appel Abouti : Rendez-vous pris jeudi 10 h');

  // The detail's "Appeler" tile: another outcome, shown in the comments.
  await page.goto(`${app.url}/dashboard/opportunity/${seeded.opportunityId}?type=all`);
  await page.getByRole('navigation', { name: 'Outils' }).getByRole('link', { name: 'Appeler' }).tap();
  await comeBackFromTheCall();
  await dialog.getByRole('radio', { name: 'Appel non Abouti' }).check();
  await dialog.getByLabel('Commentaire').fill('Messagerie, rappeler demain');
  await dialog.getByRole('button', { name: 'Enregistrer l’appel' }).tap();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Commentaires' })).toContainText(
    'Messagerie, rappeler demain',
  );
  expect(await messagesOnServer()).toContain('Appel non Abouti : Messagerie, rappeler demain');
});
