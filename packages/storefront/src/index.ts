import { fileURLToPath } from 'node:url';

export { renderIsland } from './server-render.js';

/** Folder with the built browser bundle (`islands.js`), served by the server under /assets/storefront/. */
export const browserBundleDir = fileURLToPath(new URL('../dist/browser/', import.meta.url));
