// The `@` names of one frame (`resolveIn`): the frame's value, its loop position and its variables,
// seen through templates and directly.

import { describe, expect, it } from 'vitest';
import { compile } from '../index.js';
import { Frame, resolveIn } from './runtime.js';

const render = (source: string, json: unknown) => compile(source).render(json).output;

describe('names of a frame', () => {
  it('@ is the frame value; other names are its own fields, never inherited ones', () => {
    const frame = new Frame({ a: 1, list: [5] }, undefined);
    expect(resolveIn(frame, '@')).toEqual({ a: 1, list: [5] });
    expect(resolveIn(frame, 'a')).toBe(1);
    expect(resolveIn(frame, 'toString')).toBeUndefined();
    expect(resolveIn(new Frame([7, 8], undefined), 1)).toBe(8);
    expect(resolveIn(new Frame('text', undefined), 'length')).toBeUndefined();
  });

  it('@index counts from 1 and @index0 from 0, only in a frame that is being repeated', () => {
    const frame = new Frame([1, 2, 3], undefined);
    expect(resolveIn(frame, '@index')).toBeUndefined();
    expect(resolveIn(frame, '@index0')).toBeUndefined();
    frame.index = 2;
    expect(resolveIn(frame, '@index')).toBe(3);
    expect(resolveIn(frame, '@index0')).toBe(2);
    expect(render('{.repeated section l}{@index}:{@index0} {.end}[{@index}]', { l: ['a', 'b'] })).toBe(
      '1:0 2:1 []',
    );
    expect(render('{.repeated section l}{.section x}{@index}{.end}{.end}', { l: [{ x: 1 }, { x: 2 }] })).toBe(
      '12',
    );
  });

  it('other @names are the variables set in that frame', () => {
    const frame = new Frame({}, undefined);
    expect(resolveIn(frame, '@v')).toBeUndefined();
    frame.vars = new Map([['@v', 'set']]);
    expect(resolveIn(frame, '@v')).toBe('set');
    expect(resolveIn(frame, '@w')).toBeUndefined();
    expect(render('{.section a}{.var @v b}{.section @}{@v}{.end}{.end}', { a: { b: 'B' } })).toBe('B');
  });
});
