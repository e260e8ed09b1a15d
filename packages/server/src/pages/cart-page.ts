import {
  checkQuantity,
  type FormAnswerLike,
  formAnswerText,
  minimumOrderMessage,
  PageType,
} from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import {
  cartAnswerValues,
  checkCartAnswersPost,
  productCustomForm,
  renderCartAnswersFields,
} from '@baukasten/storefront';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CartService } from '../commerce/cart-service.js';
import { emptyCartView } from '../commerce/cart-view.js';
import { CART_COOKIE } from '../commerce/commerce-routes.js';
import { requireCrumb } from '../crumb.js';
import { HttpError } from '../http-error.js';
import type { RateLimiter } from '../rate-limit.js';
import { websiteOf } from '../site-request.js';
import { cartDisplay, minimumOrderOf, productLinks } from './commerce-page-context.js';
import { cartErrorMessage, commercePageTexts, quantityErrorType } from './commerce-page-messages.js';
import { baseContext, type PageDeps, sendPage } from './send-page.js';
import { siteOrigin } from './seo-routes.js';

/*
 * The cart page (spec 2, page type 200) and its forms, which work without JavaScript: each posts
 * url-encoded with the crumb in a hidden field and is answered with 303 to /cart, so a reload never
 * posts twice. A failure comes back as `/cart?fehler=<TYPE>` and is shown in German above the lines.
 *
 * A line whose product asks a custom form (spec 3 additionalFieldsForm) shows its answers and a
 * disclosed form to change them, filled with the stored answers. Answers that break the form's rules
 * are not stored: the page is rendered straight away (422) with what was typed and the messages above
 * the fields, as a redirect would lose both.
 */

export const CART_PATH = '/cart';
export const CHECKOUT_PATH = '/checkout';

const entryParams = z.object({ entryId: z.string().min(1).max(64) });
const answersBody = z.record(
  z.string().max(200),
  z.union([z.string().max(20_000), z.array(z.string().max(20_000))]),
);

export const CART_ANSWERS_TEXTS = {
  invalid: 'Bitte prüfe deine Angaben zu „{title}“.',
} as const;
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

  /** Renders the cart; `editing` shows one line's answers form again with typed values and messages. */
  const renderCart = async (request: FastifyRequest, reply: FastifyReply, editing?: AnswersEditing) => {
    const website = websiteOf(request);
    const query = pageQueryOf(pageQuery, request.query);
    const fehler = editing ? undefined : (query.fehler ?? query.warenkorbFehler);
    const stored = await carts.view(website, request.cookies[CART_COOKIE]);
    // A bought cart is no longer the visitor's cart: the page shows an empty one and links the order.
    const view = stored.isPurchased ? emptyCartView(website) : stored;
    const links = await productLinks(
      storage,
      website.id,
      view.entries.map((e) => e.itemId),
    );
    const display = cartDisplay(website, view, links);
    const forms = await customForms(
      storage,
      website.id,
      view.entries.map((e) => e.itemId),
    );
    const shoppingCart = {
      ...display,
      entries: display.entries.map((entry) => ({
        ...entry,
        ...answersOfLine(entry, forms.get(entry.itemId), editing),
      })),
    };
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
      error: editing ? { message: editing.message } : fehler ? { message: cartErrorMessage(fehler) } : null,
    };
    reply.header('cache-control', 'no-store');
    return sendPage(deps, request, reply, 'cart', context, editing ? 422 : 200, { scripts: false });
  };

  site.get(CART_PATH, (request, reply) => renderCart(request, reply));

  // The answers of the custom product form of one line (spec 3 additionalFields), checked by its rules.
  site.post(`${CART_PATH}/positionen/:entryId/angaben`, async (request, reply) => {
    const failure = await guardFailure(request, limiter);
    if (failure) return backToCart(reply, failure);
    const params = entryParams.safeParse(request.params);
    const body = answersBody.safeParse(request.body ?? {});
    if (!params.success || !body.success) return backToCart(reply, 'BAD_REQUEST');
    const website = websiteOf(request);
    const cartId = request.cookies[CART_COOKIE];
    const { entryId } = params.data;
    try {
      const cart = await carts.view(website, cartId);
      const entry = cart.isPurchased ? undefined : cart.entries.find((e) => e.id === entryId);
      if (!entry) return backToCart(reply, 'CART_ENTRY_NOT_FOUND');
      const form = (await customForms(storage, website.id, [entry.itemId])).get(entry.itemId);
      if (!form) return backToCart(reply, 'CUSTOM_FORM_MISSING');
      const checked = checkCartAnswersPost(form, entryId, body.data);
      if (!checked.valid) {
        return renderCart(request, reply, {
          entryId,
          values: checked.values,
          errors: checked.fieldErrors,
          message: CART_ANSWERS_TEXTS.invalid.replace('{title}', entry.title),
        });
      }
      await carts.updateAdditionalFields(website, cartId, entryId, checked.additionalFields);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) return backToCart(reply, error.type);
      throw error;
    }
    return backToCart(reply);
  });

  site.post(`${CART_PATH}/positionen/:entryId`, async (request, reply) => {
    const failure = await guardFailure(request, limiter);
    if (failure) return backToCart(reply, failure);
    const params = entryParams.safeParse(request.params);
    const form = quantityForm.safeParse(request.body ?? {});
    if (!params.success || !form.success) return backToCart(reply, 'BAD_REQUEST');
    const website = websiteOf(request);
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
      await carts.removeEntry(websiteOf(request), request.cookies[CART_COOKIE], params.data.entryId);
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

interface AnswersEditing {
  entryId: string;
  values: ReturnType<typeof cartAnswerValues>;
  errors: Record<string, string>;
  message: string;
}

type CustomForm = NonNullable<ReturnType<typeof productCustomForm>>;

/** The custom product forms of the cart's items, by item id; items without one are left out. */
async function customForms(storage: Storage, websiteId: string, itemIds: readonly string[]) {
  const forms = new Map<string, CustomForm>();
  for (const itemId of new Set(itemIds)) {
    const item = await storage.items.findById(websiteId, itemId);
    const form = item?.product ? productCustomForm({ structuredContent: item.product }) : undefined;
    if (form) forms.set(itemId, form);
  }
  return forms;
}

type StoredAnswer = FormAnswerLike & { rawTitle?: unknown };

function storedAnswers(additionalFields: string | null): StoredAnswer[] {
  try {
    const parsed: unknown = JSON.parse(additionalFields ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((a) => a && typeof a === 'object') : [];
  } catch {
    return [];
  }
}

/** A line's answers as title and text, and the form to change them when its product has one. */
function answersOfLine(
  entry: { id: string; additionalFields: string | null },
  form: CustomForm | undefined,
  editing: AnswersEditing | undefined,
) {
  const stored = storedAnswers(entry.additionalFields).map((answer) => ({
    title: typeof answer.rawTitle === 'string' ? answer.rawTitle : '',
    text: formAnswerText(answer),
  }));
  const answers = stored.length > 0 ? stored : null;
  if (!form) return { answers, answersForm: null };
  const mine = editing?.entryId === entry.id ? editing : undefined;
  return {
    answers,
    answersForm: {
      action: `${CART_PATH}/positionen/${encodeURIComponent(entry.id)}/angaben`,
      open: Boolean(mine),
      fieldsHtml: renderCartAnswersFields({
        form,
        entryId: entry.id,
        values: mine?.values ?? cartAnswerValues(entry.additionalFields),
        errors: mine?.errors,
      }),
    },
  };
}
