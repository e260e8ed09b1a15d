/** German answers of the merchant's restock calls (spec 7); the visitor's texts are RESTOCK_MESSAGES of @baukasten/commerce. */
export const restockMessages = {
  productAndVariantMissing: 'Bitte gib productId und variantId an.',
  sendRequestsMissing: 'Bitte gib sendRequests als Liste von productId und variantId an.',
} as const;
