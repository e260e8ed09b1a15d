// `npm start`: install what is missing, build when the sources changed, then run the server (it migrates
// and seeds on its own). Two starts from one checkout at once both come up: installing and building each
// happen under a lock, and the second finds the work done (see build.mjs for how a build never touches
// files a running server uses).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureDeps, root } from './lib/ensure-deps.mjs';

await ensureDeps();
const { buildIfChanged, registerRunning, takeBuildLock } = await import('./build.mjs');

// Without NODE_ENV this is the local start of someone trying Baukasten: React's server renderer needs
// `production` to pick its fast build (it reads NODE_ENV when first imported), and the demo shop gets its
// local owner (DEMO_OWNER=true, printed below when ready) even so. A deployment sets NODE_ENV=production
// itself and then has no demo owner unless it sets DEMO_OWNER=true too (packages/server/src/demo-owner.ts).
if (process.env.NODE_ENV === undefined) {
  process.env.NODE_ENV = 'production';
  process.env.DEMO_OWNER ??= 'true';
}

const serverDir = (id) => join(root, 'packages', 'server', `dist-${id}`);
const release = await takeBuildLock(root);
let id;
try {
  ({ id } = await buildIfChanged(root));
  registerRunning(root, id);
  // The whole server is imported now, still under the lock, so no other start can switch a package's dist
  // to another build half way: every module comes from build `id` (the server imports nothing later).
  await import(pathToFileURL(join(serverDir(id), 'main.js')).href);
} finally {
  release();
}
await import(pathToFileURL(join(serverDir(id), 'serve.js')).href);
