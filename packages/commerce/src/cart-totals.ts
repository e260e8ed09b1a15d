// Cart totals of spec 3 (subtotal, tax, shipping, coupons, grand total) from the cart's lines and the
// shop's rules. Prices are gross (VAT included, as a German shop shows them); the included tax is
// computed in integers, rounded half up per cart, never with floats.

import {
  type AppliedDiscount,
  type CouponDefinition,
  conditionsHold,
  type DiscountLine,
  discountAmountMinor,
  discountIdOf,
  discountLabel,
  isActiveAt,
  kindOf,
} from './discounts.js';
import { ProductType } from './product-display.js';
import {
  chosenQuote,
  DEFAULT_SHIPPING_ZONES,
  type ShippingZone,
  shippingQuotes,
  zonesFromLegacyRates,
} from './shipping-zones.js';
import {
  type TaxClass,
  type VatLine,
  type VatResult,
  type VatSettings,
  type VatTreatment,
  vatBreakdown,
} from './vat.js';

export interface CartLine {
  unitPriceMinor: number;
  quantity: number;
  productType: number;
  weightGrams?: number;
  /** The product's VAT class (vat.ts); standard where none was set. */
  taxClass?: TaxClass;
  /** The product (item id) and its categories, for discounts limited to them. */
  productId?: string;
  categoryIds?: readonly string[];
}

export interface TaxRule {
  country: string;
  /** Whole percent, e.g. 19. */
  ratePercent: number;
  name: string;
}

/** A shipping option as settings stored it before zones (issue 23); read as the zone "Alle Länder". */
export interface ShippingRate {
  id: string;
  name: string;
  /** flat: costMinor; weight: the first tier whose maxGrams fits; price: free from freeFromMinor. */
  kind: 'flat' | 'weight' | 'price';
  costMinor: number;
  tiers?: { maxGrams: number; costMinor: number }[];
  freeFromMinor?: number;
}

// Discount definitions and what applied: discounts.ts.

export interface CartRules {
  taxRules: TaxRule[];
  /** The owner's zones; where none are set, the old options (`shippingRates`) as one zone, or the defaults. */
  shippingZones: ShippingZone[];
  shippingRates: ShippingRate[];
  coupons: CouponDefinition[];
  /** The owner's store setting: several different codes on one order. Off: one code per order. */
  allowCombiningCoupons?: boolean;
  /** Kleinunternehmer, OSS and the shop's country (vat.ts); a German shop with neither by default. */
  vat?: Partial<Omit<VatSettings, 'standardRateOverrides'>>;
}

/** Spaces anywhere, and the invisible characters a pasted code may carry (soft hyphen, zero widths, BOM). */
const CODE_NOISE = /[\s\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF]/gu;

/**
 * The one form a coupon (or gift card) code is compared in: Unicode compatibility forms folded (full-width
 * `ＳＡＬＥ１０`, ligatures), spaces and invisible characters dropped, upper case. Every comparison and every
 * "already used" check goes through it, so `SALE10`, `sale10` and ` Sale 10 ` are one code (#18, finding 5).
 */
export function normaliseCode(raw: unknown): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') return '';
  return String(raw).normalize('NFKC').replace(CODE_NOISE, '').toUpperCase().normalize('NFKC');
}

export const DEFAULT_TAX_RULES: readonly TaxRule[] = [
  { country: 'DE', ratePercent: 19, name: 'MwSt.' },
  { country: 'AT', ratePercent: 20, name: 'USt.' },
  { country: 'CH', ratePercent: 8, name: 'MWST' },
  { country: 'FR', ratePercent: 20, name: 'TVA' },
  { country: 'NL', ratePercent: 21, name: 'BTW' },
];

export const DEFAULT_SHIPPING_RATES: readonly ShippingRate[] = [
  {
    id: 'standard',
    name: 'Standardversand',
    kind: 'weight',
    costMinor: 1490,
    tiers: [
      { maxGrams: 2000, costMinor: 490 },
      { maxGrams: 10000, costMinor: 690 },
    ],
  },
  { id: 'express', name: 'Expressversand', kind: 'flat', costMinor: 990 },
  {
    id: 'free-from-50',
    name: 'Versandkostenfrei ab 50 €',
    kind: 'price',
    costMinor: 490,
    freeFromMinor: 5000,
  },
];

export interface CartTotalsInput {
  lines: readonly CartLine[];
  /** ISO country of the shipping address; the shop's country until one is known. */
  country: string;
  shippingOptionId?: string | null;
  couponCodes?: readonly string[];
  rules?: Partial<CartRules>;
  /** A business buyer's name and VAT number (reverse charge, vat.ts). */
  buyer?: { company?: string; vatId?: string };
  /** The moment discount dates are checked against; now by default. */
  now?: number;
  /** Ids of discounts whose usage limit is reached (in total or for this customer): they do not apply. */
  exhaustedDiscountIds?: ReadonlySet<string>;
}

export interface CartShippingOption {
  id: string;
  name: string;
  costMinor: number;
  /** The rate's delivery time, e.g. "2–4 Werktage"; null where the owner gave none. */
  deliveryTime: string | null;
}

export interface CartTotals {
  subtotalMinor: number;
  taxMinor: number;
  shippingCostMinor: number;
  discountMinor: number;
  grandTotalMinor: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  shippingOptions: CartShippingOption[];
  selectedShippingOption: CartShippingOption | null;
  applicableTaxRules: TaxRule[];
  validCoupons: string[];
  invalidCoupons: string[];
  /** Every discount that applied, automatic ones first, each with its German label; amounts sum to discountMinor. */
  appliedDiscounts: AppliedDiscount[];
  /** VAT per rate (goods, discount and shipping split as vat.ts documents); sums to taxMinor. */
  vatLines: VatLine[];
  vatTreatment: VatTreatment;
  /** § 19 UStG or reverse-charge note, else null. */
  vatNote: string | null;
  /** The rate each tax class took (vat.ts classRates), for the order to remember and its invoice to print. */
  vatClassRates: VatResult['classRates'];
}

/** The VAT contained in a gross amount at a whole-percent rate, rounded half up, in integers. */
export function includedTaxMinor(grossMinor: number, ratePercent: number): number {
  if (grossMinor <= 0 || ratePercent <= 0) return 0;
  const divisor = 100 + ratePercent;
  return Math.floor((2 * grossMinor * ratePercent + divisor) / (2 * divisor));
}

/** Zones made from options stored before zones, once per stored list (they are read on every add). */
const legacyZones = new WeakMap<readonly ShippingRate[], readonly ShippingZone[]>();

/** The zones the cart ships by: the owner's, else the options stored before zones, else the defaults. */
export function effectiveShippingZones(rules?: Partial<CartRules>): readonly ShippingZone[] {
  if (rules?.shippingZones) return rules.shippingZones;
  if (!rules?.shippingRates) return DEFAULT_SHIPPING_ZONES;
  let zones = legacyZones.get(rules.shippingRates);
  if (!zones) {
    zones = zonesFromLegacyRates(rules.shippingRates);
    legacyZones.set(rules.shippingRates, zones);
  }
  return zones;
}

/** What the totals take from the rules alone, whatever the cart holds. */
interface RulesBasis {
  taxRules: readonly TaxRule[];
  coupons: readonly CouponDefinition[];
  zones: readonly ShippingZone[];
  vat: VatSettings;
}

/*
 * Worked out once per rules object: every add-to-cart computes totals, and the rules come from a memo per
 * website (server cart-view.ts), so the same object arrives until the owner changes a setting. Rules
 * objects are never changed in place; a new one simply gets its own basis.
 */
const basisOfRules = new WeakMap<object, RulesBasis>();
const NO_RULES = {};

function rulesBasis(rules: Partial<CartRules> | undefined): RulesBasis {
  const key = rules ?? NO_RULES;
  let basis = basisOfRules.get(key);
  if (!basis) {
    const taxRules = rules?.taxRules ?? DEFAULT_TAX_RULES;
    // The owner's per-country rates ("Steuersätze") are their standard rate for that country over the EU table.
    const standardRateOverrides: Record<string, number> = {};
    for (const r of taxRules)
      standardRateOverrides[r.country.toUpperCase()] = Math.round(r.ratePercent * 100);
    basis = {
      taxRules,
      coupons: rules?.coupons ?? [],
      zones: effectiveShippingZones(rules),
      vat: { shopCountry: 'DE', ...rules?.vat, standardRateOverrides },
    };
    basisOfRules.set(key, basis);
  }
  return basis;
}

const NONE_EXHAUSTED: ReadonlySet<string> = new Set();

const SHIPPED_TYPES: ReadonlySet<number> = new Set([ProductType.PHYSICAL]);
const UNTAXED_TYPES: ReadonlySet<number> = new Set([ProductType.GIFT_CARD]);

export function cartTotals(input: CartTotalsInput): CartTotals {
  const basis = rulesBasis(input.rules);
  const { taxRules, coupons: couponDefinitions } = basis;
  let subtotal = 0;
  let taxableGoods = 0;
  const vatGoods: { grossMinor: number; taxClass: TaxClass }[] = [];
  let weight = 0;
  let totalQuantity = 0;
  let hasDigital = false;
  let requiresShipping = false;
  for (const line of input.lines) {
    const amount = line.unitPriceMinor * line.quantity;
    subtotal += amount;
    if (!UNTAXED_TYPES.has(line.productType)) {
      taxableGoods += amount;
      vatGoods.push({ grossMinor: amount, taxClass: line.taxClass ?? 'standard' });
    }
    totalQuantity += line.quantity;
    if (line.productType === ProductType.DIGITAL) hasDigital = true;
    if (SHIPPED_TYPES.has(line.productType)) {
      requiresShipping = true;
      weight += (line.weightGrams ?? 0) * line.quantity;
    }
  }

  const now = input.now ?? Date.now();
  const exhausted = input.exhaustedDiscountIds ?? NONE_EXHAUSTED;
  // Most shops have no discounts: then no line is looked at for one.
  const discountLines: DiscountLine[] =
    couponDefinitions.length === 0
      ? []
      : input.lines.map((line) => ({
          unitPriceMinor: line.unitPriceMinor,
          quantity: line.quantity,
          productId: line.productId,
          categoryIds: line.categoryIds,
          discountable: !UNTAXED_TYPES.has(line.productType),
        }));
  const usable = (c: CouponDefinition) =>
    isActiveAt(c, now) &&
    !exhausted.has(discountIdOf(c, normaliseCode)) &&
    conditionsHold(c, discountLines, subtotal);

  const chosen: { coupon: CouponDefinition; code: string | null }[] = [];
  // Automatic discounts apply whenever their conditions hold, next to any code.
  for (const coupon of couponDefinitions) {
    if (coupon.automatic && usable(coupon)) chosen.push({ coupon, code: null });
  }
  const validCoupons: string[] = [];
  const invalidCoupons: string[] = [];
  const seen = new Set<string>();
  const applied = new Set<CouponDefinition>();
  for (const raw of input.couponCodes ?? []) {
    // Deduplicated and matched in one normal form: case or width variants of a code are the same code.
    const code = normaliseCode(raw);
    if (code === '' || seen.has(code)) continue;
    seen.add(code);
    const coupon = couponDefinitions.find((c) => !c.automatic && c.code && normaliseCode(c.code) === code);
    if (!coupon || applied.has(coupon) || !usable(coupon)) {
      invalidCoupons.push(code);
      continue;
    }
    // One code per order unless the owner allows combining them: a second code does not count.
    if (applied.size > 0 && !input.rules?.allowCombiningCoupons) {
      invalidCoupons.push(code);
      continue;
    }
    applied.add(coupon);
    validCoupons.push(code);
    chosen.push({ coupon, code });
  }
  // Discounts lower the price of goods only, never below zero, and never the price of gift cards: each takes
  // what it gives from what the earlier ones left.
  let discount = 0;
  let freeShipping = false;
  const appliedDiscounts: AppliedDiscount[] = chosen.map(({ coupon, code }) => {
    const kind = kindOf(coupon);
    const amountMinor = Math.min(discountAmountMinor(coupon, discountLines), taxableGoods - discount);
    discount += amountMinor;
    if (kind === 'free-shipping') freeShipping = true;
    return {
      id: discountIdOf(coupon, normaliseCode),
      code,
      kind,
      label: discountLabel(coupon, code),
      amountMinor,
      freeShipping: kind === 'free-shipping',
    };
  });

  const country = String(input.country ?? '').toUpperCase();
  // Only the rates that apply to this cart in this country; the shopper's choice if it is one of them,
  // otherwise the cheapest, so a free rate is never hidden behind a paid default (issue 23).
  const shippingOptions: CartShippingOption[] = requiresShipping
    ? shippingQuotes(basis.zones, {
        country,
        subtotalMinor: subtotal,
        weightGrams: weight,
      }).map(({ id, name, costMinor, deliveryTime }) => ({
        id,
        name,
        // A free shipping discount: every option that ships this cart costs nothing.
        costMinor: freeShipping ? 0 : costMinor,
        deliveryTime,
      }))
    : [];
  const selectedShippingOption = chosenQuote(shippingOptions, input.shippingOptionId);
  const shippingCostMinor = selectedShippingOption?.costMinor ?? 0;

  const vat = vatBreakdown({
    goods: vatGoods,
    discountMinor: discount,
    shippingMinor: shippingCostMinor,
    settings: basis.vat,
    buyer: { country, ...input.buyer },
  });
  const applicableTaxRules: TaxRule[] =
    vat.treatment === 'small-business' || vat.treatment === 'reverse-charge'
      ? []
      : vat.lines.map((line) => {
          const own = taxRules.find(
            (r) => r.country.toUpperCase() === vat.taxCountry && r.ratePercent === line.ratePercent,
          );
          return own ?? { country: vat.taxCountry, ratePercent: line.ratePercent, name: 'MwSt.' };
        });
  const taxMinor = vat.vatMinor;

  return {
    subtotalMinor: subtotal,
    taxMinor,
    shippingCostMinor,
    discountMinor: discount,
    // Reverse charge: a business abroad pays the net of goods and shipping (vat.ts).
    grandTotalMinor: subtotal - taxableGoods + vat.payableMinor,
    totalQuantity,
    hasDigital,
    purelyDigital: input.lines.length > 0 && input.lines.every((l) => l.productType === ProductType.DIGITAL),
    requiresShipping,
    shippingOptions,
    selectedShippingOption,
    applicableTaxRules,
    validCoupons,
    invalidCoupons,
    appliedDiscounts,
    vatLines: vat.lines,
    vatTreatment: vat.treatment,
    vatNote: vat.note,
    vatClassRates: vat.classRates,
  };
}
