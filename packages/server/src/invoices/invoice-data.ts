import {
  allocateMinor,
  germanCountryName,
  includedVatMinor,
  legalDataOf,
  ProductType,
  rateOf,
  type TaxClass,
  taxClassOf,
  VAT_NOTES,
  type VatLine,
  type VatTreatment,
} from '@baukasten/commerce';
import type { Order, Website } from '@baukasten/storage';

/*
 * The invoice as it is issued, frozen (§ 14 Abs. 4 UStG): everything the PDF and the e-invoice show is
 * copied here when the number is taken, so later edits of the owner's data, the product or the order
 * never change an issued invoice. Amounts are minor units; a cancellation invoice (Stornorechnung) is the
 * same document with every amount negated and the number of the invoice it cancels.
 */

export interface InvoiceParty {
  name: string;
  company?: string;
  street: string;
  postalCode: string;
  city: string;
  /** ISO code and its German name (Intl.DisplayNames), never the bare code. */
  country: string;
  countryName: string;
  vatId?: string;
  taxNumber?: string;
  email?: string;
}

export interface InvoiceLine {
  position: number;
  description: string;
  sku: string;
  quantity: number;
  /** Gross per unit for consumers; net per unit under reverse charge (see `pricesAreNet`). */
  unitPriceMinor: number;
  totalMinor: number;
  /** VAT rate in percent; null for gift cards, which are not taxed when sold (§ 3 Abs. 15 UStG). */
  ratePercent: number | null;
}

export type InvoiceDataKind = 'invoice' | 'cancellation' | 'correction';

export interface InvoiceData extends Record<string, unknown> {
  kind: InvoiceDataKind;
  number: number;
  /** "RE-00042" / "ST-00043" / "KR-00044": the consecutive number as printed. */
  numberText: string;
  cancelsNumberText?: string;
  issuedAt: number;
  issueDateText: string;
  /** The calendar month of delivery (Abschn. 14.5 Abs. 16 UStAE allows the month). */
  deliveryPeriodText: string;
  orderId: string;
  orderNumber: number;
  orderDateText: string;
  currency: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  /** Business buyer (company and USt-IdNr. given): gets the ZUGFeRD e-invoice. */
  business: boolean;
  pricesAreNet: boolean;
  lines: InvoiceLine[];
  discountMinor: number;
  shippingMinor: number;
  shippingName: string | null;
  vatTreatment: VatTreatment;
  vatLines: VatLine[];
  vatNote: string | null;
  netTotalMinor: number;
  vatTotalMinor: number;
  grandTotalMinor: number;
  /** Paid with gift cards (a means of payment, not a discount). */
  giftCardMinor: number;
  paymentMethod: string | null;
}

const dateText = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone }).format(ms);
const monthText = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone }).format(ms);

const NUMBER_PREFIX: Record<InvoiceDataKind, string> = {
  invoice: 'RE',
  cancellation: 'ST',
  correction: 'KR',
};
export const invoiceNumberText = (kind: InvoiceDataKind, number: number) =>
  `${NUMBER_PREFIX[kind]}-${String(number).padStart(5, '0')}`;

/** The document's title: Rechnung, Stornorechnung, Rechnungskorrektur. */
export const INVOICE_TITLES: Record<InvoiceDataKind, string> = {
  invoice: 'Rechnung',
  cancellation: 'Stornorechnung',
  correction: 'Rechnungskorrektur',
};

/** The owner's tax number (Steuernummer) from the VAT settings; the USt-IdNr. comes from the legal data. */
function sellerOf(website: Website): InvoiceParty {
  const settings = website.settings as Record<string, unknown>;
  const legal = legalDataOf(settings);
  const vat = (settings.vat ?? {}) as Record<string, unknown>;
  const country = (legal.country && legal.country.length === 2 ? legal.country : 'DE').toUpperCase();
  return {
    name: legal.companyName ?? website.title,
    street: legal.street ?? '',
    postalCode: legal.postalCode ?? '',
    city: legal.city ?? '',
    country,
    countryName: legal.country && legal.country.length !== 2 ? legal.country : germanCountryName(country),
    ...(legal.vatId ? { vatId: legal.vatId } : {}),
    ...(typeof vat.taxNumber === 'string' && vat.taxNumber ? { taxNumber: vat.taxNumber } : {}),
    ...(legal.email ? { email: legal.email } : {}),
  };
}

function buyerOf(order: Order): InvoiceParty {
  const address = (order.data.shippingAddress ?? {}) as Record<string, string | undefined>;
  const buyer = (order.data.buyer ?? {}) as { company?: string; vatId?: string };
  const country = String(address.country ?? '').toUpperCase();
  return {
    name: [address.firstName, address.lastName].filter(Boolean).join(' ') || (order.customerEmail ?? ''),
    ...(buyer.company ? { company: buyer.company } : {}),
    street: [address.line1, address.line2].filter(Boolean).join(', '),
    postalCode: address.postalCode ?? '',
    city: address.city ?? '',
    country,
    countryName: country ? germanCountryName(country) : '',
    ...(buyer.vatId ? { vatId: buyer.vatId } : {}),
    ...(order.customerEmail ? { email: order.customerEmail } : {}),
  };
}

interface OrderVat {
  treatment?: VatTreatment;
  lines?: VatLine[];
  note?: string | null;
  /** The rate each tax class took at the checkout (vat.ts classRates); older orders have none. */
  classRates?: Partial<Record<TaxClass, number>>;
}

/** The frozen invoice of a paid order (or, negated, its cancellation). */
export function invoiceDataOf(
  website: Website,
  order: Order,
  kind: 'invoice' | 'cancellation',
  number: number,
  issuedAt: number,
  cancels?: { number: number },
): InvoiceData {
  const sign = kind === 'cancellation' ? -1 : 1;
  const vat = (order.data.vat ?? {}) as OrderVat;
  const treatment: VatTreatment = vat.treatment ?? 'domestic';
  const vatLines = (vat.lines ?? []).map((l) => ({
    ...l,
    grossMinor: sign * l.grossMinor,
    netMinor: sign * l.netMinor,
    vatMinor: sign * l.vatMinor,
    discountMinor: sign * (l.discountMinor ?? 0),
    shippingMinor: sign * (l.shippingMinor ?? 0),
  }));
  const pricesAreNet = treatment === 'reverse-charge';
  const seller = sellerOf(website);
  const buyer = buyerOf(order);
  // OSS: the destination's rates; otherwise the shop's own.
  const taxCountry = treatment === 'oss' ? buyer.country : seller.country;
  // Under reverse charge every part loses its own contained German VAT, exactly as the checkout computed
  // the amount due (vat.ts), so the printed net lines add up to it.
  const netOf = (gross: number, rate: number) =>
    pricesAreNet ? gross - includedVatMinor(gross, rate) : gross;
  const lines: InvoiceLine[] = order.items.map((item, i) => {
    const giftCard = Number(item.data.productType) === ProductType.GIFT_CARD;
    const taxClass = taxClassOf(item.data.taxClass);
    const rate = giftCard ? 0 : (vat.classRates?.[taxClass] ?? rateOf(taxClass, taxCountry));
    const total = item.unitPriceMinor * item.quantity;
    const lineNet = netOf(total, rate);
    const ratePercent = giftCard ? null : pricesAreNet ? 0 : rate / 100;
    return {
      position: i + 1,
      description: [item.productName, variantText(item.data.attributes)].filter(Boolean).join(' – '),
      sku: item.sku,
      quantity: sign * item.quantity,
      unitPriceMinor: pricesAreNet ? Math.round(lineNet / item.quantity) : item.unitPriceMinor,
      totalMinor: sign * lineNet,
      ratePercent,
    };
  });
  const parts = (vat.lines ?? []).map((l) => ({
    discount: netOf(l.discountMinor ?? 0, l.rateBasisPoints),
    shipping: netOf(l.shippingMinor ?? 0, l.rateBasisPoints),
  }));
  const discountMinor = pricesAreNet ? parts.reduce((a, p) => a + p.discount, 0) : order.discountMinor;
  const shippingMinor = pricesAreNet ? parts.reduce((a, p) => a + p.shipping, 0) : order.shippingMinor;
  const vatTotal = vatLines.reduce((a, l) => a + l.vatMinor, 0);
  const payment = (order.data.payment ?? {}) as { method?: string };
  const shippingOption = order.data.shippingOption as { name?: string } | null | undefined;
  return {
    kind,
    number,
    numberText: invoiceNumberText(kind, number),
    ...(cancels ? { cancelsNumberText: invoiceNumberText('invoice', cancels.number) } : {}),
    issuedAt,
    issueDateText: dateText(issuedAt, website.timeZone),
    deliveryPeriodText: monthText(issuedAt, website.timeZone),
    orderId: order.id,
    orderNumber: order.orderNumber,
    orderDateText: dateText(order.createdAt, website.timeZone),
    currency: order.currency,
    seller,
    buyer,
    business: Boolean(buyer.company && buyer.vatId),
    pricesAreNet,
    lines,
    discountMinor: sign * discountMinor,
    shippingMinor: sign * shippingMinor,
    shippingName: shippingOption?.name ?? null,
    vatTreatment: treatment,
    vatLines,
    vatNote: vat.note ?? (treatment === 'small-business' ? VAT_NOTES.smallBusiness : null),
    netTotalMinor: sign * order.grandTotalMinor - vatTotal,
    vatTotalMinor: vatTotal,
    grandTotalMinor: sign * order.grandTotalMinor,
    giftCardMinor: sign * Number(order.data.giftCardMinor ?? 0),
    paymentMethod: payment.method ?? null,
  };
}

/**
 * The correcting invoice of a partial refund (§ 17 UStG reduces the taxable amount by what was paid back):
 * the refunded amount, negated, split over the order's VAT rates in proportion to their gross amounts
 * (largest remainder, as the checkout splits discount and shipping), naming the invoice it corrects.
 */
export function correctionDataOf(
  website: Website,
  order: Order,
  number: number,
  issuedAt: number,
  corrects: { number: number },
  refundMinor: number,
): InvoiceData {
  const base = invoiceDataOf(website, order, 'invoice', number, issuedAt);
  const correctsText = invoiceNumberText('invoice', corrects.number);
  const orderLines = ((order.data.vat ?? {}) as OrderVat).lines ?? [];
  const shares = allocateMinor(
    refundMinor,
    orderLines.map((l) => l.grossMinor),
  );
  const vatLines: VatLine[] = [];
  const lines: InvoiceLine[] = [];
  orderLines.forEach((l, i) => {
    const share = shares[i] ?? 0;
    if (share === 0) return;
    const vat = base.pricesAreNet ? 0 : includedVatMinor(share, l.rateBasisPoints);
    vatLines.push({
      ...l,
      grossMinor: -share,
      netMinor: -(share - vat),
      vatMinor: -vat,
      discountMinor: 0,
      shippingMinor: 0,
    });
    lines.push({
      position: lines.length + 1,
      description: `Erstattung zu Rechnung ${correctsText}`,
      sku: '',
      quantity: 1,
      unitPriceMinor: -share,
      totalMinor: -share,
      ratePercent: base.pricesAreNet ? 0 : l.ratePercent,
    });
  });
  if (lines.length === 0) {
    // No VAT lines (an order of gift cards only): the refund as one untaxed line.
    lines.push({
      position: 1,
      description: `Erstattung zu Rechnung ${correctsText}`,
      sku: '',
      quantity: 1,
      unitPriceMinor: -refundMinor,
      totalMinor: -refundMinor,
      ratePercent: null,
    });
  }
  const vatTotal = vatLines.reduce((a, l) => a + l.vatMinor, 0);
  return {
    ...base,
    kind: 'correction',
    numberText: invoiceNumberText('correction', number),
    cancelsNumberText: correctsText,
    lines,
    discountMinor: 0,
    shippingMinor: 0,
    shippingName: null,
    vatLines,
    netTotalMinor: -refundMinor - vatTotal,
    vatTotalMinor: vatTotal,
    grandTotalMinor: -refundMinor,
    giftCardMinor: 0,
  };
}

function variantText(attributes: unknown): string {
  if (!attributes || typeof attributes !== 'object') return '';
  return Object.entries(attributes as Record<string, unknown>)
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join(', ');
}
