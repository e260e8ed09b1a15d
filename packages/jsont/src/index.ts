// Lead's stand-in entry: the compact engine in lead-engine.ts with the plugins that exist so far. The full engine of
// issue 3 replaces this file (and lead-engine.ts / lead-core-plugin.ts).

import { leadCorePlugin } from './lead-core-plugin.js';
import { type CompiledTemplate, type CompileOptions, compileTemplate } from './lead-engine.js';
import type { Plugin } from './plugin-api.js';
import { commercePlugin } from './plugins/commerce/index.js';
import { contentPlugin } from './plugins/content/index.js';
import { datePlugin } from './plugins/date/index.js';
import { i18nPlugin } from './plugins/i18n/index.js';
import { socialPlugin } from './plugins/social/index.js';

export type { CompiledTemplate, CompileOptions, RenderOptions } from './lead-engine.js';
export type { Formatter, Plugin, Predicate, RenderScope, TemplateError } from './plugin-api.js';

export const defaultPlugins: Plugin[] = [
  leadCorePlugin,
  commercePlugin,
  contentPlugin,
  socialPlugin,
  datePlugin,
  i18nPlugin,
];

/** Compiles a template once; never throws (`errors` holds parse errors). */
export function compile(source: string, options: CompileOptions = {}): CompiledTemplate {
  return compileTemplate(source, options.plugins ?? defaultPlugins, options);
}
