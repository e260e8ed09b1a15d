import { cartQuantityLabel } from '@baukasten/commerce';
import { useEffect, useState } from 'react';
import { hasCartCookie, isAuthenticated } from '../cookies.js';
import { CART_CHANGED_EVENT } from './product/cart-request.js';

export interface CartPillProps {
  /** Item count known when the page was rendered (0 when the server did not load the cart). */
  totalQuantity: number;
  /** Subtotal already formatted for the site's locale and currency. */
  subtotalText: string;
}

interface CartSummary {
  totalQuantity: number;
  subtotalText: string;
}

/**
 * Pill-shaped cart summary. It loads the cart only when there can be one (a cart cookie or a signed-in
 * shopper), so first-time visitors cause no API call.
 */
export function CartPill({ totalQuantity, subtotalText }: CartPillProps) {
  const [summary, setSummary] = useState<CartSummary>({ totalQuantity, subtotalText });
  const [hydrated, setHydrated] = useState(false);

  // Add-to-cart islands announce the changed cart; the pill shows it without asking the server again.
  useEffect(() => {
    const onChange = (event: Event) => {
      const cart = (event as CustomEvent<{ totalQuantity?: unknown; subtotalText?: unknown }>).detail;
      if (cart && typeof cart.totalQuantity === 'number') {
        setSummary({
          totalQuantity: cart.totalQuantity,
          subtotalText: typeof cart.subtotalText === 'string' ? cart.subtotalText : '',
        });
      }
    };
    window.addEventListener(CART_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(CART_CHANGED_EVENT, onChange);
  }, []);

  useEffect(() => {
    setHydrated(true);
    if (!hasCartCookie(document.cookie) && !isAuthenticated(document.cookie)) return;
    const controller = new AbortController();
    fetch('/api/commerce/shopping-cart', { credentials: 'same-origin', signal: controller.signal })
      .then((r) => (r.ok ? r.json() : null))
      .then((cart) => {
        if (cart && typeof cart.totalQuantity === 'number') {
          setSummary({ totalQuantity: cart.totalQuantity, subtotalText: cart.subtotalText ?? '' });
        }
      })
      .catch(() => {
        /* the pill keeps what the server rendered */
      });
    return () => controller.abort();
  }, []);

  const visible = summary.totalQuantity > 0;
  return (
    <a
      className={`cart-pill${visible ? ' cart-pill--visible' : ''}`}
      href="/cart"
      hidden={!visible}
      data-hydrated={hydrated ? 'true' : undefined}
      aria-label={`Warenkorb: ${summary.totalQuantity} Artikel, ${summary.subtotalText}`}
    >
      <span className="cart-pill__count">{cartQuantityLabel(summary.totalQuantity)}</span>
      <span className="cart-pill__subtotal">{summary.subtotalText}</span>
    </a>
  );
}
