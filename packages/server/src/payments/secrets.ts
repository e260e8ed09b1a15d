import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Payment provider keys (Stripe's secret key, PayPal's client secret, webhook secrets) are kept encrypted
 * at rest: whoever reads the database or a backup cannot take money out of the merchant's account.
 * AES-256-GCM with a server key (SECRETS_KEY), a fresh random IV per value, and the place a value
 * belongs to (website, provider, field) as additional authenticated data, so a ciphertext copied to
 * another website's row does not decrypt there.
 *
 * Sealed format: `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url). The version lets a later format or
 * key rotation sit beside this one; the key id (first bytes of the key's SHA-256) tells "encrypted with
 * another SECRETS_KEY" apart from "damaged".
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const KEY_BYTES = 32;

export type SecretsErrorType = 'WRONG_KEY' | 'DAMAGED' | 'NO_KEY';

export class SecretsError extends Error {
  constructor(
    readonly type: SecretsErrorType,
    message: string,
  ) {
    super(message);
    this.name = 'SecretsError';
  }
}

export const SECRETS_MESSAGES = {
  wrongKey:
    'Die gespeicherten Zahlungsschlüssel wurden mit einem anderen SECRETS_KEY verschlüsselt. Bitte den ursprünglichen Schlüssel setzen oder die Zugangsdaten neu eingeben.',
  damaged: 'Ein gespeicherter Zahlungsschlüssel ist beschädigt. Bitte die Zugangsdaten neu eingeben.',
  noKeyInProduction:
    'SECRETS_KEY fehlt: Mindestens eine Website hat Zugangsdaten eines Zahlungsanbieters gespeichert, die ohne diesen Schlüssel nicht lesbar sind. Bitte SECRETS_KEY setzen (32 Bytes Base64, z. B. `openssl rand -base64 32`).',
} as const;

/** The place a secret belongs to; part of the authenticated data, so a value only opens where it was sealed. */
export interface SecretContext {
  websiteId: string;
  provider: string;
  field: string;
}

const contextBytes = (context: SecretContext) =>
  Buffer.from(`${context.websiteId}\u0000${context.provider}\u0000${context.field}`, 'utf8');

export class SecretBox {
  readonly #key: Buffer;
  readonly keyId: string;

  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`SECRETS_KEY must be ${KEY_BYTES} bytes`);
    this.#key = Buffer.from(key);
    this.keyId = createHash('sha256').update(key).digest('base64url').slice(0, 8);
  }

  seal(plaintext: string, context: SecretContext): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(contextBytes(context));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [
      VERSION,
      this.keyId,
      iv.toString('base64url'),
      tag.toString('base64url'),
      ciphertext.toString('base64url'),
    ].join('.');
  }

  /** The plaintext; throws SecretsError (WRONG_KEY, DAMAGED) instead of returning anything unverified. */
  open(sealed: string, context: SecretContext): string {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION)
      throw new SecretsError('DAMAGED', SECRETS_MESSAGES.damaged);
    const [, keyId, iv, tag, ciphertext] = parts as [string, string, string, string, string];
    if (keyId !== this.keyId) throw new SecretsError('WRONG_KEY', SECRETS_MESSAGES.wrongKey);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(contextBytes(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SecretsError('DAMAGED', SECRETS_MESSAGES.damaged);
    }
  }

  /** Never print the key, even by accident (console.log, util.inspect, JSON of a config object). */
  toJSON() {
    return `[SecretBox ${this.keyId}]`;
  }
}

/**
 * How a stored key is shown again: its kind prefix (`sk_test_`, `whsec_`) and its last four characters,
 * enough to recognise which key it is, never enough to use it. Short values show nothing of themselves.
 */
export function mask(secret: string): string {
  const value = secret.trim();
  if (value.length < 12) return '…';
  const prefix = /^([a-z]+_(?:test_|live_)?)/i.exec(value)?.[1] ?? '';
  return `${prefix}…${value.slice(-4)}`;
}

const DEV_KEY_FILE = 'secrets.key';

/**
 * The key to seal payment secrets with. SECRETS_KEY when set. Without it, outside production, a key is
 * generated once into DATA_DIR/secrets.key (mode 0600) so local development and tests need no setup and a
 * restart still opens what was sealed; data copied to another DATA_DIR then needs that file too. In
 * production without SECRETS_KEY there is no key (undefined): `requireSecretsKey` then stops the start as
 * soon as a site has stored provider keys, and saving new keys is refused.
 */
export function loadSecretsKey(options: {
  secretsKey?: Buffer;
  dataDir: string;
  production: boolean;
}): Buffer | undefined {
  if (options.secretsKey) return options.secretsKey;
  if (options.production) return undefined;
  const file = join(options.dataDir, DEV_KEY_FILE);
  try {
    return decodeKeyFile(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(options.dataDir, { recursive: true });
  try {
    // 'wx': of two instances starting on one DATA_DIR, one writes the key and the other reads it.
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return decodeKeyFile(readFileSync(file, 'utf8'));
}

function decodeKeyFile(text: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${DEV_KEY_FILE} does not hold ${KEY_BYTES} bytes of base64`);
  return key;
}

/** At start-up: refuses to run without a key when stored provider keys could not be opened. */
export function requireSecretsKey(key: Buffer | undefined, sitesWithStoredKeys: number): void {
  if (!key && sitesWithStoredKeys > 0) throw new SecretsError('NO_KEY', SECRETS_MESSAGES.noKeyInProduction);
}
