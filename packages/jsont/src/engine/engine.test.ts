// The engine's own promises beyond the conformance cases: errors are collected (never thrown), site
// owners' templates are kept within limits, and compiled templates are reused.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../index.js';
import type { Plugin } from '../plugin-api.js';
import { LIMITS } from './runtime.js';

const render = (source: string, json: unknown = {}, options: Parameters<typeof compile>[1] = {}) => {
  const template = compile(source, options);
  const result = template.render(json);
  return { output: result.output, errors: [...template.errors, ...result.errors].map((e) => e.message) };
};

describe('errors are collected, and rendering goes on', () => {
  it('R8.6.1 an unknown formatter is an error and its tag stays text', () => {
    const { output, errors } = render('a {name|gibtsnicht} b {name}', { name: 'X' });
    expect(output).toBe('a {name|gibtsnicht} b X');
    expect(errors).toEqual(["SyntaxError: Formatter 'gibtsnicht' is unknown"]);
  });

  it('R8.6.2 an unknown predicate is an error and counts as false', () => {
    const { output, errors } = render('{.gibtsnicht?}ja{.or}nein{.end}');
    expect(output).toBe('nein');
    expect(errors).toEqual(["SyntaxError: Predicate 'gibtsnicht?' is unknown"]);
  });

  it('R8.6.3 an unclosed block is an error; what was parsed still renders', () => {
    const { output, errors } = render('{.section a}{b}', { a: { b: 'drin' } });
    expect(output).toBe('drin');
    expect(errors).toEqual(['SyntaxError: Reached EOF in the middle of SECTION']);
  });

  it('R8.6.4 misplaced .end, .or and .alternates with are errors', () => {
    expect(render('x{.end}').errors).toEqual(['SyntaxError: {.end} is not allowed at the top level']);
    expect(render('{.or}').errors).toEqual(['SyntaxError: {.or} is not allowed at the top level']);
    expect(render('{.section a}{.alternates with}{.end}').errors).toEqual([
      'SyntaxError: {.alternates with} is not allowed inside a SECTION block',
    ]);
    expect(render('{.macro m}{.or}{.end}').errors).toEqual([
      'SyntaxError: {.or} is not allowed inside a MACRO block',
    ]);
    expect(render('{.section a}{.or}{.or}{.end}').errors).toEqual([
      'SyntaxError: This OR_PREDICATE block will never execute.',
    ]);
  });

  it('R8.6.5 a missing partial names itself', () => {
    const { output, errors } = render('[{@|apply nirgends}]');
    expect(output).toBe('[]');
    expect(errors).toEqual(["RuntimeError: Attempt to apply partial 'nirgends' which could not be found."]);
  });

  it('R8.6.6 R9.5.1 partials nest at most 16 deep', () => {
    const template = compile('{@|apply tief}');
    const { output, errors } = template.render({}, { partials: { tief: 'x{@|apply tief}' } });
    expect(output).toBe('x'.repeat(16));
    expect(errors.map((e) => e.message)).toEqual([
      "RuntimeError: Attempt to apply partial 'tief' exceeded maximum recursion depth of 16",
    ]);
  });

  it('R8.6.7 R8.6.8 R8.6.9 R8.6.10 R8.6.11 expression errors name the expression', () => {
    const evalErrors = (code: string) => render(`{.eval ${code}}`, {}, { enableEval: true }).errors;
    expect(evalErrors("'offen")).toEqual([
      `RuntimeError: expression "'offen" cannot be parsed: a string is never closed`,
    ]);
    expect(evalErrors("'\\xZZ'")[0]).toContain('\\x must be followed by 2 hex digits');
    expect(evalErrors("'\\u12'")[0]).toContain('\\u must be followed by 4 hex digits');
    expect(evalErrors('(1 + 2')[0]).toContain("missing ')' to close a '('");
    expect(evalErrors('1 + 2)')[0]).toContain("')' without a matching '('");
    expect(evalErrors('hack(1)')[0]).toContain('unknown function hack()');
    expect(evalErrors('1 +')[0]).toContain("missing a value after '+'");
  });

  it('a formatter that throws is reported and prints nothing; the rest renders', () => {
    const broken: Plugin = {
      name: 'broken',
      formatters: {
        kaputt: () => {
          throw new TypeError('boom');
        },
      },
    };
    const template = compile('a{x|kaputt}b', { plugins: [broken] });
    const { output, errors } = template.render({ x: 1 });
    expect(output).toBe('ab');
    expect(errors).toEqual([
      {
        type: 'engine',
        message: 'RuntimeError: Unexpected TypeError error when executing formatter kaputt: boom',
      },
    ]);
  });

  it('compile and render never throw, whatever the template and data', () => {
    const pieces = fc.constantFrom(
      '{',
      '}',
      '{.section a}',
      '{.repeated section a}',
      '{.or}',
      '{.end}',
      '{.alternates with}',
      '{.if a || b}',
      '{.eval 1 +}',
      '{.eval "x}',
      '{a|html}',
      '{a|apply p}',
      '{.macro p}',
      '{.include p}',
      '{##',
      '##}',
      '{.var @v a}',
      '{@v.0}',
      'text',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), fc.jsonValue(), (parts, json) => {
        const template = compile(parts.join(''), { enableEval: true, enableInclude: true });
        const started = performance.now();
        const result = template.render(json, { partials: { p: parts.join('') } });
        expect(typeof result.output).toBe('string');
        // Self-applying partials branch at every level; the work limit keeps even those short.
        expect(performance.now() - started).toBeLessThan(2000);
      }),
      { numRuns: 120 },
    );
  }, 60_000);
});

describe('limits for templates written by site owners', () => {
  it('.eval and .include only run when enabled', () => {
    expect(render('{.eval 1 + 1}').output).toBe('');
    expect(render('{.eval 1 + 1}', {}, { enableEval: true }).output).toBe('2');
    expect(render('{.macro m}M{.end}{.include m output}').output).toBe('');
    expect(render('{.macro m}M{.end}{.include m output}', {}, { enableInclude: true }).output).toBe('M');
  });

  it('stops a render that loops too much and says so', () => {
    // 4 nested loops over 40 items = 2.56 million iterations, far beyond the work limit.
    const list = Array.from({ length: 40 }, (_, i) => i);
    // Sections open names of the current value only, so each level binds the list to a variable first.
    const level = '{.var @l l}{.repeated section @l}';
    const template = compile(`{.repeated section l}${level.repeat(3)}.{.end}{.end}{.end}{.end}`);
    const started = performance.now();
    // A generous time limit, so a slow machine still meets the step limit first.
    const { output, errors } = template.render({ l: list }, { timeLimitMs: 60_000 });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(output.length).toBeLessThan(LIMITS.maxWork);
    expect(errors.map((e) => e.message)).toEqual([
      `RuntimeError: the template did more than ${LIMITS.maxWork} steps`,
    ]);
  });

  it('stops output beyond the size cap', () => {
    const big = 'x'.repeat(100_000);
    const items = Array.from({ length: 100 }, () => big);
    const { output, errors } = compile('{.repeated section items}{@}{.end}').render({ items });
    expect(output.length).toBeLessThanOrEqual(LIMITS.maxOutputLength + big.length);
    expect(errors.map((e) => e.message)).toEqual([
      `RuntimeError: the output grew beyond ${LIMITS.maxOutputLength} characters`,
    ]);
  });

  describe('Finding 6 (#18): a render of an owner-written template has a time budget and an output cap', () => {
    /** Many products, so `json` of them takes a while: the expensive step the finding chained. */
    const items = Array.from({ length: 48 }, (_, i) => ({
      id: `p${i}`,
      title: `Produkt ${i}`,
      body: 'Beschreibung '.repeat(40),
      variants: Array.from({ length: 4 }, (_, k) => ({ sku: `S${i}-${k}`, price: 900 + k, stock: k })),
    }));
    /** Macro m<k> applies m<k-1> twice: 2^14 applications of the leaf within the partial depth. */
    const chain = (leaf: string) => {
      let source = `{.macro m0}${leaf}{.end}`;
      for (let k = 1; k < 15; k++) source += `{.macro m${k}}{@|apply m${k - 1}}{@|apply m${k - 1}}{.end}`;
      return `${source}{@|apply m14}`;
    };
    const messages = (r: { errors: { message: string }[] }) => r.errors.map((e) => e.message);

    it('chained macros rendering {items|json} stop at the output cap at once', () => {
      const started = performance.now();
      const result = compile(chain('{items|json}')).render({ items });
      expect(performance.now() - started).toBeLessThan(2000);
      expect(result.aborted).toBe('output');
      expect(result.output).toBe('');
      expect(messages(result)).toEqual([
        `RuntimeError: the output grew beyond ${LIMITS.maxOutputLength} characters`,
      ]);
    });

    it('chained macros whose output stays small stop at the time limit', () => {
      const started = performance.now();
      const result = compile(chain('{items|json|truncate 3}')).render({ items }, { timeLimitMs: 100 });
      expect(performance.now() - started).toBeLessThan(1000);
      expect(result.aborted).toBe('time');
      expect(messages(result)).toEqual(['RuntimeError: the template ran longer than 100 ms and was stopped']);
    });

    it('the default time limit stops the chain too', () => {
      const started = performance.now();
      const result = compile(chain('{items|json|truncate 3}')).render({ items });
      expect(performance.now() - started).toBeLessThan(LIMITS.maxRenderMs + 1500);
      expect(result.aborted).toBe('time');
    });

    it('expensive tags without any loop or macro stop at the time limit', () => {
      const result = compile('{@|json|truncate 3}'.repeat(5000)).render({ items }, { timeLimitMs: 100 });
      expect(result.aborted).toBe('time');
    });

    it('a shared deadline already passed stops the next render', () => {
      const template = compile('{.repeated section items}{title}{.end}'.repeat(20));
      const result = template.render({ items }, { deadline: performance.now() - 1, timeLimitMs: 250 });
      expect(result.aborted).toBe('time');
      expect(messages(result)).toEqual(['RuntimeError: the template ran longer than 250 ms and was stopped']);
    });

    it('plain tags appended past the cap in macros stop with the cap error, not a string overflow', () => {
      const big = 'x'.repeat(1_000_000);
      let source = '{.macro m0}{big}{big}{.end}';
      for (let k = 1; k < 15; k++) source += `{.macro m${k}}{@|apply m${k - 1}}{@|apply m${k - 1}}{.end}`;
      const result = compile(`${source}{@|apply m14}`).render({ big });
      expect(result.aborted).toBe('output');
      expect(messages(result)).toEqual([
        `RuntimeError: the output grew beyond ${LIMITS.maxOutputLength} characters`,
      ]);
    });

    it('blocks nested thousands deep are an error, not a crash of the render', () => {
      const n = 5000;
      const template = compile(`${'{.section a}'.repeat(n)}x${'{.end}'.repeat(n)}`);
      const result = template.render({ a: {} });
      expect(result.aborted).toBe('nesting');
      expect(messages(result)).toEqual([
        `RuntimeError: the template nests blocks more than ${LIMITS.maxNesting} deep`,
      ]);
      // Within the limit nothing changes.
      const ok = compile(`${'{.section a}'.repeat(50)}x${'{.end}'.repeat(50)}`);
      const nested = (d: number): unknown => (d === 0 ? { z: 1 } : { a: nested(d - 1) });
      expect(ok.render(nested(50)).output).toBe('x');
    });
  });

  it('limits the tokens of one expression', () => {
    const long = Array.from({ length: 400 }, () => '1').join(' + ');
    const { errors } = render(`{.eval ${long}}`, {}, { enableEval: true });
    expect(errors[0]).toContain('more than 500 tokens');
  });

  it('a template cannot read inherited members of the data', () => {
    expect(render('[{constructor}][{a.constructor.name}][{a.hasOwnProperty}]', { a: {} }).output).toBe(
      '[][][]',
    );
  });
});

describe('compiled once', () => {
  it('caches a source from its second compile on, per options', () => {
    const source = '{a} einmalig';
    compile(source);
    const second = compile(source);
    expect(compile(source)).toBe(second);
    compile(source, { enableEval: true });
    expect(compile(source, { enableEval: true })).not.toBe(second);
  });

  it('renders many times with different data and no shared state', () => {
    const template = compile('{.repeated section l}{.var @x @}{@x}{.end}{@x}');
    expect(template.render({ l: [1, 2] }).output).toBe('12');
    expect(template.render({ l: ['a'] }).output).toBe('a');
  });
});
