import { ADD_TO_CART_MESSAGES, checkQuantity, ProductType, validateAddToCart } from '@baukasten/commerce';
import type { Item, Storage, StoredCart, Variant, Website } from '@baukasten/storage';
import { HttpError } from '../http-error.js';
import { serverMessages } from '../messages.js';
import {
  type CartChoices,
  type CartView,
  cartView,
  type EntrySnapshot,
  emptyCartView,
  totalsOf,
} from './cart-view.js';

/*
 * Cart operations. Every method takes the website first and the cart id from the visitor's cookie;
 * the server re-checks every add against fresh stock with the same rule the islands use.
 */

export interface AddToCartInput {
  itemId: string;
  sku?: string;
  quantity?: unknown;
  additionalFields?: string;
  subscriptionOptionId?: string;
}

const priceOf = (variant: Variant) => (variant.onSale ? variant.salePriceMinor : variant.priceMinor);

const fail = (status: number, type: string, message: string) => new HttpError(status, type, message);

export class CartService {
  constructor(private readonly storage: Storage) {}

  async view(website: Website, cartId: string | undefined): Promise<CartView> {
    const cart = cartId ? await this.storage.carts.find(website.id, cartId) : undefined;
    return cart ? cartView(website, cart) : emptyCartView(website);
  }

  /** Stores fresh totals so the cart row always carries what the shopper was last shown. */
  private async withTotals(
    website: Website,
    cart: StoredCart,
    storage: Storage = this.storage,
  ): Promise<CartView> {
    const choices = cart.data as CartChoices;
    const totals = totalsOf(website, cart.entries, choices);
    const stored = {
      subtotalMinor: totals.subtotalMinor,
      taxMinor: totals.taxMinor,
      shippingCostMinor: totals.shippingCostMinor,
      discountMinor: totals.discountMinor,
      grandTotalMinor: totals.grandTotalMinor,
    };
    await storage.carts.saveTotals(website.id, cart.id, stored, cart.data);
    return cartView(website, { ...cart, ...stored });
  }

  private async productItem(
    website: Website,
    itemId: string,
  ): Promise<Item & { product: NonNullable<Item['product']> }> {
    const item = await this.storage.items.findById(website.id, itemId);
    if (!item?.product || item.product.productType === ProductType.PAYWALL) {
      throw fail(404, 'VARIANT_UNAVAILABLE', ADD_TO_CART_MESSAGES.variantUnavailable);
    }
    return item as Item & { product: NonNullable<Item['product']> };
  }

  /** The cart to add to: the visitor's open cart, or a new one when there is none or it was bought. */
  async openCart(website: Website, cartId: string | undefined): Promise<StoredCart> {
    const existing = cartId ? await this.storage.carts.find(website.id, cartId) : undefined;
    if (existing && !existing.isPurchased) return existing;
    return this.storage.carts.create(website.id, website.currency);
  }

  async addEntry(website: Website, cartId: string | undefined, input: AddToCartInput) {
    const item = await this.productItem(website, input.itemId);
    const product = item.product;
    const cart = await this.openCart(website, cartId);
    const quantityInCart = cart.entries
      .filter((e) => e.itemId === item.id && (!input.sku || e.sku === input.sku))
      .reduce((sum, e) => sum + e.quantity, 0);
    const result = validateAddToCart({
      product: { ...product, variants: product.variants },
      sku: input.sku,
      quantity: input.quantity,
      quantityInCart,
    });
    if (!result.ok) {
      const status = result.error.type === 'OUT_OF_STOCK' ? 409 : 400;
      throw fail(status, result.error.type, result.error.message);
    }
    const variant = (result.variant as Variant | null) ?? product.variants[0];
    if (!variant) throw fail(400, 'VARIANT_UNAVAILABLE', ADD_TO_CART_MESSAGES.variantUnavailable);
    const snapshot: EntrySnapshot = {
      sku: variant.sku,
      attributes: variant.attributes,
      title: item.title,
      productType: product.productType,
      ...(variant.weightGrams !== undefined ? { weightGrams: variant.weightGrams } : {}),
    };
    // The entry and the totals it changes commit together: one write transaction per add.
    const outcome = await this.storage.transaction(async (tx) => {
      const added = await tx.carts.addEntry(website.id, cart.id, {
        itemId: item.id,
        variantId: variant.id,
        sku: variant.sku,
        quantity: result.quantity,
        chosenVariant: snapshot,
        additionalFields: input.additionalFields,
        subscriptionOptionId: input.subscriptionOptionId,
        purchasePriceMinor: priceOf(variant),
      });
      if (!added) throw fail(409, 'CART_PURCHASED', serverMessages.cartPurchased);
      return { added, shoppingCart: await this.withTotals(website, added.cart, tx) };
    });
    const newlyAdded = outcome.shoppingCart.entries.find((e) => e.id === outcome.added.entry.id)!;
    return { shoppingCart: outcome.shoppingCart, newlyAdded, cartId: cart.id };
  }

  private async existingCart(website: Website, cartId: string | undefined): Promise<StoredCart> {
    const cart = cartId ? await this.storage.carts.find(website.id, cartId) : undefined;
    if (!cart) throw fail(404, 'CART_NOT_FOUND', serverMessages.cartNotFound);
    if (cart.isPurchased) throw fail(409, 'CART_PURCHASED', serverMessages.cartPurchased);
    return cart;
  }

  async changeQuantity(website: Website, cartId: string | undefined, entryId: string, rawQuantity: unknown) {
    const cart = await this.existingCart(website, cartId);
    const entry = cart.entries.find((e) => e.id === entryId);
    if (!entry) throw fail(404, 'CART_ENTRY_NOT_FOUND', serverMessages.cartEntryNotFound);
    const quantity = checkQuantity(rawQuantity);
    if (!quantity.ok) throw fail(400, quantity.type, quantity.message);
    const item = await this.productItem(website, entry.itemId);
    const variant = item.product.variants.find((v) => v.id === entry.variantId || v.sku === entry.sku);
    const tracksStock =
      item.product.productType === ProductType.PHYSICAL || item.product.productType === ProductType.SERVICE;
    if (tracksStock && variant && !variant.unlimited) {
      const otherEntries = cart.entries
        .filter((e) => e.id !== entry.id && e.sku === entry.sku)
        .reduce((sum, e) => sum + e.quantity, 0);
      if (variant.qtyInStock < quantity.quantity + otherEntries) {
        throw fail(409, 'OUT_OF_STOCK', ADD_TO_CART_MESSAGES.notEnoughStock);
      }
    }
    const updated = await this.storage.carts.updateEntry(website.id, cart.id, entryId, {
      quantity: quantity.quantity,
    });
    if (!updated) throw fail(404, 'CART_ENTRY_NOT_FOUND', serverMessages.cartEntryNotFound);
    const shoppingCart = await this.withTotals(website, updated.cart);
    return { shoppingCart, updatedEntry: shoppingCart.entries.find((e) => e.id === entryId)! };
  }

  async updateAdditionalFields(
    website: Website,
    cartId: string | undefined,
    entryId: string,
    additionalFields: string,
  ) {
    const cart = await this.existingCart(website, cartId);
    const updated = await this.storage.carts.updateEntry(website.id, cart.id, entryId, { additionalFields });
    if (!updated) throw fail(404, 'CART_ENTRY_NOT_FOUND', serverMessages.cartEntryNotFound);
    const shoppingCart = await this.withTotals(website, updated.cart);
    return { shoppingCart, updatedEntry: shoppingCart.entries.find((e) => e.id === entryId)! };
  }

  async removeEntry(website: Website, cartId: string | undefined, entryId: string) {
    const cart = await this.existingCart(website, cartId);
    const updated = await this.storage.carts.removeEntry(website.id, cart.id, entryId);
    if (!updated) throw fail(404, 'CART_ENTRY_NOT_FOUND', serverMessages.cartEntryNotFound);
    return { shoppingCart: await this.withTotals(website, updated) };
  }

  /** Stock of every variant of an item, for the stock call of spec 7. */
  async stock(website: Website, itemId: string) {
    const item = await this.storage.items.findById(website.id, itemId);
    if (!item?.product) throw fail(404, 'NOT_FOUND', serverMessages.notFound);
    const neverRunsOut =
      item.product.productType === ProductType.DIGITAL || item.product.productType === ProductType.GIFT_CARD;
    return {
      results: item.product.variants.map((v) => ({
        itemId: item.id,
        variantId: v.id,
        sku: v.sku,
        unlimited: neverRunsOut || v.unlimited,
        qtyInStock: v.qtyInStock,
      })),
    };
  }
}
