import {
  ADD_TO_CART_MESSAGES,
  FORM_MESSAGES,
  formatMoney,
  isValidEmail,
  moneyFromMinor,
  ProductType,
  validateAddToCart,
} from '@baukasten/commerce';
import type { GiftCard, Item, Order, Product, Storage, Variant, Website } from '@baukasten/storage';
import { CartService } from '../commerce/cart-service.js';
import { type CheckoutInput, CheckoutService, FieldsError } from '../commerce/checkout-service.js';
import type { PaymentProvider } from '../commerce/payment-providers.js';
import { HttpError } from '../http-error.js';
import { activateGiftCardsOf, type IssuedGiftCard } from './gift-card-activation.js';
import { maskGiftCardCode } from './gift-card-code.js';
import { giftCardMessages } from './gift-card-messages.js';

/*
 * The gift-card checkout (spec 2: /checkout/giftcard): one denomination of a gift-card product is
 * bought on its own page, paid through the usual payment providers, and the card is recorded in the
 * order transaction. It stays PENDING (no code, no balance) until the order is paid: a provider that
 * answers PAID activates it and mails its code in that same transaction, Vorkasse when the owner marks
 * the order paid (gift-card-activation.ts; security review #18, finding 1).
 */

export interface GiftCardChoice {
  websiteId?: string;
  giftCardProductId?: string;
  sku?: string;
}

export interface GiftCardPurchaseInput extends CheckoutInput {
  giftCardProductId: string;
  sku?: string;
  websiteId?: string;
  /** Who gets the code; the buyer when empty. */
  recipientEmail?: string;
  /** The buyer's name in the gift mail. */
  fromName?: string;
}

export interface Denomination {
  sku: string;
  amountMinor: number;
  amountText: string;
  priceMinor: number;
}

export interface GiftCardOffer {
  item: Item;
  product: Product;
  variant: Variant;
  /** The face value: what the card will hold. */
  amountMinor: number;
  /** What the buyer pays (the sale price when the denomination is on sale). */
  priceMinor: number;
  denominations: Denomination[];
}

/** No (known) denomination chosen: carries the choices so a page can offer them. */
export class DenominationMissing extends HttpError {
  constructor(
    readonly item: Item,
    readonly denominations: Denomination[],
  ) {
    super(400, 'NO_VARIANT_SELECTED', ADD_TO_CART_MESSAGES.giftCardDenomination);
  }
}

const priceOf = (variant: Variant) => (variant.onSale ? variant.salePriceMinor : variant.priceMinor);

export class GiftCardService {
  readonly #checkout: CheckoutService;

  constructor(
    private readonly storage: Storage,
    providers: readonly PaymentProvider[],
    serverTestMode = false,
  ) {
    this.#checkout = new CheckoutService(storage, providers, serverTestMode);
  }

  /** The providers a buyer on this website may choose (test ones only where test payments are allowed). */
  providersFor(website: Website): PaymentProvider[] {
    return this.#checkout.providersFor(website);
  }

  /** The product and the denomination the sku picks; 404 for no gift card of this shop, 400 without a denomination. */
  async offer(website: Website, choice: GiftCardChoice): Promise<GiftCardOffer> {
    const notFound = () =>
      new HttpError(404, 'GIFT_CARD_PRODUCT_NOT_FOUND', giftCardMessages.productNotFound);
    if (choice.websiteId && choice.websiteId !== website.id) throw notFound();
    const item = choice.giftCardProductId
      ? await this.storage.items.findById(website.id, choice.giftCardProductId)
      : undefined;
    const product = item?.product;
    if (!item || !product || product.productType !== ProductType.GIFT_CARD) throw notFound();
    const denominations = product.variants.map((v) => ({
      sku: v.sku,
      amountMinor: v.priceMinor,
      amountText: formatMoney(v.priceMinor, website.currency, website.locale),
      priceMinor: priceOf(v),
    }));
    const sku = choice.sku?.trim();
    // The shop's rule decides; an unknown sku is as good as no denomination chosen (R5.1.10).
    const result = validateAddToCart({ product: { ...product }, sku: sku || undefined, quantity: 1 });
    const variant = result.ok ? (result.variant as Variant | null) : undefined;
    if (!variant) throw new DenominationMissing(item, denominations);
    return {
      item,
      product,
      variant,
      amountMinor: variant.priceMinor,
      priceMinor: priceOf(variant),
      denominations,
    };
  }

  /**
   * Buys one card: a cart of its own with the denomination, the usual checkout (payment provider,
   * order), and in its transaction the pending card. When the payment is already in (PAID), the card is
   * activated there too: its code is drawn and mailed, and answered in `issued`; otherwise `issued` is
   * undefined and nobody knows a code, because none exists yet.
   */
  async purchase(
    website: Website,
    input: GiftCardPurchaseInput,
    shopUrl: string,
    /**
     * Stripe and PayPal as the site connected them (payments/hosted-checkout.ts): the order is placed
     * unpaid, the card stays PENDING without a code, and it is activated when the provider says paid.
     */
    hostedProviders: readonly PaymentProvider[] = [],
  ): Promise<{ order: Order; card: GiftCard; issued?: IssuedGiftCard }> {
    const offer = await this.offer(website, input);
    // Checked before a cart is made, so a typo leaves nothing behind.
    if (!isValidEmail(input.email)) {
      throw new FieldsError('INVALID_EMAIL', FORM_MESSAGES.emailInvalid, {
        email: FORM_MESSAGES.emailInvalid,
      });
    }
    const recipient = input.recipientEmail?.trim() || undefined;
    if (recipient && !isValidEmail(recipient)) {
      throw new FieldsError('INVALID_EMAIL', giftCardMessages.recipientInvalid, {
        recipientEmail: giftCardMessages.recipientInvalid,
      });
    }
    // Into a cart of its own through the one add path: the same rules and the same write as any add.
    const { cart } = await new CartService(this.storage).startOwnCart(
      website,
      { itemId: offer.item.id, sku: offer.variant.sku, quantity: 1 },
      {},
    );

    let card: GiftCard | undefined;
    let issued: IssuedGiftCard | undefined;
    const order = await this.#checkout.checkout(
      website,
      cart.id,
      {
        email: input.email,
        paymentMethod: input.paymentMethod,
        ...(input.paymentDetails ? { paymentDetails: input.paymentDetails } : {}),
      },
      {
        shopUrl,
        hostedProviders,
        whenPlaced: async (tx, placed) => {
          const fromName = input.fromName?.trim();
          // A card of a test order is a test card: it pays test orders only (finding 2).
          card = await tx.giftCards.issuePending(website.id, {
            amountMinor: offer.amountMinor,
            currency: placed.currency,
            orderId: placed.id,
            itemId: offer.item.id,
            sku: offer.variant.sku,
            testMode: placed.testMode,
            ...(recipient ? { recipientEmail: recipient } : {}),
            ...(fromName ? { fromName } : {}),
          });
          // Paid already (a card provider, a test card): the card is activated and mailed right here.
          [issued] = await activateGiftCardsOf(tx, website, placed, shopUrl);
          if (issued) card = issued.card;
        },
      },
    );
    if (!card) throw new HttpError(404, 'GIFT_CARD_ORDER_NOT_FOUND', giftCardMessages.orderNotFound);
    return { order, card, ...(issued ? { issued } : {}) };
  }

  /** The balance of a code, masked; 400 without a code, 404 for a code this shop does not know. */
  async balance(website: Website, code: string | undefined) {
    if (!code?.trim()) throw new HttpError(400, 'GIFT_CARD_CODE_MISSING', giftCardMessages.codeMissing);
    const card = await this.storage.giftCards.findByCode(website.id, code);
    if (!card) throw new HttpError(404, 'GIFT_CARD_NOT_FOUND', giftCardMessages.codeNotFound);
    return giftCardView(website, card);
  }

  /** The order that bought gift cards and the cards it bought; 404 for any other order. */
  async confirmation(website: Website, orderId: string | undefined) {
    const order = orderId ? await this.storage.orders.findById(website.id, orderId) : undefined;
    const cards = order ? await this.storage.giftCards.listByOrder(website.id, order.id) : [];
    if (!order || cards.length === 0) {
      throw new HttpError(404, 'GIFT_CARD_ORDER_NOT_FOUND', giftCardMessages.orderNotFound);
    }
    return { order, cards };
  }
}

/** A card as the API shows it: never the full code; a pending card has no code yet (null). */
export function giftCardView(website: Website, card: GiftCard) {
  return {
    code: card.status === 'PENDING' ? null : maskGiftCardCode(card.codeLast4),
    balanceCents: card.balanceMinor,
    balance: moneyFromMinor(card.balanceMinor, card.currency),
    balanceText: formatMoney(card.balanceMinor, card.currency, website.locale),
    currency: card.currency,
    status: card.status,
    testMode: card.testMode,
  };
}
