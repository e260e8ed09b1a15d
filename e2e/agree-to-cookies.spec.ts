import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './support/browser.js';
import { checkOutWithBankTransfer } from './support/checkout.js';
import { field, newOwnerSite, openSiteOverview, ownerJourney } from './support/editor.js';
import { linkInMail } from './support/mail.js';

/*
 * Issue 9's consent journey: an owner switches the cookie banner on and enters ad pixel ids; a visitor
 * is not counted until agreeing in the banner (by keyboard), is counted again after the 30-minute
 * session has run out, and sends web vitals when the page is hidden; the owner then reads the visits as
 * charts at /config/analytics. Nothing leaves this machine: requests to other hosts are refused.
 */

const META_PIXEL = '123456789012345';
const GOOGLE_TAG = 'G-BAUKASTEN1';

/** The visit count of an ss_cvr value: id|first|previous|current|count. */
const visitCount = (value: string | undefined) => Number(decodeURIComponent(value ?? '').split('|')[4]);

describe('a visitor agrees to cookies', () => {
  const journey = ownerJourney();

  it('R3.11.1 R3.26.1 R4.10.1 R4.10.2 R4.10.4 R7.9.3 R1.5.1 R1.5.2 no hit before consent with the banner on, hits after agreeing, a new visit after the session expired, web vitals on hide, and charts for the owner', async () => {
    const { server, browser } = journey;
    // 1. The owner signs up, creates the demo shop, switches the banner on and enters both pixel ids.
    const { subdomain, siteOrigin, ownerContext, owner } = await newOwnerSite(
      journey,
      'einwilligung',
      { width: 1280, height: 1600 },
      {
        name: 'Emma Einwilligung',
        siteTitle: 'Laden mit Einwilligung',
        starter: 'Demo-Laden mit Beispielprodukten',
      },
    );
    const siteNav = await openSiteOverview(owner);
    await siteNav.getByRole('link', { name: 'Einstellungen', exact: true }).click();
    await owner.getByLabel('Cookie-Banner anzeigen').check();
    await field(owner, 'Meta-Pixel-ID').fill(META_PIXEL);
    await field(owner, 'Google-Tag-ID').fill(GOOGLE_TAG);
    await owner
      .locator('form', { has: owner.getByLabel('Cookie-Banner anzeigen') })
      .getByRole('button', { name: 'Speichern' })
      .click();
    await owner.getByRole('status').filter({ hasText: 'Gespeichert.' }).first().waitFor();

    // 2. A visitor comes; only this machine answers.
    const visitorContext = await browser.newContext();
    await visitorContext.route(
      (url) => !['127.0.0.1', 'localhost'].includes(url.hostname) && !url.hostname.endsWith('.localhost'),
      (route) => route.abort(),
    );
    const foreign: string[] = [];
    const hits: Request[] = [];
    const visitor = await visitorContext.newPage();
    visitor.on('request', (request) => {
      const url = new URL(request.url());
      if (url.hostname !== `${subdomain}.localhost`) foreign.push(request.url());
      if (url.pathname === '/api/census/RecordHit') hits.push(request);
    });
    const cookie = async (name: string) =>
      (await visitorContext.cookies(siteOrigin)).find((c) => c.name === name)?.value;

    await visitor.goto(`${siteOrigin}/shop/p/bio-t-shirt`);
    const banner = visitor.getByRole('region', { name: 'Cookie-Hinweis' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Werbe-Pixel von Meta und Google');
    // The banner came after the site context was read: by now a hit would have been sent.
    expect(hits).toHaveLength(0);
    expect(await cookie('ss_cvr')).toBeUndefined();
    expect(await cookie('ss_performanceCookiesAllowed')).toBeUndefined();
    expect(await visitor.evaluate(() => 'fbq' in window || 'dataLayer' in window)).toBe(false);

    // Keyboard: the skip link, then the banner's first button.
    await visitor.keyboard.press('Tab');
    await visitor.keyboard.press('Tab');
    expect(await visitor.evaluate(() => document.activeElement?.textContent)).toBe('Zustimmen');
    await saveScreenshot(visitor, 'agree-to-cookies-banner');
    const firstHit = visitor.waitForRequest((r) => r.url().endsWith('/api/census/RecordHit'));
    await visitor.keyboard.press('Enter');
    await firstHit;
    await banner.waitFor({ state: 'detached' });
    expect(await cookie('ss_performanceCookiesAllowed')).toBe('true');
    expect(visitCount(await cookie('ss_cvr'))).toBe(1);
    // The pixels got their events in their queues; no vendor script was fetched.
    const queued = await visitor.evaluate(() => {
      const w = window as unknown as { fbq?: { queue: unknown[][] }; dataLayer?: ArrayLike<unknown>[] };
      return {
        meta: (w.fbq?.queue ?? []).map((c) => Array.from(c)),
        google: (w.dataLayer ?? []).map((c) => Array.from(c)),
      };
    });
    expect(queued.meta[0]).toEqual(['init', META_PIXEL]);
    expect(queued.meta.some((c) => c[0] === 'track' && c[1] === 'ViewContent')).toBe(true);
    expect(queued.google.some((c) => c[0] === 'config' && c[1] === GOOGLE_TAG)).toBe(true);
    expect(queued.google.some((c) => c[0] === 'event' && c[1] === 'view_item')).toBe(true);
    expect(foreign).toEqual([]);

    // 3. A hidden page sends its performance record.
    const performance = visitor.waitForRequest((r) => r.url().endsWith('/api/1/performance/records'));
    await visitor.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect((await performance).method()).toBe('POST');

    // 4. The same visitor, the 30-minute session cookie expired (the browser dropped it): a new visit.
    await visitorContext.clearCookies({ name: 'ss_cvt' });
    const secondHit = visitor.waitForRequest((r) => r.url().endsWith('/api/census/RecordHit'));
    await visitor.goto(`${siteOrigin}/shop`);
    const hit = await secondHit;
    expect(new URLSearchParams(hit.postData() ?? '').get('ss_cvr')).toBe(
      decodeURIComponent((await cookie('ss_cvr')) ?? ''),
    );
    expect(visitCount(await cookie('ss_cvr'))).toBe(2);
    // With consent stored, the banner stays away.
    expect(await banner.count()).toBe(0);

    // 4b. The visitor buys a mug: the confirmation page reports the purchase to the pixels once; a reload
    // of that page does not count it again. Then an account is created, which is reported too.
    const tracked = () =>
      visitor.evaluate(() =>
        ((window as unknown as { fbq?: { queue: unknown[][] } }).fbq?.queue ?? [])
          .map((c) => Array.from(c))
          .filter((c) => c[0] === 'track'),
      );
    await visitor.goto(`${siteOrigin}/shop/p/emaille-becher-bergsee`);
    await visitor.waitForSelector('[data-island="product-purchase"] [data-hydrated="true"]', {
      state: 'attached',
    });
    const added = visitor.waitForResponse((r) => r.url().endsWith('/api/commerce/shopping-cart/entries'));
    await visitor.locator('[data-island="product-purchase"] button[type="submit"]').click();
    expect((await added).status()).toBe(200);
    await visitor.goto(`${siteOrigin}/checkout`);
    await checkOutWithBankTransfer(visitor, {
      email: `kaeuferin-${subdomain}@example.de`,
      firstName: 'Karla',
      lastName: 'Kauf',
      line1: 'Marktplatz 1',
      postalCode: '04109',
      city: 'Leipzig',
    });
    await expect.poll(async () => (await tracked()).map((c) => c[1])).toContain('Purchase');
    const purchase = (await tracked()).find((c) => c[1] === 'Purchase')?.[2] as Record<string, unknown>;
    expect(purchase).toMatchObject({ currency: 'EUR', content_type: 'product' });
    expect(purchase.value).toBeGreaterThan(0);
    await visitor.reload();
    await expect.poll(async () => (await tracked()).map((c) => c[1])).toContain('PageView');
    expect((await tracked()).map((c) => c[1])).not.toContain('Purchase');

    await visitor.goto(`${siteOrigin}/account/registrieren`);
    await visitor.fill('#name', 'Karla Kauf');
    await visitor.fill('#email', `kaeuferin-${subdomain}@example.de`);
    await visitor.fill('#password', 'ein-sicheres-passwort');
    await Promise.all([
      visitor.waitForURL(/\/account\/anmelden\?hinweis=CHECK_MAIL/),
      visitor.click('main button[type="submit"]'),
    ]);
    // The sign-up mail's link makes the account and lands on the overview that announces it.
    const link = await linkInMail(
      server.dataDir,
      `kaeuferin-${subdomain}@example.de`,
      '/account/bestaetigen',
    );
    await visitor.goto(`${siteOrigin}${link}`);
    await visitor.waitForURL(/\/account\?hinweis=SIGNED_UP/);
    await expect.poll(async () => (await tracked()).map((c) => c[1])).toContain('CompleteRegistration');
    expect(foreign).toEqual([]);

    // 5. The owner reads the visits as charts.
    await owner.goto(`${server.baseUrl}/config/analytics`);
    await owner.waitForURL(/\/config\/sites\/[^/]+\/analytics$/);
    const traffic = owner.getByRole('img', { name: /Besuche, Besucher und Seitenaufrufe/ });
    await traffic.waitFor();
    expect(await traffic.locator('polyline').count()).toBe(3);
    const pages = owner.getByRole('img', { name: 'Meistbesuchte Seiten' });
    await pages.waitFor();
    expect(await pages.locator('desc').textContent()).toContain('/shop/p/bio-t-shirt: 1');
    await owner.getByRole('img', { name: /Sitzungen je Schritt/ }).waitFor();
    await owner.getByRole('img', { name: /Web Vitals \(p75\) für \/shop\/p\/bio-t-shirt/ }).waitFor();
    const visits = owner.locator('.analytics-figure', { hasText: /^\d+Besuche$/ });
    expect(await visits.locator('.analytics-figure__value').textContent()).toBe('2');
    await saveScreenshot(owner, 'agree-to-cookies-dashboard');

    await visitorContext.close();
    await ownerContext.close();
  });
});
