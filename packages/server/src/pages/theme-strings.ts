import { GERMAN_LIKERT_LABELS, isGermanLocale, LIKERT_LABELS } from '@baukasten/commerce';
import type { Website } from '@baukasten/storage';

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
  // Every other English fallback the spec quotes (section 8, "Fallback texts"), issue 22.
  productSoldOutText: 'Ausverkauft',
  productSaleText: 'Angebot',
  productPriceFromText: 'ab {fromPrice}',
  productPriceUnavailable: 'Nicht verfügbar',
  productSummaryFormNoAnswerText: 'Keine Angabe',
  ...Object.fromEntries(
    (['-2', '-1', '0', '1', '2'] as const).map((value) => [
      `productAnswerMap${LIKERT_LABELS[value].replace(/ /g, '')}`,
      GERMAN_LIKERT_LABELS[value],
    ]),
  ),
};

/**
 * The `localizedStrings` of a website's pages: the German texts on a German site, none elsewhere (the
 * spec's fallbacks then apply), the site's own setting over either.
 */
export function themeStringsOf(website: Website): Record<string, unknown> {
  return {
    ...(isGermanLocale(website.locale) ? THEME_STRINGS : {}),
    ...(website.settings.localizedStrings as object | undefined),
  };
}
