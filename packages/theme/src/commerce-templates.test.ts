import { describe, expect, it } from 'vitest';
import { loadTheme, PAGE_TEMPLATES } from './index.js';

/* The cart, checkout and order templates rendered with hand-made contexts in the shapes the server builds. */

const theme = loadTheme();
const render = (template: Parameters<typeof theme.renderPage>[0], context: Record<string, unknown>) => {
  const page = theme.renderPage(template, context, { locale: 'de-DE' });
  expect(page.errors).toEqual([]);
  return page.html;
};

const base = {
  website: { siteTitle: 'Testladen', language: 'de', locale: 'de-DE' },
  navigation: [{ title: 'Laden', fullUrl: '/laden', active: false }],
  seo: { title: 'Warenkorb – Testladen', canonicalUrl: 'http://test/cart' },
  assets: { css: '/assets/theme.css' },
  crumb: 'krume"1',
};

const hostile = '<img src=x onerror=alert(1)>';

const line = (overrides: Record<string, unknown> = {}) => ({
  id: 'e1',
  itemId: 'i1',
  title: 'T-Shirt',
  quantity: 2,
  variantText: 'Größe: M',
  unitPriceText: '25,00 €',
  subTotalText: '50,00 €',
  imageUrl: '/assets/demo/shirt.svg',
  fullUrl: '/laden/p/shirt',
  ...overrides,
});

const cart = (overrides: Record<string, unknown> = {}) => ({
  isEmpty: false,
  entries: [line()],
  requiresShipping: true,
  selectedShippingName: 'Standardversand',
  shippingOptions: [
    { id: 'standard', name: 'Standardversand', costText: '4,90 €', checked: true },
    { id: 'express', name: 'Expressversand', costText: '9,90 €', checked: false },
  ],
  hasDiscount: false,
  subtotalText: '50,00 €',
  shippingCostText: '4,90 €',
  taxLabel: 'enthaltene MwSt. (19 %)',
  taxText: '8,77 €',
  grandTotalText: '54,90 €',
  ...overrides,
});

/** Visible controls without a `<label for>` naming them. */
function unlabelled(html: string): string[] {
  const labelled = new Set([...html.matchAll(/<label[^>]*\sfor="([^"]+)"/g)].map((m) => m[1]));
  return [...html.matchAll(/<(input|select|textarea)\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !/\stype="hidden"/.test(tag))
    .filter((tag) => !labelled.has(/\sid="([^"]+)"/.exec(tag)?.[1] ?? ''));
}

describe('commerce templates', () => {
  it('compiles every page template of the theme', () => {
    expect(PAGE_TEMPLATES).toEqual(
      expect.arrayContaining(['cart', 'checkout', 'order-confirmation', 'order-status']),
    );
  });

  it('R2.1.1 renders the cart with labelled forms, escaped titles and no script', () => {
    const html = render('cart', {
      ...base,
      pageType: 200,
      shoppingCart: cart({ entries: [line({ title: hostile })] }),
      minimumOrder: { met: true },
      canCheckout: true,
      checkoutUrl: '/checkout',
    });
    expect(html).toContain('data-page-type="200"');
    expect(html).not.toContain('<script');
    expect(html).not.toContain(hostile);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<input type="hidden" name="crumb" value="krume&quot;1">');
    expect(html).toContain('action="/cart/positionen/e1"');
    expect(html).toContain('action="/cart/positionen/e1/entfernen"');
    expect(html).toContain('href="/checkout"');
    // The layout links the cart instead of mounting the pill island when the page runs no script.
    expect(html).toContain(
      '<a class="cart-link cart-pill cart-pill--visible" href="/cart"><span class="cart-pill__label">Warenkorb</span></a>',
    );
    expect(unlabelled(html)).toEqual([]);
  });

  it('R8.9.1 shows the minimum-order text instead of the checkout button', () => {
    const message =
      'Du kannst erst zur Kasse gehen, wenn die Zwischensumme deiner Bestellung 50,00 € oder mehr beträgt.';
    const html = render('cart', {
      ...base,
      pageType: 200,
      shoppingCart: cart(),
      minimumOrder: { met: false, message },
      canCheckout: false,
      checkoutUrl: '/checkout',
    });
    expect(html).toContain(message);
    expect(html).not.toContain('href="/checkout"');
  });

  it('renders the empty cart in German with a way back to the shop', () => {
    const html = render('cart', {
      ...base,
      pageType: 200,
      shoppingCart: cart({ isEmpty: true, entries: [] }),
      minimumOrder: { met: true },
      lastOrderUrl: '/checkout/bestaetigt?orderId=o1',
    });
    expect(html).toContain('Dein Warenkorb ist leer.');
    expect(html).toContain('href="/checkout/bestaetigt?orderId=o1"');
    expect(html).not.toContain('cart-line');
  });

  it('R2.5.1 renders the checkout form with a label on every control', () => {
    const html = render('checkout', {
      ...base,
      pageType: 201,
      shoppingCart: cart(),
      checkoutForm: {
        action: '/api/commerce/checkout',
        requiresShipping: true,
        countries: [
          { code: 'DE', name: 'Deutschland', selected: true },
          { code: 'AT', name: 'Österreich', selected: false },
        ],
        shippingOptions: cart().shippingOptions,
        couponCodes: '',
        paymentMethods: [
          { id: 'bank-transfer', label: 'Vorkasse (Überweisung)', checked: true },
          { id: 'test-card', label: 'Kreditkarte (Testmodus)', checked: false },
        ],
        acceptsCards: true,
      },
      error: { message: 'Die Zahlung wurde abgelehnt.' },
    });
    expect(html).toContain('data-page-type="201"');
    expect(html).toContain(
      '<div class="notice notice--error" role="alert">Die Zahlung wurde abgelehnt.</div>',
    );
    expect(html).toContain('<option value="DE" selected>Deutschland</option>');
    expect(html).toContain(
      'id="versand-standard" name="shippingOptionId" type="radio" value="standard" checked',
    );
    expect(html).toContain('<label for="zahlung-bank-transfer">Vorkasse (Überweisung)</label>');
    expect(unlabelled(html)).toEqual([]);
    expect(html).not.toContain('<script');
  });

  const order = (overrides: Record<string, unknown> = {}) => ({
    orderNumber: 1001,
    customerEmail: 'erika@example.de',
    isPaid: true,
    items: [
      {
        productName: 'E-Book',
        quantity: 1,
        lineTotalText: '9,99 €',
        variantText: '',
        downloadUrl: '/downloads/abc',
      },
    ],
    subtotalText: '9,99 €',
    hasShipping: false,
    taxText: '1,60 €',
    grandTotalText: '9,99 €',
    createdText: '25. November 2026 um 15:21',
    paymentMethodText: 'Kreditkarte (Testmodus)',
    paymentStatusText: 'Bezahlt',
    ...overrides,
  });

  it('renders a paid confirmation with its download link', () => {
    const html = render('order-confirmation', {
      ...base,
      pageType: 202,
      title: 'Bestellung bestätigt',
      order: order(),
      bankTransfer: null,
    });
    expect(html).toContain('<h1 id="bestellung-titel">Bestellung bestätigt</h1>');
    expect(html).toContain('<a class="download-link" href="/downloads/abc">Herunterladen');
    expect(html).not.toContain('Versand');
  });

  it('renders the bank details of a received order when the shop set them', () => {
    const html = render('order-confirmation', {
      ...base,
      pageType: 207,
      title: 'Bestellung eingegangen',
      order: order({ isPaid: false, items: [{ ...order().items[0], downloadUrl: null }] }),
      bankTransfer: {
        amountText: '9,99 €',
        reference: 'Bestellung 1001',
        account: { accountHolder: 'Testladen GmbH', iban: 'DE02120300000000202051', bic: null },
      },
    });
    expect(html).toContain('<dd>Bestellung 1001</dd>');
    expect(html).toContain('<dd>DE02120300000000202051</dd>');
    expect(html).toContain('<dd>Testladen GmbH</dd>');
    expect(html).not.toContain('BIC');
    expect(html).not.toContain('Herunterladen');
  });

  it('renders the status page and its email form', () => {
    const status = render('order-status', { ...base, pageType: 211, title: 'Bestellstatus', order: order() });
    expect(status).toContain('<dt>Status</dt><dd>Bezahlt</dd>');
    const lookup = render('order-status', {
      ...base,
      pageType: 211,
      title: 'Bestellstatus',
      order: null,
      lookup: { action: '/bestellung/1001' },
    });
    expect(lookup).toContain('<form class="status-lookup" method="get" action="/bestellung/1001">');
    expect(unlabelled(lookup)).toEqual([]);
  });

  it('keeps the island script and the cart pill on pages that run scripts', () => {
    const html = render('not-found', {
      ...base,
      pageType: 100,
      assets: { css: '/a.css', js: '/assets/islands-1.js' },
      islands: { cartPill: '<div data-island="cart-pill"></div>' },
    });
    expect(html).toContain('<script type="module" src="/assets/islands-1.js" defer></script>');
    expect(html).toContain('<div data-island="cart-pill"></div>');
    expect(html).not.toContain('cart-link');
  });
});
