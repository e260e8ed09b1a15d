import {
  ADD_TO_CART_ALERT_TITLES,
  ADD_TO_CART_BUTTON_TEXTS,
  ADD_TO_CART_MESSAGES,
  FORM_MESSAGES,
  RESTOCK_MESSAGES,
  SESSION_MESSAGES,
} from '@baukasten/commerce';
import type { Website } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { websiteOf } from '../site-request.js';
import { CART_PATH, CHECKOUT_PATH } from './cart-page.js';
import { websiteContext } from './page-context.js';

/*
 * GET /api/context/config (spec 2 and 7, R2.1.10): what the islands need before their first call, in one
 * answer fetched once per page load. It is the same for every visitor of a site, but it may be set along
 * with the visitor's crumb cookie, so shared caches must not keep it; browsers may for a minute.
 */

export const CONTEXT_CONFIG_PATH = '/api/context/config';
const CACHE_CONTROL = 'private, max-age=60';

/** The owner's ad pixel ids (admin site settings), null when none is set. */
function adPixelsOf(value: unknown): { metaPixelId: string | null; googleTagId: string | null } | null {
  const ids = (value ?? {}) as { metaPixelId?: unknown; googleTagId?: unknown };
  const text = (id: unknown) => (typeof id === 'string' && id !== '' ? id : null);
  const pixels = { metaPixelId: text(ids.metaPixelId), googleTagId: text(ids.googleTagId) };
  return pixels.metaPixelId || pixels.googleTagId ? pixels : null;
}

export function contextConfig(website: Website) {
  const settings = website.settings;
  const site = websiteContext(website);
  return {
    website: {
      id: website.id,
      siteTitle: website.title,
      language: site.language,
      locale: website.locale,
      currency: website.currency,
      timeZone: website.timeZone,
      captchaSettings: { siteKey: settings.captchaSettings?.siteKey ?? null },
      recaptchaEnterpriseContext: {
        recaptchaEnterpriseSiteKey: settings.recaptchaEnterpriseContext?.recaptchaEnterpriseSiteKey ?? null,
      },
      cloneable: settings.cloneable ?? false,
      cookieSettings: {
        isRestrictiveCookiePolicyEnabled: settings.cookieSettings?.isRestrictiveCookiePolicyEnabled ?? false,
        isCookieBannerEnabled: settings.cookieSettings?.isCookieBannerEnabled ?? false,
      },
      commentsEnabled: settings.commentsEnabled ?? false,
      simpleLikingEnabled: settings.simpleLikingEnabled ?? false,
      disqusShortname: settings.disqusShortname ?? null,
      shareButtonOptions: settings.shareButtonOptions ?? {},
      adPixels: adPixelsOf(settings.adPixels),
    },
    storeSettings: site.storeSettings,
    urls: {
      cart: CART_PATH,
      checkout: CHECKOUT_PATH,
      expressCheckout: '/commerce/goto-checkout',
      captchaChallenge: '/api/captcha/challenge',
    },
    localizedStrings: {
      addToCartAlertTitles: ADD_TO_CART_ALERT_TITLES,
      addToCartMessages: ADD_TO_CART_MESSAGES,
      addToCartButtonTexts: ADD_TO_CART_BUTTON_TEXTS,
      sessionMessages: SESSION_MESSAGES,
      restockMessages: RESTOCK_MESSAGES,
      formMessages: FORM_MESSAGES,
    },
  };
}

export function registerContextConfig(site: FastifyInstance) {
  site.get(CONTEXT_CONFIG_PATH, async (request, reply) => {
    reply.header('cache-control', CACHE_CONTROL);
    return contextConfig(websiteOf(request));
  });
}
