import {
  ADD_TO_CART_MESSAGES,
  type CartTotals,
  checkQuantity,
  findVariant,
  isSubscribable,
  missingOptions,
  ProductType,
  placeInCart,
  quantityInCart,
  taxClassOf,
  validateAddToCart,
} from '@baukasten/commerce';
import type {
  AddBasis,
  CartAddition,
  Item,
  NewCartEntry,
  Product,
  Storage,
  StoredCart,
  StoredCartEntry,
  Variant,
  Website,
} from '@baukasten/storage';
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

/** Reads and decisions an add may take when its cart keeps changing under it (other processes). */
const ADD_ATTEMPTS = 5;

/**
 * The shop's rules on what was read: the item must be a product a cart can hold, the variant chosen and in
 * stock for what the cart already holds plus this add (validateAddToCart), the line merges with the same
 * one or goes last (placeInCart), and the totals are those of the cart after it (totalsOf).
 */
function decideAddition(
  website: Website,
  basis: AddBasis,
  input: AddToCartInput,
  ownCartData: Record<string, unknown> | undefined,
  lockedPriceMinor?: number,
): { addition: CartAddition; totals: CartTotals } {
  const item = asProductItem(basis.item);
  const product = item.product;
  if (!ownCartData) refuseOtherCheckoutPaths(product);
  const entries: readonly StoredCartEntry[] = basis.cart?.entries ?? [];
  const sku = input.sku || skuOfOptions(product, input.chosenOptions);
  const result = validateAddToCart({
    product,
    sku,
    ...(input.chosenOptions ? { chosenOptions: input.chosenOptions } : {}),
    quantity: input.quantity,
    quantityInCart: quantityInCart(entries, item.id, sku),
  });
  if (!result.ok) {
    const status = result.error.type === 'OUT_OF_STOCK' ? 409 : 400;
    throw fail(status, result.error.type, result.error.message);
  }
  const variant = (result.variant as Variant | null) ?? product.variants[0];
  if (!variant) throw fail(400, 'VARIANT_UNAVAILABLE', ADD_TO_CART_MESSAGES.variantUnavailable);
  // Optional fields are set only when present (no spread of a temporary object: this runs on every add).
  const snapshot: EntrySnapshot = {
    sku: variant.sku,
    attributes: variant.attributes,
    title: item.title,
    productType: product.productType,
  };
  if (variant.weightGrams !== undefined) snapshot.weightGrams = variant.weightGrams;
  // The VAT class travels with the entry, so the cart's totals need no product read.
  if (product.taxClass) snapshot.taxClass = taxClassOf(product.taxClass);
  // The categories too, for discounts limited to some (issue 23).
  if (item.categories?.length) snapshot.categories = [...item.categories];
  const entry: NewCartEntry = {
    itemId: item.id,
    variantId: variant.id,
    sku: variant.sku,
    quantity: result.quantity,
    chosenVariant: snapshot,
    // A subscription's renewal keeps the price the shopper agreed to when subscribing (issue #20).
    purchasePriceMinor: lockedPriceMinor ?? priceOf(variant),
  };
  if (input.additionalFields !== undefined) entry.additionalFields = input.additionalFields;
  if (input.subscriptionOptionId !== undefined) entry.subscriptionOptionId = input.subscriptionOptionId;
  const placement = placeInCart(entries, entry);
  const after: StoredCartEntry[] = placement.merge
    ? entries.map((e) => (e === placement.merge ? { ...e, quantity: placement.quantity } : e))
    : [...entries, { ...entry, id: '', position: placement.position, createdAt: 0 }];
  const data = ownCartData ?? basis.cart?.data ?? {};
  const totals = totalsOf(website, after, data as CartChoices);
  const addition: CartAddition = {
    cart: basis.cart,
    currency: website.currency,
    placement,
    entry,
    variant,
    totals: storedTotalsOf(totals),
    data,
  };
  if (basis.readAt !== undefined) addition.readAt = basis.readAt;
  return { addition, totals };
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
   * Adds to the visitor's open cart, or to a new one when there is none or it was bought (R7.1.2). Gift
   * cards and subscriptions are refused here: they have checkout paths of their own (R6.3.1).
   */
  async addEntry(website: Website, cartId: string | undefined, input: AddToCartInput) {
    const added = await this.#inTurn(cartId && `${website.id}/${cartId}`, () =>
      this.#add(website, cartId, input, undefined),
    );
    const shoppingCart = cartView(website, added.cart, added.totals);
    const newlyAdded = shoppingCart.entries.find((e) => e.id === added.entry.id)!;
    return { shoppingCart, newlyAdded, cartId: added.cart.id };
  }

  /**
   * A new cart holding this one line, for the gift-card and subscription checkouts (R6.3.1), with their own
   * cart data. The line goes through the same rules and the same write as any add.
   */
  async startOwnCart(
    website: Website,
    input: AddToCartInput,
    data: Record<string, unknown>,
    lockedPriceMinor?: number,
  ) {
    return this.#add(website, undefined, input, data, lockedPriceMinor);
  }

  /** Adds to one cart run one after another in this process, so they never decide on each other's past. */
  readonly #turns = new Map<string, Promise<unknown>>();
  #inTurn<T>(key: string | undefined | '', work: () => Promise<T>): Promise<T> {
    if (!key) return work();
    const before = this.#turns.get(key);
    // The next add waits for this one whether it succeeds or fails (then(work, work)).
    const turn = before ? before.then(work, work) : work();
    this.#turns.set(key, turn);
    const done = () => {
      if (this.#turns.get(key) === turn) this.#turns.delete(key);
    };
    turn.then(done, done);
    return turn;
  }

  /**
   * Read, decide, write. Storage reads the item and the open cart; the shop's rules (@baukasten/commerce)
   * decide whether the add may go ahead, where it lands and what the cart then costs; storage writes that
   * decision, only while the cart and the chosen variant are still as read. When they changed meanwhile
   * (another process, a quantity change, a restock), the add reads afresh and decides again.
   * `ownCartData`: a new cart of a checkout path of its own (gift card, subscription) with that data.
   */
  async #add(
    website: Website,
    cartId: string | undefined,
    input: AddToCartInput,
    ownCartData: Record<string, unknown> | undefined,
    lockedPriceMinor?: number,
  ) {
    for (let attempt = 0; attempt < ADD_ATTEMPTS; attempt++) {
      const basis = await this.storage.carts.readForAdd(
        website.id,
        ownCartData ? undefined : cartId,
        input.itemId,
        attempt > 0,
      );
      const decided = decideAddition(website, basis, input, ownCartData, lockedPriceMinor);
      const written = await this.storage.carts.writeAddition(website.id, decided.addition);
      if (written) return { cart: written.cart, entry: written.entry, totals: decided.totals };
    }
    throw fail(409, 'CART_BUSY', commerceMessages.cartBusy);
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
    /** Undefined clears the answers (the client sent null or none). */
    additionalFields: string | undefined,
  ) {
    const cart = await this.existingCart(website, cartId);
    const updated = await this.storage.carts.updateEntry(website.id, cart.id, entryId, {
      additionalFields: additionalFields ?? null,
    });
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
