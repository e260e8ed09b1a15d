// Test support (imported only by the tests of this folder): a stand-in for `fetch` that answers by
// "METHOD /path", records every call, and hands out proof-of-work challenges like the server does.

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

/** GET /api/captcha/challenge: a new challenge on every call (c1, c2 …), cheap to solve. */
export function challengeHandler(difficulty = 8): Handler {
  let count = 0;
  return () =>
    jsonResponse({
      provider: 'proof-of-work',
      action: 'FORM_BLOCK_SUBMISSION',
      challenge: `c${++count}.signature`,
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
