// Which values of a variant option a shopper can still get, given what is chosen in the other options:
// the buttons mark the rest ("ausverkauft", "nicht erhältlich") but keep them choosable and in the Tab
// order, so a shopper can still look at a sold-out variant's price or its restock form.

import type { ProductLike, VariantOption } from '@baukasten/commerce';
import type { PurchaseVariant } from './types.js';
import { variantSoldOut } from './use-add-to-cart.js';

export type OptionValueState = 'available' | 'soldOut' | 'unavailable';

/** The options shown as buttons; more values than this stay a dropdown (a long row of buttons is a wall). */
export const MAX_BUTTON_VALUES = 8;

/**
 * The state of each value of `option`: 'unavailable' when no variant has it together with the values
 * chosen in the other options, 'soldOut' when every such variant is sold out, else 'available'.
 */
export function optionValueStates(
  product: ProductLike,
  variants: readonly PurchaseVariant[],
  option: VariantOption,
  chosen: Readonly<Record<string, string>>,
): Record<string, OptionValueState> {
  const others = Object.entries(chosen).filter(([name, value]) => name !== option.name && value !== '');
  const states: Record<string, OptionValueState> = {};
  for (const value of option.values) {
    const matching = variants.filter(
      (variant) =>
        variant.attributes[option.name] === value &&
        others.every(([name, other]) => variant.attributes[name] === other),
    );
    states[value] =
      matching.length === 0
        ? 'unavailable'
        : matching.every((variant) => variantSoldOut(product, variant))
          ? 'soldOut'
          : 'available';
  }
  return states;
}
