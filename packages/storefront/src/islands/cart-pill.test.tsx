// @vitest-environment happy-dom
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartPill } from './cart-pill.js';

afterEach(() => {
  vi.unstubAllGlobals();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

describe('cart pill', () => {
  it('R4.2.1 R2.1.2 is hidden while the cart is empty, links to /cart, and loads nothing without a cart cookie', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    await act(async () => {
      render(<CartPill totalQuantity={0} subtotalText="" />);
    });
    const pill = screen.getByRole('link', { hidden: true });
    expect(pill.hidden).toBe(true);
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
    expect(pill.hidden).toBe(false);
    expect(pill.className).toContain('cart-pill--visible');
    expect(pill.textContent).toContain('1.234,00 €');
  });
});
