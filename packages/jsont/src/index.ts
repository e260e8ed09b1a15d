// @baukasten/jsont: the JSON-Template engine. `compile(source)` parses and compiles once (cached);
// `render(json, options)` runs the compiled closures. Neither throws: errors are collected.

import { type CompiledTemplate, type CompileOptions, compileWith, locateErrors } from './engine/template.js';
import type { Plugin, TemplateError } from './plugin-api.js';
import { commercePlugin } from './plugins/commerce/index.js';
import { contentPlugin } from './plugins/content/index.js';
import { corePlugin } from './plugins/core/index.js';
import { datePlugin } from './plugins/date/index.js';
import { i18nPlugin } from './plugins/i18n/index.js';
import { socialPlugin } from './plugins/social/index.js';

export { type AbortReason, isTruthy, LIMITS } from './engine/runtime.js';
export type { CompiledTemplate, CompileOptions, RenderOptions, RenderResult } from './engine/template.js';
export type { ApplyOptions, Formatter, Plugin, Predicate, RenderScope, TemplateError } from './plugin-api.js';

export const defaultPlugins: Plugin[] = [
  corePlugin,
  commercePlugin,
  contentPlugin,
  socialPlugin,
  datePlugin,
  i18nPlugin,
];

/** Compiles a template once; never throws (`errors` holds parse errors). */
export function compile(source: string, options: CompileOptions = {}): CompiledTemplate {
  return compileWith(source, defaultPlugins, options);
}

/** Parse errors of a template with the offset of the tag each belongs to, in one parse (editors). */
export function templateErrorsAt(source: string): (TemplateError & { offset: number })[] {
  return locateErrors(source, defaultPlugins);
}
