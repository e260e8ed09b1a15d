import type { Storage } from '@baukasten/storage';
import { SecretBox, SecretsError } from '../payments/secrets.js';

/*
 * Webhook signing secrets are kept sealed at rest like payment provider keys (payments/secrets.ts, reused
 * here): whoever reads the database or a backup cannot forge deliveries the owner's systems would trust.
 * The context binds a sealed value to its website and subscription, so a ciphertext copied to another row
 * does not open there. The signature of a delivery is unchanged: the HMAC is made with the opened secret.
 *
 * Rows from before sealing hold the secret plain (`whsec_…`). A database migration cannot seal them, since
 * only the server knows SECRETS_KEY; the delivery worker seals them when it starts (`sealStoredWebhookSecrets`,
 * a conditional UPDATE per row, so instances starting together seal each row once), and until then a plain
 * row still signs (`open` passes it through), so no delivery fails in between.
 */

const PLACE = 'webhooks';
const SEALED_PREFIX = 'v1.';

export class WebhookSecrets {
  readonly #box: SecretBox | undefined;

  constructor(key: Buffer | undefined) {
    this.#box = key ? new SecretBox(key) : undefined;
  }

  get canSeal(): boolean {
    return this.#box !== undefined;
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(SEALED_PREFIX);
  }

  seal(websiteId: string, subscriptionId: string, secret: string): string {
    if (!this.#box) throw new SecretsError('NO_KEY', 'SECRETS_KEY fehlt.');
    return this.#box.seal(secret, { websiteId, provider: PLACE, field: subscriptionId });
  }

  /** The secret to sign with; throws SecretsError when a sealed one cannot be opened (no or another key). */
  open(websiteId: string, subscriptionId: string, stored: string): string {
    if (!WebhookSecrets.isSealed(stored)) return stored;
    if (!this.#box) throw new SecretsError('NO_KEY', 'SECRETS_KEY fehlt.');
    return this.#box.open(stored, { websiteId, provider: PLACE, field: subscriptionId });
  }
}

/** Seals every secret still stored plain; returns how many this call sealed. */
export async function sealStoredWebhookSecrets(storage: Storage, secrets: WebhookSecrets): Promise<number> {
  if (!secrets.canSeal) return 0;
  let sealed = 0;
  for (;;) {
    const plain = await storage.webhooks.secretsNotStartingWith(SEALED_PREFIX, 200);
    if (plain.length === 0) return sealed;
    let changed = 0;
    for (const row of plain) {
      const value = secrets.seal(row.websiteId, row.id, row.secret);
      if (await storage.webhooks.replaceSecret(row.websiteId, row.id, row.secret, value)) changed++;
    }
    sealed += changed;
    // Another instance sealed this page meanwhile: the next read finds the rest (or nothing).
    if (changed === 0 && plain.length < 200) return sealed;
  }
}
