// Keeps requirements.md's rule true: every requirement id is named in the title of some test, and no test
// title names an id the requirements do not have (a typo there would make a test look like coverage).
// It reads ../shared/spec/requirements.md beside the repository, as CI places it, and the titles of every
// unit, storage and e2e test file in the tree.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const requirementsFile = join(repo, '../shared/spec/requirements.md');
const present = existsSync(requirementsFile);
const inCi = process.env.CI === 'true' || process.env.CI === '1';
if (!present)
  console.warn(`requirements not found at ${requirementsFile}: skipping requirements-coverage.test.ts`);

const ID = /\bR\d+\.\d+\.\d+\b/g;

/**
 * Editor features of spec 5 and 8 that Baukasten does not have yet, so no test can name them; empty
 * since the Design screen's font picker (R8.7.10, issue #22). The list may only shrink: an id here that
 * a test names fails the check until it is taken out.
 */
const NOT_BUILT_YET: string[] = [];
const TEST_FILE = /\.(test\.tsx?|spec\.ts)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', '.git']);

/** Every test file under the given folders of the repository (build output and dependencies left out). */
function testFiles(dir: string, found: string[] = []): string[] {
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('dist-'))
        testFiles(join(dir, entry.name), found);
    } else if (TEST_FILE.test(entry.name)) {
      found.push(join(dir, entry.name));
    }
  }
  return found;
}

/** The index just past the string literal that starts at `start` (quote at `start`). */
function stringEnd(source: string, start: number): number {
  const quote = source[start];
  let at = start + 1;
  while (at < source.length && source[at] !== quote) at += source[at] === '\\' ? 2 : 1;
  return at + 1;
}

/** The index just past the `)` that closes the `(` at `open`, skipping string literals. */
function groupEnd(source: string, open: number): number {
  let depth = 0;
  for (let at = open; at < source.length; at++) {
    const char = source[at];
    if (char === "'" || char === '"' || char === '`') at = stringEnd(source, at) - 1;
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return at + 1;
  }
  return source.length;
}

/**
 * The titles of `describe`, `it` and `test` calls as written in the source, with modifiers such as
 * `.skipIf(...)`; for `.each(table)` the table too, since its rows fill the title. Only a title counts:
 * an id in a comment or a fixture covers nothing.
 */
export function testTitles(source: string): string[] {
  const titles: string[] = [];
  const call = /\b(?:describe|it|test)\b/g;
  for (let match = call.exec(source); match; match = call.exec(source)) {
    let at = call.lastIndex;
    let modifier = '';
    for (;;) {
      while (/\s/.test(source[at] ?? '')) at++;
      const name = /^\.\s*(\w+)/.exec(source.slice(at, at + 40));
      if (name) {
        modifier = name[1];
        at += name[0].length;
        continue;
      }
      if (source[at] !== '(') break;
      const end = groupEnd(source, at);
      const inner = source.slice(at + 1, end - 1);
      const first = inner.trimStart();
      if (modifier === 'each') titles.push(inner);
      else if (/^['"`]/.test(first)) {
        const offset = inner.length - first.length;
        titles.push(inner.slice(offset + 1, stringEnd(inner, offset) - 1));
      }
      modifier = '';
      at = end;
    }
  }
  return titles;
}

describe('test titles', () => {
  it('are read from it, test and describe calls, not from comments', () => {
    const source = [
      '// R1.1.1 only a comment',
      "describe('R1.1.2 a group', () => {",
      '  it.skipIf(!present)(`R1.1.3 a template title`, () => {});',
      '  test("R1.1.4 double quotes", () => {});',
      "  it(\n    'R1.1.5 on the next line',",
      "    () => expect(answer).toBe('R1.1.6 a fixture, not a title'));",
      "  it.each([['R1.1.7 a row (with brackets)', 1]])('%s', (_, n) => expect(n).toBe(1));",
      "  it.each(rows)('R1.1.8 after a table', () => {});",
    ].join('\n');
    expect(testTitles(source).join(' ').match(ID)).toEqual([
      'R1.1.2',
      'R1.1.3',
      'R1.1.4',
      'R1.1.5',
      'R1.1.7',
      'R1.1.8',
    ]);
  });
});

describe.skipIf(!present && !inCi)('requirement coverage', () => {
  it('every requirement id is named in a test title (but the features not built yet), and every id in a title is a requirement', () => {
    expect(present, `${requirementsFile} is missing; CI keeps ../shared beside the clone`).toBe(true);
    const required = new Set(readFileSync(requirementsFile, 'utf8').match(ID));
    const named = new Map<string, string[]>();
    // This file's own example titles are made up, so it is left out.
    const self = fileURLToPath(import.meta.url);
    const files = [...testFiles(join(repo, 'packages')), ...testFiles(join(repo, 'e2e'))].filter(
      (file) => file !== self,
    );
    for (const file of files) {
      for (const title of testTitles(readFileSync(file, 'utf8'))) {
        for (const id of title.match(ID) ?? []) {
          named.set(id, [...(named.get(id) ?? []), file.slice(repo.length)]);
        }
      }
    }
    const order = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
    const uncovered = [...required].filter((id) => !named.has(id) && !NOT_BUILT_YET.includes(id)).sort(order);
    const builtMeanwhile = NOT_BUILT_YET.filter((id) => named.has(id) || !required.has(id));
    const unknown = [...named.keys()]
      .filter((id) => !required.has(id))
      .sort(order)
      .map((id) => `${id} (${[...new Set(named.get(id))].join(', ')})`);
    expect(required.size).toBeGreaterThan(0);
    expect({ namedByNoTest: uncovered, notARequirement: unknown, builtMeanwhile }).toEqual({
      namedByNoTest: [],
      notARequirement: [],
      builtMeanwhile: [],
    });
  });
});
