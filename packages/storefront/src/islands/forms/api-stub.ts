// Test support (imported only by the tests of this folder): a stand-in for `fetch` that answers by
// "METHOD /path", records every call, and hands out proof-of-work challenges like the server does.

import { createHash } from 'node:crypto';
import type { AltchaChallenge } from './captcha.js';

export interface RecordedCall {
  method: string;
  path: string;
  url: string;
  headers: Record<string, string>;
  credentials?: RequestCredentials;
  /** The parsed JSON body, or undefined when none was sent. */
  body: unknown;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export interface ApiStub {
  calls: RecordedCall[];
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** Paths of the calls made, as "METHOD /path", in order. */
  order(): string[];
  callsTo(route: string): RecordedCall[];
}

export function apiStub(routes: Record<string, Handler>): ApiStub {
  const calls: RecordedCall[] = [];
  return {
    calls,
    order: () => calls.map((c) => `${c.method} ${c.path}`),
    callsTo: (route) => calls.filter((c) => `${c.method} ${c.path}` === route),
    async fetch(input, init = {}) {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = new URL(url, 'http://shop.test').pathname;
      const method = (init.method ?? 'GET').toUpperCase();
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const call: RecordedCall = { method, path, url, headers, credentials: init.credentials, body };
      calls.push(call);
      const handler = routes[`${method} ${path}`];
      if (!handler) return jsonResponse({ error: { type: 'NOT_FOUND', message: 'not stubbed' } }, 404);
      return handler(call);
    },
  };
}

/** An ALTCHA challenge as the server hands it out, with `signature` naming it; `difficulty` in bits (×4). */
export function altchaChallenge(signature: string, difficulty = 8): AltchaChallenge {
  const hex = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);
  return {
    parameters: {
      algorithm: 'SHA-256',
      cost: 1,
      keyLength: 32,
      keyPrefix: '0'.repeat(difficulty / 4),
      nonce: hex(`nonce ${signature}`),
      salt: hex(`salt ${signature}`),
    },
    signature,
  };
}

/** The token's payload: ALTCHA's base64 JSON of challenge and solution. */
export const tokenPayload = (token: string) =>
  JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as {
    challenge: AltchaChallenge;
    solution: { counter: number; derivedKey: string };
  };

/** The key of a counter, derived with node:crypto as the server (altcha-lib) derives it. */
export function derivedKey(challenge: AltchaChallenge, counter: number): string {
  const password = Buffer.alloc(4);
  password.writeUInt32BE(counter);
  const { salt, nonce } = challenge.parameters;
  return createHash('sha256')
    .update(Buffer.concat([Buffer.from(salt, 'hex'), Buffer.from(nonce, 'hex'), password]))
    .digest('hex');
}

/** Leading zero bits of the key the token's counter really derives (0 when the token lies about it). */
export function provenBits(token: string): number {
  const { challenge, solution } = tokenPayload(token);
  const key = derivedKey(challenge, solution.counter);
  if (key !== solution.derivedKey) return 0;
  return (/^0*/.exec(key)?.[0].length ?? 0) * 4;
}

/** The signature naming the challenge a token answers (c1.signature, c2.signature …). */
export const signatureOf = (token: string | null) => (token ? tokenPayload(token).challenge.signature : null);

/** GET /api/captcha/challenge: a new challenge on every call (c1, c2 …), cheap to solve. */
export function challengeHandler(difficulty = 8): Handler {
  let count = 0;
  return () =>
    jsonResponse({
      provider: 'proof-of-work',
      action: 'FORM_BLOCK_SUBMISSION',
      challenge: altchaChallenge(`c${++count}.signature`, difficulty),
      difficulty,
      expiresAt: Date.now() + 10 * 60_000,
    });
}

/** A promise settled from outside, to hold a request open while the test looks at the form. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Sets the readable crumb cookie as the server's Set-Cookie would; null removes it. */
export function setCrumbCookie(value: string | null): void {
  const cookie =
    value === null ? 'crumb=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/' : `crumb=${value}; path=/`;
  // biome-ignore lint/suspicious/noDocumentCookie: the islands read the crumb from document.cookie.
  document.cookie = cookie;
}
