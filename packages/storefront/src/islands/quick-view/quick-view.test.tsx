// @vitest-environment happy-dom
import { ADD_TO_CART_BUTTON_TEXTS, formatMoney } from '@baukasten/commerce';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OVERLAY_EVENT, type OverlayEventDetail } from '../../analytics/page-events.js';
import { renderIsland } from '../../server-render.js';
import { CART_CHANGED_EVENT } from '../product/cart-request.js';
import {
  coffeeItem,
  itemContext,
  mugItem,
  purchaseProps,
  shirtItem,
  variantContext,
} from '../product/fixtures.js';
import {
  cartAnswer,
  chooseOption,
  clearCookies,
  sentHeader,
  setCookie,
  settle,
} from '../product/test-helpers.js';
import { QuickView, type QuickViewProps } from './quick-view.js';
import { browserPrice } from './quick-view-request.js';

type Answer = { status: number; body?: unknown } | Error;

/** The product page's `?format=json` answer, shaped as the server's page route builds it. */
function pageContext(item: Record<string, unknown>, purchase: Parameters<typeof purchaseProps>[1] = {}) {
  const slug = String(item.urlId);
  return {
    website: {
      id: 'site-1',
      locale: 'de-DE',
      currency: 'EUR',
      storeSettings: { selectedCurrency: 'EUR', expressCheckout: false },
    },
    pageType: 50,
    item: {
      ...item,
      assetUrl: `/assets/demo/${slug}.svg`,
      items: [{ assetUrl: `/assets/demo/${slug}.svg`, altText: `Foto: ${String(item.title)}` }],
      priceText: '14,00 €',
      markText: 'Angebot',
    },
    islands: {
      productPurchase: renderIsland(
        'product-purchase',
        purchaseProps(item, { returnTo: String(item.fullUrl), websiteId: 'site-1', ...purchase }),
      ),
    },
  };
}

/** A fetch that answers by address: the census, the cart API, and the product page (queued answers). */
function stubServer({
  page,
  record = { status: 202, body: { accepted: 1 } },
  cart = cartAnswer,
}: {
  page: Answer[];
  record?: Answer;
  cart?: Answer;
}) {
  const queue = [...page];
  const fetchSpy = vi.fn(async (url: string, _init?: RequestInit) => {
    const answer = url.startsWith('/api/census/')
      ? record
      : url.startsWith('/api/commerce/')
        ? cart
        : queue.length > 1
          ? queue.shift()!
          : queue[0];
    if (answer instanceof Error) throw answer;
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      json: async () => answer.body ?? null,
    } as unknown as Response;
  });
  vi.stubGlobal('fetch', fetchSpy);
  const callsTo = (prefix: string) => fetchSpy.mock.calls.filter(([url]) => url.startsWith(prefix));
  return {
    records: () => callsTo('/api/census/RecordQuickView/'),
    pageLoads: () => callsTo('/shop/'),
    cartPosts: () => callsTo('/api/commerce/shopping-cart/entries'),
  };
}

const mugProps: QuickViewProps = {
  itemId: String(mugItem.id),
  title: String(mugItem.title),
  productUrl: String(mugItem.fullUrl),
};
const shirtProps: QuickViewProps = {
  itemId: String(shirtItem.id),
  title: String(shirtItem.title),
  productUrl: String(shirtItem.fullUrl),
};

const opener = () => screen.getByRole('button', { name: /^Schnellansicht/ });
const dialog = () => screen.queryByRole('dialog');
const closeButton = () => within(dialog()!).getByRole('button', { name: 'Schließen' });
const addButton = () => dialog()!.querySelector<HTMLButtonElement>('button[type="submit"]')!;

async function openQuickView() {
  fireEvent.click(opener());
  await settle();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  setCookie('crumb=list-crumb; path=/');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearCookies();
  document.body.innerHTML = '';
});

describe('QuickView (product cards)', () => {
  it('R1.6.1 R2.2.5 renders only its button on the server, named after the product', () => {
    const html = renderIsland('quick-view', mugProps);
    expect(html).toContain('data-island="quick-view"');
    expect(html).toContain('>Schnellansicht</button>');
    expect(html).toContain('aria-label="Schnellansicht: Emaille-Becher „Bergsee“"');
    expect(html).not.toContain('role="dialog"');
    expect(renderToString(<QuickView {...mugProps} />)).not.toContain('Wird geladen');
  });

  it('R2.2.5 opens a modal dialog labelled by the product, loads the product page and shows it', async () => {
    const server = stubServer({ page: [{ status: 200, body: pageContext(mugItem) }] });
    render(<QuickView {...mugProps} />);
    expect(dialog()).toBeNull();
    fireEvent.click(opener());

    const opened = screen.getByRole('dialog', { name: 'Emaille-Becher „Bergsee“' });
    expect(opened.getAttribute('aria-modal')).toBe('true');
    expect(within(opened).getByText('Wird geladen …')).toBeTruthy();
    expect(document.activeElement).toBe(closeButton());
    expect(server.pageLoads().map(([url]) => url)).toEqual(['/shop/p/emaille-becher?format=json']);

    await settle();
    expect(within(opened).queryByText('Wird geladen …')).toBeNull();
    const image = within(opened).getByRole('img');
    expect(image.getAttribute('src')).toBe('/assets/demo/emaille-becher.svg');
    expect(image.getAttribute('alt')).toBe('Foto: Emaille-Becher „Bergsee“');
    expect(opened.textContent).toContain('14,00 €');
    expect(opened.textContent).toContain('Angebot');
    const link = within(opened).getByRole('link', { name: 'Zur Produktseite' });
    expect(link.getAttribute('href')).toBe('/shop/p/emaille-becher');
    expect(within(opened).getByLabelText('Anzahl')).toBeTruthy();
    expect(addButton().textContent).toBe('Add To Cart');
    // Still where the shopper was: the opened overlay keeps focus inside.
    expect(opened.contains(document.activeElement)).toBe(true);
  });

  it('R7.6.7 R2.2.5 records the quick view once per opening, with no body; the product loads once', async () => {
    const server = stubServer({ page: [{ status: 200, body: pageContext(mugItem) }] });
    render(<QuickView {...mugProps} />);
    await openQuickView();
    expect(server.records()).toHaveLength(1);
    const [url, init] = server.records()[0];
    expect(url).toBe('/api/census/RecordQuickView/item-emaille-becher');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeUndefined();
    // A second click on the (covered) button does not record again.
    fireEvent.click(opener());
    expect(server.records()).toHaveLength(1);

    fireEvent.click(closeButton());
    await openQuickView();
    expect(server.records()).toHaveLength(2);
    expect(server.pageLoads()).toHaveLength(1);
    expect(addButton()).toBeTruthy();
  });

  it('R7.6.6 announces its overlay when it opens and when it closes, for the census', async () => {
    stubServer({ page: [{ status: 200, body: pageContext(mugItem) }] });
    const announced: OverlayEventDetail[] = [];
    const listen = (event: Event) => announced.push((event as CustomEvent<OverlayEventDetail>).detail);
    window.addEventListener(OVERLAY_EVENT, listen);
    try {
      render(<QuickView {...mugProps} />);
      await openQuickView();
      fireEvent.click(closeButton());
      expect(announced).toEqual([
        { overlayType: 'quick-view', action: 'open', overlayId: 'item-emaille-becher' },
        { overlayType: 'quick-view', action: 'close', overlayId: 'item-emaille-becher' },
      ]);
    } finally {
      window.removeEventListener(OVERLAY_EVENT, listen);
    }
  });

  it('R7.6.8 a failed census call goes unnoticed', async () => {
    stubServer({ page: [{ status: 200, body: pageContext(mugItem) }], record: new TypeError('offline') });
    render(<QuickView {...mugProps} />);
    await openQuickView();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(dialog()!).getByRole('link', { name: 'Zur Produktseite' })).toBeTruthy();
  });

  it('R2.2.5 keeps focus inside: Tab wraps at both ends and focus moved outside comes back', async () => {
    stubServer({ page: [{ status: 200, body: pageContext(mugItem) }] });
    const outside = document.createElement('button');
    outside.textContent = 'Hinter dem Overlay';
    document.body.append(outside);
    render(<QuickView {...mugProps} />);
    await openQuickView();
    const link = within(dialog()!).getByRole('link', { name: 'Zur Produktseite' });

    link.focus();
    fireEvent.keyDown(link, { key: 'Tab' });
    expect(document.activeElement).toBe(closeButton());
    fireEvent.keyDown(closeButton(), { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(link);

    act(() => outside.focus());
    expect(document.activeElement).toBe(closeButton());
  });

  it('R2.2.5 Escape closes it and focus returns to the button', async () => {
    stubServer({ page: [{ status: 200, body: pageContext(mugItem) }] });
    render(<QuickView {...mugProps} />);
    await openQuickView();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener());
    expect(document.body.style.overflow).toBe('');
  });

  it('R2.2.5 the close button and a click on the backdrop close it; a click inside does not', async () => {
    stubServer({ page: [{ status: 200, body: pageContext(mugItem) }] });
    render(<QuickView {...mugProps} />);
    await openQuickView();
    fireEvent.click(closeButton());
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener());

    await openQuickView();
    fireEvent.click(within(dialog()!).getByRole('img'));
    expect(dialog()).not.toBeNull();
    fireEvent.click(document.querySelector('.quick-view__backdrop')!);
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener());
  });

  it('R2.2.5 shows a German error when the product cannot be loaded, and loads again on retry', async () => {
    const server = stubServer({
      page: [
        { status: 500, body: { error: { message: 'kaputt' } } },
        { status: 200, body: pageContext(mugItem) },
      ],
    });
    render(<QuickView {...mugProps} />);
    await openQuickView();
    expect(screen.getByRole('alert').textContent).toBe(
      'Das Produkt konnte nicht geladen werden. Bitte versuche es erneut.',
    );
    expect(addButton()).toBeNull();

    const retry = within(dialog()!).getByRole('button', { name: 'Erneut versuchen' });
    retry.focus();
    fireEvent.click(retry);
    expect(within(dialog()!).getByText('Wird geladen …')).toBeTruthy();
    // The retry button is gone; focus does not fall out of the dialog with it.
    expect(document.activeElement).toBe(closeButton());
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(addButton()).toBeTruthy();
    expect(server.pageLoads()).toHaveLength(2);
  });

  it('R2.2.5 a network failure or a page without a product also shows the error', async () => {
    stubServer({ page: [new TypeError('offline'), { status: 200, body: { item: { title: 'Über uns' } } }] });
    render(<QuickView {...mugProps} />);
    await openQuickView();
    expect(screen.getByRole('alert').textContent).toContain('konnte nicht geladen werden');
    fireEvent.click(within(dialog()!).getByRole('button', { name: 'Erneut versuchen' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('konnte nicht geladen werden');
  });

  it('R2.2.5 R2.2.6 R4.1.1 adds the chosen variant from inside the overlay', async () => {
    const server = stubServer({ page: [{ status: 200, body: pageContext(shirtItem) }] });
    const changed = vi.fn();
    window.addEventListener(CART_CHANGED_EVENT, changed);
    render(<QuickView {...shirtProps} />);
    await openQuickView();
    const opened = dialog()!;
    chooseOption('Größe', 'M');
    chooseOption('Farbe', 'Blau');
    fireEvent.change(within(opened).getByLabelText('Anzahl'), { target: { value: '2' } });
    fireEvent.click(addButton());
    expect(addButton().textContent).toBe(ADD_TO_CART_BUTTON_TEXTS.adding);

    expect(server.cartPosts()).toHaveLength(1);
    const [, init] = server.cartPosts()[0];
    expect(JSON.parse(String(init?.body))).toEqual({
      itemId: 'item-bio-t-shirt',
      sku: 'TS-M-BLAU',
      quantity: 2,
    });
    expect(sentHeader(init, 'X-CSRF-Token')).toBe('list-crumb');
    await settle();
    window.removeEventListener(CART_CHANGED_EVENT, changed);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(addButton().textContent).toBe(ADD_TO_CART_BUTTON_TEXTS.added);
    expect(within(opened).getByText('Zum Warenkorb hinzugefügt')).toBeTruthy();
    expect(dialog()).not.toBeNull();
  });

  it('R2.4.1 the overlay’s purchase form names its item and the page type "quick view" for the add-to-cart event', async () => {
    stubServer({ page: [{ status: 200, body: pageContext(shirtItem) }] });
    render(<QuickView {...shirtProps} />);
    await openQuickView();
    const form = dialog()!.querySelector<HTMLFormElement>('form.product-purchase')!;
    expect(form.dataset.itemId).toBe('item-bio-t-shirt');
    expect(form.dataset.addToCartPageType).toBe('quick view');
  });

  it('R2.2.8 Escape with the add-to-cart alert open closes only the alert', async () => {
    stubServer({ page: [{ status: 200, body: pageContext(shirtItem) }] });
    render(<QuickView {...shirtProps} />);
    await openQuickView();
    fireEvent.click(addButton());
    const alert = screen.getByRole('alertdialog');
    expect(dialog()!.contains(alert)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(dialog()).not.toBeNull();
    expect(dialog()!.contains(document.activeElement)).toBe(true);
  });

  it('R2.2.5 uses the texts of the page’s own purchase form (site translations)', async () => {
    stubServer({
      page: [
        {
          status: 200,
          body: pageContext(mugItem, { localizedStrings: { productAddToCartText: 'In den Korb' } }),
        },
      ],
    });
    render(<QuickView {...mugProps} />);
    await openQuickView();
    expect(addButton().textContent).toBe('In den Korb');
  });

  it('R2.2.5 builds the purchase form from the item when the context has no rendered form', async () => {
    const { islands: _islands, ...context } = pageContext(shirtItem);
    const server = stubServer({ page: [{ status: 200, body: context }] });
    render(<QuickView {...shirtProps} />);
    await openQuickView();
    const opened = dialog()!;
    chooseOption('Größe', 'L');
    chooseOption('Farbe', 'Rot');
    expect(opened.querySelector('.product-purchase__price')?.textContent?.replace(/\u00a0/g, ' ')).toContain(
      '19,90 €',
    );
    fireEvent.click(addButton());
    expect(JSON.parse(String(server.cartPosts()[0][1]?.body))).toMatchObject({ sku: 'TS-L-ROT' });
    await settle();
  });
});

describe('QuickView price line of a subscription', () => {
  /** A subscription's page context, with the card's price line the server gives its item. */
  function subscriptionPage(
    item: Record<string, unknown>,
    cardLine: string,
    purchase: Parameters<typeof purchaseProps>[1] = {},
  ) {
    const context = pageContext(item, purchase);
    return { ...context, item: { ...context.item, priceText: cardLine, markText: '' } };
  }
  const propsOf = (item: Record<string, unknown>): QuickViewProps => ({
    itemId: String(item.id),
    title: String(item.title),
    productUrl: String(item.fullUrl),
  });
  const priceLine = () =>
    (dialog()?.querySelector('.quick-view__price')?.textContent ?? '').replace(/\u00a0/g, ' ');

  it('R2.2.5 R9.3.2 R9.3.6 carries the plan phrase of the product page: “jeden Monat für 1 Jahr”', async () => {
    stubServer({ page: [{ status: 200, body: subscriptionPage(coffeeItem, '19,90 €') }] });
    render(<QuickView {...propsOf(coffeeItem)} />);
    await openQuickView();
    expect(priceLine()).toBe('19,90 € jeden Monat für 1 Jahr');
  });

  it('R9.3.4 R4.7.14 an open-ended plan on sale: the sale price with its phrase, then the original', async () => {
    const sale = itemContext('tee-abo', 'Tee-Abo', {
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 2, unit: 'WEEK' } },
      productSubscriptionOptions: [{ id: 'abo-tee' }],
      variants: [
        variantContext('TEE', {}, 1490, 0, {
          unlimited: true,
          onSale: true,
          salePrice: 990,
          salePriceMoney: { value: '9.90', currency: 'EUR' },
        }),
      ],
    });
    stubServer({ page: [{ status: 200, body: subscriptionPage(sale, '9,90 € statt 14,90 €') }] });
    render(<QuickView {...propsOf(sale)} />);
    await openQuickView();
    expect(priceLine()).toBe('9,90 € alle 2 Wochen statt 14,90 €');
  });

  it('R9.3.6 the site’s own text for the plan shape shows here too', async () => {
    const page = subscriptionPage(coffeeItem, '19,90 €', {
      localizedStrings: {
        productPrice__singlePrice__1Monthly__limited__1Years: '{price} im Monat, ein Jahr',
      },
    });
    stubServer({ page: [{ status: 200, body: page }] });
    render(<QuickView {...propsOf(coffeeItem)} />);
    await openQuickView();
    expect(priceLine()).toBe('19,90 € im Monat, ein Jahr');
  });

  it('R2.2.5 a product that is no subscription keeps the card’s line', async () => {
    stubServer({ page: [{ status: 200, body: pageContext(mugItem) }] });
    render(<QuickView {...mugProps} />);
    await openQuickView();
    expect(priceLine()).toBe('14,00 € Angebot');
  });
});

describe('browserPrice (the quick view’s own money formatter)', () => {
  it.each([
    [199_990, 'EUR', 'de-DE'],
    [1990, 'USD', 'en-US'],
    [1200, 'JPY', 'ja-JP'],
    [-4550, 'CHF', 'de-CH'],
    [1250, 'XYZ', 'de-DE'],
    [1250, 'EUR', 'kein-gültiges-tag'],
    [1250, 'EURO', 'de-DE'],
  ])('R9.2.3 R9.2.6 %i %s in %s prints as the server’s formatMoney does', (minor, currency, locale) => {
    expect(browserPrice(minor, currency, locale)).toBe(formatMoney(minor, currency, locale));
  });
});
