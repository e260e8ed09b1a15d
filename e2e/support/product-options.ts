import type { Page } from 'playwright-core';

/**
 * Chooses a variant option on a product page with script, as a shopper does: by its value button in the
 * option's radio group (the dropdown is only the page without script, and options with many values).
 * Without a value it takes the first value that is not marked sold out; returns the value chosen.
 */
export async function chooseProductOption(page: Page, option: string, value?: string): Promise<string> {
  await page.locator('form.product-purchase[data-hydrated="true"]').first().waitFor({ state: 'attached' });
  const group = page.getByRole('group', { name: option, exact: true }).first();
  if ((await group.count()) === 0) {
    const select = page.locator(`select[name="option-${option}"]`).first();
    const chosen = value ?? (await select.locator('option').nth(1).getAttribute('value')) ?? '';
    await select.selectOption(chosen);
    return chosen;
  }
  const radio =
    value === undefined
      ? group
          .locator('.option-button:not(.option-button--sold-out):not(.option-button--unavailable) input')
          .first()
      : group.locator(`input[type="radio"][value="${value.replace(/"/g, '\\"')}"]`);
  await radio.check();
  return (await radio.getAttribute('value')) ?? '';
}
