// The social cases of the template conformance suite, rendered through the engine.

import { describe, expect, it } from 'vitest';
import { PLUGIN_CASES_DIR, pluginCasesPresent, readPluginCases, renderCase } from '../content/case-files.js';

if (!pluginCasesPresent)
  console.warn(`conformance cases not found at ${PLUGIN_CASES_DIR}: skipping social cases`);

const SOCIAL_CASES =
  /^(f-(activate-twitter-links|comment-count|comment-link|comments|google-calendar-url|like-button|social-button|social-button-inline|twitter-follow-button)|p-(comments|disqus))-\d+$/;

const cases = readPluginCases((name) => SOCIAL_CASES.test(name));

describe.skipIf(!pluginCasesPresent)('social plugin conformance cases', () => {
  it('finds the social cases', () => {
    expect(cases.length).toBe(21);
  });

  for (const testCase of cases) {
    it(testCase.name, () => {
      const { output, errors } = renderCase(testCase);
      expect(output).toBe(testCase.output);
      expect(errors).toEqual([]);
    });
  }
});
