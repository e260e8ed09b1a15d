import { resolve } from 'node:path';
import { z } from 'zod';
import type { PublicUrl } from './site-url.js';

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
  /** The demo's local owner account (demo-owner.ts); unset: on unless NODE_ENV is production. */
  DEMO_OWNER: z.enum(['true', 'false']).optional(),
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
  /** Scheme of every absolute link (mails, canonical, sitemap): https in production behind TLS. */
  PUBLIC_URL_SCHEME: z.enum(['http', 'https']).default('http'),
  /** Port written into absolute links; defaults to PORT (local development); 80/443 write none. */
  PUBLIC_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** `production` switches the server's test mode off (see ServerConfig.serverTestMode). */
  NODE_ENV: z.string().optional(),
  /** 32 random bytes, base64: encrypts payment provider keys at rest (payments/secrets.ts). */
  SECRETS_KEY: z
    .string()
    .refine((v) => v === '' || Buffer.from(v, 'base64').length === 32, {
      message: 'muss 32 zufällige Bytes in Base64 sein, z. B. aus `openssl rand -base64 32`',
    })
    .optional(),
  /**
   * Tests only, the one switch of the outbound address guard (outbound-address-guard.ts): product images and
   * webhook deliveries may go to loopback and private addresses (the e2e tests serve and receive on
   * 127.0.0.1). Ignored unless the server runs in test mode; never set in production: it opens the internal
   * network to URLs in uploaded files and webhook addresses. IMPORT_ALLOW_PRIVATE_IMAGE_HOSTS is its old name.
   */
  OUTBOUND_ALLOW_PRIVATE_HOSTS: z.enum(['true', 'false']).default('false'),
  IMPORT_ALLOW_PRIVATE_IMAGE_HOSTS: z.enum(['true', 'false']).default('false'),
  /** Stripe's and PayPal's API base URL; tests and staging point them at a local fake. */
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/, error: 'muss eine http(s)-URL sein' })
    .optional()
    .or(z.literal('')),
  PAYPAL_API_BASE: z
    .url({ protocol: /^https?$/, error: 'muss eine http(s)-URL sein' })
    .optional()
    .or(z.literal('')),
  /** The DNS server that checks own domains' TXT records, `ip:port` or `[ipv6]:port`; unset: the system's. */
  DNS_RESOLVER: z
    .string()
    .regex(
      /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-fA-F:]+\])(?::\d{1,5})?$/,
      'muss eine IP-Adresse mit optionalem Port sein, z. B. 127.0.0.1:5353',
    )
    .optional()
    .or(z.literal('')),
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
  /**
   * The demo shop has a local owner who may sign in on the demo hosts only (demo-owner.ts). Only with the
   * demo, and never with NODE_ENV=production unless DEMO_OWNER=true says so explicitly (`npm start` without
   * NODE_ENV does, see scripts/start.mjs).
   */
  demoOwner: boolean;
  /** Outbox delivery through SMTP; without it emails are written as .eml files to DATA_DIR/mail. */
  smtpUrl?: string;
  mailFrom: string;
  /** New sites live at `<subdomain>.<baseDomain>`. */
  baseDomain: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits per visitor). */
  trustProxy: boolean;
  /** Outbox lease: after a crash, a message claimed but not marked sent is retried after this long. */
  emailLeaseMs: number;
  /**
   * How absolute links are written (security review #18, finding 3): a site's primary hostname with this
   * scheme and port, never the request's Host (site-url.ts).
   */
  publicUrl: PublicUrl;
  /**
   * True unless NODE_ENV is `production`: test payments (the test-card provider) are then possible on
   * every site, which shows the Testmodus banner. In production only a site whose owner switched on its
   * Testmodus takes test payments (security review #18, finding 2).
   */
  serverTestMode: boolean;
  /**
   * The key that encrypts payment provider keys at rest (SECRETS_KEY). Unset outside production: a key
   * generated once per DATA_DIR is used (payments/secrets.ts `loadSecretsKey`); in production the server
   * refuses to start without it as soon as a site has stored provider keys.
   */
  secretsKey?: Buffer;
  /** Image imports and webhooks may call private addresses (OUTBOUND_ALLOW_PRIVATE_HOSTS, tests only). */
  outboundAllowPrivateHosts: boolean;
  /** Base URLs of the payment providers' APIs; unset: the providers' own. */
  stripeApiBase?: string;
  paypalApiBase?: string;
  /** DNS server for own domains' TXT records (DNS_RESOLVER); unset: the system's resolver. */
  dnsResolver?: string;
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
    demoOwner:
      e.SEED_DEMO === 'true' &&
      (e.DEMO_OWNER === 'true' || (e.DEMO_OWNER === undefined && e.NODE_ENV !== 'production')),
    demoHostnames: e.DEMO_HOSTNAMES.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    baseDomain: e.BASE_DOMAIN,
    trustProxy: e.TRUST_PROXY === 'true',
    emailLeaseMs: e.EMAIL_LEASE_MS,
    publicUrl: {
      scheme: e.PUBLIC_URL_SCHEME,
      ...((e.PUBLIC_PORT ?? e.PORT) ? { port: e.PUBLIC_PORT ?? e.PORT } : {}),
    },
    serverTestMode: e.NODE_ENV !== 'production',
    outboundAllowPrivateHosts:
      e.OUTBOUND_ALLOW_PRIVATE_HOSTS === 'true' || e.IMPORT_ALLOW_PRIVATE_IMAGE_HOSTS === 'true',
    ...(e.SECRETS_KEY ? { secretsKey: Buffer.from(e.SECRETS_KEY, 'base64') } : {}),
    ...(e.STRIPE_API_BASE ? { stripeApiBase: e.STRIPE_API_BASE } : {}),
    ...(e.PAYPAL_API_BASE ? { paypalApiBase: e.PAYPAL_API_BASE } : {}),
    ...(e.DNS_RESOLVER ? { dnsResolver: e.DNS_RESOLVER } : {}),
  };
}
