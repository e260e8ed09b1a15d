/*
 * GET /api/context/config (spec 7): the site's bootstrap config, fetched once per page and cached. A
 * failure is logged and gives null; analytics then falls back to what the page itself says.
 */

export const CONTEXT_CONFIG_URL = '/api/context/config';

/** The parts of the site context the analytics runtime reads. */
export interface AnalyticsSiteContext {
  website?: {
    id?: string;
    locale?: string;
    language?: string;
    cookieSettings?: { isRestrictiveCookiePolicyEnabled?: boolean; isCookieBannerEnabled?: boolean };
    /** The owner's ad pixels (site settings); null or absent when none. */
    adPixels?: { metaPixelId?: string | null; googleTagId?: string | null } | null;
    /** The global census switch of spec 6, when the server sends it. */
    censusEnabled?: boolean;
  };
}

let cached: Promise<AnalyticsSiteContext | null> | null = null;

export function loadContextConfig(fetchConfig: typeof fetch = fetch): Promise<AnalyticsSiteContext | null> {
  cached ??= fetchConfig(CONTEXT_CONFIG_URL, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
    .then(async (response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body: unknown = await response.json();
      return body && typeof body === 'object' ? (body as AnalyticsSiteContext) : null;
    })
    .catch((error: unknown) => {
      console.warn('Seitenkonfiguration konnte nicht geladen werden', error);
      return null;
    });
  return cached;
}

/** Forgets the cached answer (tests, or a page that changed site context). */
export function forgetContextConfig(): void {
  cached = null;
}
