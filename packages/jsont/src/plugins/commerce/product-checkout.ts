// `product-checkout`: the whole buy block of a product page: variant selectors, quantity input
// and add-to-cart button.

import type { ProductInput } from '@baukasten/commerce';
import type { Formatter } from '../../plugin-api.js';
import { addToCartButtonMarkup } from './add-to-cart-button.js';
import { quantityInputMarkup } from './quantity-input.js';
import { variantsSelectMarkup } from './variants-select.js';

// The blank lines between the blocks are those the legacy checkout block has always printed;
// templates compared byte for byte (the conformance cases) expect them.
const BEFORE_QUANTITY = '\n\n\n';
const BEFORE_BUTTON = '\n'.repeat(13);

/** `{item|product-checkout}`. */
export const productCheckout: Formatter = (value, _args, scope) => {
  const item = value as ProductInput;
  const quantity = quantityInputMarkup(item, scope);
  return (
    variantsSelectMarkup(item, scope) +
    (quantity ? BEFORE_QUANTITY + quantity : '') +
    BEFORE_BUTTON +
    addToCartButtonMarkup(item, scope)
  );
};
