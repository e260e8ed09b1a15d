// Differential tests: generated templates and contexts rendered by our engine and by Squarespace's
// reference engine (@squarespace/template-engine, a dev dependency) must print the same.

import { Compiler } from '@squarespace/template-engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from './index.js';

const reference = new Compiler();

function referenceRender(template: string, json: unknown): string {
  const { ctx } = reference.execute({ code: template, json, enableExpr: true, enableInclude: true });
  return ctx.render();
}

const KEYS = ['a', 'b', 'items', 'name', 'n', 'flag'] as const;
const PATHS = [
  'a',
  'b',
  'items',
  'name',
  'n',
  'flag',
  'a.b',
  'items.0',
  'items.1.name',
  '@',
  '@index',
  '@v',
  'zz',
];

const scalar = fc.oneof(
  fc.constantFrom('', 'x', 'Größe & <b>', '"q"', '0'),
  fc.integer({ min: -3, max: 1000 }),
  fc.boolean(),
  fc.constant(null),
);

const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 4, noNullPrototype: true }),
  ),
})).value;

const context = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6, noNullPrototype: true });

const path = fc.constantFrom(...PATHS);
const text = fc.constantFrom('', ' ', 'x', '\n', '<p>', 'Preis: ', '{', '}', '{ a }', ',');
const formatter = fc.constantFrom('', '|html', '|htmlattr', '|json', '|count', '|html|json');

const flat = fc.oneof(
  text,
  fc.tuple(path, formatter).map(([p, f]) => `{${p}${f}}`),
);

const template: fc.Arbitrary<string> = fc.letrec((tie) => ({
  piece: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.tuple(path, formatter).map(([p, f]) => `{${p}${f}}`),
    fc.tuple(path, path).map(([p, q]) => `{${p}, ${q}}`),
    fc.tuple(path, tie('body')).map(([p, b]) => `{.section ${p}}${b}{.end}`),
    fc.tuple(path, tie('body'), tie('body')).map(([p, b, o]) => `{.section ${p}}${b}{.or}${o}{.end}`),
    // Only flat pieces after `.alternates with`: the reference files a block opened there (and all that
    // follows it) under the section's body instead, which we do not copy.
    fc
      .tuple(path, tie('body'), fc.array(flat, { maxLength: 3 }))
      .map(([p, b, s]) => `{.repeated section ${p}}${b}{.alternates with}${s.join('')}{.end}`),
    fc
      .tuple(path, tie('body'), tie('body'))
      .map(([p, b, o]) => `{.repeated section ${p}}${b}{.or}${o}{.end}`),
    fc
      .tuple(path, fc.constantFrom('&&', '||'), path, tie('body'), tie('body'))
      .map(([p, op, q, b, o]) => `{.if ${p} ${op} ${q}}${b}{.or}${o}{.end}`),
    fc.tuple(path, formatter).map(([p, f]) => `{.var @v ${p}${f}}`),
    fc.constantFrom('{.space}', '{.newline}', '{.meta-left}', '{.meta-right}', '{# note}', '{## long ##}'),
  ),
  body: fc.array(tie('piece'), { maxLength: 4 }).map((pieces) => pieces.join('')),
})).body as fc.Arbitrary<string>;

describe('differential: ours and the reference engine print the same', () => {
  it('for generated templates of core instructions, variables and formatters', () => {
    fc.assert(
      fc.property(template, context, (source, json) => {
        const ours = compile(source).render(json).output;
        expect(ours).toBe(referenceRender(source, json));
      }),
      { numRuns: 400 },
    );
  });

  it('for generated .eval expressions', () => {
    const operand = fc.oneof(
      fc.integer({ min: -20, max: 20 }).map(String),
      fc.constantFrom('a', 'b', 'n', '"7"', "'x'", 'true', 'false', 'null', '1.5', '0x1f'),
    );
    const operator = fc.constantFrom(
      '+',
      '-',
      '*',
      '/',
      '%',
      '**',
      '==',
      '!=',
      '===',
      '<',
      '>=',
      '&&',
      '||',
      '&',
      '|',
      '^',
      '<<',
      '>>',
    );
    const expression = fc
      .tuple(operand, fc.array(fc.tuple(operator, operand), { maxLength: 4 }))
      .map(([first, rest]) => first + rest.map(([o, x]) => ` ${o} ${x}`).join(''));
    const json = fc.record({
      a: fc.integer({ min: -5, max: 5 }),
      b: fc.constantFrom('3', 'x', ''),
      n: fc.constant(null),
    });
    fc.assert(
      fc.property(expression, json, (code, data) => {
        const source = `{.eval ${code}}`;
        const ours = compile(source, { enableEval: true }).render(data).output;
        expect(ours).toBe(referenceRender(source, data));
      }),
      { numRuns: 400 },
    );
  });
});
