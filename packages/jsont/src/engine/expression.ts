// `.eval` expressions: a small calculator over literals and template values, written like JavaScript.
//
// An expression is read once, when its template is compiled: `scan` cuts it into tokens, `Parser` (a
// Pratt parser: every operator has a binding power) builds a tree, and `compileEval` turns the tree
// into JavaScript statements placed in the template's generated render function (see codegen.ts).
// Parts made of literals only are computed right there, so `{.eval 60 * 60}` costs a render nothing.
//
// Behaviour, as the conformance cases (core/eval-*) describe it:
// - values are numbers, strings, booleans and null; a missing template value reads as null, while an
//   object or a list is not a value and fails the expression;
// - operators bind as in JavaScript, except that a sign or negation binds tighter than `**`;
// - `+` joins text as soon as one side is text, other arithmetic reads text as a number only when it is
//   a whole number literal (sign, decimal or hex), comparisons and `==` are JavaScript's own;
// - values may follow each other, separated by nothing, `,` or `;`: the last one is printed;
// - `@name = value` assigns a variable; later parts of the expression read it, and the template sees it
//   after the expression, but only if the whole expression ran without an error.

import type { PathPart } from './paths.js';
import { splitPath } from './paths.js';

export const EXPRESSION_LIMITS = {
  /** Tokens one expression may hold, so that generated templates cannot make huge render functions. */
  maxTokens: 500,
  /** Longest text `+` may build: joining in a loop of renders must not eat the memory. */
  maxStringLength: 10_000,
} as const;

/** What an expression computes with. */
export type Scalar = number | string | boolean | null;

/** A problem found while reading the expression; it then never runs. */
class SyntaxProblem extends Error {}

/** A problem found while running it, thrown from the generated code and reported by `reportFailure`. */
export class ExpressionFailure extends Error {}

// ---------------------------------------------------------------------------------------------------
// Semantics: shared by the generated code and by constant folding at compile time.

const NUMBER_TEXT = /^[+-]?(?:0[xX]([0-9a-fA-F]+)|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?)$/;

/** Text counts as a number only when it is entirely a number literal; empty text counts as 0. */
function numberFromText(text: string): number {
  if (text === '') return 0;
  const match = NUMBER_TEXT.exec(text);
  if (!match) return Number.NaN;
  if (match[1] === undefined) return Number(text);
  const magnitude = Number.parseInt(match[1], 16);
  return text[0] === '-' ? -magnitude : magnitude;
}

export function toNumber(v: Scalar): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return numberFromText(v);
  return v === true ? 1 : 0;
}

const truth = (v: Scalar): boolean => Boolean(v);

const asText = (v: Scalar): string => (v === null ? 'null' : String(v));

function join(x: Scalar, y: Scalar): string {
  const left = asText(x);
  const right = asText(y);
  if (left.length + right.length > EXPRESSION_LIMITS.maxStringLength) {
    throw new ExpressionFailure(
      `joined text would be longer than ${EXPRESSION_LIMITS.maxStringLength} characters`,
    );
  }
  return left + right;
}

type Binary = (x: Scalar, y: Scalar) => Scalar;

interface InfixOperator {
  /** Higher binds tighter. */
  power: number;
  /** Groups right to left (`2 ** 3 ** 2` is `2 ** 9`). */
  rightToLeft?: boolean;
  apply: Binary;
}

// Comparisons take the scalars as they are: JavaScript then converts them the way the cases expect
// (`0 < "0x01"`, `"1" == 1`, `"a" < "b"`).
const INFIX: Record<string, InfixOperator> = {
  '||': { power: 1, apply: (x, y) => truth(x) || truth(y) },
  '&&': { power: 2, apply: (x, y) => truth(x) && truth(y) },
  '|': { power: 3, apply: (x, y) => toNumber(x) | toNumber(y) },
  '^': { power: 4, apply: (x, y) => toNumber(x) ^ toNumber(y) },
  '&': { power: 5, apply: (x, y) => toNumber(x) & toNumber(y) },
  // biome-ignore lint/suspicious/noDoubleEquals: the language's == is JavaScript's loose equality
  '==': { power: 6, apply: (x, y) => x == y },
  // biome-ignore lint/suspicious/noDoubleEquals: and != its loose inequality
  '!=': { power: 6, apply: (x, y) => x != y },
  '===': { power: 6, apply: (x, y) => x === y },
  '!==': { power: 6, apply: (x, y) => x !== y },
  '<': { power: 7, apply: (x, y) => (x as number) < (y as number) },
  '<=': { power: 7, apply: (x, y) => (x as number) <= (y as number) },
  '>': { power: 7, apply: (x, y) => (x as number) > (y as number) },
  '>=': { power: 7, apply: (x, y) => (x as number) >= (y as number) },
  '<<': { power: 8, apply: (x, y) => toNumber(x) << toNumber(y) },
  '>>': { power: 8, apply: (x, y) => toNumber(x) >> toNumber(y) },
  '+': {
    power: 9,
    apply: (x, y) =>
      typeof x === 'string' || typeof y === 'string' ? join(x, y) : toNumber(x) + toNumber(y),
  },
  '-': { power: 9, apply: (x, y) => toNumber(x) - toNumber(y) },
  '*': { power: 10, apply: (x, y) => toNumber(x) * toNumber(y) },
  '/': { power: 10, apply: (x, y) => toNumber(x) / toNumber(y) },
  '%': { power: 10, apply: (x, y) => toNumber(x) % toNumber(y) },
  '**': { power: 11, rightToLeft: true, apply: (x, y) => toNumber(x) ** toNumber(y) },
};

/** Prefix operators bind tighter than any infix one, `**` included: `-2 ** 2` is 4. */
const PREFIX_POWER = 12;

const PREFIX: Record<string, (x: Scalar) => Scalar> = {
  '-': (x) => -toNumber(x),
  '+': (x) => toNumber(x),
  '!': (x) => !truth(x),
  '~': (x) => ~toNumber(x),
};

/** Keeps the running result while it beats the next argument; so a NaN counts only where it stands. */
const pick =
  (beats: (a: number, b: number) => boolean) =>
  (args: Scalar[]): number => {
    let result = toNumber(args[0]!);
    for (let i = 1; i < args.length; i++) {
      const next = toNumber(args[i]!);
      if (!beats(result, next)) result = next;
    }
    return result;
  };

interface BuiltIn {
  /** How many arguments it takes: exactly `min` unless `variadic`. */
  min: number;
  variadic?: boolean;
  apply: (args: Scalar[]) => Scalar;
}

const FUNCTIONS: Record<string, BuiltIn> = {
  max: { min: 1, variadic: true, apply: pick((a, b) => a > b) },
  min: { min: 1, variadic: true, apply: pick((a, b) => a < b) },
  abs: { min: 1, apply: ([x]) => Math.abs(toNumber(x!)) },
  num: { min: 1, apply: ([x]) => toNumber(x!) },
  str: { min: 1, apply: ([x]) => asText(x!) },
  bool: { min: 1, apply: ([x]) => truth(x!) },
};

const NAMED_CONSTANTS = new Map<string, Scalar>([
  ['null', null],
  ['true', true],
  ['false', false],
  ['PI', Math.PI],
  ['E', Math.E],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['NaN', Number.NaN],
]);

/** A template value as an operand: missing is null, objects and lists are refused by name. */
export function operand(v: unknown, name: string): Scalar {
  if (v === undefined || v === null) return null;
  const type = typeof v;
  if (type === 'number' || type === 'string' || type === 'boolean') return v as Scalar;
  throw new ExpressionFailure(`${name} is an object or a list, not a value`);
}

const printedScalar = (v: Scalar): string => (v === null ? '' : String(v));

// ---------------------------------------------------------------------------------------------------
// Tokens.

type Token =
  | { type: 'literal'; value: Scalar }
  | { type: 'name'; text: string }
  /** Operators, parentheses and separators, by their text. */
  | { type: 'mark'; text: string }
  | { type: 'end' };

// Longest first, so `===` is not read as `==` and `=`.
const MARKS = ['===', '!==', '**', '==', '!=', '<=', '>=', '<<', '>>', '&&', '||', ...'+-*/%<>!~&|^=(),;'];

const DECIMAL = /\d+(?:\.\d*)?(?:[eE][+-]?\d+)?/y;
const HEX = /0[xX][0-9a-fA-F]+/y;
/** What a number may not be followed by; also how much of a malformed number an error quotes. */
const WORDLIKE = /[\w.$@]+/y;
// A name is a dotted path like a template variable's: `a.b`, `items.0.name`, `@`, `@index`, `$x`.
const NAME = /(?:[@$]?[A-Za-z][\w-]*|@)(?:\.(?:[@$]?[A-Za-z][\w-]*|\d+|@))*/y;
const SPACE = /\s/;
const HEX_DIGITS = /^[0-9a-fA-F]+$/;

/** Escapes with a fixed number of hex digits after them. */
const CODE_ESCAPES: Record<string, number> = { x: 2, u: 4, U: 8 };
const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f' };

/** A code point a page should not get (controls other than whitespace, or none at all) becomes a space. */
function fromCode(code: number): string {
  const control = code < 0x20 && !(code >= 0x09 && code <= 0x0d);
  return control || code > 0x10ffff ? ' ' : String.fromCodePoint(code);
}

function sticky(pattern: RegExp, source: string, at: number): string | undefined {
  pattern.lastIndex = at;
  return pattern.exec(source)?.[0];
}

function scan(source: string): Token[] {
  const tokens: Token[] = [];
  const add = (token: Token) => {
    tokens.push(token);
    if (tokens.length > EXPRESSION_LIMITS.maxTokens) {
      throw new SyntaxProblem(`more than ${EXPRESSION_LIMITS.maxTokens} tokens`);
    }
  };
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (SPACE.test(c)) {
      i++;
    } else if (c >= '0' && c <= '9') {
      const hex = sticky(HEX, source, i);
      const text = hex ?? sticky(DECIMAL, source, i)!;
      const end = i + text.length;
      if (sticky(WORDLIKE, source, end) !== undefined) {
        throw new SyntaxProblem(`malformed number '${sticky(WORDLIKE, source, i)}'`);
      }
      add({ type: 'literal', value: hex ? Number.parseInt(hex.slice(2), 16) : Number(text) });
      i = end;
    } else if (c === '"' || c === "'") {
      i = scanString(source, i, add);
    } else {
      const name = sticky(NAME, source, i);
      if (name !== undefined) {
        add(
          NAMED_CONSTANTS.has(name)
            ? { type: 'literal', value: NAMED_CONSTANTS.get(name)! }
            : { type: 'name', text: name },
        );
        i += name.length;
        continue;
      }
      const mark = MARKS.find((m) => source.startsWith(m, i));
      if (!mark) throw new SyntaxProblem(`unexpected character '${c}'`);
      add({ type: 'mark', text: mark });
      i += mark.length;
    }
  }
  tokens.push({ type: 'end' });
  return tokens;
}

/** Reads the string whose quote is at `start`; returns the index after its closing quote. */
function scanString(source: string, start: number, add: (token: Token) => void): number {
  const quote = source[start];
  let text = '';
  let i = start + 1;
  for (;;) {
    const c = source[i];
    if (c === undefined) throw new SyntaxProblem('a string is never closed');
    if (c === quote) {
      add({ type: 'literal', value: text });
      return i + 1;
    }
    if (c === '\n' || c === '\r') throw new SyntaxProblem('line break inside a string');
    if (c !== '\\' || i + 1 === source.length) {
      text += c;
      i++;
      continue;
    }
    const kind = source[i + 1]!;
    const digits = CODE_ESCAPES[kind];
    if (digits === undefined) {
      // Anything else escaped stands for itself: \' \" \\ and also \q.
      text += SIMPLE_ESCAPES[kind] ?? kind;
      i += 2;
      continue;
    }
    const hex = source.slice(i + 2, i + 2 + digits);
    if (hex.length !== digits || !HEX_DIGITS.test(hex)) {
      throw new SyntaxProblem(`\\${kind} must be followed by ${digits} hex digits`);
    }
    text += fromCode(Number.parseInt(hex, 16));
    i += 2 + digits;
  }
}

// ---------------------------------------------------------------------------------------------------
// Tree.

export type Expr =
  | { kind: 'literal'; value: Scalar }
  | { kind: 'read'; name: string; path: PathPart[] }
  | { kind: 'prefix'; operator: string; operand: Expr }
  | { kind: 'infix'; operator: string; left: Expr; right: Expr }
  | { kind: 'call'; name: string; args: Expr[] };

/** One part of an expression: a value, or an assignment (which has none). */
export interface Part {
  assigns?: string;
  expr: Expr;
}

const describe = (token: Token): string =>
  token.type === 'end' ? 'the end' : `'${token.type === 'literal' ? String(token.value) : token.text}'`;

class Parser {
  #at = 0;
  constructor(readonly tokens: Token[]) {}

  get #next(): Token {
    return this.tokens[this.#at]!;
  }

  #isMark(text: string, token = this.#next): boolean {
    return token.type === 'mark' && token.text === text;
  }

  #take(): Token {
    const token = this.#next;
    if (token.type !== 'end') this.#at++;
    return token;
  }

  parts(): Part[] {
    const parts: Part[] = [];
    for (;;) {
      while (this.#isMark(',') || this.#isMark(';')) this.#take();
      const token = this.#next;
      if (token.type === 'end') return parts;
      if (token.type === 'name' && this.#isMark('=', this.tokens[this.#at + 1])) {
        if (token.text[0] !== '@' || token.text.length === 1 || token.text.includes('.')) {
          throw new SyntaxProblem(`only @variables can be assigned, not '${token.text}'`);
        }
        this.#at += 2;
        parts.push({ assigns: token.text, expr: this.expression(0) });
      } else {
        parts.push({ expr: this.expression(0) });
      }
    }
  }

  /** An expression whose infix operators all bind tighter than `floor`. */
  expression(floor: number): Expr {
    let left = this.#operand();
    for (;;) {
      const token = this.#next;
      if (token.type !== 'mark') return left;
      const operator = INFIX[token.text];
      if (!operator || operator.power <= floor) return left;
      this.#take();
      const right = this.expression(operator.rightToLeft ? operator.power - 1 : operator.power);
      left = { kind: 'infix', operator: token.text, left, right };
    }
  }

  #operand(): Expr {
    const before = this.tokens[this.#at - 1];
    const token = this.#take();
    switch (token.type) {
      case 'literal':
        return { kind: 'literal', value: token.value };
      case 'name':
        return this.#isMark('(')
          ? this.#call(token.text)
          : { kind: 'read', name: token.text, path: splitPath(token.text) };
      case 'end':
        throw new SyntaxProblem(`missing a value after ${before ? describe(before) : 'the start'}`);
      case 'mark': {
        if (token.text in PREFIX)
          return { kind: 'prefix', operator: token.text, operand: this.expression(PREFIX_POWER) };
        if (token.text === '(') {
          const inner = this.expression(0);
          this.#close("')' to close a '('");
          return inner;
        }
        if (token.text === ')') throw new SyntaxProblem(`')' without a matching '('`);
        throw new SyntaxProblem(`expected a value before '${token.text}'`);
      }
    }
  }

  #close(what: string): void {
    if (!this.#isMark(')')) throw new SyntaxProblem(`missing ${what}, found ${describe(this.#next)}`);
    this.#take();
  }

  #call(name: string): Expr {
    const fn = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name]! : undefined;
    if (!fn) throw new SyntaxProblem(`unknown function ${name}()`);
    this.#take();
    const args: Expr[] = [];
    if (!this.#isMark(')')) {
      args.push(this.expression(0));
      while (this.#isMark(',')) {
        this.#take();
        args.push(this.expression(0));
      }
    }
    this.#close(`',' or ')' in the arguments of ${name}()`);
    if (args.length < fn.min || (!fn.variadic && args.length > fn.min)) {
      throw new SyntaxProblem(
        `${name}() takes ${fn.variadic ? 'at least ' : ''}${fn.min} argument${fn.min === 1 ? '' : 's'}, not ${args.length}`,
      );
    }
    return { kind: 'call', name, args };
  }
}

/** Reads an expression; `problem` says why it cannot run. */
export function parseExpression(source: string): { parts: Part[] } | { problem: string } {
  try {
    const parser = new Parser(scan(source));
    const parts = parser.parts();
    return { parts };
  } catch (e) {
    if (e instanceof SyntaxProblem) return { problem: e.message };
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------------
// Code generation.

/** What the template's code generator lends an expression. */
export interface EvalHost {
  /** A JavaScript expression reading a template value (raw, not yet an operand). */
  read(path: PathPart[]): string;
  /** An identifier bound to `value` in the generated code. */
  constant(value: unknown): string;
  /** A fresh local variable of the generated function. */
  local(): string;
}

/** A compiled expression: known at compile time, or code that computes it. */
type Compiled = { known: true; value: Scalar } | { known: false; code: string };

function literalCode(value: Scalar): string {
  if (typeof value !== 'number') return JSON.stringify(value);
  if (Object.is(value, -0)) return '-0';
  // NaN and the infinities have no JSON; String gives their global names, and every other number
  // prints as a valid JavaScript literal.
  return value < 0 ? `(${value})` : String(value);
}

const codeOf = (c: Compiled): string => (c.known ? literalCode(c.value) : c.code);

/** Calls `apply` now when every input is known and it succeeds; else emits a call of it. */
function applyOrEmit(
  apply: (...xs: never[]) => Scalar,
  inputs: Compiled[],
  host: EvalHost,
  asArray = false,
): Compiled {
  if (inputs.every((c) => c.known)) {
    const values = inputs.map((c) => (c as { value: Scalar }).value);
    try {
      return {
        known: true,
        value: asArray
          ? (apply as (a: Scalar[]) => Scalar)(values)
          : (apply as (...a: Scalar[]) => Scalar)(...values),
      };
    } catch (e) {
      // A failure (text too long) is reported when it happens, at render time, like any other.
      if (!(e instanceof ExpressionFailure)) throw e;
    }
  }
  const args = inputs.map(codeOf).join(', ');
  return { known: false, code: `${host.constant(apply)}(${asArray ? `[${args}]` : args})` };
}

class Emitter {
  /** Variables assigned so far in this expression, and what they hold. */
  readonly assigned = new Map<string, Compiled>();
  constructor(readonly host: EvalHost) {}

  emit(expr: Expr): Compiled {
    switch (expr.kind) {
      case 'literal':
        return { known: true, value: expr.value };
      case 'read': {
        const [first, ...rest] = expr.path;
        const own = typeof first === 'string' ? this.assigned.get(first) : undefined;
        // A variable this expression assigned holds a scalar, which has no fields.
        if (own) return rest.length ? { known: true, value: null } : own;
        return {
          known: false,
          code: `${this.host.constant(operand)}(${this.host.read(expr.path)}, ${JSON.stringify(expr.name)})`,
        };
      }
      case 'prefix':
        return applyOrEmit(PREFIX[expr.operator]!, [this.emit(expr.operand)], this.host);
      case 'infix':
        return applyOrEmit(
          INFIX[expr.operator]!.apply,
          [this.emit(expr.left), this.emit(expr.right)],
          this.host,
        );
      case 'call':
        return applyOrEmit(
          FUNCTIONS[expr.name]!.apply,
          expr.args.map((a) => this.emit(a)),
          this.host,
          true,
        );
    }
  }
}

/** Reports a failed expression; anything else thrown is not ours and goes on. */
function reportFailure(rt: { error(type: string, message: string): void }, e: unknown, source: string): void {
  if (!(e instanceof ExpressionFailure)) throw e;
  rt.error('engine', `RuntimeError: expression ${JSON.stringify(source)} failed: ${e.message}`);
}

/**
 * The statements of one `.eval` in generated code (which has `rt` and appends to `out`). Assignments
 * reach the template only after every part has run, so a failing expression leaves no variables.
 */
export function compileEval(source: string, host: EvalHost): string[] {
  const parsed = parseExpression(source);
  if ('problem' in parsed) {
    const message = `RuntimeError: expression ${JSON.stringify(source)} cannot be parsed: ${parsed.problem}`;
    return [`rt.error('engine', ${JSON.stringify(message)});`];
  }
  // One table entry per helper, however often this expression uses it.
  const bound = new Map<unknown, string>();
  const constant = (value: unknown) => {
    let name = bound.get(value);
    if (name === undefined) bound.set(value, (name = host.constant(value)));
    return name;
  };
  const emitter = new Emitter({ read: (path) => host.read(path), constant, local: () => host.local() });
  const work: string[] = [];
  const assignments: [string, string][] = [];
  let result: Compiled | undefined;
  for (const part of parsed.parts) {
    let compiled = emitter.emit(part.expr);
    if (!compiled.known) {
      // Computed once, in order: a later part reads it, and an error stops at the right place.
      const local = host.local();
      work.push(`${local} = ${compiled.code};`);
      compiled = { known: false, code: local };
    }
    if (part.assigns) {
      emitter.assigned.set(part.assigns, compiled);
      assignments.push([part.assigns, codeOf(compiled)]);
      result = undefined;
    } else {
      result = compiled;
    }
  }
  const finish = assignments.map(([name, code]) => `rt.setVar(${JSON.stringify(name)}, ${code});`);
  if (result?.known) {
    const text = printedScalar(result.value);
    if (text) finish.push(`out += ${JSON.stringify(text)};`);
  } else if (result) {
    finish.push(`out += ${constant(printedScalar)}(${result.code});`);
  }
  if (work.length === 0) return finish;
  return [
    `try { ${work.join(' ')} ${finish.join(' ')} }`,
    `catch (e) { ${constant(reportFailure)}(rt, e, ${JSON.stringify(source)}); }`,
  ];
}
