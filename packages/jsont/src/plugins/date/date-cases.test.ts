// The date cases of the template conformance suite, rendered through the engine.

import { describe, expect, it } from 'vitest';
import { PLUGIN_CASES_DIR, pluginCasesPresent, readPluginCases, renderCase } from '../content/case-files.js';

if (!pluginCasesPresent)
  console.warn(`conformance cases not found at ${PLUGIN_CASES_DIR}: skipping date cases`);

const cases = readPluginCases((name) => /^f-date-\d+$/.test(name));

describe.skipIf(!pluginCasesPresent)('date plugin conformance cases', () => {
  it('finds the date cases', () => {
    expect(cases.length).toBe(3);
  });

  for (const testCase of cases) {
    it(testCase.name, () => {
      const { output, errors } = renderCase(testCase);
      expect(output).toBe(testCase.output);
      expect(errors).toEqual([]);
    });
  }
});
