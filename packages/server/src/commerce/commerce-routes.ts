import { SESSION_MESSAGES } from '@baukasten/commerce';
import type { Order, Storage } from '@baukasten/storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { visitorOf } from '../analytics/event-context.js';
import { checkCrumb, registerCrumbCookie } from '../crumb.js';
import { HttpError } from '../http-error.js';
import type { CheckoutPageRenderer } from '../pages/checkout-page.js';
import { siteOrigin } from '../pages/seo-routes.js';
import { parseOr400 } from '../parse-input.js';
import { type HostedPayments, isHostedMethod } from '../payments/hosted-checkout.js';
import { PaymentGatewayError } from '../payments/payment-gateway.js';
import { InMemoryRateLimiter, type RateLimiter } from '../rate-limit.js';
import { websiteOf } from '../site-request.js';
import { additionalFieldsInput, answersText, optionalText } from './cart-input.js';
import { CartService } from './cart-service.js';
import { CART_VIEW_SCHEMA, ENTRY_VIEW_SCHEMA } from './cart-view.js';
import { boundedText, shippingAddressInput } from './checkout-input.js';
import { CheckoutService, FieldsError, orderView } from './checkout-service.js';
import { registerDownloadRoutes } from './digital-downloads.js';
import {
  addToCartFormInput,
  CART_ERROR_PARAM,
  CART_PAGE,
  CHECKOUT_ERROR_PARAM,
  CHECKOUT_GONE,
  CHECKOUT_PAGE,
  CONFIRMATION_PAGE,
  checkoutFormInput,
  checkoutRefusal,
  checkoutUpdate,
  isFormPost,
  sameSitePath,
  withQueryParam,
} from './form-posts.js';
import { defaultPaymentProviders, type PaymentProvider } from './payment-providers.js';

export interface CommerceOptions {
  /** Limits state-changing shop calls per client address; default 120 per 10 seconds. */
  rateLimiter?: RateLimiter;
  /** Installed providers; test ones (test-card) are offered only where test payments are allowed (test-mode.ts). */
  paymentProviders?: readonly PaymentProvider[];
  /** The server runs in test mode (config.serverTestMode): test payments on every site. Default off. */
  serverTestMode?: boolean;
  /** Stripe and PayPal as each website connected them; without it only the installed providers are offered. */
  hostedPayments?: HostedPayments;
  /** Renders the checkout page again for a refused form post (pages/checkout-page.ts); without it, a redirect. */
  renderCheckout?: CheckoutPageRenderer;
}

export const CART_COOKIE = 'cart';
/** Readable by the page: tells the cart pill there is a cart worth loading. */
export const HAS_CART_COOKIE = 'hasCart';
const CART_COOKIE_MAX_AGE_S = 30 * 24 * 3600;

// R7.1.2: itemId, sku, quantity, additionalFields; every field but itemId may be null or left out.
const addToCartBody = z.object({
  itemId: z.string().min(1).max(64),
  sku: optionalText(200),
  // Checked by the shop's quantity rule, which has its own German messages for non-numbers.
  quantity: z.unknown().optional(),
  additionalFields: additionalFieldsInput,
  subscriptionOptionId: optionalText(64),
  crumb: z.string().optional(),
});

const quantityBody = z.object({ quantity: z.unknown() });

// R7.1.3: itemId and sku only name the entry again; null or absent answers clear the entry's answers.
const additionalFieldsBody = z.object({
  itemId: optionalText(64),
  sku: optionalText(200),
  additionalFields: additionalFieldsInput,
});

const entryParams = z.object({ entryId: z.string().min(1).max(64) });
const stockQuery = z.object({ itemId: z.string().min(1).max(64) });

const text = boundedText;
const checkoutBody = z.object({
  email: text(256),
  shippingAddress: shippingAddressInput.optional(),
  shippingOptionId: text(64).optional(),
  couponCodes: z.array(text(64)).max(20).optional(),
  giftCardCodes: z.array(text(64)).max(20).optional(),
  // A business buyer (optional): company and USt-IdNr., checked per delivery country (checkout-service.ts).
  company: text(200).optional(),
  vatId: text(30).optional(),
  paymentMethod: text(64),
  paymentDetails: z.record(z.string(), z.unknown()).optional(),
  // § 356 Abs. 5 BGB: true records the consent on digital items; false refuses; absent keeps the withdrawal right.
  digitalConsent: z.boolean().optional(),
  crumb: z.string().optional(),
});

const cartCookieOptions = (secure: boolean) =>
  ({ path: '/', sameSite: 'lax', maxAge: CART_COOKIE_MAX_AGE_S, secure }) as const;
/**
 * The has-cart cookie never changes and the cart cookie only in its value, so both are serialised once per
 * scheme by the cookie plugin's own serializer: the has-cart cookie whole, the cart cookie as the text after
 * its value. Measured: serialising the cart cookie per add cost 3 µs of an add's ~90 (issue #19).
 */
const cartCookieTexts = new Map<boolean, { hasCart: string; afterValue: string }>();
const cookieTextsOf = (reply: FastifyReply, secure: boolean) => {
  let texts = cartCookieTexts.get(secure);
  if (texts === undefined) {
    const head = `${CART_COOKIE}=x`;
    const sample = reply.server.serializeCookie(CART_COOKIE, 'x', {
      ...cartCookieOptions(secure),
      httpOnly: true,
    });
    if (!sample.startsWith(head)) throw new Error(`unexpected cookie text ${sample}`);
    texts = {
      hasCart: reply.server.serializeCookie(HAS_CART_COOKIE, 'true', cartCookieOptions(secure)),
      afterValue: sample.slice(head.length),
    };
    cartCookieTexts.set(secure, texts);
  }
  return texts;
};

/**
 * Sets (and so renews for another CART_COOKIE_MAX_AGE_S) the cart cookie and the readable has-cart cookie.
 * Every add does this, so the header texts go straight onto the reply: measured, going through
 * reply.setCookie cost a few µs per add in the plugin's bookkeeping.
 */
function rememberCart(reply: FastifyReply, cartId: string) {
  const texts = cookieTextsOf(reply, reply.request.protocol === 'https');
  // encodeURIComponent: the cookie plugin's default encoding of a value.
  const cart = `${CART_COOKIE}=${encodeURIComponent(cartId)}${texts.afterValue}`;
  reply.header('set-cookie', [cart, texts.hasCart]);
}

/**
 * The shop API of spec 7: cart, stock and checkout. Routes parse, call a service and answer; the
 * crumb cookie is issued here for every route of the site, pages included.
 */
export function registerCommerceRoutes(
  site: FastifyInstance,
  storage: Storage,
  options: CommerceOptions = {},
) {
  registerCrumbCookie(site);
  const limiter = options.rateLimiter ?? new InMemoryRateLimiter({ limit: 120, windowMs: 10_000 });
  const carts = new CartService(storage);
  const checkout = new CheckoutService(
    storage,
    options.paymentProviders ?? defaultPaymentProviders,
    options.serverTestMode ?? false,
  );
  registerDownloadRoutes(site, storage);

  const guarded = async (request: FastifyRequest) => {
    checkCrumb(request);
    if (!(await limiter.hit(`${request.website?.id}:${request.ip}`))) {
      throw new HttpError(429, 'RATE_LIMITED', SESSION_MESSAGES.tooManyRequests);
    }
  };
  const cartIdOf = (request: FastifyRequest) => request.cookies[CART_COOKIE];

  site.get('/api/commerce/shopping-cart', async (request) =>
    carts.view(websiteOf(request), cartIdOf(request)),
  );

  /*
   * A form post is answered with a redirect, errors included: a shopper without JavaScript must never
   * land on a JSON answer. JSON calls keep their status codes and bodies.
   */
  const addToCartForm = async (request: FastifyRequest, reply: FastifyReply) => {
    let returnTo = sameSitePath((request.body as { returnTo?: unknown } | undefined)?.returnTo);
    try {
      await guarded(request);
      const form = addToCartFormInput(request.body);
      returnTo = form.returnTo;
      const result = await carts.addEntry(websiteOf(request), cartIdOf(request), form.input);
      rememberCart(reply, result.cartId);
      return reply.redirect(CART_PAGE, 303);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return reply.redirect(withQueryParam(returnTo, CART_ERROR_PARAM, error.type), 303);
    }
  };

  const addAnswer = {
    type: 'object',
    properties: { shoppingCart: CART_VIEW_SCHEMA, newlyAdded: ENTRY_VIEW_SCHEMA },
  } as const;
  site.post(
    '/api/commerce/shopping-cart/entries',
    {
      schema: { response: { 200: addAnswer } },
      // The compiled serializer's text, built piece by piece (and two bytes a character: the cart shows €),
      // was flattened once to count its bytes and once more to write it; as UTF-8 bytes both read the Buffer.
      // Measured with a heap profile: 3.7 KB less garbage per add (bench/cart, issue #19).
      onSend: (_request, _reply, payload, done) =>
        done(null, typeof payload === 'string' ? Buffer.from(payload) : payload),
    },
    async (request, reply) => {
      if (isFormPost(request)) return addToCartForm(request, reply);
      await guarded(request);
      const body = parseOr400(addToCartBody, request.body);
      const result = await carts.addEntry(websiteOf(request), cartIdOf(request), {
        itemId: body.itemId,
        sku: body.sku ?? undefined,
        quantity: body.quantity,
        additionalFields: answersText(body.additionalFields),
        subscriptionOptionId: body.subscriptionOptionId ?? undefined,
      });
      rememberCart(reply, result.cartId);
      return { shoppingCart: result.shoppingCart, newlyAdded: result.newlyAdded };
    },
  );

  site.patch('/api/commerce/shopping-cart/entries/:entryId', { preHandler: guarded }, async (request) => {
    const { entryId } = parseOr400(entryParams, request.params);
    const { quantity } = parseOr400(quantityBody, request.body);
    return carts.changeQuantity(websiteOf(request), cartIdOf(request), entryId, quantity);
  });

  site.delete('/api/commerce/shopping-cart/entries/:entryId', { preHandler: guarded }, async (request) => {
    const { entryId } = parseOr400(entryParams, request.params);
    return carts.removeEntry(websiteOf(request), cartIdOf(request), entryId);
  });

  site.put(
    '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
    { preHandler: guarded },
    async (request) => {
      const { entryId } = parseOr400(entryParams, request.params);
      const body = parseOr400(additionalFieldsBody, request.body);
      return carts.updateAdditionalFields(
        websiteOf(request),
        cartIdOf(request),
        entryId,
        answersText(body.additionalFields),
      );
    },
  );

  site.get('/api/commerce/inventory/stock/', async (request) => {
    const { itemId } = parseOr400(stockQuery, request.query);
    return carts.stock(websiteOf(request), itemId);
  });

  const hosted = options.hostedPayments;
  const hostedProvidersOf = async (request: FastifyRequest) =>
    hosted ? await hosted.providersFor(websiteOf(request)) : [];
  /**
   * An order to be paid at Stripe or PayPal: the provider's page to send the shopper to, asked for after
   * the order transaction. Undefined for every other order, and for one already paid.
   */
  const providerPageOf = async (
    request: FastifyRequest,
    { order, placedNow }: { order: Order; placedNow: boolean },
  ): Promise<string | undefined> => {
    const payment = (order.data.payment ?? {}) as { method?: unknown; status?: unknown };
    if (!hosted || !isHostedMethod(payment.method) || payment.status === 'PAID') return undefined;
    return hosted.start(websiteOf(request), order, siteOrigin(request), { placedNow });
  };

  const checkoutForm = async (request: FastifyRequest, reply: FastifyReply) => {
    let placed: { order: Order; placedNow: boolean };
    try {
      await guarded(request);
      // "Aktualisieren": the shopper changed the country or the shipping rate; show the totals for it.
      const update = options.renderCheckout ? checkoutUpdate(request.body) : undefined;
      if (update && options.renderCheckout) return options.renderCheckout(request, reply, update);
      placed = await checkout.placeOrder(
        websiteOf(request),
        cartIdOf(request),
        {
          ...checkoutFormInput(request.body),
        },
        {
          shopUrl: siteOrigin(request),
          hostedProviders: await hostedProvidersOf(request),
          visit: visitorOf(request),
        },
      );
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // Nothing to show a form for (no cart, bought, below the minimum): the cart page says why.
      if (!options.renderCheckout || CHECKOUT_GONE.has(error.type)) {
        return reply.redirect(withQueryParam(CHECKOUT_PAGE, CHECKOUT_ERROR_PARAM, error.type), 303);
      }
      // The form again with everything typed and each problem at its field (issue 22): no redirect.
      return options.renderCheckout(request, reply, checkoutRefusal(error, request.body));
    }
    const confirmation = withQueryParam(CONFIRMATION_PAGE, 'orderId', placed.order.id);
    try {
      const providerPage = await providerPageOf(request, placed);
      return reply.redirect(providerPage ?? confirmation, 303);
    } catch (error) {
      // The order is kept (with its lines, the cart as bought); the confirmation page says in German what
      // happened and offers to try again. Nothing was charged.
      if (!(error instanceof PaymentGatewayError)) throw error;
      request.log.warn({ kind: error.kind, code: error.providerCode }, 'payment start failed');
      const notice = error.kind === 'declined' ? 'failed' : 'unavailable';
      return reply.redirect(withQueryParam(confirmation, 'zahlung', notice), 303);
    }
  };

  site.post('/api/commerce/checkout', async (request, reply) => {
    if (isFormPost(request)) return checkoutForm(request, reply);
    await guarded(request);
    const body = parseOr400(checkoutBody, request.body);
    try {
      const website = websiteOf(request);
      const placed = await checkout.placeOrder(website, cartIdOf(request), body, {
        shopUrl: siteOrigin(request),
        hostedProviders: await hostedProvidersOf(request),
        visit: visitorOf(request),
      });
      const { order } = placed;
      let paymentUrl: string | undefined;
      let paymentError: { type: string; message: string } | undefined;
      try {
        paymentUrl = await providerPageOf(request, placed);
      } catch (error) {
        if (!(error instanceof PaymentGatewayError)) throw error;
        paymentError = { type: `PAYMENT_${error.kind.toUpperCase()}`, message: error.message };
      }
      return reply.code(201).send({
        order: orderView(website, order),
        ...(paymentUrl ? { paymentUrl } : {}),
        ...(paymentError ? { paymentError } : {}),
      });
    } catch (error) {
      if (error instanceof FieldsError) {
        return reply
          .code(error.statusCode)
          .send({ error: { type: error.type, message: error.message, fields: error.fields } });
      }
      throw error;
    }
  });
}
