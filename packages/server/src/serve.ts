import { startServer } from './main.js';

// Entry point of `npm start` (through scripts/start.mjs) and of the end-to-end tests' server process.
startServer().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
