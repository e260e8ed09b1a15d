// Syntax tree -> JavaScript. A template becomes one generated function `(rt, out) => out` (plus one per
// macro) that appends its text to `out` with plain statements: no tree walking and no per-node calls at
// render time. Everything taken from the template enters the generated source only as a JSON literal
// or as an index into a table handed to the function, never as code.

import type { Formatter, Plugin, Predicate, RenderScope, TemplateError } from '../plugin-api.js';
import { compileEval } from './expression.js';
import { step } from './paths.js';
import {
  type Block,
  Frame,
  findField,
  findFieldAbove,
  isTruthy,
  LIMITS,
  printed,
  type Runtime,
  resolveFirst,
  resolveIn,
} from './runtime.js';
import { type FormatterCall, type Node, type OrBranch, parseTemplate, type Reference } from './syntax.js';

export interface Registry {
  formatters: Map<string, Formatter>;
  predicates: Map<string, Predicate>;
}

export function registryOf(plugins: Plugin[]): Registry {
  const formatters = new Map<string, Formatter>();
  const predicates = new Map<string, Predicate>();
  for (const plugin of plugins) {
    for (const [name, f] of Object.entries(plugin.formatters ?? {})) formatters.set(name, f);
    for (const [name, p] of Object.entries(plugin.predicates ?? {})) predicates.set(name, p);
  }
  return { formatters, predicates };
}

export interface EngineOptions {
  enableEval: boolean;
  enableInclude: boolean;
}

/** A template whose blocks nest deeper than `LIMITS.maxNesting`; its render reports it (template.ts). */
export class TooDeeplyNested extends Error {}

/** The helpers generated code may call; passed in as `H`. */
const HELPERS = { step, findField, findFieldAbove, resolveFirst, resolveIn, isTruthy, printed, Frame };

const NO_VALUES: readonly unknown[] = Object.freeze([]);

const literal = (value: unknown) => JSON.stringify(value);

/** Generates the code of one template (and its macros) and turns it into functions. */
class Generator {
  /** Values the generated code reads by index: formatter and predicate functions, arguments, expressions. */
  readonly table: unknown[] = [];
  /** Macro bodies, generated as functions of their own. */
  readonly functions: string[] = [];
  #names = 0;

  constructor(
    readonly registry: Registry,
    readonly options: EngineOptions,
  ) {}

  /** A value the code reads; bound once to a module constant, so calls through it are direct calls. */
  constant(value: unknown): string {
    this.table.push(value);
    return `k${this.table.length - 1}`;
  }

  name(prefix: string): string {
    return `${prefix}${this.#names++}`;
  }

  /**
   * `H.step(obj, key)` written out at the call site: each site then keeps its own inline cache for a
   * fixed key (the shapes at one place in a template are mostly alike), which is much faster than one
   * shared, megamorphic lookup. Keys that need the careful path (`length` on arrays, indices) use H.step.
   */
  step(object: string, key: string | number): string {
    if (typeof key === 'number' || key === 'length' || key === '__proto__') {
      return `H.step(${object}, ${literal(key)})`;
    }
    const o = this.name('o');
    const u = this.name('u');
    this.declare(o);
    this.declare(u);
    return `((${o} = ${object}) !== null && typeof ${o} === 'object' && (${u} = ${o}[${literal(key)}]) !== undefined && typeof ${u} !== 'function' ? ${u} : undefined)`;
  }

  /** An expression for a reference looked up the section stack. */
  lookup(path: Reference): string {
    const [first, ...rest] = path;
    let code: string;
    if (first === '@') code = this.#node;
    else if (typeof first === 'string' && first[0] === '@')
      code = `H.resolveFirst(rt.frame, ${literal(first)})`;
    else if (this.#skipped.length > 0) {
      // Inside sections that opened no frame: their values first, innermost first, then the stack.
      const v = this.name('w');
      this.declare(v);
      code = '';
      for (let k = this.#skipped.length - 1; k >= 0; k--) {
        code += `(${v} = ${this.step(this.#skipped[k]!, first!)}) !== undefined ? ${v} : `;
      }
      code = `(${code}H.findField(rt.frame, ${literal(first)}))`;
    } else if (typeof first === 'number' || first === 'length' || first === '__proto__') {
      code = `H.findField(rt.frame, ${literal(first)})`;
    } else {
      // Most names are found in the current frame; only a miss walks up the stack.
      const v = this.name('w');
      this.declare(v);
      code = `((${v} = ${this.step(this.#node, first!)}) !== undefined ? ${v} : H.findFieldAbove(rt.frame, ${literal(first)}))`;
    }
    return this.#rest(code, rest);
  }

  /** Sections open a name of the current frame only, as the reference engine does. */
  sectionLookup(path: Reference): string {
    const [first, ...rest] = path;
    let code: string;
    if (first === '@') code = this.#node;
    else if (typeof first === 'string' && first[0] === '@') {
      // A section without a frame has no position and no variables.
      code = this.#skipped.length > 0 ? 'undefined' : `H.resolveIn(rt.frame, ${literal(first)})`;
    } else code = this.step(this.#node, first!);
    return this.#rest(code, rest);
  }

  #rest(code: string, rest: Reference): string {
    let result = code;
    for (const part of rest) {
      const t = this.name('t');
      this.declare(t);
      result = `((${t} = ${result}) == null ? undefined : ${this.step(t, part)})`;
    }
    return result;
  }

  /**
   * Makes the frame of a block at this place current, with `value` as its node. Within one call of a
   * generated function the frame around a given place is always the same (blocks nest statically, and
   * every frame this function opens is popped before its place is reached again; macros and partials
   * are functions of their own), so each place allocates its frame once per call and reuses it: a new
   * frame only where the parent differs, which cannot happen but costs one comparison to be sure of.
   * Nothing keeps a frame once it is popped (variables and macros die with their block).
   */
  openFrame(value: string): string {
    const frame = this.name('F');
    this.declare(frame);
    return `if (${frame} === undefined || ${frame}.parent !== rt.frame) ${frame} = new H.Frame(${value}, rt.frame); else { ${frame}.node = ${value}; ${frame}.vars = undefined; ${frame}.macros = undefined; } rt.frame = ${frame};`;
  }

  /**
   * The current frame's value where the code knows it statically: a local holding the value of the block
   * being generated (a section's value, a repeated section's item), so lookups skip reading
   * `rt.frame.node`. At the start of a function (template or macro) it is read from the frame.
   */
  #node = 'rt.frame.node';

  /**
   * Values of the sections around the code being generated that opened no frame (innermost last); see
   * `frameless`. Lookups try them before the stack; the frame stack itself is left as it was.
   */
  #skipped: string[] = [];

  /**
   * Whether a section's body and alternate can do without a frame of their own: nothing in them reads
   * the stack other than through lookups (which `#skipped` serves) — no formatter that sees the scope, no
   * predicate, loop, variable, macro, include or expression, and nested sections of the same kind only.
   * Such a frame would have had no position, variables or macros, so skipping it changes no lookup.
   */
  frameless(nodes: Node[], alternate?: OrBranch, depth = 0): boolean {
    // Deeper than blocks may nest: generating it fails anyway (#enter), and the check must not recurse.
    if (depth > LIMITS.maxNesting) return false;
    for (const node of nodes) {
      switch (node.type) {
        case 'text':
          break;
        case 'variable':
          for (const call of node.formatters) {
            if ((this.registry.formatters.get(call.name)?.length ?? 3) > 2) return false;
          }
          break;
        case 'section':
        case 'if':
          if (!this.frameless(node.body, node.alternate, depth + 1)) return false;
          break;
        default:
          return false;
      }
    }
    for (let branch = alternate; branch; branch = branch.alternate) {
      if (branch.predicate !== undefined || !this.frameless(branch.body, undefined, depth + 1)) return false;
    }
    return true;
  }

  /** Generates `generate()` with `node` as the current frame's value. */
  withNode(node: string, generate: () => void): void {
    const saved = this.#node;
    this.#node = node;
    generate();
    this.#node = saved;
  }

  /** Generates `generate()` inside a section with value `node` that opened no frame. */
  withoutFrame(node: string, generate: () => void): void {
    this.#skipped.push(node);
    this.withNode(node, generate);
    this.#skipped.pop();
  }

  /** Temporaries of the function being generated. */
  #locals: Set<string>[] = [new Set()];
  declare(local: string): void {
    this.#locals[this.#locals.length - 1]!.add(local);
  }

  /** Wraps statements into a function `(rt, out) => out` with its temporaries declared. */
  function(statements: string[], locals: Set<string>): string {
    const declared = locals.size ? `let ${[...locals].join(', ')};\n` : '';
    return `(function (rt, out) {\n${declared}${statements.join('\n')}\nreturn out;\n})`;
  }

  /** Blocks (and `.or` branches) open around the one being generated. */
  #nesting = 0;

  block(nodes: Node[], into: string[]): void {
    this.#enter();
    for (const node of nodes) this.node(node, into);
    this.#nesting--;
  }

  /**
   * Generation recurses once per nested block, and the generated code nests as deep: a template of
   * thousands of nested sections would overflow the stack here or in the JavaScript parser.
   */
  #enter(): void {
    if (++this.#nesting > LIMITS.maxNesting) throw new TooDeeplyNested();
  }

  /** The value of a tag: first reference, then its formatters (with the value as `@`). */
  value(refs: Reference[], calls: FormatterCall[], pushValue: boolean, into: string[]): string {
    const v = this.name('v');
    this.declare(v);
    into.push(`${v} = ${this.lookup(refs[0]!)};`);
    if (calls.length === 0) return v;
    const others =
      refs.length > 1
        ? `[${refs
            .slice(1)
            .map((r) => this.lookup(r))
            .join(', ')}]`
        : this.constant(NO_VALUES);
    const o = this.name('o');
    this.declare(o);
    into.push(`${o} = ${others};`);
    // Formatters declared as (value, args) never read the scope: no frame needed for them.
    const needsScope =
      pushValue && calls.some((c) => (this.registry.formatters.get(c.name)?.length ?? 3) > 2);
    if (needsScope) into.push(this.openFrame(v), 'rt.frame.tagValue = true;');
    for (let i = 0; i < calls.length; i++) {
      const call = calls[i]!;
      const next = calls[i + 1];
      const formatter = this.registry.formatters.get(call.name);
      const fused =
        next && next.args.length === 0
          ? formatter?.fused?.get(this.registry.formatters.get(next.name)!)
          : undefined;
      if (fused) {
        // Two formatters in one step; where the fused one declines, the two run one by one.
        const x = this.name('x');
        this.declare(x);
        into.push(
          `try { ${x} = ${this.constant(fused)}(${v}, ${this.constant(call.args)}, rt, ${o}); } catch { ${x} = undefined; }`,
          `if (${x} !== undefined) ${v} = ${x}; else {`,
          this.call(v, call, o),
          this.call(v, next!, o),
          '}',
        );
        i++;
      } else into.push(this.call(v, call, o));
    }
    if (needsScope) into.push('rt.frame = rt.frame.parent;');
    return v;
  }

  /** One formatter applied to `v`; one that throws is reported and yields nothing. */
  call(v: string, call: FormatterCall, others: string): string {
    const f = this.constant(this.registry.formatters.get(call.name));
    const args = this.constant(call.args);
    return `try { ${v} = ${f}(${v}, ${args}, rt, ${others}); } catch (e) { ${v} = rt.fail(${literal(`formatter ${call.name}`)}, e); }`;
  }

  predicate(name: string, args: string[]): string {
    const p = this.registry.predicates.get(name);
    if (!p) return 'false';
    const what = literal(`predicate ${name}?`);
    if (p.withArgs) {
      // Prepared once for this place's arguments; a predicate that fails to prepare is called plainly.
      let prepared: ((scope: RenderScope) => boolean) | undefined;
      try {
        prepared = p.withArgs(args);
      } catch {
        prepared = undefined;
      }
      if (prepared) return `H.decides(${this.constant(prepared)}, rt, ${what})`;
    }
    return `H.holds(${this.constant(p)}, ${this.constant(args)}, rt, ${what})`;
  }

  alternate(branch: OrBranch | undefined, into: string[]): void {
    if (!branch) return;
    this.#enter();
    this.#alternate(branch, into);
    this.#nesting--;
  }

  #alternate(branch: OrBranch, into: string[]): void {
    if (branch.predicate === undefined) {
      this.block(branch.body, into);
      return;
    }
    into.push(`if (${this.predicate(branch.predicate, branch.args)}) {`);
    this.block(branch.body, into);
    into.push('} else {');
    this.alternate(branch.alternate, into);
    into.push('}');
  }

  node(node: Node, into: string[]): void {
    switch (node.type) {
      case 'text':
        into.push(`out += ${literal(node.text)};`);
        return;
      case 'variable': {
        const v = this.value(node.refs, node.formatters, true, into);
        into.push(`out += typeof ${v} === 'string' ? ${v} : H.printed(${v});`);
        // Formatters may do real work (`json`, `apply`): they count towards the time limit. A plain tag
        // costs a lookup, but its value may be long: only the output cap is checked, inline.
        into.push(
          node.formatters.length ? 'rt.tick(out.length);' : 'if (out.length > rt.maxOutput) rt.overflow();',
        );
        return;
      }
      case 'section': {
        const v = this.name('s');
        this.declare(v);
        if (this.frameless(node.body, node.alternate)) {
          into.push(`${v} = ${this.sectionLookup(node.ref)};`, `if (H.isTruthy(${v})) {`);
          this.withoutFrame(v, () => {
            this.block(node.body, into);
            into.push('} else {');
            this.alternate(node.alternate, into);
          });
          into.push('}');
          return;
        }
        into.push(`${v} = ${this.sectionLookup(node.ref)};`, this.openFrame(v), `if (H.isTruthy(${v})) {`);
        this.withNode(v, () => {
          this.block(node.body, into);
          into.push('} else {');
          // The alternate runs inside the section's (empty) frame.
          this.alternate(node.alternate, into);
        });
        into.push('}', 'rt.frame = rt.frame.parent;');
        return;
      }
      case 'repeated': {
        const [a, f, e, i, last] = [
          this.name('a'),
          this.name('f'),
          this.name('e'),
          this.name('i'),
          this.name('n'),
        ];
        const item = this.name('c');
        for (const local of [a, f, e, last, item]) this.declare(local);
        into.push(`${a} = ${this.sectionLookup(node.ref)};`, `if (Array.isArray(${a}) && ${a}.length > 0) {`);
        // One frame for the items, reset for each: nothing keeps an item's frame past its iteration.
        into.push(
          `${this.openFrame(a)} ${f} = rt.frame; ${last} = ${a}.length - 1;`,
          `if (${e} === undefined || ${e}.parent !== ${f}) ${e} = new H.Frame(undefined, ${f});`,
        );
        into.push(`for (let ${i} = 0; ${i} <= ${last}; ${i}++) {`);
        into.push(
          `rt.spend(out.length); ${f}.index = ${i}; ${e}.node = ${item} = ${a}[${i}]; ${e}.vars = undefined; ${e}.macros = undefined; rt.frame = ${e};`,
        );
        this.withNode(item, () => {
          this.block(node.body, into);
          if (node.between.length) {
            into.push(`if (${i} < ${last}) {`);
            this.block(node.between, into);
            into.push('}');
          }
        });
        into.push(`rt.frame = ${f};`, '}', `rt.frame = ${f}.parent;`, '} else {');
        this.alternate(node.alternate, into);
        into.push('}');
        return;
      }
      case 'predicate':
        into.push(`if (${this.predicate(node.predicate, node.args)}) {`);
        this.block(node.body, into);
        into.push('} else {');
        this.alternate(node.alternate, into);
        into.push('}');
        return;
      case 'if': {
        // Left to right without precedence, stopping as soon as the result is settled.
        const r = this.name('r');
        const label = this.name('L');
        this.declare(r);
        into.push(`${r} = H.isTruthy(${this.lookup(node.refs[0]!)});`, `${label}: {`);
        node.refs.slice(1).forEach((ref, k) => {
          into.push(`if (${node.and[k] ? `!${r}` : r}) break ${label};`);
          into.push(`${r} = H.isTruthy(${this.lookup(ref)});`);
        });
        into.push('}', `if (${r}) {`);
        this.block(node.body, into);
        into.push('} else {');
        this.alternate(node.alternate, into);
        into.push('}');
        return;
      }
      case 'bindvar': {
        const v = this.value(node.refs, node.formatters, false, into);
        into.push(`rt.setVar(${literal(node.name)}, ${v});`);
        if (node.formatters.length) into.push('rt.tick(out.length);');
        return;
      }
      case 'ctxvar': {
        const fields = node.bindings.map(([key, ref]) => `${literal(key)}: ${this.lookup(ref)}`);
        into.push(`rt.setVar(${literal(node.name)}, { ${fields.join(', ')} });`);
        return;
      }
      case 'macro': {
        this.#locals.push(new Set());
        const body: string[] = [];
        const skipped = this.#skipped;
        this.#skipped = [];
        this.withNode('rt.frame.node', () => this.block(node.body, body));
        this.#skipped = skipped;
        const locals = this.#locals.pop()!;
        this.functions.push(this.function(body, locals));
        into.push(
          `(rt.frame.macros ??= new Map()).set(${literal(node.name)}, M[${this.functions.length - 1}]);`,
        );
        return;
      }
      case 'include':
        if (this.options.enableInclude) {
          into.push(`out = rt.include(out, ${literal(node.name)}, ${node.args.includes('output')});`);
        }
        return;
      case 'inject':
        into.push(`rt.inject(${literal(node.name)}, ${literal(node.path)});`);
        return;
      case 'eval': {
        if (!this.options.enableEval) return;
        // The expression becomes code in place; its variables are read like a tag's.
        into.push(
          ...compileEval(node.code, {
            read: (path) => this.lookup(path),
            constant: (value) => this.constant(value),
            local: () => {
              const local = this.name('x');
              this.declare(local);
              return local;
            },
          }),
          // An expression counts as a unit of work, like a formatted tag.
          'rt.tick(out.length);',
        );
        return;
      }
    }
  }

  /** The template's main function. Errors other than formatter and predicate ones propagate to the caller. */
  program(nodes: Node[]): Block {
    const body: string[] = [];
    this.block(nodes, body);
    const main = this.function(body, this.#locals[0]!);
    const constants = this.table.map((_, i) => `const k${i} = K[${i}];`).join('\n');
    const source = `${constants}\nconst M = [${this.functions.join(',\n')}];\nreturn ${main};`;
    const make = new Function('H', 'K', source) as (h: unknown, k: unknown[]) => Block;
    return make({ ...HELPERS, holds, decides }, this.table);
  }
}

/** A predicate call; one that throws is reported and counts as false. */
function holds(p: Predicate, args: string[], rt: Runtime, what: string): boolean {
  try {
    return p(args, rt) === true;
  } catch (e) {
    rt.fail(what, e);
    return false;
  }
}

/** A prepared predicate's call (`Predicate.withArgs`), reported like `holds`. */
function decides(p: (scope: RenderScope) => boolean, rt: Runtime, what: string): boolean {
  try {
    return p(rt) === true;
  } catch (e) {
    rt.fail(what, e);
    return false;
  }
}

export function parse(
  source: string,
  registry: Registry,
  errors: TemplateError[],
  offsets?: number[],
): Node[] {
  return parseTemplate(
    source,
    {
      hasFormatter: (name) => registry.formatters.has(name),
      hasPredicate: (name) => registry.predicates.has(name),
    },
    errors,
    offsets,
  );
}

export function generate(nodes: Node[], registry: Registry, options: EngineOptions): Block {
  return new Generator(registry, options).program(nodes);
}
