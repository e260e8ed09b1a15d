import { useRef, useState } from 'react';
import { PriceNote } from './price-note.js';
import { PRODUCT_ISLAND_TEXTS } from './texts.js';
import type { PurchasePriceNote } from './types.js';
import type { AddedItem } from './use-add-to-cart.js';

/**
 * The added-item popover (spec 2 and 4): a polite status region that is always in the page, so screen
 * readers announce what appears in it; it holds the added item for 3 s. While its link has focus or the
 * pointer rests on it, it stays until they leave (WCAG 1.4.13, 2.2.1): hiding what has focus dropped the
 * keyboard user's focus on <body>. The price it repeats is one shown to consumers, so it carries the
 * product's legal note like the price on the page (§ 1 Abs. 1, § 6 Abs. 2 PAngV).
 */
export function AddedPopover({ added, note }: { added: AddedItem | null; note?: PurchasePriceNote }) {
  const last = useRef<AddedItem | null>(added);
  if (added) last.current = added;
  const focused = useRef(false);
  const hovered = useRef(false);
  const [held, setHeld] = useState(false);
  const hold = () => setHeld(focused.current || hovered.current);
  const shown = added ?? (held ? last.current : null);

  return (
    <div
      className={`added-popover${shown ? ' added-popover--visible' : ''}`}
      role="status"
      onFocus={() => {
        focused.current = true;
        hold();
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        focused.current = false;
        hold();
      }}
      onPointerEnter={() => {
        hovered.current = true;
        hold();
      }}
      onPointerLeave={() => {
        hovered.current = false;
        hold();
      }}
    >
      {shown && (
        <div className="added-popover__body" key={shown.id}>
          <p className="added-popover__heading">{PRODUCT_ISLAND_TEXTS.addedToCart}</p>
          <p className="added-popover__item">
            <span className="added-popover__title">{shown.title}</span>
            {shown.variantText && <span className="added-popover__variant"> – {shown.variantText}</span>}
          </p>
          <p className="added-popover__details">
            {PRODUCT_ISLAND_TEXTS.quantityInPopover.replace('{quantity}', String(shown.quantity))}
            {shown.priceText && ` · ${shown.priceText}`}
            {shown.priceText && note && (
              <>
                {' '}
                <PriceNote note={note} />
              </>
            )}
          </p>
          <a className="added-popover__link" href="/cart">
            {PRODUCT_ISLAND_TEXTS.viewCart}
          </a>
        </div>
      )}
    </div>
  );
}
