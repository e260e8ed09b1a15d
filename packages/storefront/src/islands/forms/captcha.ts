// The browser's half of the visitor-form captcha (server forms/captcha.ts): fetch a challenge for one of
// the actions of spec 7, prove the work with Web Crypto and hand back the token the form sends. The
// protocol is ALTCHA's (v2, SHA-256); the solver is ours, because ALTCHA's own one awaits one hash at a
// time (measured 2.4 times slower) and the form islands already have the captcha's states and texts.
// See docs/decisions/015-libraries-for-markdown-search-captcha-rate-limits.md.

import { type CAPTCHA_ACTIONS, FORM_MESSAGES } from '@baukasten/commerce';

export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

/** An ALTCHA (v2) challenge as the server signed it; the browser sends it back unchanged. */
export interface AltchaChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyPrefix: string;
    keyLength?: number;
    expiresAt?: number;
    data?: Record<string, unknown>;
    [other: string]: unknown;
  };
  signature?: string;
}

/** The answer of GET /api/captcha/challenge. */
export type CaptchaChallenge =
  | {
      provider: 'proof-of-work';
      challenge: AltchaChallenge;
      /** Leading zero bits the derived key must have (informative: the key prefix decides). */
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

/** Above this the work would take a browser minutes; the server asks for 16 bits (key prefix "0000"). */
const MAX_DIFFICULTY = 32;
/** Hash rounds per counter ALTCHA's `cost` may ask for; the server asks for 1. */
const MAX_COST = 16;
/** Hashes started together before the solver lets the page breathe. */
const DEFAULT_BATCH_SIZE = 256;
const HEX = /^(?:[0-9a-f]{2})+$/;
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

const hexBytes = (hex: string) =>
  Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
const bytesHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Whether the key's hex starts with the prefix, without writing the whole key out as hex. */
function startsWithHex(key: Uint8Array, prefix: string): boolean {
  for (let i = 0; i < prefix.length; i++) {
    const byte = key[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 15;
    if (nibble !== Number.parseInt(prefix[i]!, 16)) return false;
  }
  return true;
}

/** ALTCHA's payload: the challenge and its solution as base64 JSON (the widget sends the same). */
function payloadToken(challenge: AltchaChallenge, counter: number, derivedKey: string): string {
  const json = new TextEncoder().encode(JSON.stringify({ challenge, solution: { counter, derivedKey } }));
  return btoa(String.fromCharCode(...json));
}

/**
 * Finds the first counter (0, 1, 2 …) whose key — SHA-256 of salt, nonce and the counter as four
 * big-endian bytes, hashed `cost` times — starts with the challenge's key prefix, and returns the token
 * the server verifies (ALTCHA v2). The hashes of one batch run together in Web Crypto; between batches
 * the page gets the event loop back, so typing and painting go on while the work is done (about 65 000
 * hashes for the server's 16 bits).
 */
export async function solveProofOfWork(
  challenge: AltchaChallenge,
  options: SolveOptions = {},
): Promise<string> {
  const { algorithm, nonce, salt, cost } = challenge.parameters ?? {};
  const keyPrefix = String(challenge.parameters?.keyPrefix ?? '').toLowerCase();
  const keyLength = challenge.parameters?.keyLength ?? 32;
  if (
    algorithm !== 'SHA-256' ||
    !Number.isInteger(cost) ||
    cost < 1 ||
    cost > MAX_COST ||
    !/^[0-9a-f]+$/.test(keyPrefix) ||
    keyPrefix.length * 4 > MAX_DIFFICULTY ||
    !HEX.test(String(nonce)) ||
    !HEX.test(String(salt))
  )
    throw new CaptchaError();
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new CaptchaError();
  const batchSize = Math.max(1, Math.trunc(options.batchSize ?? DEFAULT_BATCH_SIZE));
  const head = new Uint8Array([...hexBytes(salt), ...hexBytes(nonce)]);
  const keyOf = async (counter: number) => {
    const data = new Uint8Array(head.length + 4);
    data.set(head);
    new DataView(data.buffer).setUint32(head.length, counter, false);
    let key = new Uint8Array(await subtle.digest('SHA-256', data));
    for (let round = 1; round < cost; round++) key = new Uint8Array(await subtle.digest('SHA-256', key));
    return key.subarray(0, keyLength);
  };
  // 16 times the expected number of tries: missing that is a broken challenge, not bad luck.
  const maxTries = Math.min(2 ** (keyPrefix.length * 4 + 4), 2 ** 32);
  for (let start = 0; start < maxTries; start += batchSize) {
    if (options.signal?.aborted) throw abortError();
    const counters = Array.from({ length: Math.min(batchSize, maxTries - start) }, (_, i) => start + i);
    const keys = await Promise.all(counters.map(keyOf));
    const found = keys.findIndex((key) => startsWithHex(key, keyPrefix));
    if (found >= 0) return payloadToken(challenge, counters[found]!, bytesHex(keys[found]!));
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
  const challenge = answer?.challenge as AltchaChallenge | undefined;
  if (
    answer?.provider === 'proof-of-work' &&
    typeof challenge?.parameters === 'object' &&
    challenge.parameters !== null &&
    typeof answer.difficulty === 'number'
  ) {
    return {
      provider: 'proof-of-work',
      challenge,
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
  const token = await solveProofOfWork(challenge.challenge, options);
  return { token, expiresAt: challenge.expiresAt };
}
