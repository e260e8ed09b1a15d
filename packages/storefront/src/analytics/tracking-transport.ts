/*
 * How analytics calls leave the page. Every call is fire-and-forget: it never throws and never rejects,
 * because a failed tracking call must not disturb the shopper (spec 8: census and tracking failures are
 * swallowed). Calls use keepalive so a page being left still sends them.
 */

export const CENSUS_HIT_URL = '/api/census/RecordHit';
export const TRACKER_EVENTS_URL = '/api/v1/clanker/events';
export const PERFORMANCE_RECORDS_URL = '/api/1/performance/records';
export const JAVASCRIPT_ERRORS_URL = '/api/events/RecordJavascriptErrors';

interface PostOptions {
  headers?: Record<string, string>;
  /** Abort after this many milliseconds (the census timeout of spec 9). */
  timeoutMs?: number;
}

/** POSTs a body; resolves to the answer's status, or null when no answer came. */
async function post(url: string, body: BodyInit, options: PostOptions): Promise<number | null> {
  const controller = options.timeoutMs ? new AbortController() : undefined;
  const timer = controller ? setTimeout(() => controller.abort(), options.timeoutMs) : undefined;
  try {
    const response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: options.headers,
      body,
      signal: controller?.signal,
    });
    return response.status;
  } catch {
    return null;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/** Form-encoded POST (the census hit of spec 7). */
export function postForm(
  url: string,
  fields: Record<string, string>,
  options: PostOptions = {},
): Promise<number | null> {
  return post(url, new URLSearchParams(fields), options);
}

/** JSON POST. */
export function postJson(url: string, value: unknown, options: PostOptions = {}): Promise<number | null> {
  return post(url, JSON.stringify(value), {
    ...options,
    headers: { 'Content-Type': 'application/json', ...options.headers },
  });
}

/**
 * Sends JSON by beacon when the browser has one (it survives the page being closed), else by a
 * keepalive POST (spec 7: "beacon when available, else an XHR POST").
 */
export function beaconJson(url: string, value: unknown): void {
  const text = JSON.stringify(value);
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(url, text)) return;
    }
  } catch {
    // A beacon the browser refused goes the other way.
  }
  void post(url, text, { headers: { 'Content-Type': 'application/json' } });
}
