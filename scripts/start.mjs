// `npm start`: install what is missing, build, then run the server (it migrates and seeds on its own).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, ensureDeps, root } from './lib/ensure-deps.mjs';

ensureDeps();
build();
// React's server renderer picks its production build from NODE_ENV when it is first imported.
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(join(root, 'packages/server/dist/serve.js')).href);
