import {
  ADD_TO_CART_MESSAGES,
  type CartTotals,
  checkQuantity,
  findVariant,
  isSubscribable,
  missingOptions,
  ProductType,
  validateAddToCart,
} from '@baukasten/commerce';
import type { Item, Product, Storage, StoredCart, Variant, Website } from '@baukasten/storage';
import { HttpError } from '../http-error.js';
import { serverMessages } from '../messages.js';
import {
  type CartChoices,
  type CartView,
  cartView,
  type EntrySnapshot,
  emptyCartView,
  storedTotalsOf,
  totalsOf,
} from './cart-view.js';
import { CHECKOUT_PATH_ERRORS, commerceMessages } from './commerce-messages.js';

/*
 * Cart operations. Every method takes the website first and the cart id from the visitor's cookie;
 * the server re-checks every add against fresh stock with the same rule the islands use.
 */

export interface AddToCartInput {
  itemId: string;
  sku?: string;
  /** Option name to chosen value, as a form without JavaScript sends them instead of a sku. */
  chosenOptions?: Record<string, string>;
  quantity?: unknown;
  additionalFields?: string;
  subscriptionOptionId?: string;
}

const priceOf = (variant: Variant) => (variant.onSale ? variant.salePriceMinor : variant.priceMinor);

const fail = (status: number, type: string, message: string) => new HttpError(status, type, message);

/**
 * R6.3.1: gift cards and subscriptions have checkout paths of their own (/checkout/giftcard and
 * /checkout/subscribe), so the regular cart refuses them with a tracked type and a German 400.
 */
function refuseOtherCheckoutPaths(product: Product) {
  if (product.productType === ProductType.GIFT_CARD) {
    throw fail(400, CHECKOUT_PATH_ERRORS.giftCard, commerceMessages.giftCardOwnCheckout);
  }
  if (isSubscribable(product)) {
    throw fail(400, CHECKOUT_PATH_ERRORS.subscription, commerceMessages.subscriptionOwnCheckout);
  }
}

/** The sku of the variant every chosen option matches; undefined leaves the error to the shop's rule. */
function skuOfOptions(product: Product, chosen: Record<string, string> | undefined): string | undefined {
  if (!chosen || Object.keys(chosen).length === 0) return undefined;
  if (missingOptions(product, chosen).length > 0) return undefined;
  return findVariant(product, chosen)?.sku ?? undefined;
}

type ProductItem = Item & { product: NonNullable<Item['product']> };

/** The item as something a cart can hold: 404 for a missing item, one without product, or a paywall. */
function asProductItem(item: Item | undefined): ProductItem {
  if (!item?.product || item.product.productType === ProductType.PAYWALL) {
    throw fail(404, 'VARIANT_UNAVAILABLE', ADD_TO_CART_MESSAGES.variantUnavailable);
  }
  return item as ProductItem;
}

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
    const totals = totalsOf(website, cart.entries, cart.data as CartChoices);
    const stored = storedTotalsOf(totals);
    await storage.carts.saveTotals(website.id, cart.id, stored, cart.data);
    return cartView(website, { ...cart, ...stored }, totals);
  }

  private async productItem(website: Website, itemId: string): Promise<ProductItem> {
    return asProductItem(await this.storage.items.findById(website.id, itemId));
  }

  /**
   * Adds to the visitor's open cart, or to a new one when there is none or it was bought. The product and
   * the cart are read, checked against the shop's rules, written and totalled in one transaction of few
   * statements (no read-back): add-to-cart is the hottest write of a shop.
   */
  async addEntry(website: Website, cartId: string | undefined, input: AddToCartInput) {
    let computed: CartTotals | undefined;
    const added = await this.storage.carts.addPlanned(
      website.id,
      cartId,
      website.currency,
      input.itemId,
      (current) => {
        // Read in the add's own transaction: the rules see the stock as it is when the cart is written.
        const item = asProductItem(current.item);
        const product = item.product;
        refuseOtherCheckoutPaths(product);
        const sku = input.sku || skuOfOptions(product, input.chosenOptions);
        const quantityInCart = current.entries
          .filter((e) => e.itemId === item.id && (!sku || e.sku === sku))
          .reduce((sum, e) => sum + e.quantity, 0);
        const result = validateAddToCart({
          product: { ...product, variants: product.variants },
          sku,
          ...(input.chosenOptions ? { chosenOptions: input.chosenOptions } : {}),
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
        return {
          entry: {
            itemId: item.id,
            variantId: variant.id,
            sku: variant.sku,
            quantity: result.quantity,
            chosenVariant: snapshot,
            ...(input.additionalFields !== undefined ? { additionalFields: input.additionalFields } : {}),
            ...(input.subscriptionOptionId !== undefined
              ? { subscriptionOptionId: input.subscriptionOptionId }
              : {}),
            purchasePriceMinor: priceOf(variant),
          },
          totals: (entries) => {
            computed = totalsOf(website, entries, current.data as CartChoices);
            return { totals: storedTotalsOf(computed), data: current.data };
          },
        };
      },
    );
    const shoppingCart = cartView(website, added.cart, computed);
    const newlyAdded = shoppingCart.entries.find((e) => e.id === added.entry.id)!;
    return { shoppingCart, newlyAdded, cartId: added.cart.id };
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
