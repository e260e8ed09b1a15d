// Texts of the quick view. The spec names the overlay but quotes none of its texts; they are worded
// here, in the storefront's informal German.

export const QUICK_VIEW_TEXTS = {
  open: 'Schnellansicht',
  /** Accessible name of the card button: a list has one per product, so it names the product. */
  openFor: 'Schnellansicht: {title}',
  close: 'Schließen',
  loading: 'Wird geladen …',
  loadFailed: 'Das Produkt konnte nicht geladen werden. Bitte versuche es erneut.',
  retry: 'Erneut versuchen',
  productPage: 'Zur Produktseite',
  /** A sale price with the original, as the product card's price line words it. */
  saleLine: '{price} statt {original}',
} as const;

export const quickViewButtonLabel = (title: string) =>
  title.trim() === '' ? QUICK_VIEW_TEXTS.open : QUICK_VIEW_TEXTS.openFor.replace('{title}', title);
