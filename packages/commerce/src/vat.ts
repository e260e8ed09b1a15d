// VAT per rate for a German shop that prices gross (§ 1 PAngV: consumers see prices including VAT).
//
// Rounding rules (all integer arithmetic, minor units):
// 1. Goods are grouped by the VAT rate their tax class takes in the taxing country; classes that take
//    the same rate (Denmark has no reduced rate) share one group.
// 2. Coupon discounts lower the goods only. The discount is split over the groups in proportion to their
//    gross amounts with the largest-remainder method, so the shares add up to the discount exactly.
// 3. Shipping is a side service that follows the goods (BMF, Abschn. 3.10 Abs. 6 UStAE: "Nebenleistung
//    teilt das Schicksal der Hauptleistung"): its cost is split over the groups in proportion to their
//    gross amounts after the discount, again by largest remainder. Without any taxable goods left (all
//    discounted), by their amounts before the discount; without taxable goods at all, at the standard rate.
// 4. Per group the contained VAT is gross × rate / (100 % + rate), rounded half up once on the group's
//    total (not per line), which is how § 14 Abs. 4 Nr. 8 UStG asks for it: "das auf das Entgelt
//    entfallende Steuerbetrag", per rate. Net = gross − VAT, so net + VAT = gross to the cent.
// Gift cards (multi-purpose vouchers, § 3 Abs. 15 UStG) are not taxed when sold; they never enter a group.

import { isVatIdFormatOf, normaliseVatId } from './vat-id.js';
import { type CountryRateOverrides, euVatRatesOf, isEuMemberState, overriddenRateOf } from './vat-rates.js';

export type TaxClass = 'standard' | 'reduced' | 'zero';

export const TAX_CLASSES: readonly TaxClass[] = ['standard', 'reduced', 'zero'];

export const TAX_CLASS_LABELS: Record<TaxClass, string> = {
  standard: 'Regelsteuersatz (19 %)',
  reduced: 'Ermäßigter Steuersatz (7 %)',
  zero: 'Steuerfrei (0 %)',
};

export const isTaxClass = (value: unknown): value is TaxClass =>
  typeof value === 'string' && (TAX_CLASSES as readonly string[]).includes(value);

export const taxClassOf = (value: unknown): TaxClass => (isTaxClass(value) ? value : 'standard');

/** The owner's VAT settings (editor → Einstellungen → Steuern). */
export interface VatSettings {
  /** ISO country the shop is registered in; 'DE' for a German shop. */
  shopCountry: string;
  /** Kleinunternehmer (§ 19 UStG): no VAT charged or shown, the note instead. */
  smallBusiness?: boolean;
  /** One-Stop-Shop: consumers in other member states pay their own country's VAT (§ 3c UStG). */
  oss?: boolean;
  /** The owner's own standard rate per country in basis points, over the EU table (legacy "Steuersätze"). */
  standardRateOverrides?: Record<string, number>;
  /** The owner's rate per member state and tax class (books 0 % in Ireland), over everything else. */
  countryRates?: CountryRateOverrides;
}

/** The buyer as far as VAT cares: where the goods go, and a business's VAT number. */
export interface VatBuyer {
  country: string;
  company?: string;
  vatId?: string;
}

/**
 * - domestic: the shop's country's VAT (also for consumers elsewhere while OSS is off, and outside the EU,
 *   where the shop cannot prove the export for every parcel; docs/decisions/ on VAT)
 * - oss: the destination member state's VAT
 * - reverse-charge: a business in another member state with a VAT number of that state: no VAT, the
 *   buyer pays the net price and accounts for the VAT itself
 * - small-business: § 19 UStG, no VAT at all
 */
export type VatTreatment = 'domestic' | 'oss' | 'reverse-charge' | 'small-business';

export const VAT_NOTES = {
  smallBusiness: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
  reverseCharge:
    'Steuerfreie innergemeinschaftliche Lieferung (§ 4 Nr. 1 Buchst. b, § 6a UStG). Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge).',
  priceIncludesVat: 'inkl. MwSt.',
  priceSmallBusiness: 'Kein Ausweis der Umsatzsteuer gemäß § 19 UStG',
  plusShipping: 'zzgl. Versandkosten',
} as const;

export interface VatLine {
  /** Basis points: 1900 = 19 %. */
  rateBasisPoints: number;
  /** The same as a number of percent (19, 7, 25.5), for display. */
  ratePercent: number;
  grossMinor: number;
  netMinor: number;
  vatMinor: number;
  /** The shares of the coupon discount and of the shipping cost (gross) inside grossMinor. */
  discountMinor: number;
  shippingMinor: number;
}

export interface VatResult {
  treatment: VatTreatment;
  /** The country whose rates apply. */
  taxCountry: string;
  /** One line per rate, highest rate first; empty for small businesses. */
  lines: VatLine[];
  vatMinor: number;
  /** What the buyer pays for goods and shipping: the gross amount, or the net under reverse charge. */
  payableMinor: number;
  /** The note invoices, mails and the checkout print (§ 19 UStG, reverse charge), or null. */
  note: string | null;
  /**
   * The rate each tax class took in the taxing country (the owner's overrides included), so an invoice
   * prints per line the rate the checkout charged, even after the owner changed the settings.
   */
  classRates: Record<TaxClass, number>;
}

/** The VAT contained in a gross amount at a rate in basis points, rounded half up, in integers. */
export function includedVatMinor(grossMinor: number, rateBasisPoints: number): number {
  if (grossMinor <= 0 || rateBasisPoints <= 0) return 0;
  const divisorNumber = 10000 + rateBasisPoints;
  // In doubles while the numerator stays below 2^40 (a group of up to about 1.8 million €): exact integers,
  // and a quotient small enough that its distance to the next integer (≥ 1/2d) is far above a double's
  // rounding, so the floor is the exact one. Beyond that, BigInt. Both compute floor((2·gross·rate + d) / 2d).
  if (2 * grossMinor * rateBasisPoints + divisorNumber <= 2 ** 40) {
    return Math.floor((2 * grossMinor * rateBasisPoints + divisorNumber) / (2 * divisorNumber));
  }
  const gross = BigInt(grossMinor);
  const rate = BigInt(rateBasisPoints);
  const divisor = 10000n + rate;
  return Number((2n * gross * rate + divisor) / (2n * divisor));
}

/**
 * Splits `total` over `weights` in proportion, exactly: floors first, then one unit each to the largest
 * remainders (ties to the earlier weight). Zero weights get nothing; all-zero weights give all to none.
 */
export function allocateMinor(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + Math.max(0, w), 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  // One weight takes everything (a cart of one VAT rate, the common case).
  if (weights.length === 1) return [total];
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  const shares = weights.map((w) => {
    const product = bigTotal * BigInt(Math.max(0, w));
    return { floor: product / bigSum, remainder: product % bigSum };
  });
  let left = total - shares.reduce((a, s) => a + Number(s.floor), 0);
  const order = shares
    .map((s, i) => ({ i, remainder: s.remainder }))
    .filter(({ i }) => weights[i] > 0)
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  const result = shares.map((s) => Number(s.floor));
  for (let k = 0; left > 0 && order.length > 0; k = (k + 1) % order.length, left--) result[order[k].i] += 1;
  return result;
}

/** Whether this buyer is a business in another member state that the shop supplies without VAT. */
export function isReverseCharge(settings: VatSettings, buyer: VatBuyer): boolean {
  const country = String(buyer.country ?? '').toUpperCase();
  if (settings.smallBusiness) return false;
  if (country === settings.shopCountry.toUpperCase() || !isEuMemberState(country)) return false;
  if (typeof buyer.company !== 'string' || buyer.company.trim() === '') return false;
  return isVatIdFormatOf(normaliseVatId(buyer.vatId), country);
}

export function vatTreatmentOf(
  settings: VatSettings,
  buyer: VatBuyer,
): { treatment: VatTreatment; taxCountry: string } {
  const shop = settings.shopCountry.toUpperCase();
  const country = String(buyer.country ?? '').toUpperCase();
  if (settings.smallBusiness) return { treatment: 'small-business', taxCountry: shop };
  if (isReverseCharge(settings, buyer)) return { treatment: 'reverse-charge', taxCountry: shop };
  if (settings.oss && country !== shop && isEuMemberState(country))
    return { treatment: 'oss', taxCountry: country };
  return { treatment: 'domestic', taxCountry: shop };
}

/**
 * The rate a tax class takes in a country, in basis points: the owner's rate for that class in that member
 * state first (vat-rates.ts), then their standard rate for the country, then the EU table.
 */
export function rateOf(
  taxClass: TaxClass,
  country: string,
  settings: Pick<VatSettings, 'standardRateOverrides' | 'countryRates'> = {},
): number {
  const own = overriddenRateOf(settings.countryRates, taxClass, country);
  if (own !== undefined) return own;
  if (taxClass === 'zero') return 0;
  const code = country.toUpperCase();
  const override = settings.standardRateOverrides?.[code];
  const table = euVatRatesOf(code);
  if (taxClass === 'standard') return override ?? table?.standard ?? 1900;
  // The owner who set a flat rate below the reduced one (a book shop at 7 %) means it for all goods.
  const reduced = table?.reduced ?? 700;
  return override !== undefined ? Math.min(override, reduced) : reduced;
}

export interface VatInput {
  /** Taxable goods (no gift cards), gross, with their tax class. */
  goods: readonly { grossMinor: number; taxClass: TaxClass }[];
  /** Coupon discount on the goods, ≤ their sum. */
  discountMinor: number;
  shippingMinor: number;
  settings: VatSettings;
  buyer: VatBuyer;
}

/*
 * The rate of each class per settings object and taxing country, worked out once: a cart's totals take
 * them on every add, and the cart rules hand the same settings object until the owner changes them
 * (cart-totals.ts). Frozen, since every result of those settings shares it.
 */
const classRatesOfSettings = new WeakMap<VatSettings, Map<string, Readonly<Record<TaxClass, number>>>>();
const NO_RATES: Readonly<Record<TaxClass, number>> = Object.freeze({ standard: 0, reduced: 0, zero: 0 });

function classRatesIn(settings: VatSettings, taxCountry: string): Readonly<Record<TaxClass, number>> {
  let byCountry = classRatesOfSettings.get(settings);
  if (!byCountry) {
    byCountry = new Map();
    classRatesOfSettings.set(settings, byCountry);
  }
  let rates = byCountry.get(taxCountry);
  if (!rates) {
    rates = Object.freeze({
      standard: rateOf('standard', taxCountry, settings),
      reduced: rateOf('reduced', taxCountry, settings),
      zero: rateOf('zero', taxCountry, settings),
    });
    byCountry.set(taxCountry, rates);
  }
  return rates;
}

export function vatBreakdown(input: VatInput): VatResult {
  const { treatment, taxCountry } = vatTreatmentOf(input.settings, input.buyer);
  const classRates = treatment === 'small-business' ? NO_RATES : classRatesIn(input.settings, taxCountry);
  const rateOfClass = (taxClass: TaxClass) =>
    classRates[taxClass] ?? rateOf(taxClass, taxCountry, input.settings);
  const goodsTotal = input.goods.reduce((a, g) => a + g.grossMinor, 0);
  const grossTotal = goodsTotal - input.discountMinor + input.shippingMinor;
  if (treatment === 'small-business') {
    return {
      treatment,
      taxCountry,
      lines: [],
      vatMinor: 0,
      payableMinor: grossTotal,
      note: VAT_NOTES.smallBusiness,
      classRates,
    };
  }
  const groups = new Map<number, number>();
  for (const g of input.goods) {
    const rate = rateOfClass(g.taxClass);
    groups.set(rate, (groups.get(rate) ?? 0) + g.grossMinor);
  }
  const rates = [...groups.keys()].sort((a, b) => b - a);
  const gross = rates.map((r) => groups.get(r)!);
  const discounts = allocateMinor(input.discountMinor, gross);
  const afterDiscount = gross.map((g, i) => g - discounts[i]);
  let shipping: number[];
  if (input.shippingMinor === 0) shipping = rates.map(() => 0);
  else if (afterDiscount.some((g) => g > 0)) shipping = allocateMinor(input.shippingMinor, afterDiscount);
  else if (gross.some((g) => g > 0)) shipping = allocateMinor(input.shippingMinor, gross);
  else {
    const standard = rateOfClass('standard');
    if (!groups.has(standard)) {
      rates.push(standard);
      afterDiscount.push(0);
    }
    shipping = rates.map((r) => (r === standard ? input.shippingMinor : 0));
  }
  const lines: VatLine[] = rates
    .map((rate, i) => {
      const lineGross = afterDiscount[i] + shipping[i];
      const vat = includedVatMinor(lineGross, rate);
      return {
        rateBasisPoints: rate,
        ratePercent: rate / 100,
        grossMinor: lineGross,
        netMinor: lineGross - vat,
        vatMinor: vat,
        discountMinor: discounts[i] ?? 0,
        shippingMinor: shipping[i],
      };
    })
    .filter((l) => l.grossMinor !== 0 || rates.length === 1);
  const vatMinor = lines.reduce((a, l) => a + l.vatMinor, 0);
  if (treatment === 'reverse-charge') {
    // The shop's prices include German VAT; a business abroad pays them without it. Each part (every
    // goods line, the discount and shipping share of each rate) loses its own contained VAT, so the net
    // lines an invoice prints add up to the amount due exactly.
    let payable = 0;
    let discountNet = 0;
    let shippingNet = 0;
    for (const g of input.goods) {
      const rate = rateOfClass(g.taxClass);
      payable += g.grossMinor - includedVatMinor(g.grossMinor, rate);
    }
    for (const l of lines) {
      discountNet += l.discountMinor - includedVatMinor(l.discountMinor, l.rateBasisPoints);
      shippingNet += l.shippingMinor - includedVatMinor(l.shippingMinor, l.rateBasisPoints);
    }
    payable += shippingNet - discountNet;
    const net =
      lines.length === 0
        ? []
        : [
            {
              rateBasisPoints: 0,
              ratePercent: 0,
              grossMinor: payable,
              netMinor: payable,
              vatMinor: 0,
              discountMinor: discountNet,
              shippingMinor: shippingNet,
            },
          ];
    return {
      treatment,
      taxCountry,
      lines: net,
      vatMinor: 0,
      payableMinor: payable,
      note: VAT_NOTES.reverseCharge,
      classRates,
    };
  }
  return { treatment, taxCountry, lines, vatMinor, payableMinor: grossTotal, note: null, classRates };
}

/** "19 %", "25,5 %": a rate as German text. */
export function vatRateText(ratePercent: number): string {
  return `${String(ratePercent).replace('.', ',')} %`;
}

/** The German label of one VAT line, e.g. "enthaltene MwSt. (19 %)" or "USt. (0 %)". */
export function vatLineLabel(line: Pick<VatLine, 'ratePercent'>, treatment: VatTreatment): string {
  if (treatment === 'reverse-charge') return `USt. (${vatRateText(0)})`;
  return `enthaltene MwSt. (${vatRateText(line.ratePercent)})`;
}
