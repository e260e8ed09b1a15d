import type { PurchasePriceNote } from './types.js';

/**
 * "inkl. MwSt." (or the § 19 UStG note) and, for shipped goods, "zzgl. Versandkosten" linking to the
 * shipping page (§ 1 Abs. 1, § 6 Abs. 2 PAngV): the same markup the theme's `price-note` formatter
 * prints, shared by every island that shows a price, so the texts live in one place.
 */
export function PriceNote({ note }: { note: PurchasePriceNote }) {
  return (
    <small className="price-note">
      {note.vatText}
      {note.shipping && (
        <>
          , zzgl. <a href={note.shippingUrl}>Versandkosten</a>
        </>
      )}
    </small>
  );
}
