// @vitest-environment happy-dom
import { SHIPPING_PAGE_PATH, vatPriceNote } from '@baukasten/commerce';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddButton } from './add-button.js';
import { AddedPopover } from './added-popover.js';
import { itemContext, mugItem, purchaseProps, variantContext } from './fixtures.js';
import { ProductPurchase } from './product-purchase.js';
import { cartAnswer, clearCookies, setCookie, settle, stubFetch } from './test-helpers.js';

beforeEach(() => {
  setCookie('crumb=crumb-from-cookie; path=/');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

/** Prices come formatted with a no-break space before the currency sign. */
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

const mug = { id: 1, title: 'Emaille-Becher', variantText: '', quantity: 1, priceText: '14,00 €' };

/** The note as the server's page context puts it on each product (page-context.ts, priceNoteOf). */
const noteOf = (smallBusiness: boolean, shipping: boolean) => ({
  vatText: vatPriceNote(smallBusiness),
  shipping,
  shippingUrl: SHIPPING_PAGE_PATH,
});

const ebookItem = itemContext('e-book', 'E-Book „Töpfern für Anfänger“', {
  productType: 2,
  variants: [variantContext('EB-1', {}, 990, 0, { unlimited: true })],
});

/** Adds the product through the product page's form, as a shopper does, and returns the popover. */
async function addOnProductPage(item: Record<string, unknown>) {
  stubFetch(cartAnswer);
  const view = render(<ProductPurchase {...purchaseProps(item)} />);
  fireEvent.click(view.container.querySelector<HTMLButtonElement>('button[type="submit"]')!);
  await settle();
  return screen.getByRole('status');
}

describe('added-item popover', () => {
  it('stays while its link has focus after the 3 s are over, and goes once focus leaves', () => {
    const view = render(<AddedPopover added={mug} />);
    const link = screen.getByRole('link', { name: 'Warenkorb ansehen' });
    link.focus();
    fireEvent.focus(link);
    // The product island drops the item after 3 s; the focused link must not vanish under the keyboard.
    view.rerender(<AddedPopover added={null} />);
    expect(screen.getByRole('link', { name: 'Warenkorb ansehen' })).toBe(link);
    fireEvent.blur(link, { relatedTarget: document.body });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('stays while the pointer rests on it', () => {
    const view = render(<AddedPopover added={mug} />);
    fireEvent.pointerEnter(screen.getByRole('status'));
    view.rerender(<AddedPopover added={null} />);
    expect(screen.getByRole('status').textContent).toContain('Zum Warenkorb hinzugefügt');
    fireEvent.pointerLeave(screen.getByRole('status'));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('§ 1 PAngV: the price in the added-item popover carries the legal price note', () => {
  it('§ 1 Abs. 1 and § 6 Abs. 2 PAngV: on the product page it says "inkl. MwSt., zzgl. Versandkosten" with the link to the shipping page', async () => {
    const popover = await addOnProductPage({ ...mugItem, priceNote: noteOf(false, true) });
    expect(plain(popover.textContent)).toContain('14,00 € inkl. MwSt., zzgl. Versandkosten');
    const shipping = within(popover).getByRole('link', { name: 'Versandkosten' });
    expect(shipping.getAttribute('href')).toBe('/versand-und-zahlung');
    // The popover's own link to the cart stays.
    expect(within(popover).getByRole('link', { name: 'Warenkorb ansehen' })).toBeTruthy();
  });

  it('§ 1 PAngV with § 19 UStG: a Kleinunternehmer shop says it shows no VAT instead of "inkl. MwSt."', async () => {
    const popover = await addOnProductPage({ ...mugItem, priceNote: noteOf(true, true) });
    expect(popover.textContent).toContain('kein Ausweis der USt. (§ 19 UStG), zzgl. Versandkosten');
    expect(popover.textContent).not.toContain('inkl. MwSt.');
  });

  it('§ 1 PAngV: a download is not shipped, so its price has no shipping note', async () => {
    const popover = await addOnProductPage({ ...ebookItem, priceNote: noteOf(false, false) });
    expect(popover.textContent).toContain('inkl. MwSt.');
    expect(popover.textContent).not.toContain('Versandkosten');
    expect(
      within(popover)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Warenkorb ansehen']);
  });

  it("§ 1 PAngV: the popover of a product list's add button carries the note too", async () => {
    stubFetch(cartAnswer);
    render(<AddButton {...purchaseProps({ ...mugItem, priceNote: noteOf(false, true) })} />);
    fireEvent.click(document.querySelector<HTMLButtonElement>('button[type="submit"]')!);
    await settle();
    const popover = screen.getByRole('status');
    expect(popover.textContent).toContain('inkl. MwSt., zzgl. Versandkosten');
    expect(within(popover).getByRole('link', { name: 'Versandkosten' }).getAttribute('href')).toBe(
      '/versand-und-zahlung',
    );
  });

  it('§ 1 PAngV: the note stays available while the shopper follows it by keyboard', () => {
    const view = render(<AddedPopover added={mug} note={noteOf(false, true)} />);
    const shipping = screen.getByRole('link', { name: 'Versandkosten' });
    shipping.focus();
    fireEvent.focus(shipping);
    view.rerender(<AddedPopover added={null} note={noteOf(false, true)} />);
    expect(screen.getByRole('link', { name: 'Versandkosten' })).toBe(shipping);
  });
});
