// @vitest-environment happy-dom
import { parseVisitCookie } from '@baukasten/commerce';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCookies } from './analytics-test-kit.js';
import {
  type CookieStore,
  documentCookies,
  forgetVisitor,
  recordVisit,
  sessionCookies,
} from './visitor-cookies.js';

/** A cookie store that remembers the attributes each cookie was written with. */
function memoryStore(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const maxAge = new Map<string, number>();
  const store: CookieStore = {
    read: (name) => values.get(name),
    write(name, value, seconds) {
      values.set(name, value);
      maxAge.set(name, seconds);
    },
  };
  return { store, values, maxAge };
}

const T0 = Date.UTC(2025, 4, 1, 10, 0, 0);
const MINUTE = 60_000;

afterEach(() => {
  vi.useRealTimers();
  clearCookies();
});

describe('visitor cookies', () => {
  it('R4.10.1 R3.26.1 R3.26.2 R3.26.4 a first visit creates ss_cvr with count 1 and marks first landing and first session', () => {
    const { store, values } = memoryStore();
    const state = recordVisit(store, T0, () => 'besucher1');
    expect(values.get('ss_cvr')).toBe(`besucher1|${T0}|${T0}|${T0}|1`);
    expect(values.get('ss_cvt')).toBe(String(T0));
    expect(state.visitCount).toBe(1);
    expect(state.session).toEqual({ firstLanding: true, firstSession: true, sessionId: 'besucher1.1' });
    expect(values.get('ss_cvisit')).toBe('besucher1.1');
    expect(values.has('ss_cpvisit')).toBe(false);
  });

  it('R4.10.2 R4.10.3 a visit after the 30-minute session ran out raises the count and sets a new session time', () => {
    const { store, values } = memoryStore();
    recordVisit(store, T0, () => 'besucher1');
    const later = T0 + 31 * MINUTE;
    const state = recordVisit(store, later, () => 'anderer');
    expect(values.get('ss_cvr')).toBe(`besucher1|${T0}|${T0}|${later}|2`);
    expect(values.get('ss_cvt')).toBe(String(later));
    expect(values.get('ss_cpvisit')).toBe(String(T0));
    expect(state.session).toEqual({ firstLanding: true, firstSession: false, sessionId: 'besucher1.2' });
  });

  it('R4.10.2 a page view within the session keeps the visit and only refreshes the session time', () => {
    const { store, values } = memoryStore();
    recordVisit(store, T0, () => 'besucher1');
    const state = recordVisit(store, T0 + 29 * MINUTE);
    expect(values.get('ss_cvr')).toBe(`besucher1|${T0}|${T0}|${T0}|1`);
    expect(values.get('ss_cvt')).toBe(String(T0 + 29 * MINUTE));
    expect(state.session.firstLanding).toBe(false);
  });

  it('R5.8.1 R5.8.2 a malformed ss_cvr or ss_cvt is discarded', () => {
    const { store, values } = memoryStore({ ss_cvr: 'kaputt|1|2', ss_cvt: 'gestern' });
    recordVisit(store, T0, () => 'neu');
    expect(values.get('ss_cvr')).toBe(`neu|${T0}|${T0}|${T0}|1`);
    const withBadSession = memoryStore({ ss_cvr: `alt|${T0}|${T0}|${T0}|3`, ss_cvt: '-5' });
    recordVisit(withBadSession.store, T0 + MINUTE);
    expect(parseVisitCookie(withBadSession.values.get('ss_cvr'))?.visitCount).toBe(4);
  });

  it('R9.8.1 R9.8.5 R9.8.6 R3.26.3 writes the cookies with the lifetimes of spec 9', () => {
    const { store, maxAge, values } = memoryStore();
    recordVisit(store, T0, () => 'id1');
    recordVisit(store, T0 + 40 * MINUTE);
    expect(maxAge.get('ss_cvr')).toBe(2 * 365 * 24 * 3600);
    expect(maxAge.get('ss_cvt')).toBe(30 * 60);
    expect(maxAge.get('ss_cvisit')).toBe(30 * 60);
    expect(maxAge.get('ss_cid')).toBe(390 * 24 * 3600);
    expect(maxAge.get('ss_cpvisit')).toBe(2 * 365 * 24 * 3600);
    expect(values.get('ss_cid')).toBe('id1');
  });

  it('R9.8.2 R9.8.3 cookies use path / and the Secure flag only on https', () => {
    const written: string[] = [];
    const fakeDocument = (protocol: string) =>
      ({
        location: { protocol },
        get cookie() {
          return '';
        },
        set cookie(value: string) {
          written.push(value);
        },
      }) as unknown as Document;
    documentCookies(fakeDocument('https:')).write('ss_cvisit', 'a.1', 1800);
    documentCookies(fakeDocument('http:')).write('ss_cvisit', 'a.1', 1800);
    expect(written[0]).toMatch(/^ss_cvisit=a\.1; Max-Age=1800; Expires=.+; Path=\/; SameSite=Lax; Secure$/);
    expect(written[1]).not.toContain('Secure');
    expect(written[1]).toContain('Path=/');
  });

  it('R4.10.2 in the browser, the session cookie expiring after 30 minutes starts visit 2', () => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    const store = documentCookies();
    recordVisit(store);
    expect(parseVisitCookie(store.read('ss_cvr'))?.visitCount).toBe(1);
    vi.setSystemTime(T0 + 10 * MINUTE);
    recordVisit(store);
    expect(parseVisitCookie(store.read('ss_cvr'))?.visitCount).toBe(1);
    vi.setSystemTime(T0 + 41 * MINUTE);
    expect(store.read('ss_cvt')).toBeUndefined();
    const state = recordVisit(store);
    expect(state.visitCount).toBe(2);
    expect(parseVisitCookie(store.read('ss_cvr'))?.previousVisit).toBe(T0);
  });

  it('R7.9.1 commerce events carry the visitor cookies; declining removes them', () => {
    const store = documentCookies();
    recordVisit(store, Date.now(), () => 'id9');
    expect(Object.keys(sessionCookies(store)).sort()).toEqual(['ss_cid', 'ss_cvisit', 'ss_cvr', 'ss_cvt']);
    forgetVisitor(store);
    expect(sessionCookies(store)).toEqual({});
  });
});
