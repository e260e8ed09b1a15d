// The browser's half of the visitor-form captcha (server forms/captcha.ts): fetch a challenge for one of
// the actions of spec 7, prove the work with Web Crypto and hand back the token the form sends.

import { type CAPTCHA_ACTIONS, FORM_MESSAGES } from '@baukasten/commerce';

export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

/** The answer of GET /api/captcha/challenge. */
export type CaptchaChallenge =
  | {
      provider: 'proof-of-work';
      challenge: string;
      /** Leading zero bits sha256(challenge ":" nonce) must have. */
      difficulty: number;
      expiresAt?: number;
    }
  | { provider: 'recaptcha-enterprise'; siteKey: string };

/** A captcha that could not be completed; `message` is German and meant for the visitor. */
export class CaptchaError extends Error {
  constructor(message: string = FORM_MESSAGES.captchaIncomplete) {
    super(message);
    this.name = 'CaptchaError';
  }
}

/** Above this the work would take a browser minutes; the server asks for 16. */
const MAX_DIFFICULTY = 32;
/** Hashes started together before the solver lets the page breathe. */
const DEFAULT_BATCH_SIZE = 256;

export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/**
 * Gives the event loop a turn (input, rendering, timers) without the 4 ms clamp nested timeouts get:
 * `scheduler.yield` where the browser has it, else a message to ourselves, else a timeout.
 */
export function yieldToEventLoop(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function abortError(): DOMException {
  return new DOMException('Captcha abgebrochen', 'AbortError');
}

export interface SolveOptions {
  batchSize?: number;
  signal?: AbortSignal;
}

/**
 * Finds the first nonce (counting 0, 1, 2 … written in base 36) for which sha256(challenge ":" nonce)
 * starts with `difficulty` zero bits and returns the token "challenge:nonce". The hashes of one batch run
 * together in Web Crypto; between batches the page gets the event loop back, so typing and painting go
 * on while the work is done (about 65 000 hashes for difficulty 16).
 */
export async function solveProofOfWork(
  challenge: string,
  difficulty: number,
  options: SolveOptions = {},
): Promise<string> {
  if (!Number.isInteger(difficulty) || difficulty < 0 || difficulty > MAX_DIFFICULTY)
    throw new CaptchaError();
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new CaptchaError();
  const batchSize = Math.max(1, Math.trunc(options.batchSize ?? DEFAULT_BATCH_SIZE));
  const encoder = new TextEncoder();
  // 16 times the expected number of tries: missing that is a broken challenge, not bad luck.
  const maxTries = 2 ** Math.min(difficulty + 4, 40);
  for (let start = 0; start < maxTries; start += batchSize) {
    if (options.signal?.aborted) throw abortError();
    const nonces = Array.from({ length: batchSize }, (_, i) => (start + i).toString(36));
    const digests = await Promise.all(
      nonces.map((nonce) => subtle.digest('SHA-256', encoder.encode(`${challenge}:${nonce}`))),
    );
    const found = digests.findIndex((digest) => leadingZeroBits(new Uint8Array(digest)) >= difficulty);
    if (found >= 0) return `${challenge}:${nonces[found]}`;
    await yieldToEventLoop();
  }
  throw new CaptchaError();
}

function serverMessage(body: unknown): string | null {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** GET /api/captcha/challenge?action=…; a refusal carries the server's German text (e.g. a missing site key). */
export async function fetchCaptchaChallenge(
  action: CaptchaAction,
  signal?: AbortSignal,
): Promise<CaptchaChallenge> {
  let response: Response;
  try {
    response = await fetch(`${CAPTCHA_CHALLENGE_URL}?action=${encodeURIComponent(action)}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal,
    });
  } catch {
    if (signal?.aborted) throw abortError();
    throw new CaptchaError();
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new CaptchaError(serverMessage(body) ?? FORM_MESSAGES.captchaIncomplete);
  const answer = body as Partial<Record<string, unknown>> | null;
  if (
    answer?.provider === 'proof-of-work' &&
    typeof answer.challenge === 'string' &&
    typeof answer.difficulty === 'number'
  ) {
    return {
      provider: 'proof-of-work',
      challenge: answer.challenge,
      difficulty: answer.difficulty,
      expiresAt: typeof answer.expiresAt === 'number' ? answer.expiresAt : undefined,
    };
  }
  if (answer?.provider === 'recaptcha-enterprise' && typeof answer.siteKey === 'string')
    return { provider: 'recaptcha-enterprise', siteKey: answer.siteKey };
  throw new CaptchaError();
}

interface RecaptchaEnterprise {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/enterprise.js';
const scriptLoads = new Map<string, Promise<void>>();

function recaptchaEnterprise(): RecaptchaEnterprise | undefined {
  return (globalThis as { grecaptcha?: { enterprise?: RecaptchaEnterprise } }).grecaptcha?.enterprise;
}

/** Loads the provider's script once per site key (spec 7: a captcha script from the provider). */
function loadRecaptchaScript(siteKey: string): Promise<void> {
  if (recaptchaEnterprise()) return Promise.resolve();
  let load = scriptLoads.get(siteKey);
  if (!load) {
    load = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `${RECAPTCHA_SCRIPT}?render=${encodeURIComponent(siteKey)}`;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scriptLoads.delete(siteKey);
        reject(new CaptchaError());
      };
      document.head.appendChild(script);
    });
    scriptLoads.set(siteKey, load);
  }
  return load;
}

async function recaptchaToken(siteKey: string, action: CaptchaAction): Promise<string> {
  await loadRecaptchaScript(siteKey);
  const enterprise = recaptchaEnterprise();
  if (!enterprise) throw new CaptchaError();
  await new Promise<void>((resolve) => enterprise.ready(resolve));
  const token = await enterprise.execute(siteKey, { action }).catch(() => '');
  if (!token) throw new CaptchaError();
  return token;
}

export interface CaptchaToken {
  token: string;
  /** Epoch ms after which the server refuses the token (unknown for third-party tokens). */
  expiresAt?: number;
}

/** One token for one submission: challenge, then the work (or the third-party script). */
export async function captchaToken(action: CaptchaAction, options: SolveOptions = {}): Promise<CaptchaToken> {
  const challenge = await fetchCaptchaChallenge(action, options.signal);
  if (challenge.provider === 'recaptcha-enterprise')
    return { token: await recaptchaToken(challenge.siteKey, action) };
  const token = await solveProofOfWork(challenge.challenge, challenge.difficulty, options);
  return { token, expiresAt: challenge.expiresAt };
}
