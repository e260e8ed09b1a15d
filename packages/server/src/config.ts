import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Configuration is read and validated once at start-up; nothing else in the server reads `process.env`.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  DEMO_HOSTNAMES: z.string().default('localhost,127.0.0.1'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'muss mit smtp:// oder smtps:// beginnen')
    .optional()
    .or(z.literal('')),
  MAIL_FROM: z.string().min(3).default('Baukasten <no-reply@baukasten.localhost>'),
  BASE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/, 'muss ein Domainname sein, z. B. baukasten.example')
    .default('localhost'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** How long an outbox message stays claimed by a worker that may have died (ms). */
  EMAIL_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
});

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  logLevel: string;
  seedDemo: boolean;
  demoHostnames: string[];
  /** Outbox delivery through SMTP; without it emails are written as .eml files to DATA_DIR/mail. */
  smtpUrl?: string;
  mailFrom: string;
  /** New sites live at `<subdomain>.<baseDomain>`. */
  baseDomain: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits per visitor). */
  trustProxy: boolean;
  /** Outbox lease: after a crash, a message claimed but not marked sent is retried after this long. */
  emailLeaseMs: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Ungültige Konfiguration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'true',
    demoHostnames: e.DEMO_HOSTNAMES.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    baseDomain: e.BASE_DOMAIN,
    trustProxy: e.TRUST_PROXY === 'true',
    emailLeaseMs: e.EMAIL_LEASE_MS,
  };
}
