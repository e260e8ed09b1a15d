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
    const pill = await screen.findByRole('link');
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
});
