// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, setCookie } from '../test-kit.js';
import { accounts, products } from './admin-api.js';
import { ApiError, api } from './api-client.js';

beforeEach(() => {
  window.history.replaceState(null, '', '/config/sites/site-1/produkte?q=hemd');
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearCookies();
});

describe('admin API client', () => {
  it('echoes the crumb cookie in X-CSRF-Token on every state-changing call, and sends JSON', async () => {
    setCookie('crumb', 'crumb-123');
    const { sent } = fakeApi({
      'POST /sites/site-1/invitations': {
        status: 201,
        body: { invitation: {}, token: 't', acceptUrl: '/x' },
      },
      'PATCH /sites/site-1': { body: { site: {} } },
      'DELETE /sites/site-1/members/acc-2': { body: { removed: true } },
      'GET /sites/site-1': { body: { site: {} } },
    });
    await api.post('/sites/site-1/invitations', { email: 'a@b.de', roles: [4] });
    await api.patch('/sites/site-1', { title: 'Neu' });
    await api.delete('/sites/site-1/members/acc-2');
    await api.get('/sites/site-1');
    expect(sent.map((r) => [r.method, r.headers['x-csrf-token']])).toEqual([
      ['POST', 'crumb-123'],
      ['PATCH', 'crumb-123'],
      ['DELETE', 'crumb-123'],
      ['GET', undefined],
    ]);
    expect(sent[0].headers['content-type']).toBe('application/json');
    expect(sent[0].body).toEqual({ email: 'a@b.de', roles: [4] });
  });

  it('fetches a crumb first when the browser has none yet, then sends it', async () => {
    const { sent } = fakeApi({
      'GET /session': () => {
        // The server issues the cookie with any admin answer, a 401 included.
        setCookie('crumb', 'fresh-crumb');
        return {
          status: 401,
          body: { error: { type: 'SIGN_IN_REQUIRED', message: 'Bitte melde dich an.' } },
        };
      },
      'POST /session': { body: { account: {}, sites: [] } },
    });
    await accounts.signIn({ email: 'ines@example.de', password: 'geheim-geheim' });
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /session', 'POST /session']);
    expect(sent[1].headers['x-csrf-token']).toBe('fresh-crumb');
    // Priming the crumb is not a reason to leave the page.
    expect(window.location.pathname).toBe('/config/sites/site-1/produkte');
  });

  it('sends the browser to the sign-in page on a 401, remembering where it was', async () => {
    fakeApi({
      'GET /sites/site-1/products': {
        status: 401,
        body: { error: { type: 'SIGN_IN_REQUIRED', message: 'Bitte melde dich an.' } },
      },
    });
    const heard = vi.fn();
    window.addEventListener('popstate', heard);
    await expect(products.list('site-1')).rejects.toMatchObject({
      status: 401,
      message: 'Bitte melde dich an.',
    });
    window.removeEventListener('popstate', heard);
    expect(window.location.pathname).toBe('/config/anmelden');
    expect(new URLSearchParams(window.location.search).get('weiter')).toBe(
      '/config/sites/site-1/produkte?q=hemd',
    );
    expect(heard).toHaveBeenCalled();
  });

  it('stays on the page for a wrong password (also a 401) and hands over the German message', async () => {
    setCookie('crumb', 'c');
    fakeApi({
      'POST /session': {
        status: 401,
        body: { error: { type: 'WRONG_CREDENTIALS', message: 'E-Mail-Adresse oder Passwort ist falsch.' } },
      },
    });
    const failure = accounts.signIn({ email: 'ines@example.de', password: 'falsch-falsch' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ type: 'WRONG_CREDENTIALS' });
    expect(window.location.pathname).toBe('/config/sites/site-1/produkte');
  });

  it('carries the field messages of an input error', async () => {
    setCookie('crumb', 'c');
    fakeApi({
      'POST /sites': {
        status: 400,
        body: {
          error: {
            type: 'INVALID_INPUT',
            message: 'Die Subdomain „admin“ ist reserviert.',
            fields: { subdomain: 'Die Subdomain „admin“ ist reserviert.' },
          },
        },
      },
    });
    const error = await api.post('/sites', { subdomain: 'admin' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fields).toEqual({ subdomain: 'Die Subdomain „admin“ ist reserviert.' });
  });

  it('R8.7.1 R8.7.2 R8.7.3 names a network failure and an answer without a message in German', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('/session')).rejects.toMatchObject({
      type: 'NETWORK_ERROR',
      message: 'Netzwerkfehler: Die Verbindung zum Server konnte nicht hergestellt werden.',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(api.get('/session')).rejects.toMatchObject({
      status: 502,
      message: 'Etwas ist schiefgelaufen. Bitte versuche es erneut.',
    });
  });

  it('builds query strings without empty values', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/orders': { body: { orders: [], total: 0, limit: 50, offset: 0 } },
    });
    await api.get('/sites/site-1/orders', { query: { status: 'open', q: '', from: undefined, offset: 50 } });
    expect(sent[0].path).toBe('/sites/site-1/orders?status=open&offset=50');
  });
});
