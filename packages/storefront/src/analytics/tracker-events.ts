import {
  EVENT_SOURCES,
  resolveTrackingLocale,
  type SourceEnvironment,
  trackerEnvironmentWarning,
  trackerStatusError,
} from '@baukasten/commerce';
import type { PageFacts } from './page-facts.js';
import { postJson, TRACKER_EVENTS_URL } from './tracking-transport.js';
import type { VisitState } from './visitor-cookies.js';

/*
 * The v2 tracker of spec 3 and 7: an event is the JSON text of its content plus a schema name, posted to
 * /api/v1/clanker/events. The server's schemas are strict, so content carries only the fields of spec 3
 * (and the commerce fields of spec 7). Answers other than 200 and 202 are only logged.
 */

export const CLIENT_NAME = 'baukasten-storefront';
export const CLIENT_VERSION = '1.0.0';
const URL_MAX = 2083;

export interface TrackerSite {
  websiteId?: string;
  locale?: string;
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
const size = (value: number) => Math.max(0, Math.min(100_000, Math.round(value || 0)));

let environmentWarned = false;

/** The source environment when it is one of spec 3's; warns once per page otherwise (spec 8). */
function sourceEnvironment(environment: string | undefined): SourceEnvironment | undefined {
  const warning = trackerEnvironmentWarning(environment);
  if (!warning) return environment as SourceEnvironment;
  if (!environmentWarned) {
    environmentWarned = true;
    console.warn(warning);
  }
  return undefined;
}

function browserLocale(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().locale;
  } catch {
    return undefined;
  }
}

/** The v2 tracker fields every event carries (spec 3). Missing values are left out, not null. */
export function trackerFields(
  facts: PageFacts,
  site: TrackerSite,
  visit: VisitState | null,
  win: Window = window,
  now: number = Date.now(),
): Record<string, unknown> {
  const content: Record<string, unknown> = {
    analytics_id: visit?.analyticsId,
    session_id: visit?.session.sessionId,
    page_host: cut(win.location.host, 255),
    page_path: cut(facts.path, URL_MAX),
    page_query_params: cut(win.location.search.replace(/^\?/, ''), URL_MAX),
    page_referrer_url: win.document.referrer ? cut(win.document.referrer, URL_MAX) : undefined,
    browser_language: win.navigator.language ? cut(win.navigator.language, 35) : undefined,
    browser_locale: browserLocale()?.slice(0, 35),
    browser_window_height: size(win.innerHeight),
    browser_window_width: size(win.innerWidth),
    user_agent: cut(win.navigator.userAgent ?? '', 1000),
    event_occurrence_timestamp: Math.max(0, Math.trunc(now)),
    context_website_id: site.websiteId,
    resolved_locale: cut(resolveTrackingLocale(site.locale, facts.documentLanguage), 35),
    source_environment: sourceEnvironment(facts.environment),
    event_source: EVENT_SOURCES[0],
    client_name: CLIENT_NAME,
    client_version: CLIENT_VERSION,
  };
  for (const key of Object.keys(content)) if (content[key] === undefined) delete content[key];
  return content;
}

/**
 * Sends one event; resolves when done. The only rejection is a call without content ('no payload',
 * spec 8): that is a mistake in the caller, not a network failure, so it is not swallowed.
 */
export async function sendTrackerEvent(
  eventSchemaName: string,
  content: Record<string, unknown> | null | undefined,
): Promise<void> {
  if (!content) throw new Error('no payload');
  const status = await postJson(TRACKER_EVENTS_URL, {
    eventContent: JSON.stringify(content),
    eventSchemaName,
  });
  const error = status === null ? null : trackerStatusError(status);
  if (error) console.warn(error);
}

/** Tests: the environment warning is shown once per page. */
export function resetTrackerWarnings(): void {
  environmentWarned = false;
}
