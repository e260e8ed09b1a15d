// What a render runs on: the stack of frames, variable lookup, the falsy and printing rules, the
// limits, and the helpers that generated template code calls (see codegen.ts).

import type { ApplyOptions, RenderScope, TemplateError } from '../plugin-api.js';
import { type PathPart, splitPathCached, step } from './paths.js';

/** Limits that keep a site owner's template from hanging or flooding the server. */
export const LIMITS = {
  /** Partials and macros applied inside each other. */
  maxPartialDepth: 16,
  /** Blocks (sections, loops, `.if`, `.or` branches, macros) written inside each other. */
  maxNesting: 200,
  /** Characters of output one render may produce. */
  maxOutputLength: 5_000_000,
  /** Loop iterations plus partial applications in one render. */
  maxWork: 250_000,
  /**
   * Milliseconds one render may take. Renders run on the server's one event loop, so a template that
   * computes for seconds (a formatter such as `json` of a large value in chained macros) would hold up
   * every other website's requests meanwhile.
   */
  maxRenderMs: 250,
};

/** Why a render stopped early; `RenderResult.aborted`. */
export type AbortReason = 'steps' | 'output' | 'time' | 'nesting';

/**
 * The clock is read every CLOCK_EVERY ticks (a tick: a loop iteration, a partial, a formatted tag, an
 * `.eval`): reading it costs about as much as a short tag, and between two reads the work is bounded.
 */
const CLOCK_EVERY = 16;

/** Compiled template code: gets the output so far and returns it with its own appended. */
export type Block = (rt: Runtime, out: string) => string;

/** One level of the section stack. */
export class Frame {
  /** Position while this frame's array is being repeated; -1 otherwise. */
  index = -1;
  vars: Map<string, unknown> | undefined = undefined;
  macros: Map<string, Block> | undefined = undefined;
  /** A private partial: lookups stop here. */
  sealed = false;
  /** The frame a variable tag pushes for its formatters (its value as `@`). */
  tagValue = false;
  constructor(
    /** Writable: a repeated section reuses one frame for all its items. */
    public node: unknown,
    readonly parent: Frame | undefined,
  ) {}
}

/** Stops a render that went over a limit; caught once at the top. */
export class RenderAborted extends Error {
  constructor(readonly reason: AbortReason) {
    super(reason);
  }
}

export interface RuntimeOptions {
  locale: string;
  now: number;
  /** `performance.now()` after which the render stops. */
  deadline: number;
  /** The time limit the deadline stands for, for the error message. */
  timeLimitMs: number;
  partials: Record<string, string>;
  injects: Record<string, unknown>;
  /** Compiles a partial's source (cached by the caller). */
  compilePartial: (source: string) => { block: Block; errors: TemplateError[] };
}

export class Runtime implements RenderScope {
  frame: Frame;
  depth = 0;
  work = 0;
  /** Counts ticks towards the next look at the clock. */
  ticks = 0;
  /** Read once per render, so a limit changed meanwhile (tests) applies to the next render. */
  readonly maxOutput = LIMITS.maxOutputLength;
  readonly errors: TemplateError[] = [];
  readonly root: unknown;
  readonly locale: string;
  readonly now: number;
  readonly #options: RuntimeOptions;
  /** Partials that failed to parse, reported once each (made when the first one fails). */
  #brokenPartials: Set<string> | undefined;

  constructor(root: unknown, options: RuntimeOptions) {
    this.root = root;
    this.frame = new Frame(root, undefined);
    this.locale = options.locale;
    this.now = options.now;
    this.#options = options;
  }

  get current(): unknown {
    return this.frame.node;
  }

  error(type: string, message: string): void {
    this.errors.push({ type, message });
  }

  resolve(path: string): unknown {
    return lookup(this.frame, splitPathCached(path));
  }

  resolveEnclosing(path: string): unknown {
    const frame = this.frame.tagValue && this.frame.parent ? this.frame.parent : this.frame;
    return lookup(frame, splitPathCached(path));
  }

  push(node: unknown): Frame {
    const frame = new Frame(node, this.frame);
    this.frame = frame;
    return frame;
  }

  pop(): void {
    this.frame = this.frame.parent ?? this.frame;
  }

  setVar(name: string, value: unknown): void {
    this.frame.vars ??= new Map();
    this.frame.vars.set(name, value);
  }

  /** Counts one unit of work (a loop iteration or partial) and checks the limits. */
  spend(outputLength: number): void {
    if (++this.work > LIMITS.maxWork) {
      this.error('engine', `RuntimeError: the template did more than ${LIMITS.maxWork} steps`);
      throw new RenderAborted('steps');
    }
    this.tick(outputLength);
  }

  /**
   * Checks the output of the running block and, every few calls, the clock. Generated code calls it after
   * each formatted tag; loops and partials through `spend`. A block's output is checked before it is
   * handed to its caller, and the caller checks its own after appending, so the final output stays
   * within the cap.
   */
  tick(outputLength: number): void {
    if (outputLength > this.maxOutput) this.overflow();
    if (++this.ticks % CLOCK_EVERY === 0 && performance.now() > this.#options.deadline) {
      this.error(
        'engine',
        `RuntimeError: the template ran longer than ${this.#options.timeLimitMs} ms and was stopped`,
      );
      throw new RenderAborted('time');
    }
  }

  /** Generated code checks plain tags' output inline and calls this when it is over the cap. */
  overflow(): never {
    this.error('engine', `RuntimeError: the output grew beyond ${this.maxOutput} characters`);
    throw new RenderAborted('output');
  }

  /** A macro defined in an enclosing frame, else a partial given to the render. */
  findPartial(name: string): Block | undefined {
    for (let f: Frame | undefined = this.frame; f; f = f.parent) {
      const macro = f.macros?.get(name);
      if (macro) return macro;
    }
    const partials = this.#options.partials;
    const source = Object.hasOwn(partials, name) ? partials[name] : undefined;
    if (typeof source !== 'string') return undefined;
    const compiled = this.#options.compilePartial(source);
    if (compiled.errors.length && !this.#brokenPartials?.has(name)) {
      this.#brokenPartials ??= new Set();
      this.#brokenPartials.add(name);
      for (const e of compiled.errors) {
        this.error('engine', `RuntimeError: Parse of partial "${name}" failed: ${e.message}`);
      }
    }
    return compiled.block;
  }

  #enter(name: string, outputLength: number): boolean {
    if (this.depth >= LIMITS.maxPartialDepth) {
      this.error(
        'engine',
        `RuntimeError: Attempt to apply partial '${name}' exceeded maximum recursion depth of ${LIMITS.maxPartialDepth}`,
      );
      return false;
    }
    this.spend(outputLength);
    this.depth++;
    return true;
  }

  #missing(name: string): void {
    this.error('engine', `RuntimeError: Attempt to apply partial '${name}' which could not be found.`);
  }

  applyPartial(name: string, data: unknown, options: ApplyOptions = {}): string {
    const block = this.findPartial(name);
    if (!block) {
      this.#missing(name);
      return '';
    }
    if (!this.#enter(name, 0)) return '';
    const saved = this.frame;
    const frame = this.push(data);
    frame.sealed = options.private === true;
    if (options.args) frame.vars = new Map([['@args', options.args]]);
    try {
      return block(this, '');
    } finally {
      this.frame = saved;
      this.depth--;
    }
  }

  /** `.include name [output]`: runs a macro or partial in place; its output is dropped unless asked. */
  include(out: string, name: string, keepOutput: boolean): string {
    const block = this.findPartial(name);
    if (!block) {
      this.#missing(name);
      return out;
    }
    if (!this.#enter(name, out.length)) return out;
    try {
      const result = block(this, keepOutput ? out : '');
      return keepOutput ? result : out;
    } finally {
      this.depth--;
    }
  }

  inject(name: string, path: string): void {
    const injects = this.#options.injects;
    this.setVar(name, Object.hasOwn(injects, path) ? injects[path] : undefined);
  }

  /** Calls a formatter; one that throws is reported and yields nothing. */
  fail(what: string, e: unknown): undefined {
    if (e instanceof RenderAborted) throw e;
    const err = e instanceof Error ? e : new Error(String(e));
    this.error('engine', `RuntimeError: Unexpected ${err.name} error when executing ${what}: ${err.message}`);
    return undefined;
  }
}

/**
 * What a name means in one frame. Plain names and indices are fields of the frame's value; names
 * starting with `@` belong to the frame itself: `@` is its value, `@index` and `@index0` its position
 * while its list is repeated (counted from 1 and from 0), any other `@name` a variable set in it.
 */
export function resolveIn(f: Frame, name: PathPart): unknown {
  if (typeof name === 'number' || !name.startsWith('@')) return step(f.node, name);
  switch (name) {
    case '@':
      return f.node;
    case '@index':
    case '@index0':
      // Only a frame being repeated has a position.
      if (f.index < 0) return undefined;
      return name === '@index' ? f.index + 1 : f.index;
    default:
      return f.vars?.get(name);
  }
}

/** A variable's first name: `@` is the current value; anything else is looked up the section stack. */
export function resolveFirst(from: Frame, name: PathPart): unknown {
  if (name === '@') return from.node;
  for (let f: Frame | undefined = from; f; f = f.parent) {
    const v = resolveIn(f, name);
    if (v !== undefined) return v;
    if (f.sealed) break;
  }
  return undefined;
}

/** A plain field name (not `@...`) looked up the section stack: the most common lookup, kept lean. */
export function findField(from: Frame, name: PathPart): unknown {
  for (let f: Frame | undefined = from; f; f = f.parent) {
    const v = step(f.node, name);
    if (v !== undefined) return v;
    if (f.sealed) break;
  }
  return undefined;
}

/** `findField` for a name already missed in `frame` itself. */
export function findFieldAbove(frame: Frame, name: PathPart): unknown {
  return frame.sealed || !frame.parent ? undefined : findField(frame.parent, name);
}

/** Resolves a reference: the first part up the section stack, the rest inside that value. */
export function lookup(from: Frame, path: readonly PathPart[]): unknown {
  let v = resolveFirst(from, path[0]!);
  for (let i = 1; i < path.length; i++) {
    if (v === undefined || v === null) return undefined;
    v = step(v, path[i]!);
  }
  return v;
}

/** The falsy rules: empty strings, 0 and NaN, false, empty objects and arrays, null and missing. */
export function isTruthy(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
      return v !== '';
    case 'number':
      return v !== 0 && !Number.isNaN(v);
    case 'boolean':
      return v;
    case 'object':
      if (v === null) return false;
      if (Array.isArray(v)) return v.length > 0;
      for (const _ in v) return true;
      return false;
    default:
      return false;
  }
}

/**
 * Texts of fractional numbers printed lately. V8 remembers the texts of integers itself, but writes out a
 * fraction (a weight of 0.25) afresh each time at many times the cost; data repeats a few such values.
 */
const fractions = new Map<number, string>();

function numberText(v: number): string {
  if (Number.isInteger(v)) return String(v);
  let text = fractions.get(v);
  if (text === undefined) {
    if (fractions.size >= 1024) fractions.clear();
    text = String(v);
    fractions.set(v, text);
  }
  return text;
}

/** How a value prints: scalars as text, arrays joined by commas, objects and missing as nothing. */
export function printed(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
      return numberText(v);
    case 'boolean':
    case 'bigint':
      return String(v);
    case 'object': {
      if (!Array.isArray(v)) return '';
      let s = '';
      for (let i = 0; i < v.length; i++) s += (i > 0 ? ',' : '') + String(v[i]);
      return s;
    }
    default:
      return '';
  }
}
