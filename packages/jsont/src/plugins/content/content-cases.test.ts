// The content cases of the template conformance suite, rendered through the engine.

import { describe, expect, it } from 'vitest';
import { PLUGIN_CASES_DIR, pluginCasesPresent, readPluginCases, renderCase } from './case-files.js';

if (!pluginCasesPresent)
  console.warn(`conformance cases not found at ${PLUGIN_CASES_DIR}: skipping content cases`);

const CONTENT_CASES = new RegExp(
  '^(f-(absurl|audio-player|capitalize|child-image-meta|color-weight|cover-image-meta|height|width|' +
    'humanize-duration|image|image-color|image-meta|image-srcset|item-classes|resized|video|website-color)|' +
    'p-(active-time|attachment|audio|background-source|binary|calendar-view|checkin|child-images|clickable|' +
    'collection|collection-page|collection-template-page|collection-type-name-equals|current-type|excerpt|' +
    'external-link|external-video|folder|gallery-[a-z-]+|has-multiple|index|location|main-image|passthrough|' +
    'promoted|record-type|redirect|same-day|service-name-email|show-past-events))(-\\d+)?$',
);

const cases = readPluginCases((name) => CONTENT_CASES.test(name));

describe.skipIf(!pluginCasesPresent)('content plugin conformance cases', () => {
  it('finds the content cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(82);
  });

  for (const testCase of cases) {
    it(testCase.name, () => {
      const { output, errors } = renderCase(testCase);
      expect(output).toBe(testCase.output);
      expect(errors).toEqual([]);
    });
  }
});
