// Runs the commerce cases of the template conformance suite straight against the formatters
// (single-tag templates such as '{item|product-price}'), independent of the engine.

import { describe, expect, it } from 'vitest';
import { commercePlugin } from './index.js';
import { CASES_DIR, casesPresent, fakeScope, readCases } from './test-scope.js';

if (!casesPresent)
  console.warn(`conformance cases not found at ${CASES_DIR}: skipping commerce-cases.test.ts`);

const formatters = commercePlugin.formatters ?? {};
const SINGLE_TAG = /^\{([^|{}\s]+)\|([\w-]+)((?: [^{}]*)?)\}$/;

/**
 * Cases whose expected output contradicts another case with the same input. The two
 * subscribable-attribute cases keep an older button markup (no sqs-button-element--primary, no
 * data-dynamic-strings) while f-add-to-cart-btn-6 and -7 expect the current one for identical JSON.
 */
const CONTRADICTED = new Set([
  'f-add-to-cart-btn-subscribable-attribute-false',
  'f-add-to-cart-btn-subscribable-attribute-true',
]);

const cases = readCases((file) => file.startsWith('f-')).filter((c) => {
  const match = SINGLE_TAG.exec(c.template);
  return !!match && match[2] in formatters;
});

describe.skipIf(!casesPresent)('commerce formatter conformance cases', () => {
  it('finds the commerce cases', () => {
    expect(cases.length).toBeGreaterThan(150);
  });

  for (const testCase of cases) {
    it.skipIf(CONTRADICTED.has(testCase.name))(testCase.name, () => {
      const [, path, name, rawArgs] = SINGLE_TAG.exec(testCase.template)!;
      const scope = fakeScope(testCase.json, testCase.params);
      const value = scope.resolve(path);
      const args = rawArgs.trim() ? rawArgs.trim().split(/\s+/) : [];
      const result = formatters[name](value, args, scope, []);
      const text = result === undefined || result === null ? '' : String(result);
      expect(text.trim()).toBe(testCase.output);
      expect(scope.errors).toEqual([]);
    });
  }
});
