import { describe, expect, it, vi } from 'vitest';
import type { ApplyOptions, RenderScope } from '../../plugin-api.js';
import { scopeOver } from '../content/case-files.js';
import { corePlugin } from './index.js';

type Scope = RenderScope & { errors: unknown[] };

const formatters = corePlugin.formatters!;
const predicates = corePlugin.predicates!;

/** Runs formatter `name` on `value`; variables resolve in `root` (and `vars` for `@...` names). */
const format = (name: string, value: unknown, args: string[] = [], scope: Scope = scopeOver({})) =>
  formatters[name](value, args, scope, []);

const test = (name: string, args: string[], scope: Scope) => predicates[name](args, scope);

/** A predicate run with `current` as `@` inside `root`. */
const testOn = (name: string, current: unknown, args: string[] = [], root: unknown = {}) =>
  test(name, args, scopeOver(root, { current }));

const DICKENS =
  'It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of ' +
  'foolishness, it was the epoch of belief, it was the epoch of incredulity.';

describe('core plugin tables', () => {
  it('registers every core formatter and predicate (predicates without "?")', () => {
    expect(Object.keys(formatters).sort()).toEqual(
      [
        'apply',
        'count',
        'cycle',
        'encode-space',
        'encode-uri',
        'encode-uri-component',
        'find-first',
        'find-last',
        'format',
        'get',
        'html',
        'htmlattr',
        'htmltag',
        'iter',
        'json',
        'json-pretty',
        'key-by',
        'line-breaks',
        'lookup',
        'mod',
        'output',
        'pluralize',
        'prop',
        'raw',
        'round',
        'safe',
        'slugify',
        'smartypants',
        'str',
        'truncate',
        'url-encode',
      ].sort(),
    );
    expect(Object.keys(predicates).sort()).toEqual(
      [
        'debug',
        'equal',
        'even',
        'greaterThan',
        'greaterThanOrEqual',
        'lessThan',
        'lessThanOrEqual',
        'notEqual',
        'nth',
        'odd',
        'plural',
        'singular',
      ].sort(),
    );
  });
});

describe('escaping formatters', () => {
  const text = '"< foo & bar >"';

  it('html escapes &, < and > but leaves quotes for text between tags', () => {
    expect(format('html', text)).toBe('"&lt; foo &amp; bar &gt;"');
    expect(format('html', "it's")).toBe("it's");
    expect(format('html', '&amp;')).toBe('&amp;amp;');
  });

  it('htmlattr and htmltag also escape double quotes', () => {
    expect(format('htmlattr', text)).toBe('&quot;&lt; foo &amp; bar &gt;&quot;');
    expect(format('htmltag', text)).toBe('&quot;&lt; foo &amp; bar &gt;&quot;');
    expect(format('htmlattr', "'single'")).toBe("'single'");
  });

  it('escapes numbers and booleans as text and prints nothing for null, missing, objects and arrays', () => {
    expect(format('html', 12.5)).toBe('12.5');
    expect(format('htmlattr', false)).toBe('false');
    expect(format('html', null)).toBe('');
    expect(format('html', undefined)).toBe('');
    expect(format('html', { a: '<b>' })).toBe('');
    expect(format('htmlattr', ['<b>'])).toBe('');
  });

  it('encode-space turns every whitespace character into &nbsp;', () => {
    expect(format('encode-space', 'hello, this  message')).toBe('hello,&nbsp;this&nbsp;&nbsp;message');
    expect(format('encode-space', 'a\tb\nc')).toBe('a&nbsp;b&nbsp;c');
  });

  it('encode-uri keeps URI delimiters, encode-uri-component encodes them', () => {
    expect(format('encode-uri', 'Coffee & Tea')).toBe('Coffee%20&%20Tea');
    expect(format('encode-uri', 'https://x.de/a b?q=1#f')).toBe('https://x.de/a%20b?q=1#f');
    expect(format('encode-uri-component', 'Coffee & Tea')).toBe('Coffee%20%26%20Tea');
    expect(format('encode-uri-component', '\ucee4\ud53c\uc640\u0020\ucc28')).toBe(
      '%EC%BB%A4%ED%94%BC%EC%99%80%20%EC%B0%A8',
    );
  });

  it('does not throw on a lone surrogate in a URI', () => {
    expect(format('encode-uri', 'a\ud800b')).toBe('a%EF%BF%BDb');
    expect(format('encode-uri-component', '\udc00')).toBe('%EF%BF%BD');
  });

  it('url-encode percent-encodes UTF-8 bytes and keeps @*_+-./ readable', () => {
    expect(format('url-encode', '\u201c\ud83d\ude0d\u201d')).toBe('%E2%80%9C%F0%9F%98%8D%E2%80%9D');
    expect(format('url-encode', '\u201ca b\u201d')).toBe('%E2%80%9Ca%20b%E2%80%9D');
    expect(format('url-encode', 'a@b*c_d+e-f.g/h')).toBe('a@b*c_d+e-f.g/h');
    expect(format('url-encode', "x=1&y='2'!~")).toBe('x%3D1%26y%3D%272%27%21%7E');
    expect(format('url-encode', 'ä')).toBe('%C3%A4');
    expect(format('url-encode', 'a\tb\u007f~')).toBe('a%09b%7F%7E');
    // A lone half of a surrogate pair is encoded as U+FFFD, as UTF-8 encoding replaces it.
    expect(format('url-encode', 'x\ud83dy\ude0d')).toBe('x%EF%BF%BDy%EF%BF%BD');
    expect(format('url-encode', 12.5)).toBe('12.5');
  });

  it('line-breaks turns newlines into <br/>', () => {
    expect(format('line-breaks', 'one\ntwo\n\nthree')).toBe('one<br/>two<br/><br/>three');
    expect(format('line-breaks', 42)).toBe('42');
  });

  it('safe strips tags from a truthy value and passes falsy values through', () => {
    expect(format('safe', '<a href="/link">link</a>')).toBe('link');
    expect(format('safe', '<b>bold string</b> & more')).toBe('bold string & more');
    expect(format('safe', 0)).toBe(0);
    expect(format('safe', '')).toBe('');
    expect(format('safe', undefined)).toBeUndefined();
  });
});

describe('json, raw and str', () => {
  it('json escapes </ so a string cannot close a script block, in any letter case', () => {
    expect(format('json', "This is a <script>alert('test');</script>")).toBe(
      '"This is a <script>alert(\'test\');<\\/script>"',
    );
    expect(format('json', '<ScRIPt>x</scRIPt>')).toBe('"<ScRIPt>x<\\/scRIPt>"');
    expect(format('json', 'Execute <script type="foo">here();</script >')).toBe(
      '"Execute <script type=\\"foo\\">here();<\\/script >"',
    );
    expect(format('json', 'The script will be ready soon.')).toBe('"The script will be ready soon."');
  });

  it('json prints null and structures as JSON and nothing for a missing value', () => {
    expect(format('json', null)).toBe('null');
    expect(format('json', { a: [1, 'b'], c: true })).toBe('{"a":[1,"b"],"c":true}');
    expect(format('json', 0)).toBe('0');
    expect(format('json', undefined)).toBe('');
  });

  it('json-pretty indents by two spaces and escapes </ too', () => {
    expect(format('json-pretty', { title: 'a </SCRIPT>', n: [1] })).toBe(
      '{\n  "title": "a <\\/SCRIPT>",\n  "n": [\n    1\n  ]\n}',
    );
    expect(format('json-pretty', undefined)).toBe('');
  });

  it('raw prints JSON without escaping', () => {
    expect(format('raw', null)).toBe('null');
    expect(format('raw', false)).toBe('false');
    expect(format('raw', -15)).toBe('-15');
    expect(format('raw', 'Central Park')).toBe('"Central Park"');
    expect(format('raw', { color: 'red' })).toBe('{"color":"red"}');
    expect(format('raw', [1, 2, 'blue'])).toBe('[1,2,"blue"]');
    expect(format('raw', '</script>')).toBe('"</script>"');
    expect(format('raw', undefined)).toBeUndefined();
  });

  it('str prints scalars and nothing for null, objects and arrays', () => {
    expect(format('str', null)).toBe('');
    expect(format('str', false)).toBe('false');
    expect(format('str', -15)).toBe('-15');
    expect(format('str', 'Central Park')).toBe('Central Park');
    expect(format('str', { color: 'red' })).toBe('');
    expect(format('str', [1, 2])).toBe('');
  });
});

describe('text formatters', () => {
  it('truncate defaults to 100 characters and "..."', () => {
    const cut = format('truncate', DICKENS) as string;
    expect(cut.endsWith(' ...')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(103);
    expect(cut).toBe(DICKENS.slice(0, 97) + '...');
    expect(format('truncate', 'short text')).toBe('short text');
  });

  it('truncate cuts after the last whitespace within the limit, with a custom ellipsis', () => {
    expect(format('truncate', DICKENS, ['28'])).toBe('It was the best of times, ...');
    expect(format('truncate', DICKENS, ['55', '!!'])).toBe(
      'It was the best of times, it was the worst of times, !!',
    );
    expect(format('truncate', DICKENS, ['28', ' ! ! !'])).toBe('It was the best of times,  ! ! !');
    expect(format('truncate', 'exactly', ['7'])).toBe('exactly');
  });

  it('truncate cuts at the limit when there is no whitespace, never inside an emoji', () => {
    expect(format('truncate', 'abcdefghij', ['4'])).toBe('abcd...');
    expect(format('truncate', 'abc\ud83d\ude0ddef', ['4'])).toBe('abc...');
  });

  it('truncate leaves the value alone for a limit that is not a positive number', () => {
    expect(format('truncate', 'abcdef', ['0'])).toBe('abcdef');
    expect(format('truncate', 'abcdef', ['x'])).toBe('abcdef');
    expect(format('truncate', { a: 1 }, ['-3'])).toEqual({ a: 1 });
    expect(format('truncate', undefined, ['3'])).toBe('');
  });

  it('slugify keeps letters, digits and dashes, joins words with dashes and lowercases', () => {
    expect(format('slugify', 'International Moose Count Finally Underway')).toBe(
      'international-moose-count-finally-underway',
    );
    expect(format('slugify', "If Strike Isn't Settled Quickly, It May Last Awhile")).toBe(
      'if-strike-isnt-settled-quickly-it-may-last-awhile',
    );
    expect(format('slugify', 'Größe  &  Farbe - 2024')).toBe('gre-farbe---2024');
  });

  it('smartypants makes curly quotes and em dashes', () => {
    expect(format('smartypants', 'Yes, I\'ve read both "Don Quixote" and "A Tale of Two Cities".')).toBe(
      'Yes, I\u2019ve read both \u201cDon Quixote\u201d and \u201cA Tale of Two Cities\u201d.',
    );
    expect(format('smartypants', 'I spoke to Larry--the project lead--about the issue.')).toBe(
      'I spoke to Larry\u2014the project lead\u2014about the issue.',
    );
  });

  it('smartypants opens single quotes at the start, after whitespace and brackets', () => {
    expect(format('smartypants', "'Tis said ('quoted') and 'so'")).toBe(
      '\u2018Tis said (\u2018quoted\u2019) and \u2018so\u2019',
    );
    expect(format('smartypants', '"a"\n"b"')).toBe('\u201ca\u201d\n\u201cb\u201d');
  });

  it('truncate cuts only at ASCII whitespace, and counts the limit in UTF-16 units', () => {
    expect(format('truncate', 'ab\tcd ef', ['4'])).toBe('ab\t...');
    expect(format('truncate', 'ab\ncd', ['4'])).toBe('ab\n...');
    expect(format('truncate', 'ab cd', ['3'])).toBe('ab ...');
    expect(format('truncate', 'ab cd', ['2'])).toBe('ab...');
    // A no-break space holds words together: it is no place to cut.
    expect(format('truncate', 'ab\u00a0cd', ['4'])).toBe('ab\u00a0c...');
    expect(format('truncate', 'ab \ud83d\ude0d', ['4'])).toBe('ab ...');
    expect(format('truncate', 12345, ['2px'])).toBe('12...');
  });

  it('slugify drops other characters before it joins whitespace runs', () => {
    expect(format('slugify', 'a & b')).toBe('a-b');
    expect(format('slugify', ' Lead\tand\ntrail ')).toBe('-lead-and-trail-');
    expect(format('slugify', 'snake_case und\u00a0Café')).toBe('snakecase-und-caf');
    expect(format('slugify', 'A--B')).toBe('a--b');
    expect(format('slugify', 'x - y')).toBe('x---y');
    expect(format('slugify', null)).toBe('');
    expect(format('slugify', 42)).toBe('42');
  });

  it('smartypants decides each quote by the character before it in the original text', () => {
    expect(format('smartypants', "''")).toBe('\u2018\u2019');
    expect(format('smartypants', '""')).toBe('\u201c\u201d');
    // A double quote opens after a single quote that opened, not after one that closed.
    expect(format('smartypants', `"'a'"`)).toBe('\u201c\u2018a\u2019\u201d');
    // A single quote opens after any double quote, even a closing one.
    expect(format('smartypants', `'"a"'`)).toBe('\u2018\u201ca\u201d\u2018');
    expect(format('smartypants', `x'"`)).toBe('x\u2019\u201d');
    // Dashes become em dashes last, so a quote after `--` opens.
    expect(format('smartypants', '--"a" ---')).toBe('\u2014\u201ca\u201d \u2014-');
    expect(format('smartypants', "\u2014'a'")).toBe('\u2014\u2018a\u2019');
    // A slash opens double quotes only; a bracket opens both.
    expect(format('smartypants', `and/"or" a/'b'`)).toBe('and/\u201cor\u201d a/\u2019b\u2019');
    expect(format('smartypants', `["x"] ['y']`)).toBe('[\u201cx\u201d] [\u2018y\u2019]');
    expect(format('smartypants', `a\u00a0'b'\r"c"`)).toBe('a\u00a0\u2018b\u2019\r\u201cc\u201d');
  });

  it('output prints its arguments whatever the value', () => {
    expect(format('output', undefined, ['abc', 'def', 'ghi'])).toBe('abc def ghi');
    expect(format('output', 'ignored', [])).toBe('');
  });

  it('format fills numbered placeholders with the named variables', () => {
    const scope = scopeOver({ foo: 'A', bar: 'B', n: 3, nothing: null });
    expect(format('format', '{0} and {1}', ['foo', 'bar'], scope)).toBe('A and B');
    expect(format('format', '{1} has {0}', ['n', 'foo'], scope)).toBe('A has 3');
    expect(format('format', '[{0}|{1}]', ['nothing', 'missing'], scope)).toBe('[|]');
  });

  it('format reads its arguments in the section around the tag, not in the message', () => {
    const section = { who: 'Ada' };
    const scope: Scope = {
      ...scopeOver({}, { current: '{0} says hi' }),
      resolveEnclosing: (path) => (path === '@' ? section : path === 'who' ? section.who : undefined),
    };
    expect(format('format', '{0} says hi', ['who'], scope)).toBe('Ada says hi');
    expect(format('format', '[{0}]', ['@'], scope)).toBe('[]');
  });

  it('format prints nothing for placeholders past the arguments and drops malformed groups', () => {
    const scope = scopeOver({ a0: 'A', a1: 'B', a2: 'C', a3: 'D', a4: 'E' });
    expect(format('format', '{1} and {5} optional {3}', ['a0', 'a1', 'a2', 'a3'], scope)).toBe(
      'B and  optional D',
    );
    expect(format('format', '{000001} and {10000} and {000004}', ['a0', 'a1', 'a2', 'a3', 'a4'], scope)).toBe(
      'B and  and E',
    );
    expect(format('format', 'x{name}y{1x}z', ['a0', 'a1'], scope)).toBe('xyz');
    expect(format('format', 'open {0', ['a0'], scope)).toBe('open ');
  });
});

describe('numbers and counting', () => {
  it('pluralize picks a suffix: "s" by default, one argument is the plural, two are singular and plural', () => {
    expect([0, 1, 2, 5].map((n) => format('pluralize', n, ['item', 'items']))).toEqual([
      'items',
      'item',
      'items',
      'items',
    ]);
    expect([0, 1, 2].map((n) => format('pluralize', n))).toEqual(['s', '', 's']);
    expect([1, 2].map((n) => format('pluralize', n, ['es']))).toEqual(['', 'es']);
    expect(format('pluralize', '1', ['one', 'many'])).toBe('one');
  });

  it('round rounds halves towards positive infinity', () => {
    expect([-1.9, -1.6, -1.5, -1.4, -1.1, 1.1, 1.4, 1.5, 1.6, 1.9].map((n) => format('round', n))).toEqual([
      -2, -2, -1, -1, -1, 1, 1, 2, 2, 2,
    ]);
    expect(format('round', '2.6')).toBe(3);
    expect(format('round', undefined)).toBe(0);
  });

  it('mod divides by the argument, or by 2 when it is absent, zero or not a number', () => {
    expect([0, 1, 2, 3, 4, 7].map((n) => format('mod', n, ['3']))).toEqual([0, 1, 2, 0, 1, 1]);
    expect([0, 1, 2, 3].map((n) => format('mod', n))).toEqual([0, 1, 0, 1]);
    expect(format('mod', 5, ['0'])).toBe(1);
    expect(format('mod', 5, ['x'])).toBe(1);
    expect(format('mod', -3, ['2'])).toBe(-1);
    expect(format('mod', '7', ['4'])).toBe(3);
  });

  it('cycle picks argument (value - 1) modulo the argument count', () => {
    const args = ['foo', 'bar', 'baz', 'quux'];
    expect([2, 1, 3, 4, 5, 9].map((n) => format('cycle', n, args))).toEqual([
      'bar',
      'foo',
      'baz',
      'quux',
      'foo',
      'foo',
    ]);
    expect(format('cycle', 0, args)).toBe('quux');
    expect(format('cycle', -1, args)).toBe('baz');
    expect(format('cycle', 1, [])).toBeUndefined();
    expect(format('cycle', 1.5, args)).toBeUndefined();
  });

  it('iter prints the 1-based position in the repeated section', () => {
    expect(format('iter', 'a', [], scopeOver({}, { vars: { '@index': 2 } }))).toBe('2');
    expect(format('iter', 'a', [], scopeOver({}))).toBe('');
  });

  it('count counts object keys, array items and string characters; anything else is 0', () => {
    expect(format('count', [0, 1, 2, 3])).toBe(4);
    expect(format('count', { foo: 1, bar: 2, baz: 3 })).toBe(3);
    expect(format('count', 'hi')).toBe(2);
    expect(format('count', 123)).toBe(0);
    expect(format('count', null)).toBe(0);
    expect(format('count', undefined)).toBe(0);
  });
});

describe('data access formatters', () => {
  const people = {
    '123': { person: { name: 'Bob', age: 19 } },
    '456': { person: { name: 'Fred', age: 22 } },
  };

  it('get walks into the value by the values of the named variables', () => {
    const root = { id: '123', key: 'name', objects: { '123': { name: 'Bob' } } };
    expect(format('get', root.objects, ['id', 'key'], scopeOver(root))).toBe('Bob');
    const scope = scopeOver({ paths: { name: ['person', 'name'] } }, { current: '456' });
    expect(format('get', people, ['@', 'paths.name'], scope)).toBe('Fred');
    expect(format('get', people, ['@id'], scopeOver({}, { vars: { '@id': '123' } }))).toEqual(people['123']);
  });

  it('get uses a number value as an array index', () => {
    const scope = scopeOver({ i: 1 });
    expect(format('get', ['a', 'b'], ['i'], scope)).toBe('b');
    expect(format('get', ['a', 'b'], ['@'], scopeOver({}, { current: '1' }))).toBeUndefined();
  });

  it('get without arguments returns the value; a missing variable or key gives missing, null stays null', () => {
    const scope = scopeOver({ id: '123', foo: 'x' });
    expect(format('get', { '123': 'Bob' }, [], scope)).toEqual({ '123': 'Bob' });
    expect(format('get', { '123': 'Bob' }, ['missing', 'id'], scope)).toBeUndefined();
    expect(format('get', { '123': 'Bob' }, ['foo', 'id'], scope)).toBeUndefined();
    expect(format('get', { '123': null }, ['id'], scope)).toBeNull();
    expect(format('get', { '123': 'Bob' }, ['id', 'id'], scope)).toBeUndefined();
  });

  it('prop walks literal dotted paths, with digit steps as array indices', () => {
    const foo = { bar: { quux: { baz: 'xyz' } } };
    expect(format('prop', foo, ['bar', 'quux', 'baz'])).toBe('xyz');
    expect(format('prop', foo, ['bar.quux.baz'])).toBe('xyz');
    expect(format('prop', foo, ['x', 'y', 'z'])).toBeUndefined();
    expect(format('prop', ['foo', 'bar', 'baz'], ['2'])).toBe('baz');
    expect(format('prop', ['foo', 'bar', 'baz'], ['foo'])).toBeUndefined();
    expect(format('prop', { '0': 'foo' }, ['0'])).toBe('foo');
    expect(format('prop', { '0': 'foo' }, ['1'])).toBeUndefined();
    expect(format('prop', { a: 1 }, [])).toEqual({ a: 1 });
  });

  it('lookup resolves a variable whose name another variable holds', () => {
    const root = {
      foo: { bar: 123 },
      baz: 'bar',
      keys: { first: 'name', second: 'make' },
      product: { name: 'Stratocaster', make: 'Fender' },
    };
    // In a variable tag the engine makes the tag's value the innermost context.
    const inTag = (value: unknown) => scopeOver(root, { current: value });
    expect(format('lookup', root.foo, ['baz'], inTag(root.foo))).toBe(123);
    expect(format('lookup', root.product, ['keys.first'], inTag(root.product))).toBe('Stratocaster');
    expect(format('lookup', root.product, ['keys.second'], inTag(root.product))).toBe('Fender');
    expect(format('lookup', root.product, ['nokey'], inTag(root.product))).toBeUndefined();
    expect(format('lookup', root.product, [], inTag(root.product))).toBe('');
  });

  it('key-by keys the items of an array by a path inside each item', () => {
    const list = [
      { name: 'Bob', emails: { primary: 'bob@example.com' } },
      { name: 'Joe', emails: { primary: 'joe@example.com' } },
      { emails: { primary: 'nobody@example.com' } },
    ];
    const keyed = format('key-by', list, ['name']) as Record<string, unknown>;
    expect(Object.keys(keyed)).toEqual(['Bob', 'Joe']);
    expect(format('prop', keyed, ['Bob.emails.primary'])).toBe('bob@example.com');
    expect(Object.keys(format('key-by', list, ['emails.primary']) as object)).toEqual([
      'bob@example.com',
      'joe@example.com',
      'nobody@example.com',
    ]);
    expect(format('key-by', { a: 1 }, ['name'])).toEqual({});
    expect(format('key-by', list, [])).toEqual({});
  });

  it('key-by keeps a "__proto__" key as an ordinary key', () => {
    const keyed = format('key-by', [{ id: '__proto__', v: 1 }], ['id']) as Record<string, unknown>;
    expect(Object.keys(keyed)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(keyed)).toBe(Object.prototype);
  });

  it('find-first and find-last return the first and last item that has a truthy value at the path', () => {
    const items = [
      { id: 'a', inStock: false },
      { id: 'b', inStock: true },
      { id: 'c', inStock: 0 },
      { id: 'd', inStock: 3 },
    ];
    expect(format('find-first', items, ['inStock'])).toBe(items[1]);
    expect(format('find-last', items, ['inStock'])).toBe(items[3]);
    expect(format('find-first', items, ['missing'])).toBeUndefined();
    expect(format('find-first', items)).toBe(items[0]);
    expect(format('find-last', items)).toBe(items[3]);
    expect(format('find-first', [])).toBeUndefined();
    expect(format('find-last', { a: 1 }, ['a'])).toBeUndefined();
  });

  it('find-first and find-last with a table look each item up in the table', () => {
    const scope = scopeOver({
      products: { p1: { available: false }, p2: { available: true }, p3: { available: 1 } },
    });
    const ids = ['p1', 'p2', 'p3', 'p4'];
    expect(format('find-first', ids, ['products', 'available'], scope)).toBe('p2');
    expect(format('find-last', ids, ['products', 'available'], scope)).toBe('p3');
    expect(format('find-first', ids, ['nothing', 'available'], scope)).toBeUndefined();
  });
});

describe('apply', () => {
  const recording = () => {
    const calls: [string, unknown, ApplyOptions | undefined][] = [];
    const scope: Scope = {
      ...scopeOver({}),
      applyPartial: vi.fn((name: string, data: unknown, options?: ApplyOptions) => {
        calls.push([name, data, options]);
        return `<${name}>`;
      }),
    };
    return { calls, scope };
  };

  it('renders the named partial with the value and returns its output', () => {
    const { calls, scope } = recording();
    expect(format('apply', { name: 'Alan' }, ['person'], scope)).toBe('<person>');
    expect(calls).toEqual([['person', { name: 'Alan' }, { private: false }]]);
  });

  it('passes private and key=value arguments; other words are ignored', () => {
    const { calls, scope } = recording();
    format('apply', 'v', ['name', 'foo=1', 'ignore', 'bar=2', 'private', 'ignoreme', 'url=a=b'], scope);
    expect(calls).toEqual([['name', 'v', { private: true, args: { foo: '1', bar: '2', url: 'a=b' } }]]);
  });

  it('passes empty @args when only private follows the name, and a missing value as it is', () => {
    const { calls, scope } = recording();
    format('apply', undefined, ['m', 'private'], scope);
    expect(calls).toEqual([['m', undefined, { private: true, args: {} }]]);
  });

  it('prints nothing without a partial name', () => {
    const { calls, scope } = recording();
    expect(format('apply', 'v', [], scope)).toBe('');
    expect(calls).toEqual([]);
  });
});

describe('comparison predicates', () => {
  const root = {
    a: 3,
    b: 4,
    c: 3,
    name: 'Federal Express',
    obj: { x: [1, 2] },
    same: { x: [1, 2] },
    nil: null,
  };
  const scope = scopeOver(root);

  it('equal compares two variables, a variable with a JSON literal, or @ with one argument', () => {
    expect(test('equal', ['a', 'b'], scope)).toBe(false);
    expect(test('equal', ['a', 'c'], scope)).toBe(true);
    expect(test('equal', ['b', '4'], scope)).toBe(true);
    expect(test('equal', ['a', '4'], scope)).toBe(false);
    expect(test('equal', ['name', '"Federal Express"'], scope)).toBe(true);
    expect(test('equal', ['a', '"Federal Express"'], scope)).toBe(false);
    expect(testOn('equal', 3, ['3'])).toBe(true);
    expect(testOn('equal', 'x', ['"x"'])).toBe(true);
  });

  it('equal never equates a number with the same digits in a string', () => {
    expect(test('equal', ['a', '"3"'], scope)).toBe(false);
    expect(test('notEqual', ['a', '"3"'], scope)).toBe(true);
  });

  it('equal compares objects and arrays by content and counts missing as null', () => {
    expect(test('equal', ['obj', 'same'], scope)).toBe(true);
    expect(test('equal', ['obj.x', '[1,2]'], scope)).toBe(true);
    expect(test('equal', ['obj', '{"x":[1]}'], scope)).toBe(false);
    expect(test('equal', ['nil', 'null'], scope)).toBe(true);
    expect(test('equal', ['missing', 'null'], scope)).toBe(true);
    expect(test('equal', ['a', 'true'], scope)).toBe(false);
  });

  it('notEqual is the negation of equal, and no arguments are false for both', () => {
    expect(test('notEqual', ['a', 'b'], scope)).toBe(true);
    expect(test('notEqual', ['a', 'c'], scope)).toBe(false);
    expect(test('notEqual', ['name', '"Federal Express"'], scope)).toBe(false);
    expect(test('equal', [], scope)).toBe(false);
    expect(test('notEqual', [], scope)).toBe(false);
  });

  it('reads an argument that only starts like JSON as a variable name', () => {
    const odd = scopeOver({ '3rd': 'x', '"q': 'y' });
    expect(test('equal', ['3rd', '"x"'], odd)).toBe(true);
    expect(test('equal', ['"q', '"y"'], odd)).toBe(true);
  });

  it('orders numbers numerically against numbers and numeric strings', () => {
    const numbers = [-2, 0, 1, 3, 5, 6, 8];
    expect(numbers.map((n) => testOn('greaterThan', n, ['@', '3']))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(numbers.map((n) => testOn('greaterThanOrEqual', n, ['@', '3']))).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
    expect(numbers.map((n) => testOn('lessThan', n, ['3']))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(numbers.map((n) => testOn('lessThanOrEqual', n, ['3']))).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(testOn('greaterThan', 10, ['"9"'])).toBe(true);
    expect(testOn('lessThan', 10, ['"9.5"'])).toBe(false);
  });

  it('orders strings by character code, so capitals sort before lower case', () => {
    const strings = ['abc', 'ABC', 'def', 'DEF', 'ghi', 'GHI'];
    expect(strings.map((s) => testOn('greaterThan', s, ['@', '"bcd"']))).toEqual([
      false,
      false,
      true,
      false,
      true,
      false,
    ]);
    expect(strings.map((s) => testOn('lessThanOrEqual', s, ['"def"']))).toEqual([
      true,
      true,
      true,
      true,
      false,
      true,
    ]);
    expect(testOn('lessThan', 'ab', ['"abc"'])).toBe(true);
    expect(testOn('greaterThan', '10', ['9'])).toBe(false);
  });

  it('compares booleans with false before true and anything else only for equality', () => {
    expect(testOn('greaterThan', true, ['false'])).toBe(true);
    expect(testOn('lessThan', false, ['"true"'])).toBe(true);
    expect(testOn('greaterThanOrEqual', { a: 1 }, ['{"a":1}'])).toBe(true);
    expect(testOn('lessThan', { a: 1 }, ['{"a":2}'])).toBe(true);
    expect(testOn('greaterThan', { a: 1 }, ['{"a":2}'])).toBe(false);
  });

  it('a number compared with text that is not a number counts as greater', () => {
    expect(testOn('greaterThan', 3, ['"abc"'])).toBe(true);
    expect(testOn('lessThan', 3, ['"abc"'])).toBe(false);
  });
});

describe('number predicates', () => {
  it('even and odd test the current number, by absolute value; other values are neither', () => {
    const items = [-5, -4, -1, 0, 1, 2, 1.2, -3.3];
    expect(items.map((n) => testOn('even', n))).toEqual([
      false,
      true,
      false,
      true,
      false,
      true,
      false,
      false,
    ]);
    expect(items.map((n) => testOn('odd', n))).toEqual([true, false, true, false, true, false, false, false]);
    expect(testOn('even', '2')).toBe(false);
    expect(testOn('odd', undefined)).toBe(false);
  });

  it('even and odd with an argument test the variable it names', () => {
    const root = { count: 7, pair: 2, text: '4' };
    expect(testOn('odd', 'x', ['count'], root)).toBe(true);
    expect(testOn('even', 'x', ['count'], root)).toBe(false);
    expect(testOn('even', 1, ['pair'], root)).toBe(true);
    expect(testOn('even', 1, ['text'], root)).toBe(false);
    expect(test('even', ['@index'], scopeOver({}, { vars: { '@index': 4 } }))).toBe(true);
  });

  it('nth is true for multiples of the argument, of integers only', () => {
    const numbers = [0, 1, 3, 4, 8, 12, 1.5, -4, -5, -8];
    expect(numbers.map((n) => testOn('nth', n, ['4']))).toEqual([
      true,
      false,
      false,
      true,
      true,
      true,
      false,
      true,
      false,
      true,
    ]);
    expect(testOn('nth', 4, ['0'])).toBe(false);
    expect(testOn('nth', 4, [])).toBe(false);
    expect(testOn('nth', 4, ['"4"'])).toBe(false);
  });

  it('nth with two arguments tests the first against the second', () => {
    const scope = (index0: number) => scopeOver({}, { current: 'A', vars: { '@index0': index0 } });
    expect([0, 1, 2, 3, 6, 7].map((i) => test('nth', ['@index0', '3'], scope(i)))).toEqual([
      true,
      false,
      false,
      true,
      true,
      false,
    ]);
  });

  it('plural is more than one and singular exactly one, reading strings as numbers', () => {
    expect([0, 1, 2, 3].map((n) => testOn('plural', n))).toEqual([false, false, true, true]);
    expect([0, 1, 2, 3].map((n) => testOn('singular', n))).toEqual([false, true, false, false]);
    expect(testOn('plural', '2')).toBe(true);
    expect(testOn('singular', '1')).toBe(true);
    expect(testOn('singular', '1.5')).toBe(false);
    expect(testOn('plural', undefined)).toBe(false);
    expect(testOn('singular', true)).toBe(true);
  });

  it('debug is true when the context has a truthy debug variable', () => {
    expect(test('debug', [], scopeOver({}))).toBe(false);
    expect(test('debug', [], scopeOver({ debug: 1 }))).toBe(true);
    expect(test('debug', [], scopeOver({ debug: 0 }))).toBe(false);
    expect(test('debug', [], scopeOver({ debug: 'yes' }))).toBe(true);
  });
});

describe('shortcuts the engine takes (same results as the plain calls)', () => {
  it('prepared comparisons decide as the predicates do, for literals, variables and odd arguments', () => {
    const root = { a: 3, b: '4', name: 'x', obj: { x: [1, 2] }, '3rd': 'x', '"q': 3, nil: null };
    const argLists = [
      [],
      ['3'],
      ['"x"'],
      ['a'],
      ['a', 'b'],
      ['a', '3'],
      ['b', '4'],
      ['obj.x', '[1,2]'],
      ['obj', '{"x":[1,2]}'],
      ['nil', 'null'],
      ['missing', 'null'],
      ['3rd', '"x"'],
      ['"q', '3'],
      ['a', 'true'],
      ['-2', 'a'],
      ['a', 'b', 'ignored'],
    ];
    const currents = [3, 'x', null, undefined, [1, 2], { x: [1, 2] }, 5];
    let prepared = 0;
    for (const [name, predicate] of Object.entries(predicates)) {
      if (!predicate.withArgs) continue;
      prepared++;
      for (const args of argLists) {
        const decide = predicate.withArgs(args);
        for (const current of currents) {
          const scope = scopeOver(root, { current });
          expect([name, args, current, decide(scope)]).toEqual([name, args, current, predicate(args, scope)]);
        }
      }
    }
    expect(prepared).toBeGreaterThanOrEqual(6);
  });

  it('json|htmlattr in one step equals htmlattr after json, or declines', () => {
    const json = formatters.json!;
    const htmlattr = formatters.htmlattr!;
    const fused = json.fused?.get(htmlattr);
    expect(fused).toBeDefined();
    const values: unknown[] = [
      { Größe: 'S', Farbe: 'Rot' },
      {},
      [],
      ['Größe', 'Farbe'],
      { a: 1, b: -0, c: 1.5e21, d: Number.NaN, e: true, f: null, g: false },
      [1, 'a', null, true],
      'plain',
      'a "quoted" & <b>',
      'Zeile\nzwei',
      'back\\slash',
      '\uD800 lone',
      '😀',
      { '<k>': 'v' },
      { k: '</script>' },
      { nested: { a: 1 } },
      [[1]],
      Object.assign(Object.create(null), { a: 'b' }),
      new Date(0),
      { toJSON: () => 'x' },
      { 2: 'b', 1: 'a', z: 'c' },
      42,
      Number.POSITIVE_INFINITY,
      null,
      undefined,
      false,
    ];
    let taken = 0;
    for (const value of values) {
      const expected = htmlattr(json(value, [], scopeOver({}), []), [], scopeOver({}), []);
      const got = fused!(value, [], scopeOver({}), []);
      if (got !== undefined) {
        taken++;
        expect([value, got]).toEqual([value, expected]);
      }
    }
    expect(taken).toBeGreaterThanOrEqual(12);
  });
});
