import { PRODUCT_ISLAND_TEXTS } from './texts.js';
import type { AddedItem } from './use-add-to-cart.js';

/**
 * The added-item popover (spec 2 and 4): a polite status region that is always in the page, so screen
 * readers announce what appears in it; it holds the added item for 3 s.
 */
export function AddedPopover({ added }: { added: AddedItem | null }) {
  return (
    <div className={`added-popover${added ? ' added-popover--visible' : ''}`} role="status">
      {added && (
        <div className="added-popover__body" key={added.id}>
          <p className="added-popover__heading">{PRODUCT_ISLAND_TEXTS.addedToCart}</p>
          <p className="added-popover__item">
            <span className="added-popover__title">{added.title}</span>
            {added.variantText && <span className="added-popover__variant"> – {added.variantText}</span>}
          </p>
          <p className="added-popover__details">
            {PRODUCT_ISLAND_TEXTS.quantityInPopover.replace('{quantity}', String(added.quantity))}
            {added.priceText && ` · ${added.priceText}`}
          </p>
          <a className="added-popover__link" href="/cart">
            {PRODUCT_ISLAND_TEXTS.viewCart}
          </a>
        </div>
      )}
    </div>
  );
}
