// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartPill } from './cart-pill.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

describe('cart pill', () => {
  it('R4.2.1 R2.1.2 hides the summary while the cart is empty but keeps the "Warenkorb" link to /cart, and loads nothing without a cart cookie', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    await act(async () => {
      render(<CartPill totalQuantity={0} subtotalText="" />);
    });
    const pill = screen.getByRole('link', { name: 'Warenkorb' });
    expect(pill.hidden).toBe(false);
    expect(pill.querySelector<HTMLElement>('.cart-pill__summary')?.hidden).toBe(true);
    expect(pill.getAttribute('href')).toBe('/cart');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('R4.2.2 R4.2.7 R2.2.13 R2.2.14 R9.1.1 with a has-cart cookie it loads the cart, shows count and subtotal, and caps at 100+', async () => {
    document.cookie = 'hasCart=true; path=/';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ totalQuantity: 101, subtotalText: '1.234,00 €' }))),
    );
    render(<CartPill totalQuantity={0} subtotalText="" />);
    const pill = await screen.findByRole('link', { name: /^Warenkorb/ });
    await waitFor(() => expect(pill.textContent).toContain('100+'));
    expect(pill.querySelector<HTMLElement>('.cart-pill__summary')?.hidden).toBe(false);
    // What a screen reader reads: the word, the count with its unit, the subtotal.
    expect(pill.textContent).toBe('Warenkorb100+ Artikel,1.234,00 €');
    expect(pill.className).toContain('cart-pill--visible');
    expect(pill.textContent).toContain('1.234,00 €');
  });

  it('R2.1.2 R2.1.3 follows its link on the site, but inside the editor frame sets the frame URL instead', () => {
    vi.stubGlobal('fetch', vi.fn());
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const view = render(<CartPill totalQuantity={2} subtotalText="20,00 €" />);
    const pill = view.container.querySelector('a')!;
    expect(pill.getAttribute('href')).toBe('/cart');

    // On its own page the link does the work: the click is not taken over.
    expect(fireEvent.click(pill)).toBe(true);
    expect(assign).not.toHaveBeenCalled();

    // Framed by the editor's preview, the frame itself is sent to the cart.
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    expect(fireEvent.click(pill)).toBe(false);
    expect(assign).toHaveBeenCalledWith('/cart');
  });

  describe('§ 1 Abs. 1 PAngV and § 6 PAngV: the subtotal carries the price note', () => {
    const announce = (cart: object) =>
      act(() => {
        window.dispatchEvent(new CustomEvent('baukasten:cart-changed', { detail: cart }));
      });

    it('says "inkl. MwSt." and "zzgl. Versandkosten", linked to the shipping page, beside (not inside) the cart link', async () => {
      vi.stubGlobal('fetch', vi.fn());
      render(<CartPill totalQuantity={0} subtotalText="" />);
      // An empty cart shows no price, and so no note.
      expect(document.querySelector('.cart-pill__note')).toBeNull();
      announce({
        totalQuantity: 2,
        subtotalText: '29,80 €',
        vatTreatment: 'domestic',
        requiresShipping: true,
      });
      const note = document.querySelector<HTMLElement>('.cart-pill__note')!;
      expect(note.textContent).toBe('inkl. MwSt., zzgl. Versandkosten');
      const shipping = screen.getByRole('link', { name: 'Versandkosten' });
      expect(shipping.getAttribute('href')).toBe('/versand-und-zahlung');
      const cartLink = screen.getByRole('link', { name: /^Warenkorb/ });
      expect(cartLink.contains(shipping)).toBe(false);
      expect(cartLink.textContent).toContain('29,80 €');
    });

    it("§ 19 UStG: a Kleinunternehmer's pill names no VAT but the small-business note", async () => {
      vi.stubGlobal('fetch', vi.fn());
      render(<CartPill totalQuantity={0} subtotalText="" />);
      announce({
        totalQuantity: 1,
        subtotalText: '12,00 €',
        vatTreatment: 'small-business',
        requiresShipping: true,
      });
      const note = document.querySelector<HTMLElement>('.cart-pill__note')!;
      expect(note.textContent).toBe('kein Ausweis der USt. (§ 19 UStG), zzgl. Versandkosten');
      expect(note.textContent).not.toContain('inkl. MwSt.');
    });

    it('a cart of downloads only has no shipping costs to add, so no "zzgl. Versandkosten"', async () => {
      vi.stubGlobal('fetch', vi.fn());
      render(<CartPill totalQuantity={0} subtotalText="" />);
      announce({
        totalQuantity: 1,
        subtotalText: '9,90 €',
        vatTreatment: 'domestic',
        requiresShipping: false,
      });
      expect(document.querySelector('.cart-pill__note')?.textContent).toBe('inkl. MwSt.');
      expect(screen.queryByRole('link', { name: 'Versandkosten' })).toBeNull();
    });

    it('the note of the cart as loaded from the server, and as rendered with props', async () => {
      // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server that set the has-cart cookie.
      document.cookie = 'hasCart=true; path=/';
      vi.stubGlobal(
        'fetch',
        vi.fn(
          async () =>
            new Response(
              JSON.stringify({
                totalQuantity: 3,
                subtotalText: '45,00 €',
                vatTreatment: 'oss',
                requiresShipping: true,
              }),
            ),
        ),
      );
      render(<CartPill totalQuantity={0} subtotalText="" />);
      await waitFor(() =>
        expect(document.querySelector('.cart-pill__note')?.textContent).toBe(
          'inkl. MwSt., zzgl. Versandkosten',
        ),
      );
      cleanup();
      vi.stubGlobal('fetch', vi.fn());
      render(<CartPill totalQuantity={1} subtotalText="5,00 €" smallBusiness requiresShipping={false} />);
      expect(document.querySelector('.cart-pill__note')?.textContent).toBe(
        'kein Ausweis der USt. (§ 19 UStG)',
      );
    });
  });
});
