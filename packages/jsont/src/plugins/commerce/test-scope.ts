// Test support for the commerce formatters: conformance cases by file name, and a RenderScope over a
// case's JSON so formatters can be checked without the engine.

import type { RenderScope, TemplateError } from '../../plugin-api.js';
import {
  CONFORMANCE_DIR,
  type ConformanceCase,
  conformancePresent,
  readConformanceCases,
} from '../../testing/conformance-cases.js';
import { scopeOver } from '../content/case-files.js';

export const CASES_DIR = `${CONFORMANCE_DIR}plugins/`;
export const casesPresent = conformancePresent;

/** Cases of plugins/ (top level) whose file name passes `filter`; names lose folder and `.html`. */
export function readCases(filter: (file: string) => boolean): ConformanceCase[] {
  return readConformanceCases('plugins')
    .filter((c) => /^plugins\/[^/]+$/.test(c.name) && filter(c.name.slice('plugins/'.length)))
    .map((c) => ({ ...c, name: c.name.slice('plugins/'.length).replace(/\.html$/, '') }));
}

/** A scope whose section stack is just the root (a tag at the top of a template). */
export function fakeScope(
  root: unknown,
  params: { locale?: string; now?: number } = {},
): RenderScope & { errors: TemplateError[] } {
  return scopeOver(root, { locale: params.locale, now: params.now });
}
