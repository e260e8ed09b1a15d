// Template source -> syntax tree. A tag is `{` ... `}` on the text between the last `{` before a `}`
// and that `}`; when its content is neither a valid instruction nor a valid variable, the tag is
// kept as plain text (so CSS and JavaScript braces in templates pass through). Block structure
// problems and unknown formatters or predicates are collected as errors; parsing always finishes.

import type { TemplateError } from '../plugin-api.js';
import { type PathPart, splitPath } from './paths.js';

export type Reference = PathPart[];

export interface FormatterCall {
  name: string;
  args: string[];
}

/** An `.or` branch: with a predicate it runs when that holds, without one it always runs. */
export interface OrBranch {
  predicate?: string;
  args: string[];
  body: Node[];
  alternate?: OrBranch;
}

export type Node =
  | { type: 'text'; text: string }
  | { type: 'variable'; refs: Reference[]; formatters: FormatterCall[] }
  | { type: 'section'; ref: Reference; body: Node[]; alternate?: OrBranch }
  | { type: 'repeated'; ref: Reference; body: Node[]; between: Node[]; alternate?: OrBranch }
  | { type: 'predicate'; predicate: string; args: string[]; body: Node[]; alternate?: OrBranch }
  | { type: 'if'; refs: Reference[]; and: boolean[]; body: Node[]; alternate?: OrBranch }
  | { type: 'bindvar'; name: string; refs: Reference[]; formatters: FormatterCall[] }
  | { type: 'ctxvar'; name: string; bindings: [string, Reference][] }
  | { type: 'macro'; name: string; body: Node[] }
  | { type: 'include'; name: string; args: string[] }
  | { type: 'inject'; name: string; path: string }
  | { type: 'eval'; code: string };

/** What the parser needs to know about the plugins: which names exist. */
export interface Vocabulary {
  hasFormatter(name: string): boolean;
  hasPredicate(name: string): boolean;
}

const SEGMENT = String.raw`(?:\d+|[@$]?[a-zA-Z][\w-]*|@)`;
const REFERENCE = new RegExp(String.raw`${SEGMENT}(?:\.${SEGMENT})*`, 'y');
const WORD = /[a-zA-Z][\w-]*/y;
const PREDICATE = /[a-zA-Z][\w-]*\?/y;
const DEFINITION = /@[a-zA-Z][\w-]*/y;
const FILE_PATH = /[./\w-]+/y;
const SEPARATOR = / *, */y;
const WHITESPACE = /[ \f\n\r\t\v]+/y;
const OPERATOR = /&&|\|\|/y;

const KEYWORDS = [
  'alternates with',
  'ctx',
  'end',
  'eval',
  'if',
  'include',
  'inject',
  'macro',
  'meta-left',
  'meta-right',
  'newline',
  'or',
  'repeated section',
  'section',
  'space',
  'tab',
  'var',
] as const;
type Keyword = (typeof KEYWORDS)[number];
const KEYWORDS_BY_LETTER: Record<string, Keyword[]> = {};
for (const k of KEYWORDS) (KEYWORDS_BY_LETTER[k[0]!] ??= []).push(k);

/** Cursor over one tag's content. */
class Cursor {
  i = 0;
  constructor(readonly s: string) {}
  get done() {
    return this.i === this.s.length;
  }
  match(re: RegExp): string | null {
    re.lastIndex = this.i;
    const m = re.exec(this.s);
    if (!m) return null;
    this.i += m[0].length;
    return m[0];
  }
  char(c: string): boolean {
    if (this.s[this.i] !== c) return false;
    this.i++;
    return true;
  }
  reference(): Reference | null {
    const raw = this.match(REFERENCE);
    return raw === null ? null : splitPath(raw);
  }
  references(): Reference[] | null {
    const first = this.reference();
    if (!first) return null;
    const refs = [first];
    for (;;) {
      const save = this.i;
      if (!this.match(SEPARATOR)) break;
      const next = this.reference();
      if (!next) {
        // A separator must be followed by another reference.
        this.i = save;
        return null;
      }
      refs.push(next);
    }
    return refs;
  }
  /** `|name args|name2`: arguments are split on their first character. Null when malformed. */
  formatters(): FormatterCall[] | null {
    const calls: FormatterCall[] = [];
    if (this.s[this.i] !== '|' || this.s[this.i + 1] === '|') return calls;
    while (this.char('|')) {
      const name = this.match(WORD);
      if (!name) return null;
      let args: string[] = [];
      const start = this.i;
      while (this.i < this.s.length && this.s[this.i] !== '|') this.i++;
      if (this.i > start) {
        const raw = this.s.slice(start, this.i);
        args = raw.slice(1).split(raw[0]!);
      }
      calls.push({ name, args });
    }
    return calls;
  }
  /** The rest of the content as arguments split on its first character. */
  restAsArguments(): string[] {
    if (this.done) return [];
    const raw = this.s.slice(this.i);
    this.i = this.s.length;
    const args = raw.slice(1).split(raw[0]!);
    return args.length === 1 && args[0] === '' ? [] : args;
  }
}

const SPECIAL_CHARACTERS = { 'meta-left': '{', 'meta-right': '}', newline: '\n', space: ' ', tab: '\t' };

type Instruction =
  | { kind: 'node'; node: Node }
  | { kind: 'text'; text: string }
  | { kind: 'open'; node: Extract<Node, { body: Node[] }> }
  | { kind: 'or'; branch: OrBranch }
  | { kind: 'alternates' }
  | { kind: 'end' }
  | { kind: 'comment' };

const text = (t: string): Node => ({ type: 'text', text: t });

/**
 * `offsets`, when given, receives for each error the offset of the tag it belongs to (for an unclosed
 * block, its opening tag), so an editor can point at it without parsing again.
 */
export function parseTemplate(
  source: string,
  vocabulary: Vocabulary,
  errors: TemplateError[],
  offsets?: number[],
): Node[] {
  /** Start of the tag being read. */
  let tagAt = 0;
  const syntaxError = (message: string) => {
    errors.push({ type: 'parser', message: `SyntaxError: ${message}` });
    offsets?.push(tagAt);
  };
  const blockError = (message: string, at = tagAt) => {
    errors.push({ type: 'assembler', message: `SyntaxError: ${message}` });
    offsets?.push(at);
  };

  const checkFormatters = (calls: FormatterCall[]) => {
    for (const call of calls) {
      if (!vocabulary.hasFormatter(call.name)) {
        syntaxError(`Formatter '${call.name}' is unknown`);
        return false;
      }
    }
    return true;
  };
  const predicateAt = (c: Cursor): { predicate: string; args: string[] } | null => {
    const name = c.match(PREDICATE);
    if (!name) return null;
    const predicate = name.slice(0, -1);
    if (!vocabulary.hasPredicate(predicate)) syntaxError(`Predicate '${name}' is unknown`);
    return { predicate, args: c.restAsArguments() };
  };

  const instruction = (content: string): Instruction | null => {
    const c = new Cursor(content);
    if (content[0] !== '.') {
      const refs = c.references();
      if (!refs) return null;
      const formatters = c.formatters();
      if (!formatters || !c.done || !checkFormatters(formatters)) return null;
      return { kind: 'node', node: { type: 'variable', refs, formatters } };
    }
    c.i = 1;
    const predicate = predicateAt(c);
    if (predicate) return { kind: 'open', node: { type: 'predicate', ...predicate, body: [] } };
    const keyword = KEYWORDS_BY_LETTER[content[1] ?? '']?.find((k) => content.startsWith(k, 1));
    if (!keyword) return null;
    c.i = 1 + keyword.length;
    switch (keyword) {
      case 'alternates with':
        return c.done ? { kind: 'alternates' } : null;
      case 'end':
        return c.done ? { kind: 'end' } : null;
      case 'meta-left':
      case 'meta-right':
      case 'newline':
      case 'space':
      case 'tab':
        return c.done ? { kind: 'text', text: SPECIAL_CHARACTERS[keyword] } : null;
      case 'section':
      case 'repeated section': {
        if (!c.match(WHITESPACE)) return null;
        const ref = c.reference();
        if (!ref || !c.done) return null;
        return keyword === 'section'
          ? { kind: 'open', node: { type: 'section', ref, body: [] } }
          : { kind: 'open', node: { type: 'repeated', ref, body: [], between: [] } };
      }
      case 'or': {
        if (c.done) return { kind: 'or', branch: { args: [], body: [] } };
        if (!c.char(' ')) return null;
        const p = predicateAt(c);
        return p ? { kind: 'or', branch: { ...p, body: [] } } : null;
      }
      case 'if': {
        if (!c.match(WHITESPACE)) return null;
        const p = predicateAt(c);
        if (p) return { kind: 'open', node: { type: 'predicate', ...p, body: [] } };
        const refs: Reference[] = [];
        const and: boolean[] = [];
        for (;;) {
          const ref = c.reference();
          if (!ref) {
            if (and.length === refs.length && refs.length > 0) return null;
            break;
          }
          refs.push(ref);
          c.match(WHITESPACE);
          const op = c.match(OPERATOR);
          if (!op) break;
          and.push(op === '&&');
          c.match(WHITESPACE);
        }
        if (!refs.length || !c.done) return null;
        return { kind: 'open', node: { type: 'if', refs, and, body: [] } };
      }
      case 'var': {
        if (!c.char(' ')) return null;
        const name = c.match(DEFINITION);
        if (!name || !c.char(' ')) return null;
        const refs = c.references();
        if (!refs) return null;
        const formatters = c.formatters();
        if (!formatters || !c.done || !checkFormatters(formatters)) return null;
        return { kind: 'node', node: { type: 'bindvar', name, refs, formatters } };
      }
      case 'ctx': {
        if (!c.char(' ')) return null;
        const name = c.match(DEFINITION);
        if (!name || !c.char(' ')) return null;
        const bindings: [string, Reference][] = [];
        for (;;) {
          const key = c.match(WORD);
          if (!key || !c.char('=')) break;
          const ref = c.reference();
          if (!ref) break;
          bindings.push([key, ref]);
          c.match(WHITESPACE);
        }
        if (!bindings.length || !c.done) return null;
        return { kind: 'node', node: { type: 'ctxvar', name, bindings } };
      }
      case 'eval': {
        if (!c.match(WHITESPACE)) return null;
        return { kind: 'node', node: { type: 'eval', code: content.slice(c.i) } };
      }
      case 'include': {
        if (content[c.i] !== ' ') return null;
        const [name = '', ...args] = c.restAsArguments();
        return name ? { kind: 'node', node: { type: 'include', name, args } } : null;
      }
      case 'inject': {
        if (!c.char(' ')) return null;
        const name = c.match(DEFINITION);
        if (!name || !c.char(' ')) return null;
        const path = c.match(FILE_PATH);
        if (!path) return null;
        return { kind: 'node', node: { type: 'inject', name, path } };
      }
      case 'macro': {
        if (!c.char(' ')) return null;
        const name = c.match(FILE_PATH);
        if (!name || !c.done) return null;
        return { kind: 'open', node: { type: 'macro', name, body: [] } };
      }
    }
  };

  // Block assembly: `open` holds the blocks not yet closed; `target` is where nodes go now.
  const root: Node[] = [];
  type Open = {
    node: Extract<Node, { body: Node[] }>;
    target: Node[];
    lastOr?: OrBranch;
    inBetween: boolean;
    /** Offset of the opening tag. */
    at: number;
  };
  const open: Open[] = [];
  const target = () => (open.length ? open[open.length - 1]!.target : root);
  const describe = (o: Open) => (o.lastOr ? 'OR_PREDICATE' : o.node.type.toUpperCase());

  const accept = (inst: Instruction, raw: string) => {
    const top = open[open.length - 1];
    switch (inst.kind) {
      case 'comment':
        return;
      case 'node':
        target().push(inst.node);
        return;
      case 'open':
        target().push(inst.node);
        open.push({ node: inst.node, target: inst.node.body, inBetween: false, at: tagAt });
        return;
      case 'end':
        if (!top) blockError(`${raw} is not allowed at the top level`);
        else open.pop();
        return;
      case 'alternates':
        if (top?.node.type !== 'repeated' || top.lastOr || top.inBetween) {
          blockError(`${raw} is not allowed ${top ? `inside a ${describe(top)} block` : 'at the top level'}`);
          return;
        }
        top.inBetween = true;
        top.target = top.node.between;
        return;
      case 'or': {
        if (!top || top.node.type === 'macro') {
          blockError(`${raw} is not allowed ${top ? 'inside a MACRO block' : 'at the top level'}`);
          return;
        }
        if (top.lastOr && top.lastOr.predicate === undefined) {
          blockError('This OR_PREDICATE block will never execute.');
        }
        if (top.lastOr) top.lastOr.alternate = inst.branch;
        else (top.node as { alternate?: OrBranch }).alternate = inst.branch;
        top.lastOr = inst.branch;
        top.target = inst.branch.body;
        return;
      }
    }
  };

  let i = 0;
  const len = source.length;
  let pending = '';
  const flush = () => {
    if (pending) {
      target().push(text(pending));
      pending = '';
    }
  };
  while (i < len) {
    let start = source.indexOf('{', i);
    if (start === -1) {
      pending += source.slice(i);
      break;
    }
    if (source[start + 1] === '#' && source[start + 2] === '#') {
      pending += source.slice(i, start);
      const end = source.indexOf('##}', start + 3);
      i = end === -1 ? len : end + 3;
      continue;
    }
    let close = -1;
    for (let j = start + 1; j < len; j++) {
      const ch = source[j];
      if (ch === '{') start = j;
      else if (ch === '}') {
        close = j;
        break;
      }
    }
    if (close === -1) {
      pending += source.slice(i);
      break;
    }
    pending += source.slice(i, start);
    tagAt = start;
    const content = source.slice(start + 1, close);
    const inst = content[0] === '#' ? ({ kind: 'comment' } as const) : instruction(content);
    if (inst === null) {
      pending += `{${content}}`;
    } else if (inst.kind === 'text') {
      pending += inst.text;
    } else if (inst.kind !== 'comment') {
      flush();
      accept(inst, `{${content}}`);
    }
    i = close + 1;
  }
  flush();
  for (let k = open.length - 1; k >= 0; k--) {
    blockError(`Reached EOF in the middle of ${describe(open[k]!)}`, open[k]!.at);
  }
  return root;
}
