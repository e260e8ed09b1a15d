// Test support for the commerce formatters: reads the template conformance cases and builds a
// RenderScope over a case's JSON, so formatters can be checked without the engine.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RenderScope, TemplateError } from '../../plugin-api.js';

export const CASES_DIR = fileURLToPath(
  new URL('../../../../../../shared/jsont-conformance/plugins/', import.meta.url),
);

export const casesPresent = existsSync(CASES_DIR);

export interface ConformanceCase {
  name: string;
  template: string;
  json: unknown;
  output: string;
  params: { locale?: string; now?: number };
}

/** Sections start at lines holding only ':NAME'. */
export function parseCase(name: string, text: string): ConformanceCase {
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
  return {
    name,
    template: (sections.TEMPLATE ?? '').trim(),
    json: sections.JSON?.trim() ? JSON.parse(sections.JSON) : {},
    output: (sections.OUTPUT ?? '').trim(),
    params: sections.PARAMS?.trim() ? JSON.parse(sections.PARAMS) : {},
  };
}

export function readCases(filter: (file: string) => boolean): ConformanceCase[] {
  if (!casesPresent) return [];
  return readdirSync(CASES_DIR)
    .filter((file) => file.endsWith('.html') && filter(file))
    .sort()
    .map((file) => parseCase(file.replace(/\.html$/, ''), readFileSync(CASES_DIR + file, 'utf8')));
}

function child(value: unknown, key: string): unknown {
  if (value === null || value === undefined || typeof value !== 'object') return undefined;
  return (value as Record<string, unknown>)[key];
}

/** A scope whose section stack is just the root (a tag at the top of a template). */
export function fakeScope(
  root: unknown,
  params: { locale?: string; now?: number } = {},
): RenderScope & {
  errors: TemplateError[];
} {
  const errors: TemplateError[] = [];
  return {
    current: root,
    root,
    locale: params.locale ?? 'en-US',
    now: params.now ?? 0,
    errors,
    resolve(path: string) {
      if (path === '@') return root;
      return path.split('.').reduce<unknown>((value, key) => child(value, key), root);
    },
    error(type, message) {
      errors.push({ type, message });
    },
    applyPartial: () => '',
  };
}
