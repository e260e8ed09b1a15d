import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config.js';
import { redactedLoggerOptions } from '../security/log-redaction.js';
import {
  loadSecretsKey,
  mask,
  requireSecretsKey,
  SECRETS_MESSAGES,
  SecretBox,
  SecretsError,
} from './secrets.js';

const key = randomBytes(32);
const box = new SecretBox(key);
const here = { websiteId: 'site-a', provider: 'stripe', field: 'secretKey' };
const secret = 'sk_test_51HxYzAbCdEfGhIjKlMnOpQrStUvWx4242';

describe('SecretBox', () => {
  it('opens what it sealed, and the sealed text contains nothing of the secret', () => {
    const sealed = box.seal(secret, here);
    expect(sealed).toMatch(/^v1\.[\w-]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('sk_test');
    expect(sealed).not.toContain('4242');
    expect(box.open(sealed, here)).toBe(secret);
  });

  it('draws a new IV each time, so one key sealed twice gives two different texts', () => {
    expect(box.seal(secret, here)).not.toBe(box.seal(secret, here));
  });

  it('refuses a value copied to another website, provider or field', () => {
    const sealed = box.seal(secret, here);
    for (const elsewhere of [
      { ...here, websiteId: 'site-b' },
      { ...here, provider: 'paypal' },
      { ...here, field: 'webhookSecret' },
    ]) {
      expect(() => box.open(sealed, elsewhere)).toThrow(SECRETS_MESSAGES.damaged);
    }
  });

  it('refuses a tampered ciphertext instead of returning altered plaintext', () => {
    const parts = box.seal(secret, here).split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => box.open(parts.join('.'), here)).toThrow(SecretsError);
    expect(() => box.open('not-sealed', here)).toThrow(SECRETS_MESSAGES.damaged);
  });

  it('says so when the value was sealed with another SECRETS_KEY', () => {
    const sealed = new SecretBox(randomBytes(32)).seal(secret, here);
    expect(() => box.open(sealed, here)).toThrow(SECRETS_MESSAGES.wrongKey);
  });

  it('never prints its key through inspect or JSON', () => {
    const printed = `${inspect(box)} ${JSON.stringify({ box })}`;
    expect(printed).not.toContain(key.toString('base64'));
    expect(printed).not.toContain(key.toString('hex'));
  });
});

it('masks keys to their kind and last four characters', () => {
  expect(mask(secret)).toBe('sk_test_…4242');
  expect(mask('pk_live_51HxYzAbCdEfGh9876')).toBe('pk_live_…9876');
  expect(mask('whsec_abcdefghijklmnop1234')).toBe('whsec_…1234');
  expect(mask('AYSq3RDGsmBLJE-otTkBtM-jBRd1TCQwFf9RGfwddNXWz0uFU9ztymylOhRS')).toBe('…OhRS');
  expect(mask('short')).toBe('…');
});

describe('the server key', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('reads SECRETS_KEY as 32 bytes of base64 and stops the start on anything else', () => {
    const configured = randomBytes(32).toString('base64');
    expect(readConfig({ SECRETS_KEY: configured }).secretsKey?.toString('base64')).toBe(configured);
    expect(readConfig({}).secretsKey).toBeUndefined();
    expect(() => readConfig({ SECRETS_KEY: randomBytes(16).toString('base64') })).toThrow(/SECRETS_KEY/);
  });

  it('uses SECRETS_KEY when set, in production and outside', () => {
    const configured = randomBytes(32);
    expect(loadSecretsKey({ secretsKey: configured, dataDir: freshDir(), production: true })).toBe(
      configured,
    );
  });

  it('outside production generates one key per DATA_DIR, kept private and the same after a restart', () => {
    const dir = freshDir();
    const first = loadSecretsKey({ dataDir: dir, production: false });
    expect(first).toHaveLength(32);
    expect(loadSecretsKey({ dataDir: dir, production: false })).toEqual(first);
    expect(statSync(join(dir, 'secrets.key')).mode & 0o077).toBe(0);
    expect(readFileSync(join(dir, 'secrets.key'), 'utf8').trim()).toBe(first!.toString('base64'));
    expect(loadSecretsKey({ dataDir: freshDir(), production: false })).not.toEqual(first);
  });

  it('in production has no key without SECRETS_KEY, and refuses to start when a site has stored keys', () => {
    expect(loadSecretsKey({ dataDir: freshDir(), production: true })).toBeUndefined();
    expect(() => requireSecretsKey(undefined, 0)).not.toThrow();
    expect(() => requireSecretsKey(undefined, 2)).toThrow(SECRETS_MESSAGES.noKeyInProduction);
    expect(() => requireSecretsKey(randomBytes(32), 2)).not.toThrow();
  });
});

it('keeps payment keys out of the log, as fields of a logged object and inside message text', async () => {
  const lines: string[] = [];
  const app = Fastify({ logger: redactedLoggerOptions('info', { write: (line) => void lines.push(line) }) });
  const webhookSecret = 'whsec_Zx81NvQ0aB7cD2eF3gH4';
  app.log.info(
    {
      stripe: { secretKey: secret, publishableKey: 'pk_test_abc', webhookSecret },
      paypal: { clientSecret: 'EPx-99' },
    },
    'Zugangsdaten gespeichert',
  );
  app.log.error(`Stripe lehnte ${secret} ab; Signatur mit ${webhookSecret} falsch`);
  await app.close();
  const log = lines.join('');
  expect(log).toContain('Zugangsdaten gespeichert');
  for (const plain of [secret, webhookSecret, 'EPx-99', 'pk_test_abc']) expect(log).not.toContain(plain);
});
