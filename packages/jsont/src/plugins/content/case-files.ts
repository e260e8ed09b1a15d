// Test support shared by the plugins: a RenderScope for calling one formatter or predicate directly,
// and rendering of the i18n unit case files (which the central conformance runner does not read).

import { readFileSync } from 'node:fs';
import { compile } from '../../index.js';
import type { RenderScope, TemplateError } from '../../plugin-api.js';
import { CONFORMANCE_DIR, conformancePresent } from '../../testing/conformance-cases.js';

export const PLUGIN_CASES_DIR = `${CONFORMANCE_DIR}plugins/`;
export const pluginCasesPresent = conformancePresent;

export interface PluginCase {
  name: string;
  template: string;
  json: unknown;
  output: string;
  partials: Record<string, string>;
  locale?: string;
  now?: number;
}

export function readCaseText(relativePath: string): string {
  return readFileSync(PLUGIN_CASES_DIR + relativePath, 'utf8');
}

export function renderCase(testCase: Omit<PluginCase, 'name' | 'output'>): {
  output: string;
  errors: TemplateError[];
} {
  const template = compile(testCase.template, { enableEval: true, enableInclude: true });
  const result = template.render(testCase.json, {
    partials: testCase.partials,
    locale: testCase.locale,
    now: testCase.now,
  });
  return { output: result.output.trim(), errors: [...template.errors, ...result.errors] };
}

/** A scope over `root` for calling one formatter or predicate directly in unit tests. */
export function scopeOver(
  root: unknown,
  options: { current?: unknown; locale?: string; now?: number; vars?: Record<string, unknown> } = {},
): RenderScope & { errors: TemplateError[] } {
  const errors: TemplateError[] = [];
  const current = 'current' in options ? options.current : root;
  const step = (value: unknown, key: string) =>
    value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return {
    current,
    root,
    locale: options.locale ?? 'en-US',
    now: options.now ?? 0,
    errors,
    resolve(path: string) {
      if (path === '@') return current;
      if (options.vars && path in options.vars) return options.vars[path];
      const parts = path.split('.');
      for (const start of [current, root]) {
        const first = step(start, parts[0]);
        if (first !== undefined) return parts.slice(1).reduce(step, first);
      }
      return undefined;
    },
    error(type, message) {
      errors.push({ type, message });
    },
    applyPartial: () => '',
  };
}
