import { openStorage, seedDemoShop } from '@baukasten/storage';
import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { startEmailDelivery } from './email/email-delivery.js';
import { openSharedState } from './shared-state.js';

/**
 * Starts one server: migrate, seed the demo shop on first start (the seed is idempotent), listen, and on
 * SIGTERM/SIGINT stop taking connections, let in-flight requests finish, then close the database.
 */
export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = readConfig(env);
  const shared = openSharedState(config.redisUrl);
  const storage = await openStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await storage.migrate();
  if (config.seedDemo) await seedDemoShop(storage, { hostnames: config.demoHostnames });
  const app = await buildApp({
    storage,
    logLevel: config.logLevel,
    shared,
    baseDomain: config.baseDomain,
    trustProxy: config.trustProxy,
  });
  await app.listen({ port: config.port, host: config.host });
  const email = startEmailDelivery(storage, config, app.log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await email.stop();
    await shared.close();
    await storage.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return { app, storage, config };
}

export { buildApp } from './app.js';
export { readConfig } from './config.js';
