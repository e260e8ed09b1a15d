import { formatMoney, ProductType } from '@baukasten/commerce';
import type {
  FormDefinition,
  Item,
  NewProduct,
  NewVariant,
  Product,
  ProductSubscriptionOption,
} from '@baukasten/storage';
import { AdminInputError } from '../admin-input.js';
import { catalogMessages as m } from './catalog-messages.js';
import { PRODUCT_TYPES, type ProductTypeName, type VariantInput } from './product-input.js';
import {
  type CellDefaults,
  type GridCell,
  optionsOf,
  type ProductOption,
  skuFor,
  variantGrid,
} from './variant-grid.js';

/*
 * Turns what the owner sent about a product (its type, options, prices, stock, per-variant changes)
 * into the product storage writes: the grid of variants from the options, matched to the variants the
 * product already has, then the per-variant changes, generated SKUs and the checks across variants.
 */

/** The fields of a request that shape the product (the item's own fields are handled by the route). */
export interface ProductRequest {
  productType?: ProductTypeName;
  options?: ProductOption[];
  priceMinor?: number;
  salePriceMinor?: number;
  onSale?: boolean;
  unlimited?: boolean;
  qtyInStock?: number;
  weightGrams?: number | null;
  variants?: VariantInput[];
  giftCardAmountsMinor?: number[];
  subscription?: {
    plans: { billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' }; numBillingCycles: number }[];
  } | null;
  addButtonText?: string | null;
  merchandising?: Partial<Product['merchandising']>;
  /** The copy of a site form (additional-fields-form.ts); null removes it, undefined keeps the stored one. */
  additionalFieldsForm?: FormDefinition | null;
}

export interface ProductContext {
  /** The item's URL id, the start of generated SKUs. */
  handle: string;
  currency: string;
  locale: string;
  /** SKUs other products of the website use. */
  takenSkus: ReadonlySet<string>;
}

const typeName = (code: number): ProductTypeName =>
  (Object.entries(PRODUCT_TYPES).find(([, c]) => c === code)?.[0] as ProductTypeName | undefined) ??
  'physical';

export const productTypeName = typeName;

/** Digital goods and gift cards never run out (spec 4), so their variants are always unlimited. */
const alwaysUnlimited = (type: number) => type === ProductType.DIGITAL || type === ProductType.GIFT_CARD;

const label = (attributes: Record<string, string>) => Object.values(attributes).join(' / ') || '–';

const sameValues = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
};

function typicalVariant<T extends { priceMinor: number }>(variants: readonly T[]): T | undefined {
  const counts = new Map<number, number>();
  for (const v of variants) counts.set(v.priceMinor, (counts.get(v.priceMinor) ?? 0) + 1);
  let best: T | undefined;
  for (const v of variants) if (!best || counts.get(v.priceMinor)! > counts.get(best.priceMinor)!) best = v;
  return best;
}

function planId(plan: { billingPeriod: { value: number; unit: string }; numBillingCycles: number }) {
  return `${plan.billingPeriod.value}-${plan.billingPeriod.unit.toLowerCase()}-${plan.numBillingCycles}`;
}

/**
 * The product to store. `existing` is the product being changed (undefined when it is created).
 * Throws AdminInputError naming the request field of each problem.
 */
export function buildProduct(
  request: ProductRequest,
  existing: Product | undefined,
  ctx: ProductContext,
): NewProduct {
  const fields: Record<string, string> = {};
  const fail = (field: string, message: string) => {
    fields[field] ??= message;
  };
  const type = request.productType
    ? PRODUCT_TYPES[request.productType]
    : (existing?.productType ?? ProductType.PHYSICAL);
  const isGiftCard = type === ProductType.GIFT_CARD;

  // Options: a gift card's follow from its amounts, one variant per amount.
  let options: ProductOption[];
  let amountByValue = new Map<string, number>();
  if (isGiftCard) {
    if (request.options) fail('options', m.giftCardOptionsFixed);
    const amounts = request.giftCardAmountsMinor ?? existing?.giftCardDenominations;
    if (!amounts || amounts.length === 0) fail('giftCardAmountsMinor', m.giftCardAmountsMissing);
    // Plain spaces: Intl's no-break spaces would make the value hard to type or match.
    amountByValue = new Map(
      (amounts ?? []).map((a) => [
        formatMoney(a, ctx.currency, ctx.locale).replace(/[\u00a0\u202f]/g, ' '),
        a,
      ]),
    );
    options =
      amountByValue.size > 0 ? [{ name: m.giftCardOptionName, values: [...amountByValue.keys()] }] : [];
  } else {
    options =
      request.options ?? (existing ? optionsOf(existing.variantOptionOrdering, existing.variants) : []);
  }
  if (request.subscription && isGiftCard) fail('subscription', m.subscriptionNotForGiftCards);

  // New cells of a changed product start like most of its variants (a single special price is no model).
  const first = typicalVariant(existing?.variants ?? []);
  if (!existing && request.priceMinor === undefined && !isGiftCard) fail('priceMinor', m.priceMissing);
  const defaults: CellDefaults = {
    priceMinor: request.priceMinor ?? first?.priceMinor ?? 0,
    salePriceMinor: request.salePriceMinor ?? first?.salePriceMinor ?? 0,
    onSale: request.onSale ?? false,
    unlimited: alwaysUnlimited(type) || (request.unlimited ?? false),
    qtyInStock: request.qtyInStock ?? 0,
    ...(request.weightGrams !== undefined && request.weightGrams !== null
      ? { weightGrams: request.weightGrams }
      : {}),
  };
  const cells: GridCell[] = variantGrid(options, existing?.variants ?? [], defaults);

  // What the request says for the whole product applies to every variant; per-variant values win.
  for (const cell of cells) {
    if (request.priceMinor !== undefined) cell.priceMinor = request.priceMinor;
    if (request.salePriceMinor !== undefined) cell.salePriceMinor = request.salePriceMinor;
    if (request.onSale !== undefined) cell.onSale = request.onSale;
    if (request.unlimited !== undefined) cell.unlimited = request.unlimited;
    if (request.qtyInStock !== undefined) cell.qtyInStock = request.qtyInStock;
    if (request.weightGrams !== undefined) cell.weightGrams = request.weightGrams ?? undefined;
    if (isGiftCard)
      cell.priceMinor = amountByValue.get(Object.values(cell.attributes)[0] ?? '') ?? cell.priceMinor;
  }
  const knownIds = new Set(existing?.variants.map((v) => v.id) ?? []);
  for (const [i, change] of (request.variants ?? []).entries()) {
    const cell = change.id
      ? cells.find((c) => c.id === change.id)
      : change.attributes
        ? cells.find((c) => sameValues(c.attributes, change.attributes!))
        : cells.length === 1
          ? cells[0]
          : undefined;
    if (!cell) {
      if (change.id && !knownIds.has(change.id)) fail(`variants.${i}.id`, m.variantIdUnknown);
      else fail(`variants.${i}`, m.variantNotInGrid(label(change.attributes ?? {})));
      continue;
    }
    if (change.sku !== undefined) cell.sku = change.sku;
    if (change.priceMinor !== undefined && !isGiftCard) cell.priceMinor = change.priceMinor;
    if (change.salePriceMinor !== undefined) cell.salePriceMinor = change.salePriceMinor;
    if (change.onSale !== undefined) cell.onSale = change.onSale;
    if (change.unlimited !== undefined) cell.unlimited = change.unlimited;
    if (change.qtyInStock !== undefined) cell.qtyInStock = change.qtyInStock;
    if (change.weightGrams !== undefined) cell.weightGrams = change.weightGrams ?? undefined;
  }
  if (alwaysUnlimited(type)) for (const cell of cells) cell.unlimited = true;

  // SKUs: the owner's, the kept ones, or made from the product's URL and the variant's values.
  const used = new Set<string>(cells.flatMap((c) => (c.sku ? [c.sku] : [])));
  for (const [i, cell] of cells.entries()) {
    if (cell.sku) {
      if (ctx.takenSkus.has(cell.sku) && !existing?.variants.some((v) => v.sku === cell.sku)) {
        // Storage refuses it as well; said here at the variant it belongs to.
        fail(`variants.${i}.sku`, m.skuTaken(cell.sku));
      }
      continue;
    }
    const base = skuFor(ctx.handle, cell.attributes);
    let sku = base;
    for (let n = 2; used.has(sku) || ctx.takenSkus.has(sku); n++) sku = `${base}-${n}`;
    cell.sku = sku;
    used.add(sku);
  }
  const skus = cells.map((c) => c.sku!);
  const twice = skus.findIndex((s, i) => skus.indexOf(s) !== i);
  if (twice >= 0) fail(`variants.${twice}.sku`, m.skuTwice(skus[twice]));

  for (const [i, cell] of cells.entries()) {
    if (cell.onSale && cell.salePriceMinor >= cell.priceMinor)
      fail(`variants.${i}.salePriceMinor`, m.salePriceNotLower);
  }

  const firstProblem = Object.values(fields)[0];
  if (firstProblem) throw new AdminInputError(firstProblem, fields);

  const variants: NewVariant[] = cells.map((cell) => ({
    ...(cell.id ? { id: cell.id } : {}),
    sku: cell.sku!,
    attributes: cell.attributes,
    priceMinor: cell.priceMinor,
    salePriceMinor: cell.salePriceMinor,
    onSale: cell.onSale,
    ...(cell.unlimited !== undefined ? { unlimited: cell.unlimited } : {}),
    ...(cell.qtyInStock !== undefined ? { qtyInStock: cell.qtyInStock } : {}),
    ...(cell.weightGrams !== undefined ? { weightGrams: cell.weightGrams } : {}),
  }));

  const product: NewProduct = {
    productType: type,
    variants,
    variantOptionOrdering: options.map((o) => o.name),
    onSale: cells.some((c) => c.onSale),
    merchandising: { ...existing?.merchandising, ...request.merchandising },
  };
  if (isGiftCard) product.giftCardDenominations = [...amountByValue.values()];

  const subscription =
    request.subscription === undefined
      ? existing?.isSubscribable && !isGiftCard
        ? // A product made with only a plan (no options) keeps that plan.
          (existing.productSubscriptionOptions?.map(({ billingPeriod, numBillingCycles }) => ({
            billingPeriod,
            numBillingCycles,
          })) ?? (existing.subscriptionPlan ? [existing.subscriptionPlan] : undefined))
        : undefined
      : request.subscription?.plans;
  if (subscription && subscription.length > 0) {
    const plans: ProductSubscriptionOption[] = subscription.map((plan) => ({ id: planId(plan), ...plan }));
    product.isSubscribable = true;
    product.subscriptionPlan = {
      billingPeriod: plans[0].billingPeriod,
      numBillingCycles: plans[0].numBillingCycles,
    };
    product.productSubscriptionOptions = plans;
  }

  const addButtonText =
    request.addButtonText === undefined ? existing?.customAddButtonText : request.addButtonText;
  const useCustom =
    request.addButtonText === undefined ? existing?.useCustomAddButtonText : request.addButtonText !== null;
  if (useCustom && addButtonText) {
    product.useCustomAddButtonText = true;
    product.customAddButtonText = addButtonText;
  }
  const form =
    request.additionalFieldsForm === undefined
      ? existing?.additionalFieldsForm
      : request.additionalFieldsForm;
  if (form) product.additionalFieldsForm = form;
  return product;
}

/** The options of a stored product as the editor shows them. */
export const productOptions = (item: Item) =>
  item.product ? optionsOf(item.product.variantOptionOrdering, item.product.variants) : [];
