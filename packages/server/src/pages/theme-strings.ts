/**
 * The default theme's German texts under the template keys of spec 3 (`localizedStrings`). The spec
 * quotes the platform's English fallbacks ('Add To Cart', 'Adding ...', 'Added!'); a German storefront
 * shows these instead, and a site's own `localizedStrings` setting overrides any of them.
 */
export const THEME_STRINGS: Readonly<Record<string, string>> = {
  productAddToCartText: 'In den Warenkorb',
  productSubscribeText: 'Abonnieren',
  productAddingText: 'Wird hinzugefügt …',
  productAddedText: 'Hinzugefügt!',
};
