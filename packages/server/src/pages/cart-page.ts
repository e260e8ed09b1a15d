import { checkQuantity, minimumOrderMessage, PageType } from '@baukasten/commerce';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CartService } from '../commerce/cart-service.js';
import { emptyCartView } from '../commerce/cart-view.js';
import { CART_COOKIE } from '../commerce/commerce-routes.js';
import { requireCrumb } from '../crumb.js';
import { HttpError } from '../http-error.js';
import type { RateLimiter } from '../rate-limit.js';
import { cartDisplay, minimumOrderOf, productLinks } from './commerce-page-context.js';
import { cartErrorMessage, commercePageTexts, quantityErrorType } from './commerce-page-messages.js';
import { baseContext, type PageDeps, sendPage } from './page-routes.js';
import { siteOrigin } from './seo-routes.js';

/*
 * The cart page (spec 2, page type 200) and its two forms, which work without JavaScript: each posts
 * url-encoded with the crumb in a hidden field and is answered with 303 to /cart, so a reload never
 * posts twice. A failure comes back as `/cart?fehler=<TYPE>` and is shown in German above the lines.
 */

export const CART_PATH = '/cart';
export const CHECKOUT_PATH = '/checkout';

const entryParams = z.object({ entryId: z.string().min(1).max(64) });
const quantityForm = z.object({ quantity: z.union([z.string().max(32), z.number()]).optional() });
/** `fehler` from the cart's own forms, `warenkorbFehler` from an add-to-cart form that returned here. */
const pageQuery = z.object({
  fehler: z.string().max(100).optional(),
  warenkorbFehler: z.string().max(100).optional(),
});

/** Query values a page reads; anything malformed counts as absent (the page still renders). */
export function pageQueryOf<T>(schema: z.ZodType<T>, query: unknown): Partial<T> {
  const result = schema.safeParse(query ?? {});
  return result.success ? result.data : {};
}

export const confirmationPath = (orderId: string) =>
  `/checkout/bestaetigt?orderId=${encodeURIComponent(orderId)}`;

export interface CartPageServices {
  carts: CartService;
  limiter: RateLimiter;
}

/**
 * The cart's form posts change the cart like the JSON API does, with the same guard: crumb first, then
 * the rate limit. Both failures become a German notice on the cart page instead of a JSON answer.
 */
async function guardFailure(request: FastifyRequest, limiter: RateLimiter): Promise<string | undefined> {
  try {
    await requireCrumb(request);
  } catch (error) {
    if (error instanceof HttpError) return error.type;
    throw error;
  }
  if (!(await limiter.hit(`${request.website?.id}:${request.ip}`))) return 'RATE_LIMITED';
  return undefined;
}

const backToCart = (reply: FastifyReply, errorType?: string) =>
  reply.redirect(errorType ? `${CART_PATH}?fehler=${encodeURIComponent(errorType)}` : CART_PATH, 303);

export function registerCartPage(
  site: FastifyInstance,
  deps: PageDeps,
  { carts, limiter }: CartPageServices,
) {
  const { storage } = deps;

  site.get(CART_PATH, async (request, reply) => {
    const website = request.website!;
    const query = pageQueryOf(pageQuery, request.query);
    const fehler = query.fehler ?? query.warenkorbFehler;
    const stored = await carts.view(website, request.cookies[CART_COOKIE]);
    // A bought cart is no longer the visitor's cart: the page shows an empty one and links the order.
    const view = stored.isPurchased ? emptyCartView(website) : stored;
    const links = await productLinks(
      storage,
      website.id,
      view.entries.map((e) => e.itemId),
    );
    const shoppingCart = cartDisplay(website, view, links);
    const minimum = minimumOrderOf(website, view.subtotalCents, view.currency);
    const context = {
      ...(await baseContext(storage, website)),
      pageType: PageType.SHOW_CART,
      seo: {
        title: `${commercePageTexts.cartTitle} – ${website.title}`,
        canonicalUrl: `${siteOrigin(request)}${CART_PATH}`,
      },
      crumb: request.crumb ?? '',
      shoppingCart,
      minimumOrder: {
        ...minimum,
        message: minimum.minimumText ? minimumOrderMessage(minimum.minimumText) : null,
      },
      canCheckout: !shoppingCart.isEmpty && minimum.met,
      checkoutUrl: CHECKOUT_PATH,
      lastOrderUrl: stored.isPurchased && stored.orderId ? confirmationPath(stored.orderId) : null,
      error: fehler ? { message: cartErrorMessage(fehler) } : null,
    };
    reply.header('cache-control', 'no-store');
    return sendPage(deps, request, reply, 'cart', context, 200, { scripts: false });
  });

  site.post(`${CART_PATH}/positionen/:entryId`, async (request, reply) => {
    const failure = await guardFailure(request, limiter);
    if (failure) return backToCart(reply, failure);
    const params = entryParams.safeParse(request.params);
    const form = quantityForm.safeParse(request.body ?? {});
    if (!params.success || !form.success) return backToCart(reply, 'BAD_REQUEST');
    const website = request.website!;
    const cartId = request.cookies[CART_COOKIE];
    const raw = String(form.data.quantity ?? '').trim();
    try {
      // 0 takes the line out of the cart, as the quantity field's minimum of 0 promises.
      if (/^\+?0+$/.test(raw)) {
        await carts.removeEntry(website, cartId, params.data.entryId);
      } else {
        const quantity = checkQuantity(raw);
        if (!quantity.ok) return backToCart(reply, quantityErrorType(quantity.message));
        await carts.changeQuantity(website, cartId, params.data.entryId, quantity.quantity);
      }
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) return backToCart(reply, error.type);
      throw error;
    }
    return backToCart(reply);
  });

  site.post(`${CART_PATH}/positionen/:entryId/entfernen`, async (request, reply) => {
    const failure = await guardFailure(request, limiter);
    if (failure) return backToCart(reply, failure);
    const params = entryParams.safeParse(request.params);
    if (!params.success) return backToCart(reply, 'BAD_REQUEST');
    try {
      await carts.removeEntry(request.website!, request.cookies[CART_COOKIE], params.data.entryId);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) return backToCart(reply, error.type);
      throw error;
    }
    return backToCart(reply);
  });

  // Express checkout (spec 2 and 4): straight to the checkout, but only for a visitor with a cart cookie.
  site.get('/commerce/goto-checkout', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.redirect(request.cookies[CART_COOKIE] ? CHECKOUT_PATH : CART_PATH, 302);
  });
}
