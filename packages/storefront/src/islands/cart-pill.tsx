import { cartQuantityLabel, SHIPPING_PAGE_PATH, vatPriceNote } from '@baukasten/commerce';
import { type MouseEvent, useEffect, useState } from 'react';
import { CART_CHANGED_EVENT, loadCart } from './product/cart-request.js';

export interface CartPillProps {
  /** Item count known when the page was rendered (0 when the server did not load the cart). */
  totalQuantity: number;
  /** Subtotal already formatted for the site's locale and currency. */
  subtotalText: string;
  /** The shop is a Kleinunternehmer (§ 19 UStG): the subtotal carries that note instead of "inkl. MwSt.". */
  smallBusiness?: boolean;
  /** Something in the cart is shipped, so the subtotal is "zzgl. Versandkosten" (a download cart is not). */
  requiresShipping?: boolean;
}

interface CartSummary {
  totalQuantity: number;
  subtotalText: string;
  smallBusiness: boolean;
  requiresShipping: boolean;
}

/**
 * Inside the editor's preview frame (spec 2: R2.1.3) the pill sets the frame's URL instead of following
 * its link, so the cart opens in the frame whatever target a theme or the editor gives links there.
 */
export function openCartInFrame(event: MouseEvent<HTMLAnchorElement>) {
  if (window.top === window.self) return;
  event.preventDefault();
  window.location.assign('/cart');
}

/** The cart as the API answers it, reduced to what the pill shows; undefined for anything else. */
function summaryOf(cart: unknown): CartSummary | undefined {
  const c = cart as {
    totalQuantity?: unknown;
    subtotalText?: unknown;
    vatTreatment?: unknown;
    requiresShipping?: unknown;
  } | null;
  if (!c || typeof c.totalQuantity !== 'number') return undefined;
  return {
    totalQuantity: c.totalQuantity,
    subtotalText: typeof c.subtotalText === 'string' ? c.subtotalText : '',
    smallBusiness: c.vatTreatment === 'small-business',
    requiresShipping: c.requiresShipping !== false,
  };
}

/**
 * The header's cart link with the pill-shaped cart summary. It loads the cart only when there can be one (a cart cookie or a signed-in
 * shopper), so first-time visitors cause no API call.
 */
export function CartPill({
  totalQuantity,
  subtotalText,
  smallBusiness = false,
  requiresShipping = true,
}: CartPillProps) {
  const [summary, setSummary] = useState<CartSummary>({
    totalQuantity,
    subtotalText,
    smallBusiness,
    requiresShipping,
  });
  const [hydrated, setHydrated] = useState(false);

  // Add-to-cart islands announce the changed cart; the pill shows it without asking the server again.
  useEffect(() => {
    const onChange = (event: Event) => {
      const next = summaryOf((event as CustomEvent<unknown>).detail);
      if (next) setSummary(next);
    };
    window.addEventListener(CART_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(CART_CHANGED_EVENT, onChange);
  }, []);

  // The cart is read only when there can be one (spec 4); its `change` event updates the pill above.
  // A failed read leaves what the server rendered.
  useEffect(() => {
    setHydrated(true);
    const controller = new AbortController();
    void loadCart(controller.signal);
    return () => controller.abort();
  }, []);

  // The link itself is always there, named by its visible "Warenkorb" (WCAG 2.5.3); the count and
  // subtotal part is the spec's pill, hidden while the cart is empty and faded in above 0.
  const visible = summary.totalQuantity > 0;
  // § 1 Abs. 1 and § 6 PAngV: the subtotal is a price shown to consumers, so it carries the VAT note and,
  // for shipped goods, "zzgl. Versandkosten" linking to the shipping costs. It sits beside the cart link,
  // not inside it: a link inside a link is no valid HTML, and screen readers would read it as one.
  return (
    <>
      <a
        className={`cart-pill${visible ? ' cart-pill--visible' : ''}`}
        href="/cart"
        onClick={openCartInFrame}
        data-hydrated={hydrated ? 'true' : undefined}
      >
        <span className="cart-pill__label">Warenkorb</span>
        <span className="cart-pill__summary" hidden={!visible}>
          <span className="cart-pill__count">
            {cartQuantityLabel(summary.totalQuantity)}
            <span className="visually-hidden"> Artikel,</span>
          </span>
          <span className="cart-pill__subtotal">{summary.subtotalText}</span>
        </span>
      </a>
      {visible && summary.subtotalText !== '' && (
        <small className="cart-pill__note">
          {vatPriceNote(summary.smallBusiness)}
          {summary.requiresShipping && (
            <>
              , zzgl. <a href={SHIPPING_PAGE_PATH}>Versandkosten</a>
            </>
          )}
        </small>
      )}
    </>
  );
}
