import { t } from '../messages.js';

/*
 * The one place the editor talks HTTP. Every state-changing call echoes the crumb cookie in
 * X-CSRF-Token (the server's double-submit check, packages/server/src/crumb.ts); a 401 that means
 * "nobody is signed in" sends the browser to the sign-in page and remembers where it was.
 */

export const API_BASE = '/api/admin';
export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'X-CSRF-Token';
export const SIGN_IN_PATH = '/config/anmelden';

/** An answer the server refused, with its German message and, for input errors, one per field. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly fields: Readonly<Record<string, string>> = {},
    /** The whole answer, for refusals that carry more (the current stock of a 409). */
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Query parameters; empty and undefined values are left out. */
  query?: Record<string, string | number | undefined>;
  /** A 401 is answered to the caller instead of leaving for the sign-in page (session probe, sign-in). */
  allowSignedOut?: boolean;
}

/** What happens when the server says nobody is signed in; replaceable for tests and the app shell. */
let signInRequired: (returnTo: string) => void = (returnTo) => {
  const target = `${SIGN_IN_PATH}?weiter=${encodeURIComponent(returnTo)}`;
  window.history.pushState(null, '', target);
  window.dispatchEvent(new PopStateEvent('popstate'));
};

export function onSignInRequired(handler: (returnTo: string) => void) {
  signInRequired = handler;
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/**
 * The crumb cookie, fetched first when this browser has none yet: every admin answer issues it, so a
 * GET of the session (which may well answer 401) is enough.
 */
async function crumb(): Promise<string> {
  const existing = readCookie(CRUMB_COOKIE);
  if (existing) return existing;
  try {
    await fetch(apiUrl('/session'), { credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch {
    // The real call reports the network problem.
  }
  return readCookie(CRUMB_COOKIE) ?? '';
}

async function errorOf(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const error = (body as { error?: { type?: string; message?: string; fields?: Record<string, string> } })
    ?.error;
  const fallback = response.status === 404 ? t.contentNotFound : t.somethingWentWrong;
  return new ApiError(
    response.status,
    error?.type ?? `HTTP_${response.status}`,
    error?.message ?? fallback,
    error?.fields ?? {},
    body,
  );
}

export async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers[CRUMB_HEADER] = await crumb();
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', t.networkError);
  }
  if (!response.ok) {
    const error = await errorOf(response);
    // A wrong password is also a 401; only "sign in first" leaves the page.
    if (response.status === 401 && error.type !== 'WRONG_CREDENTIALS' && !options.allowSignedOut)
      signInRequired(window.location.pathname + window.location.search);
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  patch: <T>(path: string, body: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};
