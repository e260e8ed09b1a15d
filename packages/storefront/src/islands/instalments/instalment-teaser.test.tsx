// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coffeeItem, itemContext, purchaseProps, shirtItem, variantContext } from '../product/fixtures.js';
import { ProductPurchase } from '../product/product-purchase.js';
import { chooseOption } from '../product/test-helpers.js';
import { INSTALMENT_INFO_TEXTS } from './instalment-info-modal.js';

const us = {
  afterPayAvailable: true,
  afterPayMin: 100,
  afterPayMax: 2000,
  stripeAccountCountry: 'US',
  shopperLanguage: 'en-US',
};

const mug = itemContext('becher', 'Becher', { variants: [variantContext('B', {}, 1000, 5)] });
const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** fetch of the provider's page: the given HTML, or a network failure. */
function stubInfoPage(html: string | Error) {
  const fetchSpy = vi.fn(async (_url: string) => {
    if (html instanceof Error) throw html;
    return { ok: true, status: 200, text: async () => html } as unknown as Response;
  });
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

const teaser = () => document.querySelector('.instalment-teaser');
/** Opens the modal and waits for its effect (focus inside, keys listened to), which may come a moment later. */
const openInfo = async () => {
  fireEvent.click(screen.getByRole('button', { name: /Mehr erfahren/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Ratenzahlung mit Afterpay' });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return dialog;
};

describe('instalment teaser', () => {
  it('R1.4.1 R1.4.2 R9.1.6 R4.4.1 shows 4 interest-free payments for a price in range', () => {
    render(<ProductPurchase {...purchaseProps(mug, { instalmentContext: us })} />);
    expect(plain(teaser()?.textContent)).toContain('oder 4 zinsfreie Zahlungen à 2,50 € mit Afterpay');
  });

  it('R4.4.1 R5.6.2 follows the chosen variant: out of range above the maximum', () => {
    const shirt = purchaseProps(shirtItem, { instalmentContext: { ...us, afterPayMax: 2490 } });
    render(<ProductPurchase {...shirt} />);
    chooseOption('Größe', 'M');
    chooseOption('Farbe', 'Blau');
    expect(plain(teaser()?.textContent)).toContain('à 6,23 € mit Afterpay');
    cleanup();
    render(
      <ProductPurchase {...purchaseProps(shirtItem, { instalmentContext: { ...us, afterPayMax: 2000 } })} />,
    );
    chooseOption('Größe', 'M');
    chooseOption('Farbe', 'Blau');
    expect(plain(teaser()?.textContent)).toContain(
      'Afterpay ist für Bestellungen zwischen 1,00 € und 20,00 € verfügbar',
    );
  });

  it('R1.4.3 R5.6.7 says Clearpay in GB and Klarna outside the Afterpay countries', () => {
    render(
      <ProductPurchase
        {...purchaseProps(mug, { instalmentContext: { ...us, stripeAccountCountry: 'GB' } })}
      />,
    );
    expect(teaser()?.textContent).toContain('mit Clearpay');
    cleanup();
    render(
      <ProductPurchase
        {...purchaseProps(mug, { instalmentContext: { ...us, stripeAccountCountry: 'DE' } })}
      />,
    );
    expect(teaser()?.textContent).toContain('mit Klarna');
  });

  it('R5.6.3 R5.6.4 R5.6.5 shows only for physical, non-subscribable products with the feature available', () => {
    render(<ProductPurchase {...purchaseProps(coffeeItem, { instalmentContext: us })} />);
    expect(teaser()).toBeNull();
    cleanup();
    const ebook = itemContext('ebook', 'E-Book', {
      productType: 2,
      variants: [variantContext('E', {}, 1000, 0)],
    });
    render(<ProductPurchase {...purchaseProps(ebook, { instalmentContext: us })} />);
    expect(teaser()).toBeNull();
    cleanup();
    render(
      <ProductPurchase {...purchaseProps(mug, { instalmentContext: { ...us, afterPayAvailable: false } })} />,
    );
    expect(teaser()).toBeNull();
  });
});

describe('instalment info modal', () => {
  it('R2.2.12 R7.7.1 R4.5.1 R4.5.2 opens with the provider page for language and country, and the close button hides it', async () => {
    const fetchSpy = stubInfoPage('<h1>Pay in 4</h1>');
    render(<ProductPurchase {...purchaseProps(mug, { instalmentContext: us })} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await openInfo();
    // The page is fetched in an effect of the opened dialog, which may run a moment after it appears.
    await waitFor(() =>
      expect(fetchSpy).toHaveBeenCalledWith(
        'https://static.afterpay.com/modal/en_US.html',
        expect.anything(),
      ),
    );
    await waitFor(() =>
      expect(dialog.querySelector('iframe')?.getAttribute('srcdoc')).toBe('<h1>Pay in 4</h1>'),
    );
    // The provider's page may run no script.
    expect(dialog.querySelector('iframe')?.getAttribute('sandbox')).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement?.textContent).toContain('Mehr erfahren');
  });

  it('R4.5.3 R4.5.4 Escape and a click outside close it', async () => {
    stubInfoPage('<p>Info</p>');
    render(<ProductPurchase {...purchaseProps(mug, { instalmentContext: us })} />);
    await openInfo();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await openInfo();
    fireEvent.click(document.querySelector('.instalment-info__backdrop')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('R7.7.2 a failed load only warns in the console; the modal shows our own text and the page goes on', async () => {
    stubInfoPage(new TypeError('Failed to fetch'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<ProductPurchase {...purchaseProps(mug, { instalmentContext: us })} />);
    const dialog = await openInfo();
    await waitFor(() => expect(dialog.textContent).toContain(INSTALMENT_INFO_TEXTS.fallback('Afterpay', 4)));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain('static.afterpay.com');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The purchase form still works as before.
    expect(document.querySelector('.product-purchase button[type="submit"]')?.textContent).toBe(
      'Add To Cart',
    );
  });
});
