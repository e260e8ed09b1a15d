// Keeps the package arrows of README's Architecture section honest (issue #19, item 4): a package's code
// reaches another package only by its name (@baukasten/...), never into its `src` by relative path, and
// only a package it declares in its package.json. The editor (packages/admin) has no package.json: it is
// bundled from source, and EDITOR_MAY_IMPORT below is its declaration. Test files are left out: a contract
// test may read the other side's source (storefront's payload tests read the server's schemas).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packagesDir = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE = /\.(ts|tsx|mts)$/;
const TEST = /\.test\.tsx?$/;
/** What the editor may import; README names the same. */
const EDITOR_MAY_IMPORT = ['@baukasten/commerce'];

/** Module specifiers of import/export statements and dynamic imports (comments and strings are not read). */
const IMPORT =
  /^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !TEST.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function declaredPackages(pkg: string): string[] {
  const file = join(packagesDir, pkg, 'package.json');
  if (!existsSync(file)) return pkg === 'admin' ? EDITOR_MAY_IMPORT : [];
  const json = JSON.parse(readFileSync(file, 'utf8'));
  return Object.keys({ ...json.dependencies, ...json.devDependencies, ...json.peerDependencies });
}

const packages = readdirSync(packagesDir).filter((name) => existsSync(join(packagesDir, name, 'src')));

/** `pkg/file: specifier` for each import of another package's files or of an undeclared @baukasten package. */
function wrongArrows(pkg: string): string[] {
  const declared = new Set(declaredPackages(pkg));
  const wrong: string[] = [];
  for (const file of sourceFiles(join(packagesDir, pkg, 'src'))) {
    const where = `${pkg}/${relative(join(packagesDir, pkg), file)}`;
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2])!;
      if (specifier.startsWith('.')) {
        const target = relative(packagesDir, resolve(dirname(file), specifier)).split(sep);
        if (target[0] !== pkg) wrong.push(`${where}: ${specifier} (another package's files, by path)`);
      } else if (specifier.startsWith('@baukasten/')) {
        const name = specifier.split('/').slice(0, 2).join('/');
        if (!declared.has(name)) wrong.push(`${where}: ${specifier} (not declared in its package.json)`);
      }
    }
  }
  return wrong;
}

describe('package arrows', () => {
  it('finds the packages and their sources', () => {
    expect(packages).toEqual(
      expect.arrayContaining(['admin', 'commerce', 'server', 'storage', 'storefront']),
    );
  });

  it.each(packages)('%s imports other packages only by name, and only those it declares', (pkg) => {
    expect(wrongArrows(pkg)).toEqual([]);
  });

  it('no package declares itself or reaches back to the server', () => {
    for (const pkg of packages.filter((p) => p !== 'server')) {
      const declared = declaredPackages(pkg);
      expect(declared, pkg).not.toContain('@baukasten/server');
      expect(declared, pkg).not.toContain(`@baukasten/${pkg}`);
    }
  });
});
