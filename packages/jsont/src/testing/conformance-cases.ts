// Reads the JSON-T conformance cases from ../shared/jsont-conformance (next to the repository; CI has
// it there). Test support only.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CONFORMANCE_DIR = fileURLToPath(
  new URL('../../../../../shared/jsont-conformance/', import.meta.url),
);
export const conformancePresent = existsSync(CONFORMANCE_DIR);

export interface ConformanceCase {
  /** Path below the conformance folder, e.g. `core/eval-1.html`. */
  name: string;
  template: string;
  json: unknown;
  /** Expected output, trimmed; undefined for files without an `:OUTPUT` section. */
  output: string | undefined;
  partials: Record<string, string>;
  injects: Record<string, unknown>;
  locale?: string;
  now?: number;
}

/** Sections start at lines holding only `:NAME`. */
export function sectionsOf(text: string): Record<string, string> {
  const sections: Record<string, string> = {};
  let current = '';
  for (const line of text.split('\n')) {
    const header = /^:([A-Z]+)\s*$/.exec(line);
    if (header) {
      current = header[1]!;
      sections[current] = '';
    } else if (current) {
      sections[current] += `${line}\n`;
    }
  }
  return sections;
}

/** `:PARAMS` is JSON; a few i18n files use `:PROPERTIES` lines such as `locale=fr-FR`. */
function paramsOf(sections: Record<string, string>): { locale?: string; now?: number } {
  if (sections.PARAMS?.trim()) return JSON.parse(sections.PARAMS);
  const params: Record<string, string> = {};
  for (const line of (sections.PROPERTIES ?? '').split('\n')) {
    const match = /^\s*([\w.-]+)\s*[=:]\s*(.*?)\s*$/.exec(line);
    if (match) params[match[1]!] = match[2]!;
  }
  return { locale: params.locale, now: params.now ? Number(params.now) : undefined };
}

export function parseCase(name: string, text: string): ConformanceCase {
  const sections = sectionsOf(text);
  const params = paramsOf(sections);
  const injected: Record<string, string> = sections.INJECT?.trim() ? JSON.parse(sections.INJECT) : {};
  // Inject values are JSON strings holding JSON: parse once more.
  const injects = Object.fromEntries(Object.entries(injected).map(([k, v]) => [k, JSON.parse(v)]));
  let template = sections.TEMPLATE ?? '';
  // The section reader adds a newline after the template's last line; the file did not end there.
  if (template.endsWith('\n')) template = template.slice(0, -1);
  return {
    name,
    template,
    json: sections.JSON?.trim() ? JSON.parse(sections.JSON) : {},
    output: sections.OUTPUT === undefined ? undefined : sections.OUTPUT.trim(),
    partials: sections.PARTIALS?.trim() ? JSON.parse(sections.PARTIALS) : {},
    injects,
    locale: params.locale,
    now: params.now,
  };
}

/** Every case file below `folder` (recursively), sorted by name. */
export function readConformanceCases(folder = ''): ConformanceCase[] {
  if (!conformancePresent) return [];
  const cases: ConformanceCase[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(CONFORMANCE_DIR + relative).sort()) {
      const path = relative ? `${relative}/${entry}` : entry;
      if (statSync(CONFORMANCE_DIR + path).isDirectory()) walk(path);
      else if (entry.endsWith('.html'))
        cases.push(parseCase(path, readFileSync(CONFORMANCE_DIR + path, 'utf8')));
    }
  };
  walk(folder);
  return cases;
}
