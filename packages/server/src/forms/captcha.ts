import { randomBytes } from 'node:crypto';
import { CAPTCHA_ACTIONS, RESTOCK_MESSAGES } from '@baukasten/commerce';
import type { Website } from '@baukasten/storage';
import { type Challenge, createChallenge, solveChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { InMemorySpentTokens, type SpentTokens } from '../shared-state.js';

export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

export const isCaptchaAction = (value: unknown): value is CaptchaAction =>
  (CAPTCHA_ACTIONS as readonly unknown[]).includes(value);

/** What the browser needs to produce a token for one action. */
export type CaptchaChallenge =
  | {
      provider: 'proof-of-work';
      action: CaptchaAction;
      /** An ALTCHA (v2) challenge: parameters signed by the server, solved in the browser. */
      challenge: Challenge;
      /** Leading zero bits the derived key must have (its `keyPrefix` of zeros, 4 bits a digit). */
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
  /**
   * Leading zero bits the derived key must have, in steps of 4 (one hex digit of ALTCHA's key prefix):
   * 16 takes a browser a few tens of milliseconds.
   */
  difficulty?: number;
  ttlMs?: number;
  now?: () => number;
  /** Where spent challenges are remembered; in memory (one process) unless given. */
  spentTokens?: SpentTokens;
}

/** The ALTCHA key-derivation this captcha asks for: one SHA-256 of salt, nonce and counter. */
const ALGORITHM = 'SHA-256';
const COST = 1;
/** A token is base64 JSON of the challenge and its solution; anything much longer is not one of ours. */
const MAX_TOKEN_LENGTH = 2000;

/** What a visitor's browser sends: ALTCHA's payload, base64-encoded JSON. */
export const captchaTokenOf = (challenge: Challenge, solution: { counter: number; derivedKey: string }) =>
  Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');

/** Solves a challenge as the browser does (tests use it): ALTCHA's own solver, so the protocol is theirs. */
export async function solveProofOfWork(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha challenge not solved in time');
  return captchaTokenOf(challenge, { counter: solution.counter, derivedKey: solution.derivedKey });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The built-in captcha, on the ALTCHA proof-of-work protocol (altcha-lib): the server hands out a
 * challenge whose parameters (website, action, expiry, salt, nonce, key prefix) it signs with HMAC; the
 * browser finds the counter whose SHA-256 key starts with the prefix and sends challenge and solution as
 * its token. A token is accepted once: spent challenges are remembered until they expire, in memory or,
 * with REDIS_URL, in Redis for all processes (see shared-state.ts).
 */
export class ProofOfWorkCaptcha implements CaptchaProvider {
  readonly #secret: string;
  readonly #keyPrefix: string;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #spent: SpentTokens;

  constructor(options: ProofOfWorkOptions = {}) {
    this.#secret = options.secret || randomBytes(32).toString('base64url');
    this.#keyPrefix = '0'.repeat(Math.max(1, Math.round((options.difficulty ?? 16) / 4)));
    this.#ttlMs = options.ttlMs ?? 10 * 60_000;
    this.#now = options.now ?? Date.now;
    this.#spent = options.spentTokens ?? new InMemorySpentTokens(this.#now);
  }

  async challenge(website: Website, action: CaptchaAction): Promise<CaptchaChallenge> {
    const expiresAt = this.#now() + this.#ttlMs;
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: COST,
      deriveKey,
      keyPrefix: this.#keyPrefix,
      // ALTCHA counts in seconds; rounded down, the challenge never outlives the spent-token memory.
      expiresAt: Math.floor(expiresAt / 1000),
      data: { website: website.id, action },
      hmacSignatureSecret: this.#secret,
    });
    return {
      provider: 'proof-of-work',
      action,
      challenge,
      difficulty: this.#keyPrefix.length * 4,
      expiresAt,
    };
  }

  async verify(website: Website, action: CaptchaAction, token: unknown): Promise<boolean> {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return false;
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    } catch {
      return false;
    }
    if (!isRecord(payload) || !isRecord(payload.challenge) || !isRecord(payload.solution)) return false;
    const { parameters, signature } = payload.challenge;
    if (!isRecord(parameters) || typeof signature !== 'string' || !isRecord(parameters.data)) return false;
    const { counter, derivedKey } = payload.solution;
    if (typeof counter !== 'number' || typeof derivedKey !== 'string') return false;
    // Cheap checks first; the signature (checked by verifySolution) makes them the server's own words.
    const { website: websiteId, action: tokenAction } = parameters.data;
    const expiresAt = Number(parameters.expiresAt) * 1000;
    const now = this.#now();
    if (websiteId !== website.id || tokenAction !== action || !(expiresAt > now)) return false;
    if (parameters.algorithm !== ALGORITHM || parameters.cost !== COST) return false;
    const challenge = { parameters, signature } as unknown as Challenge;
    try {
      const result = await verifySolution({
        challenge,
        solution: { counter, derivedKey },
        deriveKey,
        hmacSignatureSecret: this.#secret,
      });
      if (!result.verified) return false;
    } catch {
      // A forged challenge with parameters the key derivation cannot read (no hex nonce…).
      return false;
    }
    // Spent until it would have expired anyway; shared by all processes when they share the store.
    return this.#spent.spend(`captcha:${signature}`, Math.max(1, expiresAt - now));
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
