import type { CatalogueIndexRow, Item, NewProduct } from '@baukasten/storage';
import { AdminInputError } from '../admin/admin-input.js';
import { buildProduct, type ProductRequest } from '../admin/catalog/product-service.js';
import type { CatalogueProduct, ImportFormat, MappedFile, Refusal } from './catalogue.js';
import { importMessages as m } from './import-messages.js';

/*
 * The dry run: which products of the file are created, which update a product the shop has (same handle
 * on the products page, else the same SKU), and which are refused with their lines and reasons. Each
 * product goes through the editor's own buildProduct, so an imported product is one the editor could
 * have saved (variant grid, SKU rules, sale price below price).
 */

export interface PlanEntry {
  action: 'create' | 'update';
  /** The product updated. */
  itemId?: string;
  product: CatalogueProduct;
}

export interface PreviewRow {
  line: number;
  action: 'create' | 'update';
  handle: string;
  title: string;
  variants: number;
  images: number;
  priceMinor: number;
}

export interface ImportSummary {
  format: ImportFormat;
  create: number;
  update: number;
  variants: number;
  images: number;
  refusedProducts: number;
  refused: Refusal[];
  /** The first products as the preview table lists them. */
  rows: PreviewRow[];
}

const PREVIEW_ROWS = 200;

/** What buildProduct is asked for one imported product: the file is the truth for every variant. */
export function productRequest(product: CatalogueProduct): ProductRequest {
  const first = product.variants[0];
  return {
    productType: product.productType,
    options: product.options,
    // Combinations the file does not list (the editor's grid has every one) start sold out.
    priceMinor: first.priceMinor,
    salePriceMinor: 0,
    onSale: false,
    unlimited: false,
    qtyInStock: 0,
    variants: product.variants.map((v) => ({
      attributes: v.attributes,
      ...(v.sku ? { sku: v.sku } : {}),
      priceMinor: v.priceMinor,
      salePriceMinor: v.salePriceMinor ?? 0,
      onSale: v.salePriceMinor !== undefined,
      unlimited: v.unlimited,
      qtyInStock: v.qtyInStock ?? 0,
      weightGrams: v.weightGrams ?? null,
    })),
  };
}

/** SKUs held by other products: the shop's, minus those of the product being written. */
export class SkuOwners {
  readonly #owner = new Map<string, string>();
  readonly #title = new Map<string, string>();
  constructor(index: readonly CatalogueIndexRow[]) {
    for (const row of index) {
      if (row.sku === null) continue;
      this.#owner.set(row.sku, row.itemId);
      this.#title.set(row.itemId, row.title);
    }
  }
  owner(sku: string) {
    return this.#owner.get(sku);
  }
  titleOf(itemId: string) {
    return this.#title.get(itemId) ?? '';
  }
  claim(skus: Iterable<string>, key: string) {
    for (const sku of skus) this.#owner.set(sku, key);
  }
  /** The set buildProduct checks generated and given SKUs against. */
  takenBesides(key: string): ReadonlySet<string> {
    const owners = this.#owner;
    return { has: (sku: string) => owners.has(sku) && owners.get(sku) !== key } as ReadonlySet<string>;
  }
}

export interface BuildContext {
  currency: string;
  locale: string;
  skus: SkuOwners;
}

/** The stored product for an entry; AdminInputError becomes a refusal at the line of the variant. */
export function productFor(
  product: CatalogueProduct,
  key: string,
  existing: Item | undefined,
  ctx: BuildContext,
): NewProduct {
  const built = buildProduct(productRequest(product), existing?.product, {
    handle: existing?.urlId ?? product.handle,
    currency: ctx.currency,
    locale: ctx.locale,
    takenSkus: ctx.skus.takenBesides(key),
  });
  ctx.skus.claim(
    built.variants.map((v) => v.sku),
    key,
  );
  return built;
}

/** The line a buildProduct problem belongs to: the variant its field names, else the product's first. */
function lineOf(error: AdminInputError, product: CatalogueProduct): number {
  const field = Object.keys(error.fields)[0] ?? '';
  const index = /^variants\.(\d+)/.exec(field)?.[1];
  // buildProduct numbers grid cells; with the grid in option order they match the file's variants only
  // when the file lists every combination, so the variant with the named SKU is looked up first.
  const sku = /„([^“]+)“/.exec(error.message)?.[1];
  const bySku = sku ? product.variants.find((v) => v.sku === sku) : undefined;
  if (bySku) return bySku.line;
  if (index !== undefined && product.variants[Number(index)]) return product.variants[Number(index)].line;
  return product.line;
}

export function planImport(
  mapped: MappedFile,
  index: readonly CatalogueIndexRow[],
  collectionId: string,
  ctx: Omit<BuildContext, 'skus'>,
): { entries: PlanEntry[]; summary: ImportSummary } {
  const byHandle = new Map<string, string>();
  for (const row of index) if (row.collectionId === collectionId) byHandle.set(row.urlId, row.itemId);
  const skus = new SkuOwners(index);
  const refused: Refusal[] = [...mapped.refused];
  const entries: PlanEntry[] = [];
  let refusedProducts = new Set(mapped.refused.map((r) => r.handle ?? `#${r.line}`)).size;

  const refuse = (product: CatalogueProduct, line: number, reason: string) => {
    refusedProducts++;
    for (const l of product.lines)
      refused.push({
        line: l,
        handle: product.handle,
        reason: l === line ? reason : m.productRefused(`siehe Zeile ${line}`),
      });
  };

  for (const product of mapped.products) {
    const handleItem = byHandle.get(product.handle);
    const skuItems = new Set<string>();
    let foreign: { sku: string; itemId: string; line: number } | undefined;
    for (const variant of product.variants) {
      const owner = variant.sku ? skus.owner(variant.sku) : undefined;
      if (!owner) continue;
      skuItems.add(owner);
      if (handleItem && owner !== handleItem)
        foreign ??= { sku: variant.sku, itemId: owner, line: variant.line };
    }
    if (!handleItem && skuItems.size > 1) {
      const [, other] = [...skuItems];
      const variant = product.variants.find((v) => v.sku && skus.owner(v.sku) === other)!;
      foreign = { sku: variant.sku, itemId: other, line: variant.line };
    }
    if (foreign) {
      refuse(product, foreign.line, m.skuOfOtherProduct(foreign.sku, skus.titleOf(foreign.itemId)));
      continue;
    }
    const itemId = handleItem ?? [...skuItems][0];
    const key = itemId ?? `new:${product.handle}`;
    try {
      productFor(product, key, undefined, { ...ctx, skus });
    } catch (error) {
      if (!(error instanceof AdminInputError)) throw error;
      refuse(product, lineOf(error, product), error.message);
      continue;
    }
    entries.push(itemId ? { action: 'update', itemId, product } : { action: 'create', product });
  }
  refused.sort((a, b) => a.line - b.line);

  const summary: ImportSummary = {
    format: mapped.format,
    create: entries.filter((e) => e.action === 'create').length,
    update: entries.filter((e) => e.action === 'update').length,
    variants: entries.reduce((n, e) => n + e.product.variants.length, 0),
    images: entries.reduce((n, e) => n + e.product.images.length, 0),
    refusedProducts,
    refused,
    rows: entries.slice(0, PREVIEW_ROWS).map((e) => ({
      line: e.product.line,
      action: e.action,
      handle: e.product.handle,
      title: e.product.title,
      variants: e.product.variants.length,
      images: e.product.images.length,
      priceMinor: Math.min(...e.product.variants.map((v) => v.salePriceMinor ?? v.priceMinor)),
    })),
  };
  return { entries, summary };
}
