import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const pkg = (name: string) => fileURLToPath(new URL(`./packages/${name}/src/index.ts`, import.meta.url));

// Tests import the workspace packages from source, so no build is needed before `vitest`.
// Exact-match patterns, so a subpath entry such as `@baukasten/storage/testing` resolves to its own file.
const alias = Object.entries({
  '@baukasten/storage/testing': fileURLToPath(
    new URL('./packages/storage/src/test-databases.ts', import.meta.url),
  ),
  '@baukasten/commerce': pkg('commerce'),
  '@baukasten/jsont': pkg('jsont'),
  '@baukasten/storage': pkg('storage'),
  '@baukasten/theme': pkg('theme'),
  '@baukasten/storefront': pkg('storefront'),
  '@baukasten/server': pkg('server'),
}).map(([name, file]) => ({ find: new RegExp(`^${name}$`), replacement: file }));

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.{ts,tsx}'],
          exclude: ['packages/storage/**', 'packages/server/**'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'storage',
          include: ['packages/storage/src/**/*.test.ts', 'packages/server/src/**/*.test.ts'],
          // Storage and API tests share one PostgreSQL database; files run one after another.
          fileParallelism: false,
          // Files share one module graph: each file loading the whole server anew cost minutes of imports.
          // Tests keep no state in modules (each opens its own database and app), nor mock them.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
