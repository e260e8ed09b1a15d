import { randomBytes } from 'node:crypto';
import {
  ADD_TO_CART_MESSAGES,
  bankTransferDueAt,
  dateTimeFormat,
  FORM_MESSAGES,
  formatMoney,
  germanCountryName,
  isValidEmail,
  minimumOrderMessage,
  moneyFromMinor,
  normaliseCountryCode,
  normaliseVatId,
  ProductType,
  type ShippingAddress,
  shippingAddressProblems,
  taxClassOf,
  VAT_ID_MESSAGES,
  vatIdProblem,
} from '@baukasten/commerce';
import type { Order, PlaceOrderResult, Storage, Website } from '@baukasten/storage';
import { type OrderVisit, recordPurchase } from '../analytics/purchase-event.js';
import { rememberedOrderRecipients } from '../email/member-notifications.js';
import { type BankAccount, orderConfirmationEmail } from '../email/order-email-templates.js';
import { enqueueNewOrderNotice } from '../email/owner-notifications.js';
import {
  appliedGiftCards,
  checkGiftCardsFit,
  placeOrderWithGiftCards,
  planGiftCardPayment,
} from '../gift-cards/gift-card-payment.js';
import { HttpError } from '../http-error.js';
import { issueInvoiceFor } from '../invoices/invoice-service.js';
import { legalTextsForOrder, type OrderLegalTexts } from '../legal/order-legal-texts.js';
import { serverMessages } from '../messages.js';
import { giroCodeTextOf, shopBankAccountOf } from '../payments/giro-code.js';
import { scheduleDeadlineFor } from '../payments/payment-deadlines.js';
import { paymentOptionsOf } from '../payments/payment-options.js';
import { orderListenersOf } from '../webhooks/webhook-events.js';
import type { EntrySnapshot } from './cart-view.js';
import { discountLimitsOf, shopCountry, totalsOf } from './cart-view.js';
import { supportedCountries } from './checkout-countries.js';
import type { PaymentProvider } from './payment-providers.js';
import { offeredProviders, siteInTestMode, testPaymentsAllowed } from './test-mode.js';

export interface CheckoutInput {
  email: string;
  shippingAddress?: ShippingAddress;
  shippingOptionId?: string;
  /**
   * The shipping costs the checkout page showed, by rate id: the order is refused when the chosen rate
   * now costs something else (the cart or the country changed), so it never keeps a cost not shown.
   */
  shownShipping?: Record<string, number>;
  couponCodes?: string[];
  /** A business buyer: company name and USt-IdNr. (format checked per delivery country; reverse charge abroad). */
  company?: string;
  vatId?: string;
  /** Gift cards that pay part or all of the grand total; the provider is asked only for the rest. */
  giftCardCodes?: string[];
  paymentMethod: string;
  paymentDetails?: Record<string, unknown>;
  /**
   * § 356 Abs. 5 BGB: the shopper ticked "Ich stimme ausdrücklich zu …" for the digital content in the cart.
   * The checkout form always sends it (false when unticked: the order is refused); a JSON caller that leaves
   * it out orders without it, so the shopper keeps the right of withdrawal for those items.
   */
  digitalConsent?: boolean;
}

export interface CheckoutExtras {
  /** Runs inside the order transaction once the order is placed (a subscription, a gift card); throwing undoes the order. */
  whenPlaced?: (tx: Storage, order: Order) => Promise<void>;
  /** The site's configured address (siteBaseUrl), for the links in the confirmation mail. */
  shopUrl: string;
  /** Stripe and PayPal as the website connected them (payments/hosted-checkout.ts), already test-mode filtered. */
  hostedProviders?: readonly PaymentProvider[];
  /** The shopper's visit (analytics cookie), if any. */
  visit?: OrderVisit;
}

/** An HttpError that also names the fields the shopper has to fix. */
export class FieldsError extends HttpError {
  constructor(
    type: string,
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(400, type, message);
  }
}

export class CheckoutService {
  readonly #providers: readonly PaymentProvider[];

  constructor(
    private readonly storage: Storage,
    providers: readonly PaymentProvider[],
    /** The server runs in test mode: test payments on every site (test-mode.ts). */
    private readonly serverTestMode = false,
  ) {
    this.#providers = providers;
  }

  /** The providers a shopper of this website may choose: test ones only where test payments are allowed. */
  providersFor(website: Website): PaymentProvider[] {
    return offeredProviders(this.#providers, website, this.serverTestMode);
  }

  /**
   * Places the order of the visitor's cart. Idempotent per cart: a repeated submit answers with the
   * order of the first. Stock is taken inside the order transaction, so it never goes below zero.
   */
  async checkout(
    website: Website,
    cartId: string | undefined,
    input: CheckoutInput,
    extras: CheckoutExtras,
  ): Promise<Order> {
    return (await this.placeOrder(website, cartId, input, extras)).order;
  }

  /**
   * The checkout, saying whether this call placed the order (`placedNow`) or answered a repeated submit
   * with the order of the first: only a new order can have no payment attempts yet.
   */
  async placeOrder(
    website: Website,
    cartId: string | undefined,
    input: CheckoutInput,
    extras: CheckoutExtras,
  ): Promise<{ order: Order; placedNow: boolean }> {
    const cart = cartId ? await this.storage.carts.find(website.id, cartId) : undefined;
    if (!cart) throw new HttpError(404, 'CART_NOT_FOUND', serverMessages.cartNotFound);
    if (cart.isPurchased) {
      const order = await this.storage.orders.findByCart(website.id, cart.id);
      if (order) return { order, placedNow: false };
    }
    if (cart.entries.length === 0) throw new HttpError(400, 'CART_EMPTY', serverMessages.cartEmpty);

    if (!isValidEmail(input.email)) {
      throw new FieldsError('INVALID_EMAIL', FORM_MESSAGES.emailInvalid, {
        email: FORM_MESSAGES.emailInvalid,
      });
    }
    const snapshots = cart.entries.map((e) => e.chosenVariant as EntrySnapshot);
    const requiresShipping = snapshots.some((s) => s.productType === ProductType.PHYSICAL);
    if (requiresShipping || input.shippingAddress) {
      const problems = shippingAddressProblems(input.shippingAddress ?? {});
      if (Object.keys(problems).length > 0) {
        throw new FieldsError(
          'INVALID_ADDRESS',
          serverMessages.addressInvalid,
          problems as Record<string, string>,
        );
      }
    }
    const hasDigitalContent = snapshots.some((s) => s.productType === ProductType.DIGITAL);
    if (hasDigitalContent && input.digitalConsent === false) {
      const message = serverMessages.digitalConsentMissing;
      throw new FieldsError('DIGITAL_CONSENT_MISSING', message, { digitalConsent: message });
    }
    // The moment of the consent, on each digital item: the withdrawal check reads it (withdrawal-service.ts).
    const digitalConsentAt = hasDigitalContent && input.digitalConsent === true ? Date.now() : undefined;
    const country = input.shippingAddress ? normaliseCountryCode(input.shippingAddress.country) : undefined;
    // Only a country the checkout's select offers: its page showed totals for those alone, so an order to
    // another (a crafted post) would cost what no page showed.
    if (country && !supportedCountries(website).includes(country)) {
      const message = serverMessages.noShippingTo(countryNameOf(country));
      throw new FieldsError('SHIPPING_NOT_AVAILABLE', message, { country: message });
    }
    const buyer = businessBuyerOf(input, country ?? shopCountry(website));
    // Discounts whose usage limit is reached (in total or for this e-mail) no longer apply (issue 23).
    const discountLimits = discountLimitsOf(website);
    const exhausted = discountLimits.length
      ? await this.storage.discountUsage.exhausted(website.id, discountLimits, input.email)
      : undefined;
    const totals = totalsOf(
      website,
      cart.entries,
      {
        ...(country ? { country } : {}),
        ...buyer,
        shippingOptionId: input.shippingOptionId,
        couponCodes: input.couponCodes,
      },
      exhausted,
    );
    // A code the shopper entered that ran out meanwhile: refused, so no order keeps a total not shown.
    if (exhausted?.size) {
      const unlimited = totalsOf(website, cart.entries, {
        ...(country ? { country } : {}),
        ...buyer,
        shippingOptionId: input.shippingOptionId,
        couponCodes: input.couponCodes,
      });
      const usedUp = unlimited.appliedDiscounts.find((d) => d.code !== null && exhausted.has(d.id));
      if (usedUp) throw new HttpError(409, 'DISCOUNT_USED_UP', serverMessages.discountUsedUp(usedUp.label));
    }
    if (input.shippingOptionId && !totals.shippingOptions.some((o) => o.id === input.shippingOptionId)) {
      throw new HttpError(400, 'SHIPPING_OPTION_UNKNOWN', serverMessages.shippingOptionUnknown);
    }
    // Shipping zones (issue 23): no rate of any zone serves this country, or none fits this cart.
    if (totals.requiresShipping && !totals.selectedShippingOption) {
      const message = serverMessages.noShippingTo(countryNameOf(country ?? ''));
      throw new FieldsError('SHIPPING_NOT_AVAILABLE', message, { country: message });
    }
    const chosen = totals.selectedShippingOption;
    const shown = chosen ? input.shownShipping?.[chosen.id] : undefined;
    if (chosen && shown !== undefined && shown !== chosen.costMinor) {
      throw new HttpError(
        409,
        'SHIPPING_CHANGED',
        serverMessages.shippingChanged(
          chosen.name,
          formatMoney(chosen.costMinor, cart.currency, website.locale),
        ),
      );
    }
    const minimum = website.settings.storeSettings.minimumOrderMinor;
    if (minimum !== undefined && totals.subtotalMinor < minimum) {
      const text = formatMoney(minimum, cart.currency, website.locale);
      throw new HttpError(400, 'MINIMUM_ORDER', minimumOrderMessage(text));
    }

    const giftCards = await planGiftCardPayment(
      this.storage,
      website.id,
      cart.currency,
      input.giftCardCodes,
      totals.grandTotalMinor,
    );
    const dueMinor = totals.grandTotalMinor - giftCards.amountMinor;
    // An order the gift cards pay in full asks no provider.
    const paidByGiftCards = dueMinor === 0 && giftCards.cards.length > 0;
    // A test provider where test payments are not allowed is as unknown as a made-up one (finding 2).
    const provider = paidByGiftCards
      ? giftCardsOnly
      : [...this.providersFor(website), ...(extras.hostedProviders ?? [])].find(
          (p) => p.id === input.paymentMethod,
        );
    if (!provider) throw new HttpError(400, 'PAYMENT_METHOD_UNKNOWN', serverMessages.paymentMethodUnknown);
    // A test order: the site is in Testmodus, a test provider pays, or test gift cards pay it all.
    const testMode =
      siteInTestMode(website) ||
      (paidByGiftCards ? giftCards.cards.some(({ card }) => card.testMode) : provider.testMode);
    checkGiftCardsFit(giftCards, testMode, testPaymentsAllowed(website, this.serverTestMode));
    // Read before the order transaction, which then only writes: the legal texts in force as the shopper
    // orders (the order remembers their version, its mail carries them), who hears of the order (issue 23)
    // and which webhooks and low-stock alerts listen; all three kept with the website object.
    const [legalTexts, noticeRecipients, listeners] = await Promise.all([
      legalTextsForOrder(
        this.storage,
        website,
        // With the connected Stripe and PayPal, as the legal pages render them: the same version.
        [...this.providersFor(website), ...(extras.hostedProviders ?? [])],
        extras.shopUrl,
      ),
      rememberedOrderRecipients(this.storage, website),
      orderListenersOf(this.storage, website),
    ]);
    const payment = await provider.authorize({
      amountMinor: dueMinor,
      currency: cart.currency,
      orderReference: cart.id,
      details: input.paymentDetails ?? {},
    });
    if (!payment.ok) throw new HttpError(402, 'PAYMENT_DECLINED', serverMessages.paymentDeclined);

    const newOrder = {
      cartId: cart.id,
      currency: cart.currency,
      customerEmail: input.email.trim(),
      testMode,
      data: {
        shippingAddress: input.shippingAddress ?? null,
        shippingOption: totals.selectedShippingOption,
        validCoupons: totals.validCoupons,
        // What applied, each with its German label: order page, mail and invoice list them (issue 23).
        ...(totals.appliedDiscounts.length ? { discounts: totals.appliedDiscounts } : {}),
        applicableTaxRules: totals.applicableTaxRules,
        // VAT per rate as the shopper saw it at the checkout (§ 14 Abs. 4 Nr. 8 UStG); the invoice reads it.
        vat: {
          treatment: totals.vatTreatment,
          lines: totals.vatLines,
          note: totals.vatNote,
          // The rate each tax class took (the owner's per-country rates included) for the invoice lines.
          classRates: totals.vatClassRates,
        },
        ...(buyer.company ? { buyer } : {}),
        payment: { method: provider.id, reference: payment.reference, status: payment.status },
        // The visit the order was placed in: its purchase, recorded when paid, joins that visit's funnel.
        ...(extras.visit?.sessionId ? { analyticsVisit: extras.visit } : {}),
        giftCards: appliedGiftCards(giftCards),
        giftCardMinor: giftCards.amountMinor,
        // § 312f BGB: the version of the legal texts the order was placed under, in its own row (read by
        // storage.legal.acceptedVersion), not in a row of its own in the order transaction.
        legalVersion: legalTexts.version,
      },
      subtotalMinor: totals.subtotalMinor,
      taxMinor: totals.taxMinor,
      shippingMinor: totals.shippingCostMinor,
      discountMinor: totals.discountMinor,
      grandTotalMinor: totals.grandTotalMinor,
      items: cart.entries.map((entry, i) => ({
        itemId: entry.itemId,
        ...(entry.variantId ? { variantId: entry.variantId } : {}),
        sku: entry.sku,
        productName: snapshots[i].title ?? entry.sku,
        quantity: entry.quantity,
        unitPriceMinor: entry.purchasePriceMinor,
        data: {
          productType: snapshots[i].productType,
          attributes: snapshots[i].attributes ?? {},
          taxClass: taxClassOf(snapshots[i].taxClass),
          ...(snapshots[i].productType === ProductType.DIGITAL
            ? {
                downloadToken: randomBytes(16).toString('hex'),
                ...(digitalConsentAt !== undefined ? { digitalConsentAt } : {}),
              }
            : {}),
        },
      })),
      // Digital goods and gift cards never run out; physical and service stock is taken here.
      stock: cart.entries
        .filter(
          (e, i) =>
            e.variantId &&
            [ProductType.PHYSICAL, ProductType.SERVICE].includes(snapshots[i].productType as 1 | 3),
        )
        .map((e) => ({ variantId: e.variantId!, quantity: e.quantity })),
    };
    // The confirmation mail commits with the order (and whatever the caller adds to it), or neither does.
    const whenPlaced = async (tx: Storage, order: Order) => {
      // A use of each discount that applied, refused past its limit: then nothing of the order is written.
      if (totals.appliedDiscounts.length > 0) {
        const limits = totals.appliedDiscounts.map(
          (d) => discountLimits.find((l) => l.discountId === d.id) ?? { discountId: d.id },
        );
        const usedUp = await tx.discountUsage.redeem(website.id, order.id, newOrder.customerEmail, limits);
        if (usedUp !== undefined) {
          const label = totals.appliedDiscounts.find((d) => d.id === usedUp)?.label ?? usedUp;
          throw new HttpError(409, 'DISCOUNT_USED_UP', serverMessages.discountUsedUp(label));
        }
      }
      await extras.whenPlaced?.(tx, order);
      // Unpaid (Stripe, PayPal, Vorkasse): the stock is reserved until the owner's deadline (issue #20).
      await scheduleDeadlineFor(tx, website, order);
      // Paid at once (card, gift cards): the invoice is issued with the order, in its transaction.
      if (payment.status === 'PAID') await issueInvoiceFor(tx, website, order);
      await enqueueOrderConfirmation(tx, website, order, extras.shopUrl, legalTexts);
      // Issue 23: the owner hears of the order; one paid at once counts as a purchase right here.
      await enqueueNewOrderNotice(tx, website, order, noticeRecipients);
      if (payment.status === 'PAID') await recordPurchase(tx, website, order);
    };
    let result: PlaceOrderResult;
    try {
      result = await placeOrderWithGiftCards(
        this.storage,
        website.id,
        newOrder,
        giftCards,
        whenPlaced,
        listeners,
      );
    } catch (error) {
      await provider.release(payment.reference);
      throw error;
    }
    if (result.outcome === 'placed' || result.outcome === 'already-placed') {
      if (result.outcome === 'already-placed') await provider.release(payment.reference);
      return { order: result.order, placedNow: result.outcome === 'placed' };
    }
    await provider.release(payment.reference);
    if (result.outcome === 'out-of-stock') {
      throw new HttpError(409, 'OUT_OF_STOCK', ADD_TO_CART_MESSAGES.notEnoughStock);
    }
    throw new HttpError(404, 'CART_NOT_FOUND', serverMessages.cartNotFound);
  }

  async findOrder(website: Website, orderId: string) {
    return this.storage.orders.findById(website.id, orderId);
  }
}

function countryNameOf(code: string): string {
  return (code && germanCountryName(code)) || 'dieses Land';
}

/**
 * The business buyer of the checkout, or nothing: a USt-IdNr. must have the format of the delivery country
 * and comes with a company name (German messages per field); a company alone is just part of the address.
 */
function businessBuyerOf(input: CheckoutInput, country: string): { company?: string; vatId?: string } {
  const company = typeof input.company === 'string' ? input.company.trim() : '';
  const vatId = normaliseVatId(input.vatId);
  const problem = vatIdProblem(vatId, country, company);
  if (problem) {
    const field = problem === VAT_ID_MESSAGES.companyMissing ? 'company' : 'vatId';
    throw new FieldsError('INVALID_VAT_ID', problem, { [field]: problem });
  }
  return { ...(company ? { company } : {}), ...(vatId ? { vatId } : {}) };
}

/** Queues the German confirmation in the order's transaction; an order without an email gets none. */
async function enqueueOrderConfirmation(
  tx: Storage,
  website: Website,
  order: Order,
  shopUrl: string,
  legalTexts?: OrderLegalTexts,
) {
  if (!order.customerEmail) return;
  const bankAccount = website.settings.bankTransfer as BankAccount | undefined;
  const account = shopBankAccountOf(website);
  await tx.outbox.enqueue(
    website.id,
    orderConfirmationEmail({
      order,
      siteTitle: website.title,
      locale: website.locale,
      shopUrl,
      ...(legalTexts ? { legalTexts } : {}),
      ...(bankAccount && typeof bankAccount === 'object' ? { bankAccount } : {}),
      // Vorkasse: the GiroCode and the day the order lapses (payments/giro-code.ts).
      ...(account && giroCodeTextOf(website, order)
        ? { giroCodeUrl: `${shopUrl}/checkout/girocode/${encodeURIComponent(order.id)}.png` }
        : {}),
      // The day an unpaid Vorkasse order lapses: the mail of no other payment says it.
      ...((order.data.payment as { method?: unknown } | undefined)?.method === 'bank-transfer'
        ? {
            transferDueText: dateTimeFormat(website.locale, {
              dateStyle: 'long',
              timeZone: website.timeZone,
            }).format(bankTransferDueAt(order.createdAt, paymentOptionsOf(website).bankTransferDays)),
          }
        : {}),
    }),
  );
}

const giftCardsOnly: PaymentProvider = {
  id: 'gift-card',
  testMode: false,
  authorize: async () => ({ ok: true, reference: 'gift-card', status: 'PAID' }),
  release: async () => {},
};

/** The order as the API answers it: spec 3's order fields, money in cents and as money objects. */
export function orderView(website: Website, order: Order) {
  const money = (minor: number) => moneyFromMinor(minor, order.currency);
  const payment = (order.data.payment ?? {}) as { method?: string; status?: string };
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    websiteId: order.websiteId,
    purchasedCartId: order.purchasedCartId,
    testMode: order.testMode,
    currency: order.currency,
    customerEmail: order.customerEmail ?? null,
    created: order.createdAt,
    items: order.items.map((item) => ({
      sku: item.sku,
      productName: item.productName,
      quantity: item.quantity,
      unitPrice: money(item.unitPriceMinor),
      unitPriceCents: item.unitPriceMinor,
      ...(typeof item.data.downloadToken === 'string'
        ? { downloadUrl: `/downloads/${item.data.downloadToken}` }
        : {}),
    })),
    subtotal: money(order.subtotalMinor),
    subtotalCents: order.subtotalMinor,
    shippingTotal: money(order.shippingMinor),
    shippingTotalCents: order.shippingMinor,
    taxTotal: money(order.taxMinor),
    taxTotalCents: order.taxMinor,
    discountTotal: money(order.discountMinor),
    discountTotalCents: order.discountMinor,
    grandTotal: money(order.grandTotalMinor),
    grandTotalCents: order.grandTotalMinor,
    grandTotalText: formatMoney(order.grandTotalMinor, order.currency, website.locale),
    giftCards: (order.data.giftCards ?? []) as { code: string; amountMinor: number }[],
    giftCardTotalCents: Number(order.data.giftCardMinor ?? 0),
    amountDueCents: order.grandTotalMinor - Number(order.data.giftCardMinor ?? 0),
    shippingAddress: order.data.shippingAddress ?? null,
    shippingOption: order.data.shippingOption ?? null,
    paymentMethod: payment.method ?? null,
    paymentStatus: payment.status ?? null,
  };
}
