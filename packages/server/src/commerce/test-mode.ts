import type { Website } from '@baukasten/storage';
import type { PaymentProvider } from './payment-providers.js';

/*
 * Test payments (security review #18, finding 2). The test-card provider takes well-known card numbers
 * and answers PAID, so wherever it is offered goods go out for nothing. It is offered only
 *   - on every site while the server itself runs in test mode (NODE_ENV is not `production`: a
 *     developer's machine, the test suites), or
 *   - on a site whose owner switched on its "Testmodus" (website setting `testMode`), e.g. to try the
 *     shop before it opens.
 * Wherever test payments are possible every storefront page shows the Testmodus banner. Orders on a
 * site in Testmodus and orders paid with a test provider are test orders (`testMode: true`), and gift
 * cards bought in a test order are test cards that pay test orders only.
 */

/** The owner switched the site into Testmodus: every order there is a test order. */
export const siteInTestMode = (website: Pick<Website, 'settings'>): boolean =>
  website.settings.testMode === true;

/** Whether test payments (the test-card provider, test gift cards) are accepted on this site. */
export const testPaymentsAllowed = (website: Pick<Website, 'settings'>, serverTestMode: boolean): boolean =>
  serverTestMode || siteInTestMode(website);

/** The providers a shopper of this site may choose: test providers only where test payments are allowed. */
export function offeredProviders(
  providers: readonly PaymentProvider[],
  website: Pick<Website, 'settings'>,
  serverTestMode: boolean,
): PaymentProvider[] {
  const allowed = testPaymentsAllowed(website, serverTestMode);
  return providers.filter((provider) => allowed || !provider.testMode);
}

export const TEST_MODE_BANNER_TEXT =
  'Testmodus: Dieser Shop nimmt Testzahlungen an. Bestellungen mit Testzahlungen sind Testbestellungen – es wird nichts berechnet und nichts geliefert.';

/** Marks the banner so a page is given it once, whether the theme's layout already renders it or not. */
export const TEST_MODE_BANNER_MARK = 'data-testmode-banner';

// Styled inline too: an owner's own stylesheet knows nothing of the class.
// A landmark of its own (aside), so every piece of the page stays inside one.
const BANNER_HTML = `<aside class="testmode-banner" aria-label="Testmodus" ${TEST_MODE_BANNER_MARK} style="background:#ffd84d;color:#1f1600;padding:.5rem 1rem;text-align:center;font-weight:600">${TEST_MODE_BANNER_TEXT}</aside>`;

/**
 * Puts the banner at the top of the body, unless the page has it already (the theme layout renders it
 * from the page context; an owner's own layout may not, and the banner must show all the same).
 */
export function withTestModeBanner(html: string): string {
  if (html.includes(TEST_MODE_BANNER_MARK)) return html;
  const body = /<body\b[^>]*>/i.exec(html);
  if (!body) return `${BANNER_HTML}${html}`;
  const at = body.index + body[0].length;
  return `${html.slice(0, at)}\n${BANNER_HTML}${html.slice(at)}`;
}
