import type { Plugin } from '../../plugin-api.js';
import { addToCartButton } from './add-to-cart-button.js';
import { cartFormatters } from './cart-formatters.js';
import { commercePredicates } from './commerce-predicates.js';
import { summaryFormField } from './form-summary.js';
import { legalPriceFormatters, legalPricePredicates } from './legal-price-notes.js';
import { productRestockNotification, productScarcity } from './merchandising.js';
import { moneyFormatters } from './money-formatters.js';
import { productCheckout } from './product-checkout.js';
import { productQuickView, productStatus } from './product-marks.js';
import { productPriceFormatters } from './product-price.js';
import { quantityInput } from './quantity-input.js';
import { subscriptionPrice } from './subscription-price.js';
import { variantDescriptorFormatter, variantsSelect } from './variants-select.js';

/** Formatters and predicates for shop templates; the rules behind them live in @baukasten/commerce. */
export const commercePlugin: Plugin = {
  name: 'commerce',
  formatters: {
    ...productPriceFormatters,
    'subscription-price': subscriptionPrice,
    'product-status': productStatus,
    'product-quick-view': productQuickView,
    'add-to-cart-btn': addToCartButton,
    'variants-select': variantsSelect,
    'variant-descriptor': variantDescriptorFormatter,
    'quantity-input': quantityInput,
    'product-checkout': productCheckout,
    'product-restock-notification': productRestockNotification,
    'product-scarcity': productScarcity,
    'summary-form-field': summaryFormField,
    ...cartFormatters,
    ...moneyFormatters,
    ...legalPriceFormatters,
  },
  predicates: { ...commercePredicates, ...legalPricePredicates },
};
