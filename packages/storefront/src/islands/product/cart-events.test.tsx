// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartPill } from '../cart-pill.js';
import {
  CART_EVENTS,
  type CartEventName,
  cartEventType,
  cartState,
  loadCart,
  mayHaveCart,
  recalculateCart,
} from './cart-request.js';
import { mugItem, purchaseProps } from './fixtures.js';
import { ProductPurchase } from './product-purchase.js';
import { clearCookies, setCookie } from './test-helpers.js';

let seen: { name: CartEventName; detail: unknown; reading: boolean; recalculating: boolean }[] = [];
const listeners = CART_EVENTS.map((name) => {
  const listener = (event: Event) =>
    seen.push({
      name,
      detail: (event as CustomEvent).detail,
      reading: cartState.reading,
      recalculating: cartState.recalculating,
    });
  return [name, listener] as const;
});

beforeEach(() => {
  seen = [];
  for (const [name, listener] of listeners) window.addEventListener(cartEventType(name), listener);
});
afterEach(() => {
  cleanup();
  for (const [name, listener] of listeners) window.removeEventListener(cartEventType(name), listener);
  vi.unstubAllGlobals();
  clearCookies();
});

const cart = { id: 'c1', totalQuantity: 3, subtotalText: '30,00 €' };
const stubCart = () => {
  let reading: boolean | undefined;
  const fetchSpy = vi.fn(async () => {
    reading = cartState.reading;
    return new Response(JSON.stringify(cart));
  });
  vi.stubGlobal('fetch', fetchSpy);
  return { fetchSpy, readingDuringCall: () => reading };
};

describe('cart events and flags', () => {
  it('R4.2.5 the cart events are exactly loading, loaded, item-added, recalculate-start, recalculate-end, change', () => {
    expect(CART_EVENTS).toEqual([
      'loading',
      'loaded',
      'item-added',
      'recalculate-start',
      'recalculate-end',
      'change',
    ]);
  });

  it('R4.2.3 R4.2.5 reading the cart sets the read-in-progress flag, then sends loading, loaded and change', async () => {
    setCookie('hasCart=true; path=/');
    const { readingDuringCall } = stubCart();
    await loadCart();
    expect(readingDuringCall()).toBe(true);
    expect(cartState.reading).toBe(false);
    expect(seen.map((e) => e.name)).toEqual(['loading', 'loaded', 'change']);
    expect(seen[0].reading).toBe(true);
    expect(seen[1].detail).toEqual(cart);
  });

  it('R4.2.4 R4.2.5 a form-field update sets the recalculating flag between recalculate-start and recalculate-end', async () => {
    let during: boolean | undefined;
    const result = await recalculateCart(async () => {
      during = cartState.recalculating;
      return cart;
    });
    expect(result).toBe(cart);
    expect(during).toBe(true);
    expect(cartState.recalculating).toBe(false);
    expect(seen.map((e) => [e.name, e.recalculating])).toEqual([
      ['recalculate-start', true],
      ['change', true],
      ['recalculate-end', false],
    ]);
    // A failed update still ends the recalculation.
    await expect(
      recalculateCart(async () => {
        throw new Error('offline');
      }),
    ).rejects.toThrow('offline');
    expect(cartState.recalculating).toBe(false);
    expect(seen.at(-1)?.name).toBe('recalculate-end');
  });

  it('R4.2.6 R4.2.7 R4.2.8 the cart is read for a signed-in user or with a has-cart or cart cookie, else never', async () => {
    expect(mayHaveCart('')).toBe(false);
    expect(mayHaveCart('hasCart=false')).toBe(false);
    expect(mayHaveCart('authenticated=true')).toBe(true);
    expect(mayHaveCart('hasCart=true')).toBe(true);
    expect(mayHaveCart('cart=abc123')).toBe(true);
    const { fetchSpy } = stubCart();
    expect(await loadCart()).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(seen).toEqual([]);
  });

  it('R4.2.5 a successful add sends item-added, then change, with the new cart; the pill shows it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ shoppingCart: cart, newlyAdded: { id: 'e1' } }))),
    );
    render(
      <>
        <CartPill totalQuantity={0} subtotalText="" />
        <ProductPurchase {...purchaseProps(mugItem)} />
      </>,
    );
    act(() => document.querySelector<HTMLButtonElement>('.product-purchase button[type="submit"]')!.click());
    await waitFor(() => expect(seen.map((e) => e.name)).toEqual(['item-added', 'change']));
    expect(seen[0].detail).toEqual(cart);
    await waitFor(() => expect(document.querySelector('.cart-pill')?.textContent).toContain('30,00 €'));
  });

  it('R4.2.6 R6.1.2 the pill of a signed-in shopper loads the cart and shows it', async () => {
    setCookie('authenticated=true; path=/');
    const { fetchSpy } = stubCart();
    await act(async () => {
      render(<CartPill totalQuantity={0} subtotalText="" />);
    });
    const pill = await screen.findByRole('link', { name: /^Warenkorb/ });
    await waitFor(() => expect(pill.textContent).toContain('3'));
    expect(pill.textContent).toContain('30,00 €');
    expect(fetchSpy).toHaveBeenCalledWith('/api/commerce/shopping-cart', expect.anything());
  });
});
