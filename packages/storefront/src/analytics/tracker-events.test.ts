// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackerSchemas, validateEventContent } from '../../../server/src/analytics/tracker-schemas.js';
import { clearCookies, fakeNetwork, setPage } from './analytics-test-kit.js';
import { readPageFacts } from './page-facts.js';
import {
  CLIENT_NAME,
  CLIENT_VERSION,
  resetTrackerWarnings,
  sendTrackerEvent,
  trackerFields,
} from './tracker-events.js';
import { ANALYTICS_ID_NOT_STORED, type CookieStore, recordVisit } from './visitor-cookies.js';

const EVENTS = '/api/v1/clanker/events';
const NOW = Date.UTC(2025, 4, 1, 10, 0, 0);
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  resetTrackerWarnings();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  clearCookies();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('v2 tracker payload', () => {
  it('R3.25.2 every event carries the v2 fields the page knows, and the fields of spec 3 are the server’s', () => {
    setPage({ path: '/laden?sortierung=preis', htmlData: { environment: 'prod' } });
    const memory = new Map<string, string>();
    const store: CookieStore = {
      read: (name) => memory.get(name),
      write: (name, value) => memory.set(name, value),
    };
    const visit = recordVisit(store, NOW, () => 'besucher1');
    const fields = trackerFields(
      readPageFacts(),
      { websiteId: 'site-1', locale: 'de-DE' },
      visit,
      window,
      NOW,
    );

    expect(fields).toMatchObject({
      analytics_id: 'besucher1',
      session_id: 'besucher1.1',
      page_host: window.location.host,
      page_path: '/laden',
      page_query_params: 'sortierung=preis',
      browser_language: navigator.language,
      browser_window_height: window.innerHeight,
      browser_window_width: window.innerWidth,
      user_agent: navigator.userAgent,
      event_occurrence_timestamp: NOW,
      context_website_id: 'site-1',
      resolved_locale: 'de-DE',
      source_environment: 'prod',
      client_name: CLIENT_NAME,
      client_version: CLIENT_VERSION,
    });
    expect(typeof fields.browser_locale).toBe('string');

    // The fields a page view has no value for (an ad campaign, a signed-in member, a link target, a
    // schema of the owner's) are still part of the v2 payload: the server takes them, and no others.
    const complete = {
      ...fields,
      page_referrer_url: 'https://suche.example/?q=tasse',
      marketing_id: 'kampagne-7',
      member_account_id: 'mitglied-3',
      object_identifier: 'tasse1',
      destination_url: 'https://laden.example/cart',
      custom_schema_name: 'eigenes_ereignis',
    };
    expect(validateEventContent(trackerSchemas.page_view, JSON.stringify(complete)).ok).toBe(true);
    expect(validateEventContent(trackerSchemas.page_view, { ...complete, page_pfad: '/' }).ok).toBe(false);
  });

  it('R8.5.4 a tracker call without a payload rejects with "no payload" and sends nothing', async () => {
    const net = fakeNetwork();
    await expect(sendTrackerEvent('page_view', undefined)).rejects.toThrow('no payload');
    await expect(sendTrackerEvent('page_view', null)).rejects.toThrow('no payload');
    expect(net.to(EVENTS)).toHaveLength(0);

    await sendTrackerEvent('page_view', { page_path: '/' });
    expect(JSON.parse(net.to(EVENTS)[0].body)).toEqual({
      eventContent: JSON.stringify({ page_path: '/' }),
      eventSchemaName: 'page_view',
    });
  });
});

describe('analytics id', () => {
  it('R8.5.3 a browser that does not keep the analytics id gives a warning, and the page view still counts', () => {
    const refusing: CookieStore = { read: () => undefined, write: () => {} };
    const visit = recordVisit(refusing, NOW, () => 'besucher1');
    expect(warn).toHaveBeenCalledWith(ANALYTICS_ID_NOT_STORED);
    expect(visit.analyticsId).toBe('besucher1');

    warn.mockClear();
    const memory = new Map<string, string>();
    recordVisit({ read: (name) => memory.get(name), write: (name, value) => memory.set(name, value) }, NOW);
    expect(warn).not.toHaveBeenCalled();
  });
});
