import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CAPTCHA_ACTIONS, RESTOCK_MESSAGES } from '@baukasten/commerce';
import type { Website } from '@baukasten/storage';
import { InMemorySpentTokens, type SpentTokens } from '../shared-state.js';

export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

export const isCaptchaAction = (value: unknown): value is CaptchaAction =>
  (CAPTCHA_ACTIONS as readonly unknown[]).includes(value);

/** What the browser needs to produce a token for one action. */
export type CaptchaChallenge =
  | {
      provider: 'proof-of-work';
      action: CaptchaAction;
      challenge: string;
      difficulty: number;
      expiresAt: number;
    }
  | { provider: 'recaptcha-enterprise'; action: CaptchaAction; siteKey: string };

/** Thrown when a provider cannot work for a website; carries the German (or spec) text to show. */
export class CaptchaUnavailableError extends Error {}

/**
 * A captcha for the four actions of spec 7. Routes only see this interface; the built-in provider is a
 * proof of work, a third-party one (reCAPTCHA Enterprise) is an adapter behind the same two calls.
 */
export interface CaptchaProvider {
  challenge(website: Website, action: CaptchaAction): Promise<CaptchaChallenge>;
  /** True when the token proves a human (or enough work) for this website and action. */
  verify(website: Website, action: CaptchaAction, token: unknown): Promise<boolean>;
}

export interface ProofOfWorkOptions {
  /** Signs challenges; a random one per process unless given (several processes must share it). */
  secret?: string;
  /** Leading zero bits the hash must have: 16 takes a browser a few tens of milliseconds. */
  difficulty?: number;
  ttlMs?: number;
  now?: () => number;
  /** Where spent challenges are remembered; in memory (one process) unless given. */
  spentTokens?: SpentTokens;
}

const leadingZeroBits = (digest: Buffer) => {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
};

const workHash = (challenge: string, nonce: string) =>
  createHash('sha256').update(`${challenge}:${nonce}`).digest();

/** Finds the nonce for a challenge: what the browser does (tests use it too). */
export function solveProofOfWork(challenge: string, difficulty: number): string {
  for (let n = 0; ; n++) {
    const nonce = n.toString(36);
    if (leadingZeroBits(workHash(challenge, nonce)) >= difficulty) return `${challenge}:${nonce}`;
  }
}

/**
 * The built-in captcha: the server hands out a signed challenge (website, action, expiry); the client
 * finds a nonce so that sha256(challenge ":" nonce) starts with `difficulty` zero bits and sends
 * "challenge:nonce" as its token. A token is accepted once: spent challenges are remembered until they
 * expire, in memory or, with REDIS_URL, in Redis for all processes (see shared-state.ts).
 */
export class ProofOfWorkCaptcha implements CaptchaProvider {
  readonly #secret: Buffer;
  readonly #difficulty: number;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #spent: SpentTokens;

  constructor(options: ProofOfWorkOptions = {}) {
    this.#secret = options.secret ? Buffer.from(options.secret) : randomBytes(32);
    this.#difficulty = options.difficulty ?? 16;
    this.#ttlMs = options.ttlMs ?? 10 * 60_000;
    this.#now = options.now ?? Date.now;
    this.#spent = options.spentTokens ?? new InMemorySpentTokens(this.#now);
  }

  #sign(payload: string) {
    return createHmac('sha256', this.#secret).update(payload).digest('base64url');
  }

  async challenge(website: Website, action: CaptchaAction): Promise<CaptchaChallenge> {
    const expiresAt = this.#now() + this.#ttlMs;
    const payload = Buffer.from(
      JSON.stringify([website.id, action, expiresAt, this.#difficulty, randomBytes(9).toString('base64url')]),
    ).toString('base64url');
    const challenge = `${payload}.${this.#sign(payload)}`;
    return { provider: 'proof-of-work', action, challenge, difficulty: this.#difficulty, expiresAt };
  }

  async verify(website: Website, action: CaptchaAction, token: unknown): Promise<boolean> {
    if (typeof token !== 'string' || token.length > 1000) return false;
    const [challenge, nonce, extra] = token.split(':');
    if (!challenge || !nonce || extra !== undefined || nonce.length > 32) return false;
    const [payload, signature] = challenge.split('.');
    if (!payload || !signature) return false;
    const expected = Buffer.from(this.#sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    let fields: unknown;
    try {
      fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return false;
    }
    if (!Array.isArray(fields)) return false;
    const [websiteId, tokenAction, expiresAt, difficulty] = fields as [string, string, number, number];
    const now = this.#now();
    if (websiteId !== website.id || tokenAction !== action || !(expiresAt > now)) return false;
    if (leadingZeroBits(workHash(challenge, nonce)) < difficulty) return false;
    // Spent until it would have expired anyway; shared by all processes when they share the store.
    return this.#spent.spend(`captcha:${challenge}`, Math.max(1, expiresAt - now));
  }
}

/** Asks the third party for a score of a token; the real call needs network and credentials. */
export type RecaptchaAssessment = (input: {
  siteKey: string;
  token: string;
  action: CaptchaAction;
}) => Promise<{ valid: boolean; score: number; action?: string }>;

/**
 * reCAPTCHA Enterprise v3 adapter: the site key comes from the website's recaptchaEnterpriseContext,
 * the assessment from an injected function (a fake in tests, the provider's REST API in production).
 */
export class RecaptchaEnterpriseCaptcha implements CaptchaProvider {
  constructor(
    private readonly assess: RecaptchaAssessment,
    private readonly minScore = 0.5,
  ) {}

  #siteKey(website: Website): string {
    const key = website.settings.recaptchaEnterpriseContext?.recaptchaEnterpriseSiteKey;
    if (!key) throw new CaptchaUnavailableError(RESTOCK_MESSAGES.missingSiteKey);
    return key;
  }

  async challenge(website: Website, action: CaptchaAction): Promise<CaptchaChallenge> {
    return { provider: 'recaptcha-enterprise', action, siteKey: this.#siteKey(website) };
  }

  async verify(website: Website, action: CaptchaAction, token: unknown): Promise<boolean> {
    const siteKey = this.#siteKey(website);
    if (typeof token !== 'string' || token === '' || token.length > 5000) return false;
    const result = await this.assess({ siteKey, token, action });
    return result.valid && result.score >= this.minScore && (!result.action || result.action === action);
  }
}
