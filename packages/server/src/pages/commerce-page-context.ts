import { formatMoney, vatRateText } from '@baukasten/commerce';
import type { Storage, Website } from '@baukasten/storage';
import type { CartView } from '../commerce/cart-view.js';
import { commercePageTexts } from './commerce-page-messages.js';
import { discountRowsOf } from './discount-rows.js';

/*
 * The display parts the cart and checkout templates need beside the spec-shaped cart of cart-view.ts:
 * money as text in the shop's locale, the variant as one line, the product's image and page. The spec
 * fields stay as they are; texts are added next to them, never instead of them.
 */

export type MoneyText = (minor: number) => string;

export const moneyTextOf =
  (website: Website, currency: string): MoneyText =>
  (minor) =>
    formatMoney(minor, currency, website.locale);

/** 'Größe: M, Farbe: Blau'; '' for a product without options. */
export function variantText(attributes: Record<string, unknown> | undefined): string {
  return Object.entries(attributes ?? {})
    .filter(([, value]) => value !== undefined && value !== null && String(value) !== '')
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join(', ');
}

export interface ProductLink {
  imageUrl?: string;
  fullUrl?: string;
}

/**
 * Image and product page of the items in a cart or order: one read per distinct item and collection.
 * A product deleted since it was bought simply has neither.
 */
export async function productLinks(
  storage: Storage,
  websiteId: string,
  itemIds: readonly string[],
): Promise<Map<string, ProductLink>> {
  const links = new Map<string, ProductLink>();
  const collectionUrls = new Map<string, string | undefined>();
  for (const itemId of new Set(itemIds)) {
    const item = await storage.items.findById(websiteId, itemId);
    if (!item) continue;
    if (!collectionUrls.has(item.collectionId)) {
      const collection = await storage.collections.findById(websiteId, item.collectionId);
      collectionUrls.set(item.collectionId, collection?.urlId);
    }
    const collectionUrl = collectionUrls.get(item.collectionId);
    links.set(itemId, {
      imageUrl: item.assetUrl ?? item.images[0]?.assetUrl,
      fullUrl: collectionUrl !== undefined ? `/${collectionUrl}/p/${item.urlId}` : undefined,
    });
  }
  return links;
}

/** Whether the cart reaches the shop's minimum order value, and the spec's text when it does not. */
export function minimumOrderOf(website: Website, subtotalMinor: number, currency: string) {
  const minimum = website.settings.storeSettings?.minimumOrderMinor;
  if (minimum === undefined || subtotalMinor >= minimum) {
    return { met: true, minimumCents: minimum ?? null, minimumText: null };
  }
  return { met: false, minimumCents: minimum, minimumText: formatMoney(minimum, currency, website.locale) };
}

/** The cart of cart-view.ts with what the cart and checkout templates show beside each field. */
export function cartDisplay(website: Website, view: CartView, links: Map<string, ProductLink>) {
  const money = moneyTextOf(website, view.currency);
  const selected = view.selectedShippingOption;
  const taxRule = view.applicableTaxRules[0];
  return {
    ...view,
    isEmpty: view.entries.length === 0,
    entries: view.entries.map((entry) => {
      const link = links.get(entry.itemId) ?? {};
      return {
        ...entry,
        imageUrl: link.imageUrl ?? null,
        fullUrl: link.fullUrl ?? null,
        variantText: variantText(entry.chosenVariant.attributes),
        unitPriceText: money(entry.purchasePriceCents),
        subTotalText: money(entry.subTotalCents),
      };
    }),
    shippingOptions: view.shippingOptions.map((option) => ({
      ...option,
      costText: money(option.costMinor),
      checked: option.id === selected?.id,
    })),
    selectedShippingName: selected?.name ?? null,
    hasDiscount: view.discountCents > 0,
    discountText: money(view.discountCents),
    // One named row per discount that applied, automatic ones too (issue 23).
    discountRows: discountRowsOf(view.appliedDiscounts, money),
    shippingCostText: money(view.shippingCostCents),
    taxText: money(view.taxCents),
    taxLabel:
      vatSummaryLabel(view.vatLines, view.vatTreatment) ??
      (taxRule ? `enthaltene ${taxRule.name} (${taxRule.ratePercent} %)` : 'enthaltene Steuern'),
    // One row per VAT rate (§ 14 Abs. 4 Nr. 8 UStG), and the § 19 / reverse-charge note where one applies.
    vatRows: view.vatTreatment === 'domestic' || view.vatTreatment === 'oss' ? view.vatLines : [],
  };
}

export type CartDisplay = ReturnType<typeof cartDisplay>;

/** "enthaltene MwSt. (19 % / 7 %)" over all rates of a cart; null when there is no VAT line. */
export function vatSummaryLabel(lines: readonly { ratePercent: number }[], treatment: string): string | null {
  if (treatment === 'small-business' || treatment === 'reverse-charge') return 'Umsatzsteuer';
  if (lines.length === 0) return null;
  return `enthaltene MwSt. (${lines.map((l) => vatRateText(l.ratePercent)).join(' / ')})`;
}

export const paymentMethodLabel = (id: string | null | undefined) =>
  (id && commercePageTexts.paymentMethods[id]) || id || '';
