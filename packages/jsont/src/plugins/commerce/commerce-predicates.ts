// The commerce predicates: `.on-sale?`, `.sold-out?`, `.varied-prices?`, `.has-variants?` about the
// product at `@`.

import { hasVariants, hasVariedPrices, isOnSale, isSoldOut, type ProductInput } from '@baukasten/commerce';
import type { Predicate } from '../../plugin-api.js';

const about =
  (rule: (product: ProductInput) => boolean): Predicate =>
  (_args, scope) =>
    rule(scope.current as ProductInput);

export const commercePredicates: Record<string, Predicate> = {
  'on-sale': about(isOnSale),
  'sold-out': about(isSoldOut),
  'varied-prices': about(hasVariedPrices),
  'has-variants': about(hasVariants),
};
