import { randomBytes } from 'node:crypto';
import type {
  PaymentProviderMode,
  PaymentProviderName,
  PaymentProviderSettings,
  Storage,
} from '@baukasten/storage';
import type { PaymentGateway } from './payment-gateway.js';
import { paypalGateway } from './paypal/paypal-gateway.js';
import { SecretBox, SecretsError } from './secrets.js';
import { stripeGateway } from './stripe/stripe-gateway.js';

/*
 * Which hosted providers a website has connected, and the gateway built from its keys. The keys are sealed
 * with the server's SECRETS_KEY before they reach the database and opened only here, right before a
 * gateway is built; nothing else in the server sees them in plaintext, and they are never logged.
 */

export interface PaymentConfig {
  /** SECRETS_KEY (or the generated development key). Without it no keys can be stored or opened. */
  secretsKey?: Buffer;
  /** STRIPE_API_BASE / PAYPAL_API_BASE: another API origin (the local fakes in tests). */
  stripeApiBase?: string;
  paypalApiBase?: string;
  /** How long a provider may take before the shopper is told it is not reachable. */
  timeoutMs?: number;
}

/** The fields each provider needs; the editor's form and the API's input follow this list. */
export const PROVIDER_FIELDS = {
  stripe: ['secretKey', 'webhookSecret'],
  paypal: ['clientId', 'clientSecret', 'webhookId'],
} as const satisfies Record<PaymentProviderName, readonly string[]>;

export const REQUIRED_FIELDS: Record<PaymentProviderName, readonly string[]> = {
  stripe: ['secretKey'],
  paypal: ['clientId', 'clientSecret'],
};

export const PROVIDER_NAMES: readonly PaymentProviderName[] = ['stripe', 'paypal'];

/** A provider a shopper can pay with on this website: connected, with its test or live mode. */
export interface ConnectedProvider {
  provider: PaymentProviderName;
  mode: PaymentProviderMode;
}

export class PaymentSetup {
  readonly #box: SecretBox | undefined;

  constructor(
    readonly storage: Storage,
    readonly config: PaymentConfig,
  ) {
    this.#box = config.secretsKey ? new SecretBox(config.secretsKey) : undefined;
  }

  /** Tests and a development server without DATA_DIR: a key for this process only. */
  static ephemeral(storage: Storage, config: Omit<PaymentConfig, 'secretsKey'> = {}): PaymentSetup {
    return new PaymentSetup(storage, { ...config, secretsKey: randomBytes(32) });
  }

  get canStoreKeys(): boolean {
    return this.#box !== undefined;
  }

  seal(websiteId: string, provider: PaymentProviderName, field: string, value: string): string {
    if (!this.#box) throw new SecretsError('NO_KEY', 'SECRETS_KEY fehlt.');
    return this.#box.seal(value, { websiteId, provider, field });
  }

  /** The plaintext keys of stored settings; throws SecretsError when they cannot be opened. */
  open(settings: PaymentProviderSettings): Record<string, string> {
    if (!this.#box) throw new SecretsError('NO_KEY', 'SECRETS_KEY fehlt.');
    const keys: Record<string, string> = {};
    for (const [field, sealed] of Object.entries(settings.sealedKeys)) {
      keys[field] = this.#box.open(sealed, {
        websiteId: settings.websiteId,
        provider: settings.provider,
        field,
      });
    }
    return keys;
  }

  /** A gateway from plaintext keys: to check keys before they are stored. */
  build(
    provider: PaymentProviderName,
    mode: PaymentProviderMode,
    keys: Record<string, string>,
  ): PaymentGateway {
    const timeout = this.config.timeoutMs !== undefined ? { timeoutMs: this.config.timeoutMs } : {};
    if (provider === 'stripe') {
      return stripeGateway({
        secretKey: keys.secretKey ?? '',
        ...(keys.webhookSecret ? { webhookSecret: keys.webhookSecret } : {}),
        ...(this.config.stripeApiBase ? { apiBase: this.config.stripeApiBase } : {}),
        ...timeout,
      });
    }
    return paypalGateway({
      clientId: keys.clientId ?? '',
      clientSecret: keys.clientSecret ?? '',
      ...(keys.webhookId ? { webhookId: keys.webhookId } : {}),
      mode,
      ...(this.config.paypalApiBase ? { apiBase: this.config.paypalApiBase } : {}),
      ...timeout,
    });
  }

  /**
   * Gateways built from stored keys, by website and provider, with the sealed keys they were opened from.
   * Opening the keys and building an SDK client cost a card checkout a fifth of its time (issue #19); the
   * settings are still read every time, so new keys (saved by any instance) build a new gateway at once.
   */
  readonly #gateways = new Map<string, { mode: string; sealed: string; gateway: PaymentGateway }>();

  /** The website's gateway from its stored keys; undefined when not connected or the keys do not open. */
  async gatewayFor(websiteId: string, provider: PaymentProviderName): Promise<PaymentGateway | undefined> {
    return this.gatewayOf(websiteId, await this.storage.payments.findProviderSettings(websiteId, provider));
  }

  /** The same from settings the caller already read (a checkout reads them once for all its steps). */
  gatewayOf(websiteId: string, settings: PaymentProviderSettings | undefined): PaymentGateway | undefined {
    if (!settings || Object.keys(settings.sealedKeys).length === 0) return undefined;
    const provider = settings.provider;
    const key = `${websiteId}/${provider}`;
    const sealed = JSON.stringify(settings.sealedKeys);
    const known = this.#gateways.get(key);
    if (known && known.sealed === sealed && known.mode === settings.mode) return known.gateway;
    try {
      const gateway = this.build(provider, settings.mode, this.open(settings));
      if (this.#gateways.size >= 10_000) this.#gateways.clear();
      this.#gateways.set(key, { mode: settings.mode, sealed, gateway });
      return gateway;
    } catch (error) {
      if (error instanceof SecretsError) return undefined;
      throw error;
    }
  }

  /** The providers whose keys the provider accepted (or that could not be checked yet). */
  async connected(websiteId: string): Promise<ConnectedProvider[]> {
    if (!this.#box) return [];
    return this.connectedIn(await this.storage.payments.listProviderSettings(websiteId));
  }

  /** The same from a website's settings the caller already read; none without SECRETS_KEY (nothing opens). */
  connectedIn(all: readonly PaymentProviderSettings[]): ConnectedProvider[] {
    if (!this.#box) return [];
    return all
      .filter((s) => s.status !== 'error' && Object.keys(s.sealedKeys).length > 0)
      .map((s) => ({ provider: s.provider, mode: s.mode }));
  }
}

/** Stripe tells test keys from live ones by their prefix; the mode follows the key. */
export function stripeModeOf(secretKey: string): PaymentProviderMode {
  return /^(sk|rk)_live_/.test(secretKey) ? 'live' : 'test';
}
