import type { Formatter, Plugin, Predicate, RenderScope, TemplateError } from './plugin-api.js';

/*
 * A compact JSON-T engine: the source is parsed once into a tree, the tree is turned into closures, and a render
 * only runs closures. Errors are collected, never thrown out of compile or render.
 */

export interface CompileOptions {
  plugins?: Plugin[];
  /** `.eval` is off by default: site owners' templates should not evaluate expressions unless enabled. */
  enableEval?: boolean;
  enableInclude?: boolean;
}

export interface RenderOptions {
  partials?: Record<string, string>;
  injects?: Record<string, string>;
  locale?: string;
  now?: number;
}

export interface CompiledTemplate {
  errors: TemplateError[];
  render(json: unknown, options?: RenderOptions): { output: string; errors: TemplateError[] };
}

const MAX_DEPTH = 16;
const MAX_OUTPUT = 8 * 1024 * 1024;
const MAX_LOOP_WORK = 1_000_000;

interface Frame {
  value: unknown;
  index: number;
  vars?: Map<string, unknown>;
}

interface State {
  stack: Frame[];
  out: string[];
  size: number;
  work: number;
  errors: TemplateError[];
  options: RenderOptions;
  locale: string;
  now: number;
  plugins: Registry;
  depth: number;
  macros: Map<string, Exec>;
  partialCache: Map<string, Exec>;
  root: unknown;
}

type Exec = (s: State) => void;

interface Registry {
  formatters: Map<string, Formatter>;
  predicates: Map<string, Predicate>;
}

function registryOf(plugins: Plugin[]): Registry {
  const r: Registry = { formatters: new Map(), predicates: new Map() };
  for (const p of plugins) {
    for (const [k, f] of Object.entries(p.formatters ?? {})) r.formatters.set(k, f);
    for (const [k, f] of Object.entries(p.predicates ?? {})) r.predicates.set(k.replace(/\?$/, ''), f);
  }
  return r;
}

export function isTruthy(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return v !== '';
  if (typeof v === 'number') return !Number.isNaN(v) && v !== 0;
  if (typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.length !== 0;
  if (typeof v === 'object') return Object.keys(v as object).length !== 0;
  return false;
}

function child(value: unknown, key: string): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const i = Number(key);
    return Number.isInteger(i) ? value[i] : undefined;
  }
  if (typeof value === 'object') return Object.hasOwn(value as object, key) ? (value as any)[key] : undefined;
  return undefined;
}

function splitPath(path: string): string[] {
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((p) => p !== '');
}

/** Resolves a variable the JSON-T way: the first segment is looked up from the innermost section outwards. */
function resolve(s: State, path: string): unknown {
  const stack = s.stack;
  const top = stack[stack.length - 1];
  if (path === '@' || path === '$') return top.value;
  if (path === '@index') return top.index >= 0 ? top.index + 1 : undefined;
  if (path === '@index0') return top.index >= 0 ? top.index : undefined;
  const parts = splitPath(path);
  let first = parts[0];
  let value: unknown;
  if (first.startsWith('@')) {
    if (first === '@') value = top.value;
    else {
      for (let i = stack.length - 1; i >= 0; i--) {
        const vars = stack[i].vars;
        if (vars?.has(first)) {
          value = vars.get(first);
          break;
        }
      }
      if (first === '@locals') value = undefined;
    }
  } else {
    let found = false;
    for (let i = stack.length - 1; i >= 0; i--) {
      const v = child(stack[i].value, first);
      if (v !== undefined) {
        value = v;
        found = true;
        break;
      }
    }
    if (!found) value = undefined;
  }
  for (let i = 1; i < parts.length; i++) {
    first = parts[i];
    value = child(value, first);
    if (value === undefined) return undefined;
  }
  return value;
}

function stringify(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

function emit(s: State, text: string) {
  if (s.size + text.length > MAX_OUTPUT) {
    if (s.size <= MAX_OUTPUT) s.errors.push({ type: 'LIMIT', message: 'Output size limit exceeded.' });
    s.size = MAX_OUTPUT + 1;
    return;
  }
  s.size += text.length;
  s.out.push(text);
}

function scopeOf(s: State): RenderScope {
  return {
    get current() {
      return s.stack[s.stack.length - 1].value;
    },
    root: s.root,
    locale: s.locale,
    now: s.now,
    resolve: (path) => resolve(s, path),
    error: (type, message) => s.errors.push({ type, message }),
    applyPartial: (name, data) => applyPartial(s, name, data),
  };
}

function applyPartial(s: State, name: string, data: unknown): string {
  const source = s.options.partials?.[name];
  const macro = s.macros.get(name);
  if (source === undefined && !macro) {
    s.errors.push({
      type: 'APPLY_PARTIAL_MISSING',
      message: `Attempt to apply partial '${name}' which could not be found.`,
    });
    return '';
  }
  if (s.depth >= MAX_DEPTH) {
    s.errors.push({
      type: 'APPLY_PARTIAL_RECURSION_DEPTH',
      message: `Recursion into partial '${name}' exceeded maximum depth of ${MAX_DEPTH}.`,
    });
    return '';
  }
  let exec = macro;
  if (!exec) {
    exec = s.partialCache.get(name);
    if (!exec) {
      const parsed = parse(source!, s.errors);
      exec = compileNodes(parsed, s.plugins);
      s.partialCache.set(name, exec);
    }
  }
  const saved = { out: s.out, size: s.size, stack: s.stack };
  s.out = [];
  s.stack = [{ value: data, index: -1 }];
  s.depth++;
  try {
    exec(s);
    return s.out.join('');
  } finally {
    s.depth--;
    const text = s.out;
    s.out = saved.out;
    s.stack = saved.stack;
    void text;
  }
}

// ---------------------------------------------------------------- parsing

type Node =
  | { k: 'text'; text: string }
  | { k: 'var'; paths: string[]; fmts: Call[] }
  | { k: 'section'; path: string; body: Node[]; or?: OrNode }
  | { k: 'repeated'; path: string; body: Node[]; alt: Node[]; or?: OrNode }
  | { k: 'pred'; call: Call; body: Node[]; or?: OrNode }
  | { k: 'if'; test: IfTest; body: Node[]; or?: OrNode }
  | { k: 'var-def'; name: string; path: string; fmts: Call[] }
  | { k: 'macro'; name: string; body: Node[] };

interface Call {
  name: string;
  args: string[];
}
interface OrNode {
  pred?: Call;
  body: Node[];
  or?: OrNode;
}
type IfTest = { op: '&&' | '||'; paths: string[] } | { pred: Call };

const SPECIALS: Record<string, string> = {
  '.space': ' ',
  '.tab': '\t',
  '.newline': '\n',
  '.meta-left': '{',
  '.meta-right': '}',
};

function parseCall(text: string): Call {
  const m = /^([\w-]+\??)(.*)$/s.exec(text);
  if (!m) return { name: text, args: [] };
  const name = m[1];
  let rest = m[2];
  if (rest === '') return { name, args: [] };
  const delim = rest[0];
  rest = rest.slice(1);
  return { name, args: rest === '' ? [] : rest.split(delim) };
}

function parseFormatters(chain: string[]): Call[] {
  return chain.map((c) => parseCall(c.trim()));
}

const VAR_RE = /^(@|\$|[@$]?[\w$-]+(?:\.[\w$@-]+|\[\d+\])*)$/;

/** Splits `a, b|f x|g` into variables and formatter calls; undefined when the tag is not a variable tag. */
function parseVarTag(tag: string): { paths: string[]; fmts: Call[] } | undefined {
  const [head, ...chain] = tag.split('|');
  const paths = head.split(',').map((p) => p.trim());
  if (paths.length === 0 || !paths.every((p) => VAR_RE.test(p))) return undefined;
  if (chain.some((c) => !/^[\w-]+/.test(c.trim()))) return undefined;
  return { paths, fmts: parseFormatters(chain) };
}

interface Token {
  tag?: string;
  text?: string;
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let text = '';
  const flush = () => {
    if (text) tokens.push({ text });
    text = '';
  };
  while (i < src.length) {
    const c = src[i];
    if (c !== '{') {
      text += c;
      i++;
      continue;
    }
    if (src.startsWith('{##', i)) {
      const end = src.indexOf('##}', i + 3);
      if (end < 0) {
        text += src.slice(i);
        break;
      }
      i = end + 3;
      continue;
    }
    const close = src.indexOf('}', i + 1);
    const nl = src.indexOf('\n', i + 1);
    if (close < 0 || (nl >= 0 && nl < close && !src.startsWith('{#', i))) {
      text += c;
      i++;
      continue;
    }
    const inner = src.slice(i + 1, close);
    if (inner.startsWith('#')) {
      i = close + 1;
      continue;
    }
    if (inner === '' || /^\s/.test(inner)) {
      text += c;
      i++;
      continue;
    }
    flush();
    tokens.push({ tag: inner });
    i = close + 1;
  }
  flush();
  return tokens;
}

export function parse(src: string, errors: TemplateError[]): Node[] {
  const tokens = tokenize(src);
  let pos = 0;

  function block(stops: string[]): { nodes: Node[]; stop?: string } {
    const nodes: Node[] = [];
    while (pos < tokens.length) {
      const t = tokens[pos++];
      if (t.text !== undefined) {
        nodes.push({ k: 'text', text: t.text });
        continue;
      }
      const tag = t.tag!;
      const word = tag.split(/\s/)[0];
      if (stops.includes(word) || (stops.includes('.alternates') && tag === '.alternates with')) {
        return { nodes, stop: tag };
      }
      const node = instruction(tag);
      if (node) nodes.push(node);
    }
    if (stops.length)
      errors.push({
        type: 'EOF_IN_BLOCK',
        message: `Reached end of template while a block was open (expected ${stops[0]}).`,
      });
    return { nodes };
  }

  function orChain(stop: string | undefined): OrNode | undefined {
    if (!stop || stop === '.end') return undefined;
    const rest = stop.slice(3).trim();
    const pred = rest ? parseCall(rest) : undefined;
    const b = block(['.end', '.or']);
    return { pred, body: b.nodes, or: orChain(b.stop) };
  }

  function instruction(tag: string): Node | undefined {
    if (tag in SPECIALS) return { k: 'text', text: SPECIALS[tag] };
    let m: RegExpExecArray | null;
    if ((m = /^\.section\s+(\S+)$/.exec(tag))) {
      const b = block(['.end', '.or']);
      return { k: 'section', path: m[1], body: b.nodes, or: orChain(b.stop) };
    }
    if ((m = /^\.repeated\s+section\s+(\S+)$/.exec(tag))) {
      const b = block(['.end', '.or', '.alternates']);
      let alt: Node[] = [];
      let stop = b.stop;
      if (stop === '.alternates with') {
        const a = block(['.end', '.or']);
        alt = a.nodes;
        stop = a.stop;
      }
      return { k: 'repeated', path: m[1], body: b.nodes, alt, or: orChain(stop) };
    }
    if ((m = /^\.if\s+(.+)$/.exec(tag))) {
      const expr = m[1].trim();
      let test: IfTest;
      if (/^[\w-]+\?/.test(expr)) test = { pred: parseCall(expr) };
      else {
        const op = expr.includes('||') ? '||' : '&&';
        test = { op, paths: expr.split(op).map((p) => p.trim()) };
      }
      const b = block(['.end', '.or']);
      return { k: 'if', test, body: b.nodes, or: orChain(b.stop) };
    }
    if ((m = /^\.var\s+(@[\w-]+)\s+(.+)$/.exec(tag))) {
      const [path, ...chain] = m[2].split('|');
      return { k: 'var-def', name: m[1], path: path.trim(), fmts: parseFormatters(chain) };
    }
    if ((m = /^\.macro\s+([\w-]+)$/.exec(tag))) {
      const b = block(['.end']);
      return { k: 'macro', name: m[1], body: b.nodes };
    }
    if (tag === '.end' || tag.startsWith('.or') || tag === '.alternates with') {
      errors.push({ type: 'NOT_ALLOWED_AT_ROOT', message: `Unexpected ${tag} outside of a block.` });
      return undefined;
    }
    if ((m = /^\.([\w-]+\?)(.*)$/s.exec(tag))) {
      const call = parseCall(tag.slice(1));
      const b = block(['.end', '.or']);
      return { k: 'pred', call, body: b.nodes, or: orChain(b.stop) };
    }
    if (tag.startsWith('.')) return { k: 'text', text: `{${tag}}` };
    const v = parseVarTag(tag);
    if (!v) return { k: 'text', text: `{${tag}}` };
    return { k: 'var', ...v };
  }

  return block([]).nodes;
}

// ---------------------------------------------------------------- compiling to closures

function applyFormatters(s: State, calls: Call[], value: unknown, others: unknown[]): unknown {
  let v = value;
  for (const call of calls) {
    const f = s.plugins.formatters.get(call.name);
    if (!f) {
      s.errors.push({ type: 'FORMATTER_UNKNOWN', message: `Formatter '${call.name}' is not defined.` });
      continue;
    }
    try {
      v = f(v, call.args, scopeOf(s), others);
    } catch (e) {
      s.errors.push({ type: 'FORMATTER_FAILED', message: `${call.name}: ${(e as Error).message}` });
    }
  }
  return v;
}

function testPredicate(s: State, call: Call): boolean {
  const p = s.plugins.predicates.get(call.name.replace(/\?$/, ''));
  if (!p) {
    s.errors.push({ type: 'PREDICATE_UNKNOWN', message: `Predicate '${call.name}' is not defined.` });
    return false;
  }
  try {
    return p(call.args, scopeOf(s));
  } catch (e) {
    s.errors.push({ type: 'PREDICATE_FAILED', message: `${call.name}: ${(e as Error).message}` });
    return false;
  }
}

function compileOr(or: OrNode | undefined, plugins: Registry): Exec {
  if (!or) return () => {};
  const body = compileNodes(or.body, plugins);
  const next = compileOr(or.or, plugins);
  if (!or.pred) return body;
  const pred = or.pred;
  return (s) => (testPredicate(s, pred) ? body(s) : next(s));
}

function compileNode(n: Node, plugins: Registry): Exec {
  switch (n.k) {
    case 'text': {
      const text = n.text;
      return (s) => emit(s, text);
    }
    case 'var': {
      const { paths, fmts } = n;
      return (s) => {
        const values = paths.map((p) => resolve(s, p));
        const v = fmts.length ? applyFormatters(s, fmts, values[0], values.slice(1)) : values[0];
        if (fmts.length === 0 && values.length > 1) emit(s, values.map(stringify).join(''));
        else emit(s, stringify(v));
      };
    }
    case 'var-def': {
      const { name, path, fmts } = n;
      return (s) => {
        const top = s.stack[s.stack.length - 1];
        top.vars ??= new Map();
        top.vars.set(name, applyFormatters(s, fmts, resolve(s, path), []));
      };
    }
    case 'macro': {
      const body = compileNodes(n.body, plugins);
      const name = n.name;
      return (s) => void s.macros.set(name, body);
    }
    case 'section': {
      const body = compileNodes(n.body, plugins);
      const or = compileOr(n.or, plugins);
      const path = n.path;
      return (s) => {
        const v = resolve(s, path);
        if (!isTruthy(v)) return or(s);
        s.stack.push({ value: v, index: -1 });
        body(s);
        s.stack.pop();
      };
    }
    case 'repeated': {
      const body = compileNodes(n.body, plugins);
      const alt = compileNodes(n.alt, plugins);
      const or = compileOr(n.or, plugins);
      const path = n.path;
      return (s) => {
        const v = resolve(s, path);
        if (!Array.isArray(v) || v.length === 0) return or(s);
        for (let i = 0; i < v.length; i++) {
          if (++s.work > MAX_LOOP_WORK) {
            s.errors.push({ type: 'LIMIT', message: 'Loop work limit exceeded.' });
            return;
          }
          if (i > 0) {
            s.stack.push({ value: v[i - 1], index: i - 1 });
            alt(s);
            s.stack.pop();
          }
          s.stack.push({ value: v[i], index: i });
          body(s);
          s.stack.pop();
        }
      };
    }
    case 'pred': {
      const body = compileNodes(n.body, plugins);
      const or = compileOr(n.or, plugins);
      const call = n.call;
      return (s) => (testPredicate(s, call) ? body(s) : or(s));
    }
    case 'if': {
      const body = compileNodes(n.body, plugins);
      const or = compileOr(n.or, plugins);
      const test = n.test;
      if ('pred' in test) return (s) => (testPredicate(s, test.pred) ? body(s) : or(s));
      return (s) => {
        const results = test.paths.map((p) => isTruthy(resolve(s, p)));
        const ok = test.op === '&&' ? results.every(Boolean) : results.some(Boolean);
        return ok ? body(s) : or(s);
      };
    }
  }
}

function compileNodes(nodes: Node[], plugins: Registry): Exec {
  const execs = nodes.map((n) => compileNode(n, plugins));
  if (execs.length === 1) return execs[0];
  return (s) => {
    for (const e of execs) e(s);
  };
}

export function compileTemplate(
  source: string,
  plugins: Plugin[],
  _options: CompileOptions = {},
): CompiledTemplate {
  const errors: TemplateError[] = [];
  let exec: Exec = () => {};
  const registry = registryOf(plugins);
  try {
    exec = compileNodes(parse(source, errors), registry);
  } catch (e) {
    errors.push({ type: 'PARSE_FAILED', message: (e as Error).message });
  }
  return {
    errors,
    render(json, options = {}) {
      const s: State = {
        stack: [{ value: json, index: -1 }],
        out: [],
        size: 0,
        work: 0,
        errors: [],
        options,
        locale: options.locale ?? 'en-US',
        now: options.now ?? Date.now(),
        plugins: registry,
        depth: 0,
        macros: new Map(),
        partialCache: new Map(),
        root: json,
      };
      try {
        exec(s);
      } catch (e) {
        s.errors.push({ type: 'RENDER_FAILED', message: (e as Error).message });
      }
      return { output: s.out.join(''), errors: s.errors };
    },
  };
}
