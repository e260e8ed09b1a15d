import { formatMoney, PageType, ProductType, SESSION_MESSAGES } from '@baukasten/commerce';
import type { Order, PaymentProviderName, Storage, Website } from '@baukasten/storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { additionalFieldsInput, answersText, optionalText } from '../commerce/cart-input.js';
import { type EntrySnapshot, totalsOf } from '../commerce/cart-view.js';
import { FieldsError, orderView } from '../commerce/checkout-service.js';
import type { CommerceOptions } from '../commerce/commerce-routes.js';
import { defaultPaymentProviders, type PaymentProvider } from '../commerce/payment-providers.js';
import { requireCrumb } from '../crumb.js';
import { checkoutPrefillOf } from '../customer-accounts/customer-accounts.js';
import { HttpError } from '../http-error.js';
import { parseOr400 } from '../parse-input.js';
import { isHostedMethod } from '../payments/hosted-checkout.js';
import { PaymentGatewayError } from '../payments/payment-gateway.js';
import { InMemoryRateLimiter } from '../rate-limit.js';
import { websiteOf } from '../site-request.js';
import { siteOrigin } from '../site-url.js';
import {
  type CheckoutFormRefusal,
  checkoutFormFields,
  checkoutFormRefusal,
  checkoutInputOf,
  isFormPost,
  sendCheckoutPage,
  sendFieldsError,
} from './checkout-page.js';
import { RENEWING_PROVIDERS } from './saved-payment-method.js';
import { subscriptionMessages } from './subscription-messages.js';
import { SubscriptionRenewalWorker } from './subscription-renewals.js';
import { planText } from './subscription-schedule.js';
import { SubscriptionService, subscriptionView } from './subscription-service.js';
import { subscriptionCheckoutHtml, subscriptionConfirmationHtml } from './subscription-views.js';

// R7.1.4: itemId, sku, qty, additionalFields, optional subscriptionOptionId; null counts as left out.
const subscriptionCartBody = z.object({
  itemId: z.string().min(1).max(64),
  sku: optionalText(200),
  variantId: optionalText(64),
  // Checked by the shop's quantity rule, which has its own German messages for non-numbers.
  qty: z.unknown().optional(),
  quantity: z.unknown().optional(),
  additionalFields: additionalFieldsInput,
  subscriptionOptionId: optionalText(64),
  crumb: z.string().optional(),
});

const tokenQuery = z.object({ cartToken: z.string().max(64).optional(), format: z.string().optional() });
const orderQuery = z.object({ orderId: z.string().max(64).optional(), format: z.string().optional() });
const subscribeBody = z.object({ ...checkoutFormFields, cartToken: z.string().max(64).optional() });

/** Why only these methods are offered for a subscription, naming them. */
const renewingHint = (renewing: readonly PaymentProvider[]) =>
  subscriptionMessages.onlyRenewingMethods(
    RENEWING_PROVIDERS.filter((id) => renewing.some((p) => p.id === id))
      .map((id) => subscriptionMessages.renewingMethodNames[id])
      .join(' und '),
  );

const confirmationUrl = (orderId: string) =>
  `/checkout/subscribe/bestaetigt?orderId=${encodeURIComponent(orderId)}`;

/**
 * The subscription checkout of spec 2 and 7: the subscribe call (R7.1.4), the checkout page it opens
 * (R2.1.8, page type 201), placing the subscription and its confirmation page (page type 206).
 */
export function registerSubscriptionRoutes(
  site: FastifyInstance,
  storage: Storage,
  options: CommerceOptions = {},
) {
  const limiter = options.rateLimiter ?? new InMemoryRateLimiter({ limit: 120, windowMs: 10_000 });
  const providers = options.paymentProviders ?? defaultPaymentProviders;
  const subscriptions = new SubscriptionService(storage, providers, options.serverTestMode ?? false);
  // Stripe and PayPal, when connected: their first payment saves the method for the renewals (Stripe
  // off-session, PayPal's vault; subscription-renewals.ts). Then only they are offered: Vorkasse or the test
  // card cannot be charged for later periods. A shop with neither keeps its other methods for the first
  // period (decision noted in the report of issue #20).
  const hosted = options.hostedPayments;
  const renewingOf = async (request: FastifyRequest) =>
    hosted
      ? (await hosted.providersFor(websiteOf(request))).filter((p) =>
          RENEWING_PROVIDERS.includes(p.id as PaymentProviderName),
        )
      : [];
  /** The methods a subscription may be paid with: only those that renew when there are, else the shop's others. */
  const methodsOf = async (request: FastifyRequest) => {
    const renewing = await renewingOf(request);
    return renewing.length > 0 ? renewing : subscriptions.providersFor(websiteOf(request));
  };
  /** After the order: the provider's page for the first payment (method saved with consent), else undefined. */
  const providerPageOf = async (request: FastifyRequest, order: Order) => {
    const payment = (order.data.payment ?? {}) as { method?: unknown; status?: unknown };
    if (!hosted || !isHostedMethod(payment.method) || payment.status === 'PAID') return undefined;
    return hosted.start(websiteOf(request), order, siteOrigin(request), { saveForFutureUse: true });
  };
  /** The hint and the consent texts for the renewing methods offered. */
  const renewalTexts = (website: Website, renewing: readonly PaymentProvider[]) => {
    if (renewing.length === 0) return {};
    const ids = RENEWING_PROVIDERS.filter((id) => renewing.some((p) => p.id === id));
    return {
      renewalConsentTexts: ids.map((id) =>
        id === 'paypal'
          ? subscriptionMessages.paypalRenewalConsent(website.title)
          : subscriptionMessages.renewalConsent(website.title),
      ),
      renewingMethodsHint: renewingHint(renewing),
    };
  };

  const guarded = async (request: FastifyRequest) => {
    await requireCrumb(request);
    if (!(await limiter.hit(`${request.website?.id}:${request.ip}`))) {
      throw new HttpError(429, 'RATE_LIMITED', SESSION_MESSAGES.tooManyRequests);
    }
  };

  site.post('/api/3/commerce/cart/subscription', { preHandler: guarded }, async (request) => {
    const body = parseOr400(subscriptionCartBody, request.body);
    const data = await subscriptions.startCart(websiteOf(request), {
      itemId: body.itemId,
      sku: body.sku || undefined,
      variantId: body.variantId || undefined,
      quantity: body.qty ?? body.quantity,
      additionalFields: answersText(body.additionalFields),
      subscriptionOptionId: body.subscriptionOptionId || undefined,
    });
    return { data };
  });

  /** The subscription checkout page; with a refusal, the refused form again (status 422, issue 22). */
  const renderCheckout = async (
    request: FastifyRequest,
    reply: FastifyReply,
    cartToken: string | undefined,
    refusal?: (needsAddress: boolean) => CheckoutFormRefusal,
  ) => {
    const website = websiteOf(request);
    const { cart, entry, plan } = await subscriptions.checkoutOf(website, cartToken);
    if (cart.isPurchased && cart.orderId) return reply.redirect(confirmationUrl(cart.orderId), 303);
    const snapshot = entry.chosenVariant as EntrySnapshot;
    const totals = totalsOf(website, cart.entries, {});
    const money = (minor: number) => formatMoney(minor, cart.currency, website.locale);
    const needsAddress = snapshot.productType === ProductType.PHYSICAL;
    const attributes = Object.entries(snapshot.attributes ?? {})
      .map(([name, value]) => `${name}: ${value}`)
      .join(', ');
    // A signed-in customer finds their email and default address filled in, as in the cart checkout.
    const prefill = await checkoutPrefillOf({ storage }, request);
    const context = {
      cartToken: cart.id,
      prefill: { email: prefill?.email ?? '', ...prefill?.address },
      subscription: {
        itemId: entry.itemId,
        productName: snapshot.title,
        sku: entry.sku,
        attributes: snapshot.attributes ?? {},
        quantity: entry.quantity,
        priceCents: entry.purchasePriceMinor,
        priceText: money(entry.purchasePriceMinor * entry.quantity),
        billingPeriod: plan.billingPeriod,
        numBillingCycles: plan.numBillingCycles,
        subscriptionOptionId: plan.subscriptionOptionId ?? null,
        planText: planText(plan.billingPeriod, plan.numBillingCycles),
      },
      requiresShipping: needsAddress,
      shippingCostCents: totals.shippingCostMinor,
      grandTotalCents: totals.grandTotalMinor,
      grandTotalText: money(totals.grandTotalMinor),
    };
    const renewing = await renewingOf(request);
    const html = subscriptionCheckoutHtml({
      title: snapshot.title,
      attributes,
      quantity: entry.quantity,
      priceText: context.subscription.priceText,
      planText: context.subscription.planText,
      grandTotalText: context.grandTotalText,
      shippingText: totals.shippingCostMinor > 0 ? money(totals.shippingCostMinor) : null,
      form: {
        crumb: request.crumb,
        hidden: { cartToken: cart.id },
        providers: await methodsOf(request),
        needsAddress,
        prefill,
        refusal: refusal?.(needsAddress),
      },
      ...renewalTexts(website, renewing),
    });
    return sendCheckoutPage(
      request,
      reply,
      {
        website,
        pageType: PageType.CHECKOUT,
        title: subscriptionMessages.pageTitle,
        context,
        html,
        refused: refusal !== undefined,
      },
      refusal ? 422 : 200,
    );
  };

  site.get('/checkout/subscribe', async (request, reply) => {
    const { cartToken } = parseOr400(tokenQuery, request.query);
    return renderCheckout(request, reply, cartToken);
  });

  site.post('/api/commerce/checkout/subscribe', { preHandler: guarded }, async (request, reply) => {
    const body = parseOr400(subscribeBody, request.body);
    const website = websiteOf(request);
    try {
      // A method that cannot renew (Vorkasse while Stripe or PayPal is there) is refused like an unknown one.
      const renewing = await renewingOf(request);
      if (renewing.length > 0 && !renewing.some((m) => m.id === body.paymentMethod)) {
        const message = renewingHint(renewing);
        throw new FieldsError('PAYMENT_METHOD_CANNOT_RENEW', message, { paymentMethod: message });
      }
      const { order, subscription } = await subscriptions.subscribe(
        website,
        body.cartToken,
        checkoutInputOf(body),
        siteOrigin(request),
        renewing,
      );
      let paymentUrl: string | undefined;
      try {
        paymentUrl = await providerPageOf(request, order);
      } catch (error) {
        // The order waits on its confirmation page; nothing was charged.
        if (!(error instanceof PaymentGatewayError)) throw error;
        request.log.warn({ kind: error.kind }, 'subscription payment start failed');
      }
      if (isFormPost(request)) return reply.redirect(paymentUrl ?? confirmationUrl(order.id), 303);
      return reply.code(201).send({
        order: orderView(website, order),
        subscription: subscriptionView(website, subscription),
        ...(paymentUrl ? { paymentUrl } : {}),
      });
    } catch (error) {
      // A plain form gets its page again with what was typed, never a JSON answer (issue 22).
      if (isFormPost(request) && error instanceof HttpError) {
        return renderCheckout(request, reply, body.cartToken, (needsAddress) =>
          checkoutFormRefusal(error, request.body, needsAddress),
        );
      }
      return sendFieldsError(reply, error);
    }
  });

  site.get('/checkout/subscribe/bestaetigt', async (request, reply) => {
    const { orderId } = parseOr400(orderQuery, request.query);
    const website = websiteOf(request);
    const { order, subscription } = await subscriptions.confirmation(website, orderId);
    const view = subscriptionView(website, subscription);
    // Nothing is promised before the money is in (review #18): Vorkasse starts the subscription on payment.
    const paid = (order.data.payment as { status?: unknown } | undefined)?.status === 'PAID';
    const html = subscriptionConfirmationHtml(view, order.orderNumber, paid);
    return sendCheckoutPage(request, reply, {
      website,
      pageType: PageType.SUBSCRIPTION_CONFIRMED,
      title: subscriptionMessages.confirmedTitle,
      context: {
        order: { id: order.id, orderNumber: order.orderNumber, grandTotalCents: order.grandTotalMinor },
        subscription: view,
      },
      html,
    });
  });

  // Test mode only (never in production): runs the renewal worker once as if `days` had passed, so the e2e
  // test sees a renewal without waiting a month. The worker is the one main.ts starts on every instance.
  if (options.serverTestMode && hosted) {
    const renewBody = z.object({ days: z.number().int().min(0).max(400).default(0) });
    site.post('/api/test/subscriptions/renew', async (request) => {
      const { days } = parseOr400(renewBody, request.body ?? {});
      const worker = new SubscriptionRenewalWorker({
        storage,
        setup: hosted.setup,
        publicUrl: () => site.publicUrl,
        serverTestMode: true,
        now: () => Date.now() + days * 24 * 60 * 60 * 1000,
      });
      return { data: await worker.runDue() };
    });
  }
}
