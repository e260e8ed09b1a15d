import {
  DEFAULT_TAX_RULES,
  germanCountryName,
  normaliseCountryCode,
  REGION_COUNTRIES,
} from '@baukasten/commerce';
import type { Website } from '@baukasten/storage';
import { cartRulesOf, shopCountry } from './cart-view.js';

/*
 * The countries the checkout offers. A shop may name its own (`settings.shippingCountries`); otherwise
 * it ships to the countries its rules know: its own country, those with a tax rule and those whose
 * address form has a region list. Names come from Intl in German, so no country table lives here.
 */

const countryName = germanCountryName;

const isCountryCode = (code: string) => /^[A-Z]{2}$/.test(code);

export function supportedCountries(website: Website): string[] {
  const own = shopCountry(website);
  const configured = website.settings.shippingCountries;
  const codes = Array.isArray(configured)
    ? configured.map((c) => normaliseCountryCode(String(c)))
    : [
        own,
        ...(cartRulesOf(website).taxRules ?? DEFAULT_TAX_RULES).map((r) => normaliseCountryCode(r.country)),
        ...REGION_COUNTRIES,
      ];
  const unique = [...new Set(codes.filter(isCountryCode))];
  return unique.length > 0 ? unique : [own];
}

/** The select's options: the shop's own country first, the rest by German name. */
export function countryOptions(website: Website, selected: string | undefined) {
  const own = shopCountry(website);
  const codes = supportedCountries(website);
  const chosen = selected && codes.includes(selected) ? selected : codes.includes(own) ? own : codes[0];
  return codes
    .map((code) => ({ code, name: countryName(code), selected: code === chosen }))
    .sort((a, b) => (a.code === own ? -1 : b.code === own ? 1 : a.name.localeCompare(b.name, 'de')));
}
