// The JSON calls of the visitor forms: same-origin credentials and the crumb echoed in X-CSRF-Token
// (double-submit CSRF, server crumb.ts), answers reduced to status, body and the server's German text.

import { readCookie } from '../../cookies.js';

export const FORM_KEY_URL = '/api/form/FormSubmissionKey';
export const SAVE_FORM_SUBMISSION_URL = '/api/form/SaveFormSubmission';
export const RESTOCK_SIGNUP_URL = '/api/commerce/restock-notifications';
/** Spec 7: a signed-in customer's restock sign-up (the account's address, no captcha). */
export const ACCOUNT_RESTOCK_SIGNUP_URL = '/api/site-users/account/notifications/restock';
export const NEWSLETTER_SUBSCRIBE_URL = '/api/newsletter/subscribe';

export interface JsonAnswer {
  ok: boolean;
  /** 0 when no answer came at all (network error). */
  status: number;
  body: unknown;
}

/** The readable `crumb` cookie the server sets for every visitor. */
export function crumbCookie(): string {
  if (typeof document === 'undefined') return '';
  return readCookie(document.cookie, 'crumb') ?? '';
}

/** `error.message` of an error answer (`{error: {type, message}}`), when there is one. */
export function serverMessage(body: unknown): string | null {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

export async function postJson(url: string, payload?: unknown): Promise<JsonAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'X-CSRF-Token': crumbCookie(),
        ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
  } catch {
    return { ok: false, status: 0, body: null };
  }
  const body: unknown = await response.json().catch(() => null);
  return { ok: response.ok, status: response.status, body };
}
