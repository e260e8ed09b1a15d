import {
  ADD_TO_CART_MESSAGES,
  billingPeriodOf,
  formatMoney,
  hasAdditionalFieldsForm,
  moneyFromMinor,
  ProductType,
  validateAddToCart,
} from '@baukasten/commerce';
import type {
  BillingPeriod,
  Order,
  Product,
  Storage,
  StoredCart,
  StoredCartEntry,
  Subscription,
  Variant,
  Website,
} from '@baukasten/storage';
import { CartService } from '../commerce/cart-service.js';
import type { EntrySnapshot } from '../commerce/cart-view.js';
import { type CheckoutInput, CheckoutService } from '../commerce/checkout-service.js';
import type { PaymentProvider } from '../commerce/payment-providers.js';
import { HttpError } from '../http-error.js';
import { subscriptionMessages } from './subscription-messages.js';
import { dateText, planText, scheduleAfterFirstPayment } from './subscription-schedule.js';

/*
 * The subscription checkout (spec 2 and 7): the subscribe call puts one subscription into a cart of
 * its own, whose id is the cartToken of the checkout page; buying it places the order for the first
 * period and records the subscription in the same transaction. The visitor's shopping cart is untouched.
 */

export interface SubscriptionCartInput {
  itemId: string;
  sku?: string;
  variantId?: string;
  /** As sent; the shop's whole-number rule checks it (a missing quantity is 1). */
  quantity?: unknown;
  additionalFields?: string;
  subscriptionOptionId?: string;
}

/** A cartToken is good for a day; after that the shopper picks the plan again (prices may have changed). */
export const CART_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

interface ChosenPlan {
  billingPeriod: BillingPeriod;
  numBillingCycles: number;
  subscriptionOptionId?: string;
}

interface SubscriptionCartData {
  checkout: 'subscription';
  plan: ChosenPlan;
}

export interface SubscriptionCheckout {
  cart: StoredCart;
  entry: StoredCartEntry;
  plan: ChosenPlan;
}

const fail = (status: number, type: string, message: string) => new HttpError(status, type, message);

export class SubscriptionService {
  readonly #checkout: CheckoutService;
  readonly #carts: CartService;

  constructor(
    private readonly storage: Storage,
    providers: readonly PaymentProvider[],
    serverTestMode = false,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.#checkout = new CheckoutService(storage, providers, serverTestMode);
    this.#carts = new CartService(storage);
  }

  /** The providers a shopper on this website may choose (test ones only where test payments are allowed). */
  providersFor(website: Website): PaymentProvider[] {
    return this.#checkout.providersFor(website);
  }

  /** Validates the choice with the shop's rules and answers the cartToken of a new subscription cart. */
  async startCart(website: Website, input: SubscriptionCartInput): Promise<{ cartToken: string }> {
    const item = await this.storage.items.findById(website.id, input.itemId);
    const product = item?.product;
    if (!item || !product || product.productType === ProductType.PAYWALL) {
      throw fail(404, 'VARIANT_UNAVAILABLE', ADD_TO_CART_MESSAGES.variantUnavailable);
    }
    if (!product.isSubscribable) throw fail(400, 'NOT_SUBSCRIBABLE', subscriptionMessages.notSubscribable);
    let sku = input.sku;
    if (input.variantId) {
      const byId = product.variants.find((v) => v.id === input.variantId);
      if (!byId || (sku && byId.sku !== sku)) {
        throw fail(400, 'VARIANT_UNAVAILABLE', ADD_TO_CART_MESSAGES.variantUnavailable);
      }
      sku = byId.sku;
    }
    const result = validateAddToCart({ product: { ...product }, sku, quantity: input.quantity });
    if (!result.ok) {
      throw fail(result.error.type === 'OUT_OF_STOCK' ? 409 : 400, result.error.type, result.error.message);
    }
    if (hasAdditionalFieldsForm(product) && !input.additionalFields) {
      throw fail(400, 'SUB_WITH_FORM_FAILURE', subscriptionMessages.formRequired);
    }
    const plan = choosePlan(product, input.subscriptionOptionId);
    const variant = (result.variant as Variant | null) ?? product.variants[0];
    if (!variant) throw fail(400, 'VARIANT_UNAVAILABLE', ADD_TO_CART_MESSAGES.variantUnavailable);

    const data: SubscriptionCartData = { checkout: 'subscription', plan };
    // Into the cart through the one add path: the same rules and the same write as any add, in a cart of
    // its own whose data carries the plan.
    const { cart } = await this.#carts.startOwnCart(
      website,
      {
        itemId: item.id,
        sku: variant.sku,
        quantity: result.quantity,
        ...(input.additionalFields ? { additionalFields: input.additionalFields } : {}),
        ...(plan.subscriptionOptionId ? { subscriptionOptionId: plan.subscriptionOptionId } : {}),
      },
      data as unknown as Record<string, unknown>,
    );
    return { cartToken: cart.id };
  }

  /** The subscription cart a cartToken names; 400 without a token, 404 for an unknown or expired one. */
  async checkoutOf(website: Website, cartToken: string | undefined): Promise<SubscriptionCheckout> {
    if (!cartToken) throw fail(400, 'SUBSCRIPTION_TOKEN_MISSING', subscriptionMessages.tokenMissing);
    const cart = await this.storage.carts.find(website.id, cartToken);
    const data = cart?.data as Partial<SubscriptionCartData> | undefined;
    const unknown = () => fail(404, 'SUBSCRIPTION_TOKEN_UNKNOWN', subscriptionMessages.tokenUnknown);
    if (!cart || data?.checkout !== 'subscription' || !data.plan || cart.entries.length !== 1)
      throw unknown();
    if (!cart.isPurchased && this.now() - cart.createdAt > CART_TOKEN_LIFETIME_MS) throw unknown();
    return { cart, entry: cart.entries[0], plan: data.plan };
  }

  /**
   * Places the order for the first period and records the subscription with it. Idempotent per
   * cartToken: a repeated submit answers with the first order and its subscription.
   */
  async subscribe(
    website: Website,
    cartToken: string | undefined,
    input: CheckoutInput,
    shopUrl: string,
    /** Stripe or PayPal when connected (the renewals are charged off-session with the method saved at their page). */
    hostedProviders: readonly PaymentProvider[] = [],
  ): Promise<{ order: Order; subscription: Subscription }> {
    const { cart, entry, plan } = await this.checkoutOf(website, cartToken);
    const snapshot = entry.chosenVariant as EntrySnapshot;
    const order = await this.#checkout.checkout(
      website,
      cart.id,
      { ...input, giftCardCodes: [] },
      {
        shopUrl,
        hostedProviders,
        whenPlaced: async (tx, placed) => {
          const payment = (placed.data.payment ?? {}) as { method?: string };
          await tx.subscriptions.create(website.id, {
            orderId: placed.id,
            itemId: entry.itemId,
            ...(entry.variantId ? { variantId: entry.variantId } : {}),
            sku: entry.sku,
            productName: snapshot.title ?? entry.sku,
            quantity: entry.quantity,
            priceMinor: entry.purchasePriceMinor,
            currency: placed.currency,
            ...(plan.subscriptionOptionId ? { subscriptionOptionId: plan.subscriptionOptionId } : {}),
            billingPeriod: plan.billingPeriod,
            numBillingCycles: plan.numBillingCycles,
            customerEmail: placed.customerEmail ?? input.email.trim(),
            startedAt: placed.createdAt,
            ...scheduleAfterFirstPayment(placed.createdAt, plan.billingPeriod, plan.numBillingCycles),
            data: {
              paymentMethod: payment.method ?? null,
              shippingAddress: placed.data.shippingAddress ?? null,
              additionalFields: entry.additionalFields ?? null,
            },
          });
        },
      },
    );
    const subscription = await this.storage.subscriptions.findByOrder(website.id, order.id);
    if (!subscription) throw fail(404, 'SUBSCRIPTION_NOT_FOUND', subscriptionMessages.notFound);
    return { order, subscription };
  }

  /** The order and subscription behind a confirmation page; 404 for anything else. */
  async confirmation(website: Website, orderId: string | undefined) {
    const order = orderId ? await this.storage.orders.findById(website.id, orderId) : undefined;
    const subscription = order
      ? await this.storage.subscriptions.findByOrder(website.id, order.id)
      : undefined;
    if (!order || !subscription) throw fail(404, 'SUBSCRIPTION_NOT_FOUND', subscriptionMessages.notFound);
    return { order, subscription };
  }
}

/** The plan the shopper picked: the named option, else the product's plan, else its first option. */
function choosePlan(product: Product, optionId: string | undefined): ChosenPlan {
  const options = product.productSubscriptionOptions ?? [];
  let chosen: { billingPeriod: unknown; numBillingCycles: unknown; id?: string } | undefined;
  if (optionId) {
    chosen = options.find((o) => o.id === optionId);
    if (!chosen) throw fail(400, 'SUBSCRIPTION_OPTION_UNKNOWN', subscriptionMessages.optionUnknown);
  } else {
    chosen = product.subscriptionPlan ?? options[0];
  }
  const period = billingPeriodOf(chosen?.billingPeriod as Parameters<typeof billingPeriodOf>[0]);
  if (!chosen || !period) throw fail(400, 'SUBSCRIPTION_PLAN_MISSING', subscriptionMessages.planMissing);
  const cycles = Number(chosen.numBillingCycles);
  return {
    billingPeriod: period,
    numBillingCycles: Number.isInteger(cycles) && cycles > 0 ? cycles : 0,
    ...(chosen.id ? { subscriptionOptionId: chosen.id } : {}),
  };
}

/** A subscription as the API and the confirmation page show it. */
export function subscriptionView(website: Website, subscription: Subscription) {
  const money = (minor: number) => moneyFromMinor(minor, subscription.currency);
  const when = (epochMs: number | undefined) =>
    epochMs === undefined ? null : dateText(epochMs, website.locale, website.timeZone);
  return {
    id: subscription.id,
    orderId: subscription.orderId,
    status: subscription.status,
    itemId: subscription.itemId,
    productName: subscription.productName,
    sku: subscription.sku,
    quantity: subscription.quantity,
    price: money(subscription.priceMinor),
    priceCents: subscription.priceMinor,
    priceText: formatMoney(
      subscription.priceMinor * subscription.quantity,
      subscription.currency,
      website.locale,
    ),
    currency: subscription.currency,
    subscriptionOptionId: subscription.subscriptionOptionId ?? null,
    billingPeriod: subscription.billingPeriod,
    numBillingCycles: subscription.numBillingCycles,
    billedCycles: subscription.billedCycles,
    planText: planText(subscription.billingPeriod, subscription.numBillingCycles),
    startedAt: subscription.startedAt,
    nextBillingAt: subscription.nextBillingAt ?? null,
    nextBillingText: when(subscription.nextBillingAt),
    endsAt: subscription.endsAt ?? null,
    endsText: when(subscription.endsAt),
  };
}
