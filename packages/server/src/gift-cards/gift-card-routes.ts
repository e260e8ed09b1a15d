import { formatMoney, PageType, SESSION_MESSAGES } from '@baukasten/commerce';
import type { Order, Storage } from '@baukasten/storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { orderView } from '../commerce/checkout-service.js';
import type { CommerceOptions } from '../commerce/commerce-routes.js';
import { defaultPaymentProviders } from '../commerce/payment-providers.js';
import { requireCrumb } from '../crumb.js';
import { HttpError } from '../http-error.js';
import { siteOrigin } from '../pages/seo-routes.js';
import { parseOr400 } from '../parse-input.js';
import { isHostedMethod } from '../payments/hosted-checkout.js';
import { PaymentGatewayError } from '../payments/payment-gateway.js';
import { InMemoryRateLimiter, type RateLimiter } from '../rate-limit.js';
import { websiteOf } from '../site-request.js';
import {
  type CheckoutFormRefusal,
  checkoutFormFields,
  checkoutFormRefusal,
  checkoutInputOf,
  isFormPost,
  messagePage,
  sendCheckoutPage,
  sendFieldsError,
} from '../subscriptions/checkout-page.js';
import { maskGiftCardCode } from './gift-card-code.js';
import { giftCardMessages } from './gift-card-messages.js';
import {
  DenominationMissing,
  type GiftCardOffer,
  GiftCardService,
  giftCardView,
} from './gift-card-service.js';
import { denominationChoiceHtml, giftCardConfirmationHtml, giftCardOfferHtml } from './gift-card-views.js';

const choiceQuery = z.object({
  websiteId: z.string().max(64).optional(),
  giftCardProductId: z.string().max(64).optional(),
  sku: z.string().max(200).optional(),
  format: z.string().optional(),
});
const orderQuery = z.object({ orderId: z.string().max(64).optional(), format: z.string().optional() });
const balanceQuery = z.object({ code: z.string().max(64).optional() });
const purchaseBody = z.object({
  ...checkoutFormFields,
  websiteId: z.string().max(64).optional(),
  giftCardProductId: z.string().min(1).max(64),
  sku: z.string().max(200).optional(),
  recipientEmail: z.string().max(256).optional(),
  fromName: z.string().max(200).optional(),
});

/** Balance look-ups are where codes would be guessed, so they get a tighter limit than the shop's other calls. */
export const BALANCE_LOOKUPS_PER_MINUTE = 30;

const confirmationUrl = (orderId: string) =>
  `/checkout/giftcard/bestaetigt?orderId=${encodeURIComponent(orderId)}`;

export interface GiftCardRouteOptions extends CommerceOptions {
  balanceRateLimiter?: RateLimiter;
}

/**
 * The gift-card checkout of spec 2 (R2.1.9, page type 201), buying a card, its confirmation (page type
 * 202) and the public balance look-up. Paying with a card happens in the cart checkout (giftCardCodes).
 */
export function registerGiftCardRoutes(
  site: FastifyInstance,
  storage: Storage,
  options: GiftCardRouteOptions = {},
) {
  const limiter = options.rateLimiter ?? new InMemoryRateLimiter({ limit: 120, windowMs: 10_000 });
  const balanceLimiter =
    options.balanceRateLimiter ??
    new InMemoryRateLimiter({ limit: BALANCE_LOOKUPS_PER_MINUTE, windowMs: 60_000 });
  const providers = options.paymentProviders ?? defaultPaymentProviders;
  const giftCards = new GiftCardService(storage, providers, options.serverTestMode ?? false);
  const limited = (which: RateLimiter) => async (request: FastifyRequest) => {
    if (!(await which.hit(`${request.website?.id}:${request.ip}`))) {
      throw new HttpError(429, 'RATE_LIMITED', SESSION_MESSAGES.tooManyRequests);
    }
  };
  const guarded = async (request: FastifyRequest) => {
    await requireCrumb(request);
    await limited(limiter)(request);
  };
  // Stripe and PayPal, when the site connected them, as at the cart checkout (issue #20).
  const hosted = options.hostedPayments;
  const hostedProvidersOf = async (request: FastifyRequest) =>
    hosted ? await hosted.providersFor(websiteOf(request)) : [];
  /**
   * An order to be paid at Stripe or PayPal: the provider's page, asked for after the order transaction.
   * Undefined for every other order. A provider that is down leaves the order (and its pending card, still
   * without a code) waiting on the confirmation page with the German notice and "Jetzt bezahlen".
   */
  const providerPageOf = async (request: FastifyRequest, order: Order) => {
    const payment = (order.data.payment ?? {}) as { method?: unknown; status?: unknown };
    if (!hosted || !isHostedMethod(payment.method) || payment.status === 'PAID') return undefined;
    return hosted.start(websiteOf(request), order, siteOrigin(request));
  };
  const orderPageOf = (orderId: string, notice?: string) =>
    `/checkout/bestaetigt?orderId=${encodeURIComponent(orderId)}${notice ? `&zahlung=${notice}` : ''}`;

  /** The gift-card checkout page; with a refusal, the refused form again (status 422, issue 22). */
  const renderOffer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    query: z.infer<typeof choiceQuery>,
    refusal?: CheckoutFormRefusal,
  ) => {
    const website = websiteOf(request);
    let offer: GiftCardOffer;
    try {
      offer = await giftCards.offer(website, query);
    } catch (error) {
      if (!(error instanceof DenominationMissing)) throw error;
      // Without a denomination the page offers them instead of a dead end.
      const choice = denominationChoiceHtml(website, error);
      const page = messagePage(website, PageType.CHECKOUT, error.item.title, error.message, choice);
      return sendCheckoutPage(
        request,
        reply,
        {
          ...page,
          context: {
            error: { type: error.type, message: error.message },
            denominations: error.denominations,
          },
        },
        400,
      );
    }
    const money = (minor: number) => formatMoney(minor, website.currency, website.locale);
    const context = {
      websiteId: website.id,
      giftCardProductId: offer.item.id,
      productName: offer.item.title,
      sku: offer.variant.sku,
      amountCents: offer.amountMinor,
      amountText: money(offer.amountMinor),
      priceCents: offer.priceMinor,
      priceText: money(offer.priceMinor),
      denominations: offer.denominations,
    };
    const html = giftCardOfferHtml({
      website,
      offer,
      amountText: context.amountText,
      priceText: context.priceText,
      crumb: request.crumb,
      providers: [...giftCards.providersFor(website), ...(await hostedProvidersOf(request))],
      refusal,
    });
    return sendCheckoutPage(
      request,
      reply,
      {
        website,
        pageType: PageType.CHECKOUT,
        title: giftCardMessages.pageTitle,
        context,
        html,
        refused: refusal !== undefined,
      },
      refusal ? 422 : 200,
    );
  };

  site.get('/checkout/giftcard', async (request, reply) =>
    renderOffer(request, reply, parseOr400(choiceQuery, request.query)),
  );

  site.post('/api/commerce/checkout/giftcard', { preHandler: guarded }, async (request, reply) => {
    const body = parseOr400(purchaseBody, request.body);
    const website = websiteOf(request);
    try {
      const { order, card, issued } = await giftCards.purchase(
        website,
        {
          ...checkoutInputOf(body),
          giftCardProductId: body.giftCardProductId,
          ...(body.sku ? { sku: body.sku } : {}),
          ...(body.websiteId ? { websiteId: body.websiteId } : {}),
          ...(body.recipientEmail ? { recipientEmail: body.recipientEmail } : {}),
          ...(body.fromName ? { fromName: body.fromName } : {}),
        },
        siteOrigin(request),
        await hostedProvidersOf(request),
      );
      let paymentUrl: string | undefined;
      let paymentError: PaymentGatewayError | undefined;
      try {
        paymentUrl = await providerPageOf(request, order);
      } catch (error) {
        if (!(error instanceof PaymentGatewayError)) throw error;
        request.log.warn({ kind: error.kind }, 'gift card payment start failed');
        paymentError = error;
      }
      if (isFormPost(request)) {
        if (paymentUrl) return reply.redirect(paymentUrl, 303);
        if (paymentError) {
          const notice = paymentError.kind === 'declined' ? 'failed' : 'unavailable';
          return reply.redirect(orderPageOf(order.id, notice), 303);
        }
        return reply.redirect(confirmationUrl(order.id), 303);
      }
      // The full code only in this answer to the buyer of a paid card; it is stored as a hash. A card
      // of an unpaid order has no code yet: it is drawn and mailed when the payment arrives.
      const giftCard = issued
        ? {
            ...giftCardView(website, issued.card),
            code: issued.code,
            maskedCode: maskGiftCardCode(issued.card.codeLast4),
          }
        : { ...giftCardView(website, card), maskedCode: null, message: giftCardMessages.pendingCode };
      return reply.code(201).send({
        order: orderView(website, order),
        giftCard,
        ...(paymentUrl ? { paymentUrl } : {}),
        ...(paymentError
          ? {
              paymentError: {
                type: `PAYMENT_${paymentError.kind.toUpperCase()}`,
                message: paymentError.message,
              },
            }
          : {}),
      });
    } catch (error) {
      // A plain form gets its page again with what was typed, never a JSON answer (issue 22).
      if (isFormPost(request) && error instanceof HttpError) {
        const refusal = checkoutFormRefusal(error, request.body, false);
        const gift = { recipientEmail: body.recipientEmail ?? '', fromName: body.fromName ?? '' };
        return renderOffer(
          request,
          reply,
          { websiteId: body.websiteId, giftCardProductId: body.giftCardProductId, sku: body.sku },
          { ...refusal, values: { ...refusal.values, ...gift } },
        );
      }
      return sendFieldsError(reply, error);
    }
  });

  site.get('/checkout/giftcard/bestaetigt', async (request, reply) => {
    const { orderId } = parseOr400(orderQuery, request.query);
    const website = websiteOf(request);
    const { order, cards } = await giftCards.confirmation(website, orderId);
    const views = cards.map((card) => ({ ...giftCardView(website, card), initialCents: card.initialMinor }));
    const html = giftCardConfirmationHtml(website, order, cards);
    return sendCheckoutPage(request, reply, {
      website,
      pageType: PageType.ORDER_CONFIRMED,
      title: giftCardMessages.confirmedTitle,
      context: {
        order: { id: order.id, orderNumber: order.orderNumber, grandTotalCents: order.grandTotalMinor },
        giftCards: views,
      },
      html,
    });
  });

  site.get('/api/commerce/gift-cards/balance', { preHandler: limited(balanceLimiter) }, async (request) => {
    const { code } = parseOr400(balanceQuery, request.query);
    return giftCards.balance(websiteOf(request), code);
  });
}
