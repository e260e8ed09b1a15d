// `npm start`: install what is missing, build, then run the server (it migrates and seeds on its own).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, ensureDeps, root } from './lib/ensure-deps.mjs';

ensureDeps();
build();
await import(pathToFileURL(join(root, 'packages/server/dist/serve.js')).href);
