import type { Page } from 'playwright-core';

export interface Shopper {
  email: string;
  firstName: string;
  lastName: string;
  line1: string;
  postalCode: string;
  city: string;
}

/**
 * Fills the shop's checkout page (`/checkout`) for a German address, chooses payment in advance (Vorkasse)
 * and places the order; resolves once the confirmation page has loaded.
 */
export async function checkOutWithBankTransfer(page: Page, shopper: Shopper): Promise<void> {
  for (const [field, value] of Object.entries(shopper)) await page.fill(`#${field}`, value);
  await page.selectOption('#country', 'DE');
  await page.check('input[name="paymentMethod"][value="bank-transfer"]');
  await Promise.all([
    page.waitForURL(/\/checkout\/bestaetigt/),
    page.locator('form[action="/api/commerce/checkout"] button[type="submit"]:not([formnovalidate])').click(),
  ]);
}
