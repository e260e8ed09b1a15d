// `.eval` expressions: a small JavaScript-like calculator over literals and template variables.
// The source is tokenized and turned into reverse Polish notation once, at compile time (shunting
// yard); each render only walks the prepared token lists with a value stack.
//
// Values follow JavaScript's rules (`5 + "a"` concatenates, `"1" == 1` is true, `5 % 0` is NaN),
// because that is what the conformance cases describe. Values placed side by side (`1 2 3`, `3, 2, 1`)
// simply stack up and the last one is the result; `;` starts a new expression; an assignment to an
// `@variable` ends its expression without a result.

import { splitPath } from './paths.js';

export interface ExpressionLimits {
  /** Most tokens one `.eval` may hold; protects renders from huge generated expressions. */
  maxTokens: number;
  /** Longest string a concatenation may build. */
  maxStringLength: number;
}

export const DEFAULT_EXPRESSION_LIMITS: ExpressionLimits = { maxTokens: 500, maxStringLength: 10_000 };

/** A value an expression works with; objects and arrays from the context are not values. */
type Scalar = number | string | boolean | null;

enum Kind {
  Literal,
  Variable,
  Operator,
  Call,
  ArgsMark,
}

interface OperatorDef {
  name: string;
  precedence: number;
  rightAssociative: boolean;
  unary?: boolean;
}

type Token =
  | { kind: Kind.Literal; value: Scalar }
  | { kind: Kind.Variable; path: (string | number)[] }
  | { kind: Kind.Operator; op: OperatorDef }
  | { kind: Kind.Call; name: string }
  | { kind: Kind.ArgsMark };

const op = (name: string, precedence: number, rightAssociative = false, unary = false): OperatorDef => ({
  name,
  precedence,
  rightAssociative,
  unary,
});

// Precedences follow JavaScript's table; the structural tokens sit below every operator.
const OPS = {
  plus: op('unary plus', 17, true, true),
  minus: op('unary minus', 17, true, true),
  not: op('logical not', 17, true, true),
  bitNot: op('bitwise not', 17, true, true),
  pow: op('exponent', 16, true),
  mul: op('multiply', 15),
  div: op('divide', 15),
  mod: op('modulus', 15),
  add: op('add', 14),
  sub: op('subtract', 14),
  shl: op('left shift', 13),
  shr: op('right shift', 13),
  lt: op('less than', 12),
  gt: op('greater than', 12),
  lte: op('less than or equal', 12),
  gte: op('greater than or equal', 12),
  eq: op('equality', 11),
  neq: op('inequality', 11),
  seq: op('strict equality', 11),
  sneq: op('strict inequality', 11),
  bitAnd: op('bitwise and', 10),
  bitXor: op('bitwise xor', 9),
  bitOr: op('bitwise or', 8),
  and: op('logical and', 7),
  or: op('logical or', 6),
  assign: op('assign', 3, true),
  semicolon: op('semicolon', 1),
  comma: op('comma', 1, true),
  open: op('left paren', 1),
  close: op('right paren', 1),
} as const;

const CONSTANTS: Record<string, Scalar> = {
  null: null,
  true: true,
  false: false,
  PI: Math.PI,
  E: Math.E,
  Infinity: Number.POSITIVE_INFINITY,
  NaN: Number.NaN,
};

const isHexDigit = (c: string | undefined) =>
  c !== undefined && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'));
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

const hexEnd = (s: string, i: number, limit: number) => {
  let j = i;
  while (j < limit && isHexDigit(s[j])) j++;
  return j;
};

/** End of a JavaScript decimal literal starting at a digit, or -1 when it is malformed. */
function decimalEnd(s: string, i: number): number {
  let j = i;
  let dot = false;
  let exponent = false;
  let needDigit = false;
  let sign = false;
  for (; j < s.length; j++) {
    const c = s[j];
    if (c === '.') {
      if (dot || exponent) return -1;
      dot = true;
    } else if (c === 'e' || c === 'E') {
      if (exponent) break;
      exponent = true;
      needDigit = true;
    } else if (c === '-' || c === '+') {
      if (!exponent || !needDigit || sign) break;
      sign = true;
    } else if (isDigit(c)) {
      needDigit = false;
    } else {
      break;
    }
  }
  return needDigit ? -1 : j;
}

const controlCharacter = (code: number) => code <= 0x08 || (code >= 0x0e && code < 0x20);

const VARIABLE_AT = /(?:\d+|[@$]?[a-zA-Z][\w-]*|@)(?:\.(?:\d+|[@$]?[a-zA-Z][\w-]*|@))*/y;

export class Expression {
  /** Parse errors; an expression with errors is never evaluated. */
  readonly errors: string[] = [];
  readonly #tokens: Token[] = [];
  /** Each expression between semicolons, in reverse Polish notation. */
  readonly #programs: Token[][] = [];

  constructor(
    readonly source: string,
    readonly limits: ExpressionLimits = DEFAULT_EXPRESSION_LIMITS,
  ) {
    this.#tokenize(source);
    if (this.errors.length === 0) this.#toPostfix();
  }

  #push(token: Token): void {
    if (this.errors.length) return;
    let t = token;
    const previous = this.#tokens[this.#tokens.length - 1];
    if (t.kind === Kind.Operator && (t.op === OPS.add || t.op === OPS.sub)) {
      // A sign where no operand precedes it is unary.
      if (!previous || (previous.kind === Kind.Operator && previous.op !== OPS.close)) {
        t = { kind: Kind.Operator, op: t.op === OPS.sub ? OPS.minus : OPS.plus };
      }
    } else if (t.kind === Kind.Operator && t.op === OPS.open && previous?.kind === Kind.Variable) {
      // `name(` calls a built-in function; any other name before a parenthesis is an error.
      const [name, ...rest] = previous.path;
      if (rest.length === 0 && typeof name === 'string') {
        if (!(name in FUNCTIONS)) {
          this.errors.push(`Invalid function ${name}`);
          return;
        }
        this.#tokens[this.#tokens.length - 1] = { kind: Kind.Call, name };
      }
    }
    this.#tokens.push(t);
    if (this.#tokens.length > this.limits.maxTokens) {
      this.errors.push(`Expression exceeds the maximum number of allowed tokens: ${this.limits.maxTokens}`);
    }
  }

  #tokenize(s: string): void {
    const operator = (o: OperatorDef) => this.#push({ kind: Kind.Operator, op: o });
    let i = 0;
    while (i < s.length && this.errors.length === 0) {
      const c = s[i]!;
      const next = s[i + 1];
      if (isDigit(c)) {
        if (c === '0' && (next === 'x' || next === 'X')) {
          const end = hexEnd(s, i + 2, s.length);
          if (end === i + 2) {
            this.errors.push('Invalid hex number');
            return;
          }
          this.#push({ kind: Kind.Literal, value: Number.parseInt(s.slice(i + 2, end), 16) });
          i = end;
        } else {
          const end = decimalEnd(s, i);
          if (end < 0) {
            this.errors.push('Invalid decimal number');
            return;
          }
          this.#push({ kind: Kind.Literal, value: Number.parseFloat(s.slice(i, end)) });
          i = end;
        }
        continue;
      }
      if (c === '"' || c === "'") {
        i = this.#string(s, i + 1, c);
        continue;
      }
      switch (c) {
        case '*':
          if (next === '*') i++;
          operator(next === '*' ? OPS.pow : OPS.mul);
          break;
        case '/':
          operator(OPS.div);
          break;
        case '%':
          operator(OPS.mod);
          break;
        case '+':
          operator(OPS.add);
          break;
        case '-':
          operator(OPS.sub);
          break;
        case '=':
          if (next === '=') {
            i++;
            if (s[i + 1] === '=') {
              i++;
              operator(OPS.seq);
            } else operator(OPS.eq);
          } else operator(OPS.assign);
          break;
        case '!':
          if (next === '=') {
            i++;
            if (s[i + 1] === '=') {
              i++;
              operator(OPS.sneq);
            } else operator(OPS.neq);
          } else operator(OPS.not);
          break;
        case '<':
          if (next === '<' || next === '=') i++;
          operator(next === '<' ? OPS.shl : next === '=' ? OPS.lte : OPS.lt);
          break;
        case '>':
          if (next === '>' || next === '=') i++;
          operator(next === '>' ? OPS.shr : next === '=' ? OPS.gte : OPS.gt);
          break;
        case '~':
          operator(OPS.bitNot);
          break;
        case '&':
          if (next === '&') i++;
          operator(next === '&' ? OPS.and : OPS.bitAnd);
          break;
        case '|':
          if (next === '|') i++;
          operator(next === '|' ? OPS.or : OPS.bitOr);
          break;
        case '^':
          operator(OPS.bitXor);
          break;
        case ' ':
        case '\n':
        case '\t':
        case '\r':
        case '\u00a0':
          break;
        case ',':
          operator(OPS.comma);
          break;
        case ';':
          operator(OPS.semicolon);
          break;
        case '(':
          operator(OPS.open);
          break;
        case ')':
          operator(OPS.close);
          break;
        default: {
          VARIABLE_AT.lastIndex = i;
          const match = VARIABLE_AT.exec(s);
          if (!match) {
            this.errors.push(`Unexpected character at ${i}: ${JSON.stringify(c)}`);
            return;
          }
          i += match[0].length;
          if (match[0] in CONSTANTS) {
            this.#push({ kind: Kind.Literal, value: CONSTANTS[match[0]]! });
          } else {
            this.#push({ kind: Kind.Variable, path: splitPath(match[0]) });
          }
          continue;
        }
      }
      i++;
    }
  }

  /** Reads a quoted string whose opening quote is just before `start`; returns the index after it. */
  #string(s: string, start: number, quote: string): number {
    let text = '';
    let i = start;
    while (i < s.length) {
      const c = s[i]!;
      if (c === '\\' && i + 1 < s.length) {
        const e = s[i + 1]!;
        if (e === 'x' || e === 'u' || e === 'U') {
          const digits = e === 'x' ? 2 : e === 'u' ? 4 : 8;
          const from = i + 2;
          const end = hexEnd(s, from, Math.min(from + digits, s.length));
          if (end !== from + digits) {
            this.errors.push(e === 'x' ? 'Invalid 2-char hex escape found' : 'Invalid unicode escape found');
            return s.length;
          }
          const code = Number.parseInt(s.slice(from, end), 16);
          // Control characters and code points beyond Unicode become a space.
          text += controlCharacter(code) || code > 0x10ffff ? ' ' : String.fromCodePoint(code);
          i = end;
          continue;
        }
        text += e === 'n' ? '\n' : e === 't' ? '\t' : e === 'f' ? '\f' : e === 'r' ? '\r' : e;
        i += 2;
        continue;
      }
      if (c === quote) {
        this.#push({ kind: Kind.Literal, value: text });
        return i + 1;
      }
      if (c === '\n' || c === '\r') {
        this.errors.push('Illegal line break in string literal');
        return s.length;
      }
      text += c;
      i++;
    }
    this.errors.push('Unterminated string');
    return s.length;
  }

  #toPostfix(): void {
    let out: Token[] = [];
    const ops: Token[] = [];
    const isOpen = (t: Token | undefined) => t?.kind === Kind.Operator && t.op === OPS.open;
    const flush = () => {
      while (ops.length) {
        const t = ops.pop()!;
        if (t.kind === Kind.Operator && (t.op === OPS.open || t.op === OPS.close)) {
          this.errors.push(`Mismatched operator found: ${t.op.name}`);
          return;
        }
        out.push(t);
      }
      if (out.length) this.#programs.push(out);
    };
    for (const t of this.#tokens) {
      if (t.kind === Kind.Call) {
        out.push({ kind: Kind.ArgsMark });
        ops.push(t);
        continue;
      }
      if (t.kind !== Kind.Operator) {
        out.push(t);
        continue;
      }
      if (t.op === OPS.semicolon) {
        flush();
        if (this.errors.length) return;
        out = [];
      } else if (t.op === OPS.open) {
        ops.push(t);
      } else if (t.op === OPS.comma || t.op === OPS.close) {
        while (ops.length && !isOpen(ops[ops.length - 1])) out.push(ops.pop()!);
        if (t.op === OPS.close) {
          if (!isOpen(ops[ops.length - 1])) {
            this.errors.push(`Mismatched operator found: ${t.op.name}`);
            return;
          }
          ops.pop();
          if (ops[ops.length - 1]?.kind === Kind.Call) out.push(ops.pop()!);
        }
      } else {
        for (;;) {
          const top = ops[ops.length - 1];
          if (!top || isOpen(top)) break;
          if (top.kind === Kind.Operator) {
            const higher =
              top.op.precedence > t.op.precedence ||
              (top.op.precedence === t.op.precedence && !top.op.rightAssociative);
            if (!higher) break;
          }
          out.push(ops.pop()!);
        }
        ops.push(t);
      }
    }
    flush();
  }

  /**
   * Runs every expression; the last one's value is the result (undefined when it has none).
   * `lookup` resolves a variable path; `assign` stores an `@name`; `fail` records an error.
   */
  evaluate(
    lookup: (path: (string | number)[]) => unknown,
    assign: (name: string, value: Scalar) => void,
    fail: (message: string) => void,
  ): Scalar | undefined {
    let result: Scalar | undefined;
    for (const program of this.#programs) {
      result = this.#run(program, lookup, assign, fail);
    }
    return result;
  }

  #run(
    program: Token[],
    lookup: (path: (string | number)[]) => unknown,
    assign: (name: string, value: Scalar) => void,
    fail: (message: string) => void,
  ): Scalar | undefined {
    // The stack holds raw tokens so that an assignment can see the variable it assigns to.
    const stack: (Token | undefined)[] = [];
    const literal = (t: Token | undefined): { value: Scalar } | undefined => {
      if (!t) return undefined;
      if (t.kind === Kind.Literal) return t;
      if (t.kind !== Kind.Variable) return undefined;
      const v = lookup(t.path);
      if (v === undefined || v === null) return { value: null };
      if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return { value: v };
      return undefined;
    };
    const value = (v: Scalar): Token => ({ kind: Kind.Literal, value: v });
    for (const t of program) {
      if (t.kind !== Kind.Operator && t.kind !== Kind.Call) {
        stack.push(t);
        continue;
      }
      if (t.kind === Kind.Call) {
        const args: Scalar[] = [];
        while (stack.length && stack[stack.length - 1]?.kind !== Kind.ArgsMark) {
          const arg = literal(stack.pop());
          if (arg) args.push(arg.value);
        }
        stack.pop();
        const r = FUNCTIONS[t.name]!(args.reverse());
        if (r === undefined) {
          fail(`Error calling function ${t.name}`);
          return undefined;
        }
        stack.push(value(r));
        continue;
      }
      const o = t.op;
      if (o.unary) {
        const arg = literal(stack[stack.length - 1]);
        if (stack.length === 0) continue;
        stack[stack.length - 1] = arg
          ? value(
              o === OPS.minus
                ? -1 * toNumber(arg.value)
                : o === OPS.plus
                  ? toNumber(arg.value)
                  : o === OPS.not
                    ? !toBoolean(arg.value)
                    : ~toNumber(arg.value),
            )
          : undefined;
        continue;
      }
      if (o === OPS.assign) {
        const b = literal(stack.pop());
        const a = stack.pop();
        if (a?.kind === Kind.Variable && b && a.path.length === 1) {
          const name = a.path[0];
          if (typeof name === 'string' && name.startsWith('@') && name.length > 1) assign(name, b.value);
        }
        return undefined;
      }
      const b = literal(stack.pop());
      const a = literal(stack.pop());
      if (!a || !b) {
        fail(`Invalid arguments to operator ${o.name}`);
        return undefined;
      }
      const x = a.value;
      const y = b.value;
      let r: Scalar;
      switch (o) {
        case OPS.add:
          if (typeof x === 'string' || typeof y === 'string') {
            const left = toText(x);
            const right = toText(y);
            if (left.length + right.length > this.limits.maxStringLength) {
              fail(`Concatenation would exceed maximum string length ${this.limits.maxStringLength}`);
              return undefined;
            }
            r = left + right;
          } else r = toNumber(x) + toNumber(y);
          break;
        case OPS.sub:
          r = toNumber(x) - toNumber(y);
          break;
        case OPS.mul:
          r = toNumber(x) * toNumber(y);
          break;
        case OPS.div:
          r = toNumber(x) / toNumber(y);
          break;
        case OPS.mod:
          r = toNumber(x) % toNumber(y);
          break;
        case OPS.pow:
          r = toNumber(x) ** toNumber(y);
          break;
        case OPS.shl:
          r = toNumber(x) << toNumber(y);
          break;
        case OPS.shr:
          r = toNumber(x) >> toNumber(y);
          break;
        case OPS.bitAnd:
          r = toNumber(x) & toNumber(y);
          break;
        case OPS.bitOr:
          r = toNumber(x) | toNumber(y);
          break;
        case OPS.bitXor:
          r = toNumber(x) ^ toNumber(y);
          break;
        case OPS.and:
          r = toBoolean(x) && toBoolean(y);
          break;
        case OPS.or:
          r = toBoolean(x) || toBoolean(y);
          break;
        // Comparisons are JavaScript's own, loose equality included: the cases expect `"1" == 1`.
        case OPS.lt:
          r = (x as number) < (y as number);
          break;
        case OPS.lte:
          r = (x as number) <= (y as number);
          break;
        case OPS.gt:
          r = (x as number) > (y as number);
          break;
        case OPS.gte:
          r = (x as number) >= (y as number);
          break;
        case OPS.eq:
          // biome-ignore lint/suspicious/noDoubleEquals: the language defines == as JavaScript's loose equality
          r = x == y;
          break;
        case OPS.neq:
          // biome-ignore lint/suspicious/noDoubleEquals: loose inequality, as JavaScript's
          r = x != y;
          break;
        case OPS.seq:
          r = x === y;
          break;
        case OPS.sneq:
          r = x !== y;
          break;
        default:
          fail(`Unexpected operator found during evaluation: ${o.name}`);
          return undefined;
      }
      stack.push(value(r));
    }
    const top = stack[stack.length - 1];
    if (!top) return undefined;
    const result = literal(top);
    if (!result) {
      fail('Reduce error: unexpected token on stack');
      return undefined;
    }
    return result.value;
  }
}

function toText(v: Scalar): string {
  return v === null ? 'null' : String(v);
}

function toBoolean(v: Scalar): boolean {
  return typeof v === 'boolean' ? v : typeof v === 'number' || typeof v === 'string' ? !!v : false;
}

/** Numbers from strings accept a sign and a whole decimal or hex literal, nothing else. */
function toNumber(v: Scalar): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null) return 0;
  if (v === '') return 0;
  let i = v[0] === '-' || v[0] === '+' ? 1 : 0;
  if (i === v.length) return Number.NaN;
  if (v[i] === '0' && (v[i + 1] === 'x' || v[i + 1] === 'X')) {
    i += 2;
    if (hexEnd(v, i, v.length) !== v.length || i === v.length) return Number.NaN;
    const n = Number.parseInt(v.slice(i), 16);
    return v[0] === '-' ? -n : n;
  }
  if (!isDigit(v[i])) return Number.NaN;
  return decimalEnd(v, i) === v.length ? Number.parseFloat(v) : Number.NaN;
}

const numbers = (args: Scalar[]) => args.map(toNumber);

// max and min compare pairwise like the reference: a NaN argument is skipped or kept by position,
// where Math.max would turn the whole result into NaN.
const FUNCTIONS: Record<string, (args: Scalar[]) => Scalar | undefined> = {
  // biome-ignore lint/complexity/useMathMinMax: pairwise NaN handling, see above
  max: (args) => (args.length ? numbers(args).reduce((a, b) => (a > b ? a : b)) : undefined),
  // biome-ignore lint/complexity/useMathMinMax: pairwise NaN handling, see above
  min: (args) => (args.length ? numbers(args).reduce((a, b) => (a < b ? a : b)) : undefined),
  abs: (args) => (args.length ? Math.abs(toNumber(args[0]!)) : undefined),
  num: (args) => (args.length ? toNumber(args[0]!) : undefined),
  str: (args) => (args.length ? toText(args[0]!) : undefined),
  bool: (args) => (args.length ? toBoolean(args[0]!) : undefined),
};
