// Checks a shipping address before an order is placed: the name and street parts must be filled,
// the country must be a two-letter code and the postal code must follow that country's rule.

import { normaliseCountryCode, regionsFor } from './address-regions.js';
import { postalCodeProblem } from './postal-codes.js';
import { FORM_MESSAGES } from './storefront-messages.js';

export interface ShippingAddress {
  firstName: string;
  lastName: string;
  line1: string;
  line2?: string;
  city: string;
  postalCode: string;
  region?: string;
  country: string;
}

export const SHIPPING_ADDRESS_MESSAGES = {
  countryInvalid: 'Bitte wähle ein Land.',
  regionInvalid: 'Bitte wähle eine Region aus der Liste.',
} as const;

export type ShippingAddressProblems = Partial<Record<keyof ShippingAddress, string>>;

/** Field name to German problem; an empty object means the address is fine. */
export function shippingAddressProblems(
  address: Partial<Record<keyof ShippingAddress, unknown>>,
): ShippingAddressProblems {
  const problems: ShippingAddressProblems = {};
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  for (const field of ['firstName', 'lastName', 'line1', 'city'] as const) {
    if (text(address[field]) === '') problems[field] = FORM_MESSAGES.required;
  }
  const country = normaliseCountryCode(text(address.country));
  if (!/^[A-Z]{2}$/.test(country)) problems.country = SHIPPING_ADDRESS_MESSAGES.countryInvalid;
  const postal = postalCodeProblem(country, text(address.postalCode));
  if (postal) problems.postalCode = postal;
  const region = text(address.region);
  const regions = regionsFor(country);
  if (region !== '' && regions.length > 0) {
    const known = regions.some((r) => r.code.toUpperCase() === region.toUpperCase() || r.name === region);
    if (!known) problems.region = SHIPPING_ADDRESS_MESSAGES.regionInvalid;
  }
  return problems;
}
