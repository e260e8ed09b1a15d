// The predicate cases of the conformance suite ({.section items.N}{.on-sale?}N{.end} or
// {.on-sale?}x{.or}N{.end}) read as: item N is expected true, or expected false.
import { describe, expect, it } from 'vitest';
import { commercePredicates } from './commerce-predicates.js';
import { CASES_DIR, casesPresent, fakeScope, readCases } from './test-scope.js';

if (!casesPresent) console.warn(`conformance cases not found at ${CASES_DIR}: skipping predicate cases`);

const LINE = /^\{\.section items\.(\d+)\}\{\.([\w-]+)\?\}(x\{\.or\})?\d+\{\.end\}\{\.end\}$/;

const cases = readCases((file) =>
  ['p-on-sale.html', 'p-sold-out.html', 'p-varied-prices.html', 'p-has-variants-1.html'].includes(file),
);

const test = (name: string, item: unknown) => commercePredicates[name]([], fakeScope(item));

describe.skipIf(!casesPresent)('commerce predicate conformance cases', () => {
  it('finds the four predicate cases', () => {
    expect(cases.map((c) => c.name)).toHaveLength(4);
  });

  for (const testCase of cases) {
    it(`R4.7.1 R4.7.6 R4.7.11 R5.3.3 ${testCase.name}`, () => {
      const items = (testCase.json as { items: unknown[] }).items;
      const lines = testCase.template.split('\n').filter(Boolean);
      expect(lines.length).toBe(items.length);
      for (const line of lines) {
        const [, index, name, negated] = LINE.exec(line)!;
        expect(test(name, items[Number(index)]), line).toBe(!negated);
      }
    });
  }
});

describe('commerce predicates', () => {
  it('R4.7.4 R4.7.5 digital and gift-card products are never sold out', () => {
    expect(test('sold-out', { structuredContent: { productType: 2 } })).toBe(false);
    expect(test('sold-out', { structuredContent: { productType: 4, variants: [] } })).toBe(false);
    expect(test('sold-out', { structuredContent: { productType: 3, variants: [{ qtyInStock: 0 }] } })).toBe(
      true,
    );
  });
});
