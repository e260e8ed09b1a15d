import type { AddressInfo } from 'node:net';
import { startServer } from './main.js';
import { startupMessage } from './startup-message.js';

// Entry point of `npm start` (through scripts/start.mjs) and of the end-to-end tests' server process.
startServer().then(
  ({ app, config }) => {
    // Printed, not logged: it is for the person who just typed `npm start`, whatever LOG_LEVEL says.
    console.log(startupMessage(config, (app.server.address() as AddressInfo).port));
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
