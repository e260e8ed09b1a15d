// Test support shared by the content, social, date and i18n plugins: reads the template conformance
// cases of /work/shared/jsont-conformance (next to the repository) and renders them with the engine.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile } from '../../index.js';
import type { RenderScope, TemplateError } from '../../plugin-api.js';

export const PLUGIN_CASES_DIR = fileURLToPath(
  new URL('../../../../../../shared/jsont-conformance/plugins/', import.meta.url),
);

export const pluginCasesPresent = existsSync(PLUGIN_CASES_DIR);

export interface PluginCase {
  name: string;
  template: string;
  json: unknown;
  output: string;
  partials: Record<string, string>;
  locale?: string;
  now?: number;
}

function sectionsOf(text: string): Record<string, string> {
  const sections: Record<string, string> = {};
  let current = '';
  for (const line of text.split('\n')) {
    const header = /^:([A-Z]+)\s*$/.exec(line);
    if (header) {
      current = header[1];
      sections[current] = '';
    } else if (current) {
      sections[current] += `${line}\n`;
    }
  }
  return sections;
}

/** `:PARAMS` is JSON; some i18n files use `:PROPERTIES` lines such as `locale=fr-FR` or `locale: en-US`. */
function paramsOf(sections: Record<string, string>): { locale?: string; now?: number } {
  if (sections.PARAMS?.trim()) return JSON.parse(sections.PARAMS);
  const params: Record<string, string> = {};
  for (const line of (sections.PROPERTIES ?? '').split('\n')) {
    const match = /^\s*([\w.-]+)\s*[=:]\s*(.*?)\s*$/.exec(line);
    if (match) params[match[1]] = match[2];
  }
  return { locale: params.locale, now: params.now ? Number(params.now) : undefined };
}

export function parsePluginCase(name: string, text: string): PluginCase {
  const sections = sectionsOf(text);
  const params = paramsOf(sections);
  return {
    name,
    template: sections.TEMPLATE ?? '',
    json: sections.JSON?.trim() ? JSON.parse(sections.JSON) : {},
    output: (sections.OUTPUT ?? '').trim(),
    partials: sections.PARTIALS?.trim() ? JSON.parse(sections.PARTIALS) : {},
    locale: params.locale,
    now: params.now,
  };
}

/** Cases in `plugins/<subdir>` whose file name (without `.html`) passes `filter`. */
export function readPluginCases(filter: (name: string) => boolean, subdir = ''): PluginCase[] {
  const dir = PLUGIN_CASES_DIR + subdir;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.html'))
    .map((file) => file.replace(/\.html$/, ''))
    .filter(filter)
    .sort()
    .map((name) => parsePluginCase(name, readFileSync(`${dir}/${name}.html`, 'utf8')));
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
