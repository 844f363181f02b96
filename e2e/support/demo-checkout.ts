import { expect, type Page } from '@playwright/test';

/** The demonstration checkout page served by the API (no STRIPE_SECRET_KEY): fill the card and pay. */
export async function payOnDemoCheckout(page: Page, card: string): Promise<void> {
  await expect(page).toHaveURL(/\/api\/stripe\/demo\/checkout\//);
  await page.getByLabel('Numéro de carte').fill(card);
  await page.getByLabel('Expiration (MM/AA)').fill('12/34');
  await page.getByLabel('Code de sécurité (CVC)').fill('123');
  await page.getByRole('button', { name: 'Payer' }).click();
}
