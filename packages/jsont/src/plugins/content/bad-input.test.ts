// Site owners' templates feed formatters whatever their data holds; none of ours may throw.

import { describe, expect, it } from 'vitest';
import { datePlugin } from '../date/index.js';
import { i18nPlugin } from '../i18n/index.js';
import { socialPlugin } from '../social/index.js';
import { scopeOver } from './case-files.js';
import { contentPlugin } from './index.js';

const VALUES: unknown[] = [
  undefined,
  null,
  0,
  -1,
  Number.NaN,
  1e308,
  '',
  'abc',
  '12x34',
  true,
  [],
  [1, 'a'],
  {},
  { items: 'x', colorData: 3, oembed: null, location: [], startDate: 'x', website: { timeZone: 42 } },
];
const ARGS: string[][] = [
  [],
  ['x'],
  ['-1'],
  ['in:nonsense', 'out:', 'maxfrac:-5', 'minfrac:99'],
  ['%Q%', '%'],
];
const plugins = [contentPlugin, socialPlugin, datePlugin, i18nPlugin];

describe('formatters and predicates with bad input', () => {
  for (const plugin of plugins) {
    it(`${plugin.name}: never throws and reports at most template errors`, () => {
      for (const value of VALUES) {
        for (const args of ARGS) {
          for (const locale of ['en-US', 'de-DE', 'xx']) {
            const scope = scopeOver(
              { website: { timeZone: 'Nowhere/Else' }, now: 0 },
              { current: value, locale },
            );
            for (const formatter of Object.values(plugin.formatters ?? {})) {
              expect(() => formatter(value, args, scope, [value])).not.toThrow();
            }
            for (const predicate of Object.values(plugin.predicates ?? {})) {
              expect(typeof predicate(args, scope)).toBe('boolean');
            }
            for (const error of scope.errors) expect(error.type).toBe('engine');
          }
        }
      }
    });
  }
});
