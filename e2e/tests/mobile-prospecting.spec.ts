// Issue 19, the prospecting remote on a phone (390×844) and a tablet (768×1024) with touch: every
// screen with data never scrolls sideways, its controls are a finger's size (44×44 px), its fields'
// text is 16 px (no zoom on focus); under 768 px the tables are lists of cards (still virtualized),
// the filters a full-height sheet, the date picker a bottom sheet; axe finds nothing serious.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LIST_FILTER_LABELS, LIST_FILTERS } from '@app/domain';
import {
  FIELD_FILE,
  FIELD_ROUND,
  seedFieldOrganisation,
  startStandInGeocoder,
  type FieldOrganisation,
} from '../support/field-seed';
import { PHONE, sidewaysOverflow, smallInputFonts, smallTouchTargets, TABLET } from '../support/phone-audit';
import { startApp, type RunningApp } from '../support/servers';
import { useSession } from '../support/session';

/** Opportunities in the lists: enough for the layout and the virtualization, quick to seed. */
const ROWS = 300;
const POOL = 40;

let app: RunningApp;
let geocoder: Awaited<ReturnType<typeof startStandInGeocoder>>;
let org: FieldOrganisation;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  geocoder = await startStandInGeocoder();
  app = await startApp({ GEOCODER_URL: geocoder.url });
  org = await seedFieldOrganisation(app.url, { rows: ROWS, pool: POOL });
});

test.afterAll(async () => {
  await app?.stop();
  await geocoder?.stop();
});

type Screen = {
  name: string;
  path: () => string;
  /** Something the screen shows once its data is there. */
  ready: (page: Page) => Locator;
  /** Under 768 px: the list of cards that replaces the table. */
  cards?: (page: Page) => Locator;
};

const SCREENS: Screen[] = [
  {
    name: 'the prospect files',
    path: () => '/dashboard/prospect/list',
    ready: (page) => page.getByRole('link', { name: FIELD_FILE }),
    cards: (page) => page.getByRole('list', { name: 'Fichiers de prospection' }),
  },
  {
    name: 'a file’s prospects',
    path: () => `/dashboard/prospect/show/${org.excelId}`,
    ready: (page) => page.getByText(`${ROWS} prospects`),
    cards: (page) => page.getByRole('list', { name: `Prospects du fichier ${FIELD_FILE}` }),
  },
  {
    name: 'the unassigned pool',
    path: () => '/dashboard/opportunity/unassigned',
    // At least the seeded pool: the import modal's test (phone) adds the rows of its file to it.
    ready: (page) => page.getByText(/^\d[\d\s\u202f]* prospects disponibles/),
    cards: (page) => page.getByRole('list', { name: 'Prospects à prendre' }),
  },
  ...LIST_FILTERS.map((filter) => ({
    name: `the opportunity list "${LIST_FILTER_LABELS[filter]}"`,
    path: () => `/dashboard/opportunity/list/${filter}`,
    ready: (page: Page) =>
      page
        .getByRole('list', { name: `Opportunités : ${LIST_FILTER_LABELS[filter]}` })
        .getByRole('article')
        .first(),
  })),
  {
    name: 'the two columns',
    path: () => '/dashboard/opportunity/list/todo?vue=colonnes',
    ready: (page) => page.getByRole('list', { name: 'Opportunité en attente' }).getByRole('article').first(),
  },
  {
    name: 'an opportunity',
    path: () => `/dashboard/opportunity/${org.opportunities[0]?._id}?type=all`,
    ready: (page) => page.getByRole('heading', { level: 1, name: org.opportunities[0]?.name }),
  },
  {
    name: 'the rounds',
    path: () => '/dashboard/tournees',
    ready: (page) => page.getByRole('link', { name: FIELD_ROUND }),
    cards: (page) => page.getByRole('list', { name: 'Tournées enregistrées' }),
  },
  {
    name: 'the round builder',
    path: () => '/dashboard/tournees/nouvelle',
    ready: (page) => page.getByText(/^Opportunités affichées/),
  },
  {
    name: 'a saved round',
    path: () => `/dashboard/tournees/${org.roundId}`,
    ready: (page) => page.locator('.round-marker--stop').first(),
  },
];

/** Whatever `scope` holds fits the width, is a finger's size and never zooms on focus. */
async function expectFingerFriendly(page: Page, scope = 'main') {
  const overflow = await sidewaysOverflow(page);
  expect(overflow.wide, 'ce qui dépasse à droite').toEqual([]);
  expect(overflow.width, 'largeur du document').toBe(overflow.viewport);
  expect(await smallTouchTargets(page, scope), 'cibles de moins de 44×44 px').toEqual([]);
  expect(await smallInputFonts(page, scope), 'champs en moins de 16 px').toEqual([]);
}

async function seriousAxeViolations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

test.describe('on a phone (390×844, touch)', () => {
  test.use(PHONE);

  for (const screen of SCREENS) {
    test(`${screen.name}: no sideways scroll, cards, 44 px targets, 16 px fields, nothing serious for axe`, async ({
      page,
    }) => {
      await useSession(page, org.user.token);
      await page.goto(`${app.url}${screen.path()}`);
      await expect(screen.ready(page)).toBeVisible({ timeout: 30_000 });
      if (screen.cards) {
        await expect(screen.cards(page).getByRole('listitem').first()).toBeVisible();
        await expect(page.locator('main table')).toHaveCount(0);
      }
      await expectFingerFriendly(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }

  test('the cards of a long list stay virtualized, each field labelled with its column', async ({ page }) => {
    await useSession(page, org.user.token);
    await page.goto(`${app.url}/dashboard/prospect/show/${org.excelId}`);
    const cards = page
      .getByRole('list', { name: `Prospects du fichier ${FIELD_FILE}` })
      .getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThan(40);
    await expect(cards.first()).toHaveAttribute('aria-setsize', String(ROWS));
    await expect(cards.first().getByRole('term')).toHaveText([
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
    // Scrolled far down, the cards there are the ones drawn, their pages fetched on the way.
    await page.getByRole('region', { name: `Prospects du fichier ${FIELD_FILE}` }).evaluate((scroller) => {
      scroller.scrollTop = scroller.scrollHeight;
    });
    await expect(cards.last()).toHaveAttribute('aria-posinset', String(ROWS));
    await expect(cards.last()).toContainText(`Crèche ${String(ROWS).padStart(3, '0')}`);
    expect(await cards.count()).toBeLessThan(40);
  });

  test('the filters open as a full-height sheet and "Voir les résultats" closes it', async ({ page }) => {
    await useSession(page, org.user.token);
    await page.goto(`${app.url}/dashboard/opportunity/list/all`);
    await page.getByRole('button', { name: 'Filtres' }).tap();
    const sheet = page.getByRole('region', { name: 'Filtres' });
    await expect(sheet.getByRole('heading', { name: 'Filtres' })).toBeFocused();
    expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    await expectFingerFriendly(page, '.opportunity-filters');
    await sheet.getByRole('checkbox', { name: /^Pharmacie/ }).tap();
    await sheet.getByRole('button', { name: 'Voir les résultats' }).tap();
    await expect(sheet).toBeHidden();
    const pharmacies = org.opportunities.filter(({ name }) => name.startsWith('Pharmacie')).length;
    await expect(page.getByText(`${pharmacies} opportunités`, { exact: true })).toBeVisible();
  });

  test('a card’s state buttons share its top line and the date picker is a sheet at the bottom', async ({
    page,
  }) => {
    await useSession(page, org.user.token);
    await page.goto(`${app.url}/dashboard/opportunity/list/todo`);
    const card = page.getByRole('list', { name: 'Opportunités : A faire' }).getByRole('article').first();
    const buttons = card.getByRole('group', { name: "État de l'opportunité" }).getByRole('button');
    await expect(buttons).toHaveCount(4);
    const cardBox = (await card.boundingBox()) as { x: number; width: number };
    for (const button of await buttons.all()) {
      const box = (await button.boundingBox()) as { x: number; width: number };
      expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    }
    await buttons.filter({ hasText: 'En Attente' }).tap();
    const picker = page.getByRole('dialog', { name: /Passer en « En Attente »/ });
    await expect(picker).toBeVisible();
    const box = (await picker.boundingBox()) as { x: number; y: number; width: number; height: number };
    expect(box.x).toBe(0);
    expect(box.width).toBe(390);
    expect(Math.round(box.y + box.height)).toBe(844);
    await expectFingerFriendly(page, '.state-picker');
    await picker.getByRole('button', { name: 'Annuler' }).tap();
    await expect(picker).toBeHidden();
  });

  test('the import modal, step by step, and the new opportunity fit the phone', async ({ page }) => {
    await useSession(page, org.user.token);
    await page.goto(`${app.url}/dashboard/prospect/list`);
    await page.getByRole('button', { name: 'Ajouter un fichier' }).tap();
    await page.getByRole('menuitem', { name: 'Importer un fichier Excel' }).tap();
    const modal = page.getByRole('dialog', { name: 'Importer un fichier' });
    await expectFingerFriendly(page, '.ui-modal');
    await modal.getByLabel('Fichier (.csv ou .xlsx)').setInputFiles({
      name: 'salon.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'Raison sociale;Code postal;Ville;Téléphone\nCrèche Les Lucioles;01000;Bourg-en-Bresse;0474123456\nCafé du Port;29200;Brest;0298000000\n',
      ),
    });
    await expect(modal.getByRole('cell', { name: 'Café du Port' })).toBeVisible();
    await expectFingerFriendly(page, '.ui-modal');
    await modal.getByRole('button', { name: 'Suivant' }).tap();
    await modal.getByLabel('Titre').fill('Salon des crèches 2026');
    await expectFingerFriendly(page, '.ui-modal');
    await modal.getByLabel('Tout le monde').tap();
    await modal.getByRole('button', { name: 'Suivant' }).tap();
    await expect(modal.getByRole('table', { name: /^Aperçu/ })).toBeVisible();
    await expectFingerFriendly(page, '.ui-modal');
    await modal.getByRole('button', { name: 'Importer' }).tap();
    await expect(modal.getByRole('status').filter({ hasText: 'Import terminé' })).toBeVisible();
    await expectFingerFriendly(page, '.ui-modal');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await modal.getByRole('button', { name: 'Fermer' }).first().tap();
    await expect(modal).toBeHidden();

    await page.evaluate(() => window.dispatchEvent(new CustomEvent('app:open-new-opportunity-modal')));
    const form = page.getByRole('dialog', { name: 'Nouvelle opportunité' });
    await expect(form).toBeVisible();
    await expectFingerFriendly(page, '.ui-modal');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test.describe('on a tablet (768×1024, touch)', () => {
  test.use(TABLET);

  for (const screen of SCREENS) {
    test(`${screen.name}: no sideways scroll, 44 px targets, 16 px fields`, async ({ page }) => {
      await useSession(page, org.user.token);
      await page.goto(`${app.url}${screen.path()}`);
      await expect(screen.ready(page)).toBeVisible({ timeout: 30_000 });
      await expectFingerFriendly(page);
    });
  }
});
