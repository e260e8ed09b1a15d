// Shipping zones and their rates (issue 23): which rates a cart may be sent with, to which country, at
// what cost. Pure rules in integer minor units, so the cart, the checkout page and the order compute
// the same number from the same inputs — the cost the shopper saw is the cost the order keeps.

/** A price step: up to `upTo` (grams for weight rates, minor units for value rates) costs `priceMinor`. */
export interface RateBracket {
  /** Inclusive upper bound; missing on the last step means "and above". */
  upTo?: number;
  priceMinor: number;
}

export type ShippingRateKind = 'flat' | 'weight' | 'value';

export interface ZoneRate {
  id: string;
  name: string;
  /** flat: `priceMinor`; weight: the first bracket the cart's weight fits; value: the first the subtotal fits. */
  kind: ShippingRateKind;
  priceMinor: number;
  brackets?: RateBracket[];
  /** From this subtotal on the rate costs nothing. */
  freeFromMinor?: number;
  /** The rate is offered only from this subtotal on (inclusive). */
  minMinor?: number;
  /** The rate is offered only up to this subtotal (inclusive). */
  maxMinor?: number;
  /** Shown next to the rate, e.g. "2–4 Werktage". */
  deliveryTime?: string;
}

export interface ShippingZone {
  id: string;
  name: string;
  /** ISO 3166-1 alpha-2 codes, upper case. */
  countries: string[];
  /** Covers every country no other zone names ("Welt", "Alle Länder"). */
  restOfWorld?: boolean;
  rates: ZoneRate[];
}

/** A rate the cart may be sent with, at its cost for this cart. */
export interface ShippingQuote {
  id: string;
  name: string;
  costMinor: number;
  deliveryTime: string | null;
  zoneId: string;
}

export interface ShippingCart {
  country: string;
  subtotalMinor: number;
  weightGrams: number;
}

/** The rate as the shipping options of settings before zones stored it (cart-totals' old ShippingRate). */
export interface LegacyShippingRate {
  id: string;
  name: string;
  kind: 'flat' | 'weight' | 'price';
  costMinor: number;
  tiers?: { maxGrams: number; costMinor: number }[];
  freeFromMinor?: number;
}

export const ALL_COUNTRIES_ZONE_ID = 'alle-laender';

/**
 * The shop's zones when the owner set none: one zone for every country, standard shipping by weight and
 * free from 50 €, and express. "Free from 50 €" is a property of the standard rate now, so no rate named
 * "Versandkostenfrei" ever costs money (issue 23).
 */
export const DEFAULT_SHIPPING_ZONES: readonly ShippingZone[] = [
  {
    id: ALL_COUNTRIES_ZONE_ID,
    name: 'Alle Länder',
    countries: [],
    restOfWorld: true,
    rates: [
      {
        id: 'standard',
        name: 'Standardversand',
        kind: 'weight',
        priceMinor: 490,
        brackets: [{ upTo: 2000, priceMinor: 490 }, { upTo: 10000, priceMinor: 690 }, { priceMinor: 1490 }],
        freeFromMinor: 5000,
        deliveryTime: '2–4 Werktage',
      },
      { id: 'express', name: 'Expressversand', kind: 'flat', priceMinor: 990, deliveryTime: '1–2 Werktage' },
    ],
  },
];

/**
 * Options stored before zones become the rates of one zone "Alle Länder", each at the prices it had:
 * a weight rate keeps its tiers and its price above the last one; a "price" rate (a cost below an
 * amount, free from it) becomes a flat rate free from that amount.
 */
export function zonesFromLegacyRates(rates: readonly LegacyShippingRate[]): ShippingZone[] {
  return [
    {
      id: ALL_COUNTRIES_ZONE_ID,
      name: 'Alle Länder',
      countries: [],
      restOfWorld: true,
      rates: rates.map((rate): ZoneRate => {
        if (rate.kind === 'weight') {
          return {
            id: rate.id,
            name: rate.name,
            kind: 'weight',
            priceMinor: rate.costMinor,
            brackets: [
              ...(rate.tiers ?? []).map((t) => ({ upTo: t.maxGrams, priceMinor: t.costMinor })),
              { priceMinor: rate.costMinor },
            ],
          };
        }
        return {
          id: rate.id,
          name: rate.name,
          kind: 'flat',
          priceMinor: rate.costMinor,
          ...(rate.kind === 'price' && rate.freeFromMinor !== undefined
            ? { freeFromMinor: rate.freeFromMinor }
            : {}),
        };
      }),
    },
  ];
}

/** The zones that serve a country: those that name it, otherwise the rest-of-world ones. */
export function zonesForCountry(zones: readonly ShippingZone[], country: string): ShippingZone[] {
  const code = country.trim().toUpperCase();
  const named = zones.filter((z) => z.countries.some((c) => c.toUpperCase() === code));
  return named.length > 0 ? named : zones.filter((z) => z.restOfWorld);
}

function bracketPrice(brackets: readonly RateBracket[] | undefined, amount: number): number | undefined {
  for (const bracket of brackets ?? []) {
    if (bracket.upTo === undefined || amount <= bracket.upTo) return bracket.priceMinor;
  }
  return undefined;
}

/** The rate's cost for the cart, or undefined where the rate does not apply to it. */
export function rateCost(rate: ZoneRate, cart: Omit<ShippingCart, 'country'>): number | undefined {
  if (rate.minMinor !== undefined && cart.subtotalMinor < rate.minMinor) return undefined;
  if (rate.maxMinor !== undefined && cart.subtotalMinor > rate.maxMinor) return undefined;
  // A step table that ends below the cart (a parcel rate up to 31,5 kg) does not apply to it at all.
  const price =
    rate.kind === 'weight'
      ? bracketPrice(rate.brackets, cart.weightGrams)
      : rate.kind === 'value'
        ? bracketPrice(rate.brackets, cart.subtotalMinor)
        : rate.priceMinor;
  if (price === undefined) return undefined;
  if (rate.freeFromMinor !== undefined && cart.subtotalMinor >= rate.freeFromMinor) return 0;
  return price;
}

/*
 * The zones serving each country, once per zone list: every add-to-cart quotes shipping, and the list is
 * the same object until the owner changes it (cart-totals.ts).
 */
const zonesByCountry = new WeakMap<readonly ShippingZone[], Map<string, readonly ShippingZone[]>>();

function servingZones(zones: readonly ShippingZone[], country: string): readonly ShippingZone[] {
  let known = zonesByCountry.get(zones);
  if (!known) {
    known = new Map();
    zonesByCountry.set(zones, known);
  }
  let serving = known.get(country);
  if (!serving) {
    // Bounded: a country is whatever a request says until the checkout checks it.
    if (known.size >= 300) known.clear();
    serving = zonesForCountry(zones, country);
    known.set(country, serving);
  }
  return serving;
}

/** Every rate that applies to the cart in its country, in the owner's order, at its cost. */
export function shippingQuotes(zones: readonly ShippingZone[], cart: ShippingCart): ShippingQuote[] {
  const quotes: ShippingQuote[] = [];
  const seen = new Set<string>();
  for (const zone of servingZones(zones, cart.country)) {
    for (const rate of zone.rates) {
      const costMinor = rateCost(rate, cart);
      if (costMinor === undefined || seen.has(rate.id)) continue;
      seen.add(rate.id);
      quotes.push({
        id: rate.id,
        name: rate.name,
        costMinor,
        deliveryTime: rate.deliveryTime?.trim() || null,
        zoneId: zone.id,
      });
    }
  }
  return quotes;
}

/** The quote the shopper chose if it applies; otherwise the cheapest (the first of equals). */
export function chosenQuote<Q extends { id: string; costMinor: number }>(
  quotes: readonly Q[],
  chosenId?: string | null,
): Q | null {
  const chosen = chosenId ? quotes.find((q) => q.id === chosenId) : undefined;
  if (chosen) return chosen;
  let cheapest: Q | null = null;
  for (const quote of quotes) if (!cheapest || quote.costMinor < cheapest.costMinor) cheapest = quote;
  return cheapest;
}
