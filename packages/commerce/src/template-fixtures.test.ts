// Cross-checks the product rules against the helper inputs of the template conformance suite
// (../shared/jsont-conformance/plugins/*.json), so formatters built on this package agree with it.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  hasVariants,
  hasVariedPrices,
  itemVariantOptions,
  totalStockRemaining,
  UNLIMITED_STOCK,
} from './product-display.js';
import { isMultipleQuantityAllowedForServices } from './quantity.js';

const dir = fileURLToPath(new URL('../../../../shared/jsont-conformance/plugins/', import.meta.url));
const present = existsSync(dir);
if (!present) console.warn(`template fixtures not found at ${dir}: skipping template-fixtures.test.ts`);

/** Sections of ':name' followed by JSON. */
function sections(file: string): [string, unknown][] {
  const text = readFileSync(dir + file, 'utf8');
  return text
    .split(/^:/m)
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const newline = part.indexOf('\n');
      return [part.slice(0, newline).trim(), JSON.parse(part.slice(newline + 1))] as [string, unknown];
    });
}

describe.skipIf(!present)('template conformance helper inputs', () => {
  it('R4.7.11 R4.7.12 R4.7.13 has-varied-prices.json', () => {
    for (const [name, item] of sections('has-varied-prices.json')) {
      expect(hasVariedPrices(item as never), name).toBe(name.endsWith('-true'));
    }
  });

  it('R5.3.3 has-variants.json', () => {
    for (const [name, item] of sections('has-variants.json')) {
      expect(hasVariants(item as never), name).toBe(name.endsWith('-true'));
    }
  });

  it('R5.2.12 get-total-stock-remaining.json', () => {
    const expected: Record<string, number> = {
      'getTotalStock-unlimited-physical': UNLIMITED_STOCK,
      'getTotalStock-digital': UNLIMITED_STOCK,
      'getTotalStock-six-service': 6,
      'getTotalStock-0-physical': 0,
      'getTotalStock-0-physical-2': 0,
      'getTotalStock-unknown': 0,
    };
    const cases = sections('get-total-stock-remaining.json');
    expect(cases.map(([name]) => name)).toEqual(Object.keys(expected));
    for (const [name, item] of cases) expect(totalStockRemaining(item as never), name).toBe(expected[name]);
  });

  it('R5.3.3 get-item-variant-options.json', () => {
    const cases = new Map(sections('get-item-variant-options.json'));
    const inputs = [...cases.keys()].filter((name) => !name.endsWith('-expected'));
    expect(inputs.length).toBeGreaterThan(0);
    for (const name of inputs) {
      expect(itemVariantOptions(cases.get(name) as never), name).toEqual(cases.get(`${name}-expected`));
    }
  });

  it('R5.2.8 R5.2.9 is-multi-quantity-allowed-for-services.json', () => {
    for (const [name, context] of sections('is-multi-quantity-allowed-for-services.json')) {
      const settings = (context as { storeSettings: object }).storeSettings;
      expect(isMultipleQuantityAllowedForServices(settings), name).toBe(name.endsWith('-true'));
    }
  });
});
