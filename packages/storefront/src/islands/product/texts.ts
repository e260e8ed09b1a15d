import { ADD_TO_CART_BUTTON_TEXTS } from '@baukasten/commerce';
import type { PurchaseTexts } from './types.js';

// Texts the spec quotes come from the commerce catalogue. The spec quotes none for the dropdown
// placeholder, the quantity label, the added-item popover and the list link; they are worded here.

export const DEFAULT_PURCHASE_TEXTS: PurchaseTexts = {
  adding: ADD_TO_CART_BUTTON_TEXTS.adding,
  added: ADD_TO_CART_BUTTON_TEXTS.added,
  select: '{variantName} auswählen',
  quantity: 'Anzahl',
};

export const PRODUCT_ISLAND_TEXTS = {
  chooseOptionsLink: 'Optionen wählen',
  addedToCart: 'Zum Warenkorb hinzugefügt',
  viewCart: 'Warenkorb ansehen',
  quantityInPopover: 'Anzahl: {quantity}',
  /** The hidden labels of a sale price (spec 9), for screen readers. */
  salePriceLabel: 'Sonderpreis:',
  originalPriceLabel: 'Ursprünglicher Preis:',
  /** Said by the status region when the chosen combination is sold out (the button keeps focus). */
  soldOutAnnouncement: 'Diese Auswahl ist ausverkauft und kann nicht in den Warenkorb gelegt werden.',
  /** Added to a variant button's name: the value is sold out, or not made, with what else is chosen. */
  valueSoldOut: ' (ausverkauft)',
  valueUnavailable: ' (nicht erhältlich)',
} as const;

export function purchaseTexts(overrides: Partial<PurchaseTexts> | undefined): PurchaseTexts {
  const texts = { ...DEFAULT_PURCHASE_TEXTS };
  for (const key of Object.keys(texts) as (keyof PurchaseTexts)[]) {
    const value = overrides?.[key];
    if (typeof value === 'string' && value.trim() !== '') texts[key] = value;
  }
  return texts;
}

/** 'Größe auswählen' from '{variantName} auswählen'. */
export function selectPlaceholder(template: string, optionName: string): string {
  return template.split('{variantName}').join(optionName);
}
