// `.eval` expressions as a template author sees them: what a tag prints, which variables it leaves
// behind, and which errors it reports. Written against compile/render so the parser and the generated
// code are tested together.

import { describe, expect, it } from 'vitest';
import { compile } from '../index.js';
import { EXPRESSION_LIMITS } from './expression.js';

const run = (template: string, json: unknown = {}) => {
  const compiled = compile(template, { enableEval: true });
  const result = compiled.render(json);
  return { output: result.output, errors: [...compiled.errors, ...result.errors].map((e) => e.message) };
};

/** What one `.eval` prints; fails the test when it reports an error. */
const value = (code: string, json: unknown = {}) => {
  const { output, errors } = run(`{.eval ${code}}`, json);
  expect(errors).toEqual([]);
  return output;
};

/** The errors one `.eval` reports; it must print nothing. */
const failure = (code: string, json: unknown = {}) => {
  const { output, errors } = run(`{.eval ${code}}`, json);
  expect(output).toBe('');
  expect(errors).toHaveLength(1);
  return errors[0]!;
};

describe('.eval literals', () => {
  it('prints numbers as JavaScript does', () => {
    expect(value('0.1')).toBe('0.1');
    expect(value('1.')).toBe('1');
    expect(value('1e20')).toBe('100000000000000000000');
    expect(value('1e-3')).toBe('0.001');
    expect(value('2E+2')).toBe('200');
    expect(value('0x1F')).toBe('31');
    expect(value('0x111111111111111111111')).toBe('1.2895208742556044e+24');
  });

  it('reads quoted strings with escapes', () => {
    expect(value(`'single' "double"`)).toBe('double');
    expect(value(`"it's"`)).toBe("it's");
    expect(value(`'a\\tb'`)).toBe('a\tb');
    expect(value(`'\\x41\\u00e4\\U0001F600'`)).toBe('Aä\u{1F600}');
    expect(value(`'\\q\\'\\\\'`)).toBe("q'\\");
    // Control characters and code points beyond Unicode would break the page: they become a space.
    expect(value(`'a\\x01b\\U00110000c'`)).toBe('a b c');
  });

  it('knows the named constants; null prints nothing', () => {
    expect(value('true')).toBe('true');
    expect(value('false')).toBe('false');
    expect(value('null')).toBe('');
    expect(value('PI')).toBe(String(Math.PI));
    expect(value('E')).toBe(String(Math.E));
    expect(value('Infinity')).toBe('Infinity');
    expect(value('NaN')).toBe('NaN');
  });

  it('prints the last of several values, whatever separates them', () => {
    expect(value('')).toBe('');
    expect(value('1 2 3')).toBe('3');
    expect(value('3, 2, 1')).toBe('1');
    expect(value('1; 2;')).toBe('2');
    expect(value('1 + 1, 5 * 2')).toBe('10');
  });
});

describe('.eval operators', () => {
  it('binds as JavaScript does', () => {
    expect(value('1 + 2 * 3')).toBe('7');
    expect(value('(1 + 2) * 3')).toBe('9');
    expect(value('2 * 3 ** 2')).toBe('18');
    expect(value('1 << 1 + 1')).toBe('4');
    expect(value('1 + 2 < 4')).toBe('true');
    expect(value('1 < 2 == true')).toBe('true');
    expect(value('1 | 2 ^ 3 & 1')).toBe('3');
    expect(value('true || false && false')).toBe('true');
    expect(value('1 == 1 && 2 > 3')).toBe('false');
  });

  it('groups left to right, except the power operator', () => {
    expect(value('10 - 4 - 3')).toBe('3');
    expect(value('100 / 10 / 5')).toBe('2');
    expect(value('17 % 10 % 4')).toBe('3');
    expect(value('2 ** 3 ** 2')).toBe('512');
  });

  it('applies a sign or negation before a power', () => {
    expect(value('-2 ** 2')).toBe('4');
    expect(value('2 ** -2')).toBe('0.25');
    expect(value('- -3')).toBe('3');
    expect(value('1 - -4')).toBe('5');
    expect(value('~5')).toBe('-6');
    // The reference engine reads a variable under ~ as -1 whatever it holds; we read its value.
    expect(value('~a', { a: 4 })).toBe('-5');
    expect(value('+"7"')).toBe('7');
    expect(value('-"x"')).toBe('NaN');
    expect(value('!0')).toBe('true');
    expect(value('!"0"')).toBe('false');
    expect(value('!!""')).toBe('false');
  });

  it('adds numbers, and joins text as soon as one side is text', () => {
    expect(value('5 + "a"')).toBe('5a');
    expect(value('"a" + null')).toBe('anull');
    expect(value('"x" + true')).toBe('xtrue');
    expect(value('true + 2')).toBe('3');
    expect(value('null + 1')).toBe('1');
    expect(value('"3" * "4"')).toBe('12');
    expect(value('"3" - ""')).toBe('3');
  });

  it('reads text as a number only when it is a whole number literal', () => {
    expect(value('num("0x1f")')).toBe('31');
    expect(value('num("-0x1f")')).toBe('-31');
    expect(value('num("+2.5")')).toBe('2.5');
    expect(value('num("1.")')).toBe('1');
    expect(value('num("1e3")')).toBe('1000');
    expect(value('num("")')).toBe('0');
    for (const text of [' 5', '.5', '1e', 'Infinity', '5px', '-', '0x']) {
      expect(value(`num("${text}")`), text).toBe('NaN');
    }
  });

  it('does arithmetic, bitwise and shift operations on numbers', () => {
    expect(value('3 / 8 * 6')).toBe('2.25');
    expect(value('5 % -3')).toBe('2');
    expect(value('5 % 0')).toBe('NaN');
    expect(value('1 / 0')).toBe('Infinity');
    expect(value('100 << 2')).toBe('400');
    expect(value('-100 >> 2')).toBe('-25');
    expect(value('6 & 3')).toBe('2');
    expect(value('6 | 3')).toBe('7');
    expect(value('6 ^ 3')).toBe('5');
  });

  it('compares and tests equality as JavaScript does', () => {
    expect(value('"1" == 1')).toBe('true');
    expect(value('"1" != 1')).toBe('false');
    expect(value('"1" === 1')).toBe('false');
    expect(value('"1" !== 1')).toBe('true');
    expect(value('NaN == NaN')).toBe('false');
    expect(value('null == 0')).toBe('false');
    expect(value('"a" < "b"')).toBe('true');
    expect(value('"b" <= "a"')).toBe('false');
    expect(value('0 < "0x01"')).toBe('true');
    expect(value('0 < true')).toBe('true');
    expect(value('2 >= 2')).toBe('true');
  });

  it('gives logical operators a true or false result', () => {
    expect(value('1 && "x"')).toBe('true');
    expect(value('0 || ""')).toBe('false');
    expect(value('missing && true')).toBe('false');
  });
});

describe('.eval functions', () => {
  it('max, min, abs, num, str and bool', () => {
    expect(value('max(1, 3, 2)')).toBe('3');
    expect(value('min(4, -1 * 2, 0)')).toBe('-2');
    expect(value('max("7", 5)')).toBe('7');
    expect(value('abs(-2.5)')).toBe('2.5');
    expect(value('num(true) + num(null)')).toBe('1');
    expect(value('str(1.5) + str(null)')).toBe('1.5null');
    expect(value('bool("") || bool(0)')).toBe('false');
    expect(value('max(2, min(9, 4)) * 2')).toBe('8');
  });

  it('max and min keep the result only while it beats the next argument, so NaN counts by its position', () => {
    expect(value('max(NaN, 1)')).toBe('1');
    expect(value('max(1, NaN)')).toBe('NaN');
    expect(value('max(1, NaN, 3)')).toBe('3');
    expect(value('min(NaN, 1)')).toBe('1');
    expect(value('min(1, NaN)')).toBe('NaN');
  });
});

describe('.eval variables', () => {
  const data = { a: { b: { c: 3 } }, n: 2, s: '-6.5', list: [10, 20], flag: true, nothing: null };

  it('reads template values, up the section stack', () => {
    expect(value('a.b.c * -2', data)).toBe('-6');
    expect(value('list.1 + n', data)).toBe('22');
    expect(value('5 + s', data)).toBe('5-6.5');
    expect(value('5 + num(s)', data)).toBe('-1.5');
    expect(run('{.section a}{.section b}{.eval c + n}{.end}{.end}', data).output).toBe('5');
    expect(run('{.repeated section list}{.eval @index * @ + @index0}/{.end}', data).output).toBe('10/41/');
  });

  it('reads a missing or null value as null', () => {
    expect(value('missing + 1', data)).toBe('1');
    expect(value('nothing + "!"', data)).toBe('null!');
    expect(value('a.x.y', data)).toBe('');
  });

  it('names may hold dashes, so a minus needs a space after a name', () => {
    expect(value('my-value + 1', { 'my-value': 4 })).toBe('5');
    expect(value('n -1', data)).toBe('1');
  });

  it('assigns @variables, readable later in the same expression and after it', () => {
    expect(run('{.eval @a = 2; @b = 5 * 7.2; @c = @a * @b; @c}|{@c}', data).output).toBe('72|72');
    expect(run('{.eval @x = n + 1}[{@x}]{.eval @x * 10}', data).output).toBe('[3]30');
    // Before its assignment, a name still reads the variable from outside the expression.
    expect(run('{.var @x n}{.eval @y = @x; @x = 7; @x + @y}', data).output).toBe('9');
    expect(run('{.eval @t = "abc"; @t.length}', data).output).toBe('');
  });

  it('an assignment prints nothing, also when it comes last', () => {
    expect(run('{.eval 1; @z = 5}{@z}', data).output).toBe('5');
  });
});

describe('.eval errors', () => {
  it('name the expression and print nothing; the rest of the template renders', () => {
    const { output, errors } = run('a{.eval 1 +}b{.eval 2}');
    expect(output).toBe('ab2');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^RuntimeError: /);
    expect(errors[0]).toContain('"1 +"');
  });

  it('reports what cannot be parsed', () => {
    expect(failure("'open")).toContain('string');
    expect(failure("'a\nb'")).toContain('line break');
    expect(failure("'\\xZZ'")).toContain('\\x');
    expect(failure("'\\u12'")).toContain('\\u');
    expect(failure('(1 + 2')).toContain("')'");
    expect(failure('1 + 2)')).toContain("')'");
    expect(failure('()')).toContain("')'");
    expect(failure('1 +')).toContain("after '+'");
    expect(failure('* 2')).toContain("'*'");
    expect(failure('1 # 2')).toContain("'#'");
    expect(failure('1.2.3')).toContain('1.2.3');
    expect(failure('1e')).toContain('1e');
    expect(failure('0x')).toContain('0x');
    expect(failure('12abc')).toContain('12abc');
    expect(failure('hack(1)')).toContain('hack');
    expect(failure('max()')).toContain('max');
    expect(failure('max(1 2)')).toContain("')'");
    expect(failure('n = 1')).toContain('@');
    expect(failure('@a = @b = 1')).toContain("'='");
  });

  it('reports values an expression cannot compute with, and keeps no variables then', () => {
    const { output, errors } = run('{.eval @x = 1; o + 1}[{@x}]', { o: { k: 1 } });
    expect(output).toBe('[]');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('o');
    expect(failure('!o', { o: [1] })).toContain('o');
    expect(failure('max(o, 1)', { o: {} })).toContain('o');
    expect(failure('@', { o: 1 })).toContain('@');
  });

  it('limits the number of tokens', () => {
    const fits = Array.from({ length: 250 }, () => '1').join('+');
    expect(value(fits)).toBe('250');
    const long = Array.from({ length: 251 }, () => '1').join('+');
    expect(long.length).toBeGreaterThan(EXPRESSION_LIMITS.maxTokens);
    expect(failure(long)).toContain(String(EXPRESSION_LIMITS.maxTokens));
  });

  it('limits the length of joined text, whether joined once or per render', () => {
    const half = 'x'.repeat(EXPRESSION_LIMITS.maxStringLength / 2);
    expect(value(`"${half}" + "${half}"`)).toHaveLength(EXPRESSION_LIMITS.maxStringLength);
    expect(failure(`"${half}" + "${half}!"`)).toContain(String(EXPRESSION_LIMITS.maxStringLength));
    expect(failure('t + t + "!"', { t: half })).toContain(String(EXPRESSION_LIMITS.maxStringLength));
  });

  it('an error stops one render only: the next render with good data succeeds', () => {
    const template = compile('{.eval o * 2}', { enableEval: true });
    expect(template.render({ o: {} }).errors).toHaveLength(1);
    expect(template.render({ o: 4 })).toEqual({ output: '8', errors: [] });
  });
});
