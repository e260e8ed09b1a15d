import { vi } from 'vitest';
import { documentCookies } from './visitor-cookies.js';

/*
 * Test doubles for the analytics runtime under happy-dom: a page builder, a fetch that records the calls
 * and answers the context config, a beacon, and a PerformanceObserver the test feeds entries to.
 */

export interface RecordedCall {
  url: string;
  method: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

export interface FakeNetwork {
  calls: RecordedCall[];
  beacons: { url: string; body: string }[];
  /** Calls to one URL. */
  to(url: string): RecordedCall[];
}

/** Stubs fetch and navigator.sendBeacon; the context config answers `config` (null: a 500). */
export function fakeNetwork(
  config: unknown = { website: { id: 'site-1', locale: 'de-DE' } },
  status = 202,
): FakeNetwork {
  const calls: RecordedCall[] = [];
  const beacons: { url: string; body: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const headers = Object.fromEntries(
        [...new Headers(init.headers).entries()].map(([name, value]) => [name.toLowerCase(), value]),
      );
      calls.push({ url, method: init.method ?? 'GET', headers, body: init.body ? String(init.body) : '' });
      if (url === '/api/context/config')
        return config === null
          ? new Response('kaputt', { status: 500 })
          : new Response(JSON.stringify(config), { status: 200 });
      return new Response(JSON.stringify({ accepted: 1 }), { status });
    }),
  );
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: vi.fn((url: string, body: string) => {
      beacons.push({ url, body: String(body) });
      return true;
    }),
  });
  return { calls, beacons, to: (url) => calls.filter((c) => c.url === url) };
}

type Entry = Record<string, unknown> & { entryType: string; startTime: number };

/** A PerformanceObserver the test drives: emit(type, entries) calls every observer of that type. */
export class FakePerformanceObserver {
  static supportedEntryTypes = ['paint', 'largest-contentful-paint', 'layout-shift', 'first-input', 'event'];
  static observers: FakePerformanceObserver[] = [];
  type = '';
  disconnected = false;
  constructor(private readonly callback: (list: { getEntries(): Entry[] }) => void) {
    FakePerformanceObserver.observers.push(this);
  }
  observe(init: { type: string }) {
    this.type = init.type;
  }
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  static emit(type: string, entries: Omit<Entry, 'entryType'>[]) {
    for (const observer of FakePerformanceObserver.observers)
      if (observer.type === type && !observer.disconnected)
        observer.callback({ getEntries: () => entries.map((e) => ({ entryType: type, ...e }) as Entry) });
  }
}

export function fakePerformanceObserver(): typeof FakePerformanceObserver {
  FakePerformanceObserver.observers = [];
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  return FakePerformanceObserver;
}

export interface PageSetup {
  path?: string;
  pageType?: number;
  html?: string;
  htmlData?: Record<string, string>;
  title?: string;
}

/** Puts a server-rendered storefront page into the document. */
export function setPage({ path = '/', pageType = 2, html = '', htmlData = {}, title = 'Laden' }: PageSetup) {
  history.replaceState(null, '', path);
  document.title = title;
  document.documentElement.lang = 'de';
  for (const key of Object.keys(document.documentElement.dataset))
    delete document.documentElement.dataset[key];
  Object.assign(document.documentElement.dataset, htmlData);
  document.body.innerHTML = html;
  document.body.dataset.pageType = String(pageType);
}

/** An island root as the server renders it. */
export function island(name: string, props: object, inner = ''): string {
  const json = JSON.stringify(props).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<div data-island="${name}" data-props="${json}">${inner}</div>`;
}

/** Sets a cookie the server would set (crumb, site-user flag). */
export function setCookie(name: string, value: string) {
  documentCookies().write(name, value, 3600);
}

export function clearCookies() {
  const cookies = documentCookies();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    if (name) cookies.write(name, '', 0);
  }
}

/** The census hit's form fields of a recorded call. */
export function censusForm(call: RecordedCall) {
  const form = new URLSearchParams(call.body);
  return {
    event: form.get('event'),
    ss_cvr: form.get('ss_cvr'),
    data: JSON.parse(form.get('data') ?? 'null') as Record<string, unknown>,
  };
}
