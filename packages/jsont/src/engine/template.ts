// The public face of the engine: compile once, render many times. `compile` parses (and reports parse
// errors); the first render generates the template's code, which every later render reuses.

import type { Plugin, TemplateError } from '../plugin-api.js';
import {
  type EngineOptions,
  generate,
  parse,
  type Registry,
  registryOf,
  TooDeeplyNested,
} from './codegen.js';
import { type AbortReason, type Block, LIMITS, RenderAborted, Runtime } from './runtime.js';
import type { Node } from './syntax.js';

export interface CompileOptions {
  plugins?: Plugin[];
  /** `.eval` is off by default: a site owner's template evaluates expressions only when enabled. */
  enableEval?: boolean;
  /** `.include` is off by default, like `.eval`. */
  enableInclude?: boolean;
}

export interface RenderOptions {
  /** Partial name -> template source, for `apply` and `.include`. */
  partials?: Record<string, string>;
  /** Path -> value, for `.inject`. */
  injects?: Record<string, unknown>;
  /** Locale for the i18n formatters; default `en-US`. */
  locale?: string;
  /** Epoch milliseconds the render treats as now; default the current time. */
  now?: number;
  /** Milliseconds the render may take before it stops with an error; default `LIMITS.maxRenderMs`. */
  timeLimitMs?: number;
  /**
   * `performance.now()` at which the render stops, for renders that share one limit (a page body and
   * its layout); default `timeLimitMs` from the start of this render.
   */
  deadline?: number;
}

export interface RenderResult {
  output: string;
  errors: TemplateError[];
  /**
   * Set when the render stopped at a limit (too many steps, too much output, too long): the output is
   * then incomplete, and a caller serving owners' templates should not show it as the page.
   */
  aborted?: AbortReason;
}

export interface CompiledTemplate {
  /** Parse errors; the template still renders what it could parse. */
  readonly errors: TemplateError[];
  render(json: unknown, options?: RenderOptions): RenderResult;
}

const NO_PARTIALS: Record<string, string> = {};
const NO_INJECTS: Record<string, unknown> = {};

/** Remembers compiled things by key, dropping the oldest beyond `size`. */
class Cache<T> {
  readonly #entries = new Map<string, T>();
  constructor(readonly size: number) {}
  get(key: string): T | undefined {
    return this.#entries.get(key);
  }
  set(key: string, value: T): T {
    if (this.#entries.size >= this.size) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, value);
    return value;
  }
}

/**
 * `generate`, made safe for any parsed source: a template it cannot turn into code (blocks nested too
 * deeply) stops its render with an error, so `render` still never throws.
 */
function generateSafely(nodes: Node[], registry: Registry, options: EngineOptions): Block {
  try {
    return generate(nodes, registry, options);
  } catch (e) {
    const message =
      e instanceof TooDeeplyNested
        ? `RuntimeError: the template nests blocks more than ${LIMITS.maxNesting} deep`
        : `RuntimeError: Unexpected ${e instanceof Error ? e.name : 'Error'} error when compiling the template`;
    // Stops the render like a limit does: what the template would show is unknown.
    return (rt) => {
      rt.error('engine', message);
      throw new RenderAborted('nesting');
    };
  }
}

/** One plugin set with its options: compiles templates and partials and caches them by source. */
class Engine {
  readonly templates = new Cache<Template>(200);
  /** Sources compiled once, so the second compile is cached. */
  readonly seen = new Cache<boolean>(1000);
  readonly partials = new Cache<{ block: Block; errors: TemplateError[] }>(500);

  constructor(
    readonly registry: Registry,
    readonly options: EngineOptions,
  ) {}

  partial = (source: string): { block: Block; errors: TemplateError[] } => {
    const cached = this.partials.get(source);
    if (cached) return cached;
    const errors: TemplateError[] = [];
    const block = generateSafely(parse(source, this.registry, errors), this.registry, this.options);
    return this.partials.set(source, { block, errors });
  };
}

class Template implements CompiledTemplate {
  readonly errors: TemplateError[] = [];
  #nodes: Node[] | undefined;
  #block: Block | undefined;

  constructor(
    source: string,
    readonly engine: Engine,
  ) {
    this.#nodes = parse(source, engine.registry, this.errors);
  }

  render(json: unknown, options: RenderOptions = {}): RenderResult {
    if (!this.#block) {
      this.#block = generateSafely(this.#nodes!, this.engine.registry, this.engine.options);
      this.#nodes = undefined;
    }
    const timeLimitMs = options.timeLimitMs ?? LIMITS.maxRenderMs;
    const rt = new Runtime(json, {
      locale: options.locale ?? 'en-US',
      now: options.now ?? Date.now(),
      // Taken after generating the code: compiling is bounded by the template's size, not its data.
      deadline: options.deadline ?? performance.now() + timeLimitMs,
      timeLimitMs,
      partials: options.partials ?? NO_PARTIALS,
      injects: options.injects ?? NO_INJECTS,
      compilePartial: this.engine.partial,
    });
    let output = '';
    try {
      output = this.#block(rt, '');
    } catch (e) {
      // A render over the limits stops with its error recorded; anything else is an engine fault,
      // reported the same way. Neither reaches the caller as an exception.
      if (e instanceof RenderAborted) return { output, errors: rt.errors, aborted: e.reason };
      rt.fail('template', e);
    }
    return { output, errors: rt.errors };
  }
}

const defaultEngines = new Map<string, Engine>();
let defaultRegistry: Registry | undefined;

/**
 * Parse errors of a source with the offset of the tag each belongs to (an unclosed block: its opening
 * tag), in one parse; nothing is compiled or cached. Editors use it to point at problems.
 */
export function locateErrors(
  source: string,
  defaultPlugins: Plugin[],
): (TemplateError & { offset: number })[] {
  defaultRegistry ??= registryOf(defaultPlugins);
  const errors: TemplateError[] = [];
  const offsets: number[] = [];
  parse(source, defaultRegistry, errors, offsets);
  return errors.map((e, k) => ({ ...e, offset: offsets[k] ?? 0 }));
}

/** Compiles with the default plugins through a cache; another plugin set compiles afresh. */
export function compileWith(
  source: string,
  defaultPlugins: Plugin[],
  options: CompileOptions,
): CompiledTemplate {
  const engineOptions = {
    enableEval: options.enableEval === true,
    enableInclude: options.enableInclude === true,
  };
  if (options.plugins && options.plugins !== defaultPlugins) {
    return new Template(source, new Engine(registryOf(options.plugins), engineOptions));
  }
  const flags = `${engineOptions.enableEval ? 1 : 0}${engineOptions.enableInclude ? 1 : 0}`;
  let engine = defaultEngines.get(flags);
  if (!engine) {
    defaultRegistry ??= registryOf(defaultPlugins);
    engine = new Engine(defaultRegistry, engineOptions);
    defaultEngines.set(flags, engine);
  }
  const cached = engine.templates.get(source);
  if (cached) return cached;
  // Only a source compiled before is kept: one-off templates (previews, the CLI, generated ones) would
  // otherwise fill the cache and cost garbage collection more than their parse.
  if (!engine.seen.get(source)) {
    engine.seen.set(source, true);
    return new Template(source, engine);
  }
  return engine.templates.set(source, new Template(source, engine));
}
