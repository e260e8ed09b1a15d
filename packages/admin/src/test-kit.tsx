import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Session, Site } from './api/admin-types.js';
import { SessionProvider } from './session.js';
import { SiteProvider, siteState } from './site-context.js';

/*
 * Test helpers for the editor's component tests: a stubbed fetch that answers like the admin API and
 * records what the editor sent, and a site to render screens inside.
 */

export interface SentRequest {
  method: string;
  /** Path and query without the /api/admin prefix: '/sites/s1/products?q=x'. */
  path: string;
  headers: Record<string, string>;
  body: any;
}

type Answer =
  | { status?: number; body?: unknown }
  | ((request: SentRequest) => { status?: number; body?: unknown });

/**
 * Stubs global fetch. `routes` maps 'METHOD /path' (without /api/admin and query) to an answer; an
 * unknown route answers the server's generic 404. Returns the list of requests sent.
 */
export function fakeApi(routes: Record<string, Answer | Promise<Answer>>) {
  const sent: SentRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/admin/, '');
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const request: SentRequest = {
      method: init.method ?? 'GET',
      path: path + url.search,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    const route = await routes[`${request.method} ${path}`];
    const answer = typeof route === 'function' ? route(request) : route;
    if (!answer)
      return new Response(JSON.stringify({ error: { type: 'NOT_FOUND', message: 'Nicht gefunden.' } }), {
        status: 404,
      });
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { sent, fetch: fetchStub };
}

export function setCookie(name: string, value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: tests play the server that sets the crumb cookie.
  document.cookie = `${name}=${value}; path=/`;
}

export function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0].trim();
    // biome-ignore lint/suspicious/noDocumentCookie: tests reset the browser's cookies between cases.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** Each test starts with the crumb cookie set; afterwards the screen is unmounted, globals and cookies reset. */
export function freshBrowserPerTest() {
  beforeEach(() => setCookie('crumb', 'crumb-1'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearCookies();
  });
}

/** The page "Über uns" (page-1) as the collections API lists it. */
export const testPage = {
  id: 'page-1',
  type: 'page' as const,
  typeCode: 10,
  title: 'Über uns',
  urlId: 'ueber-uns',
  fullUrl: '/ueber-uns',
  isHomePage: false,
  position: 1,
  hidden: false,
  seo: { title: null, description: null, socialImage: null },
  hasUnpublishedChanges: false,
  draftUpdatedAt: null,
  createdAt: 0,
  updatedAt: 0,
};

export const testSite = (changes: Partial<Site> = {}): Site => ({
  id: 'site-1',
  title: 'Laden am Eck',
  hostnames: ['laden.localhost'],
  url: 'http://laden.localhost:3000',
  locale: 'de-DE',
  timeZone: 'Europe/Berlin',
  currency: 'EUR',
  settings: {},
  createdAt: 0,
  roles: [1],
  roleNames: ['Administrator'],
  permissions: [],
  ...changes,
});

export const testSession = (changes: Partial<Session> = {}): Session => ({
  account: { id: 'acc-1', email: 'ines@example.de', name: 'Ines', createdAt: 0 },
  sites: [],
  ...changes,
});

/** Renders a site screen with the site (and a signed-in session) in context. */
export function renderInSite(ui: ReactNode, site: Site = testSite()) {
  return render(
    <SessionProvider initial={testSession()}>
      <SiteProvider value={siteState(site)}>{ui}</SiteProvider>
    </SessionProvider>,
  );
}
