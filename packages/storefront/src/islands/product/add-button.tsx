import { type AddToCartError, isSoldOut, itemVariantOptions, QUANTITY_INPUT } from '@baukasten/commerce';
import { type FormEvent, useCallback, useMemo, useRef } from 'react';
import { AddToCartAlertSlot } from './add-to-cart-alert-slot.js';
import { AddToCartButton } from './add-to-cart-button.js';
import { AddedPopover } from './added-popover.js';
import { CART_ENTRIES_URL } from './cart-request.js';
import { PurchaseHiddenFields } from './product-purchase.js';
import { PRODUCT_ISLAND_TEXTS, purchaseTexts } from './texts.js';
import type { ProductPurchaseProps } from './types.js';
import { purchaseProduct, useAddToCart } from './use-add-to-cart.js';

/**
 * The add button of a product list (spec 2: add-to-cart grids). A product with options cannot be
 * added from the list, so it links to its page instead.
 */
export function AddButton(props: ProductPurchaseProps) {
  const product = useMemo(() => purchaseProduct(props), [props]);
  if (props.chooseOptions || itemVariantOptions(product).length > 0) {
    return (
      <a className="add-button add-button--choose" href={props.productUrl}>
        {PRODUCT_ISLAND_TEXTS.chooseOptionsLink}
      </a>
    );
  }
  return <QuickAddForm {...props} />;
}

/** One variant (or none): one click adds one piece, in a form that also posts without JavaScript. */
function QuickAddForm(props: ProductPurchaseProps) {
  const texts = purchaseTexts(props.texts);
  const soldOut = isSoldOut(purchaseProduct(props));
  const buttonRef = useRef<HTMLButtonElement>(null);
  const afterAlert = useCallback((_error: AddToCartError) => buttonRef.current?.focus(), []);
  const focusButton = useCallback(() => buttonRef.current?.focus(), []);
  const flow = useAddToCart(props, soldOut, afterAlert, focusButton);
  const activate = () => flow.activate({});
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    activate();
  };
  return (
    <form className="add-button" method="post" action={CART_ENTRIES_URL} onSubmit={onSubmit}>
      <PurchaseHiddenFields props={props} sku={props.variants[0]?.sku} />
      <input type="hidden" name="quantity" value={QUANTITY_INPUT.default} />
      <AddToCartButton
        className="add-button__button"
        state={flow.state}
        soldOut={soldOut}
        idleText={props.buttonText}
        texts={texts}
        onActivate={activate}
        buttonRef={buttonRef}
      />
      <AddedPopover added={flow.added} note={props.priceNote} />
      <AddToCartAlertSlot error={flow.alert} onClose={flow.closeAlert} />
    </form>
  );
}
