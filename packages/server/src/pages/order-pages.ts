import { minorToDecimalString, PageType, SESSION_MESSAGES } from '@baukasten/commerce';
import type { Order, Storage, Website } from '@baukasten/storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { orderView } from '../commerce/checkout-service.js';
import { shipmentsShown } from '../fulfilment/shipments-shown.js';
import { HttpError } from '../http-error.js';
import { orderInvoiceLinks } from '../invoices/invoice-routes.js';
import { withdrawalsShown } from '../legal/withdrawal-display.js';
import { serverMessages } from '../messages.js';
import { bankTransferDisplay, giroCodePng, giroCodeTextOf } from '../payments/giro-code.js';
import {
  isHostedMethod,
  PAYMENT_STATE_TEXTS,
  type PaymentNotice,
  retryPath,
} from '../payments/hosted-checkout.js';
import type { RateLimiter } from '../rate-limit.js';
import { websiteOf } from '../site-request.js';
import { pageQueryOf } from './cart-page.js';
import {
  moneyTextOf,
  type ProductLink,
  paymentMethodLabel,
  productLinks,
  variantText,
} from './commerce-page-context.js';
import { commercePageTexts } from './commerce-page-messages.js';
import { discountRowsOf } from './discount-rows.js';
import { emailMatches, findOrderByReference, orderStatusPath } from './order-lookup.js';
import { baseContext, notFoundContext, type PageDeps, sendPage } from './send-page.js';
import { siteOrigin } from './seo-routes.js';

/*
 * What the shopper sees after ordering: the confirmation (page type 202 when paid, 207 when the money is
 * still to be transferred) and the order-status page (211), which opens with the order's email.
 * Download links of digital goods are shown once the order is paid, never before.
 */

const confirmationQuery = z.object({
  orderId: z.string().min(1).max(64),
  /** What became of a payment at Stripe or PayPal (hosted-checkout-routes.ts). */
  zahlung: z.string().max(40).optional(),
});
const methodOf = (order: Order) => (order.data.payment as { method?: unknown } | undefined)?.method;

/** An unpaid Vorkasse order: bank details, reference, due date and GiroCode. */
async function bankTransferOf(
  website: Website,
  order: Order,
  display: { isPaid: boolean; amountDueText: string },
) {
  if (display.isPaid || order.status === 'cancelled' || methodOf(order) !== 'bank-transfer') return null;
  return bankTransferDisplay(website, order, display.amountDueText);
}

/**
 * An unpaid Stripe or PayPal order: what happened (in German) and the button to pay (again). The notice in
 * the query only picks a text; whether the order is paid is read from the order itself.
 */
function providerPaymentOf(order: Order, isPaid: boolean, notice: string | undefined, crumb: string) {
  if (isPaid || order.status === 'cancelled' || !isHostedMethod(methodOf(order))) return null;
  const key: PaymentNotice =
    notice && notice in PAYMENT_STATE_TEXTS ? (notice as PaymentNotice) : 'requires_action';
  return {
    message: PAYMENT_STATE_TEXTS[key],
    isError: key === 'failed' || key === 'unavailable' || key === 'amount_mismatch',
    // A SEPA-Lastschrift on its way, or a payment being checked, needs no second payment.
    retry: key === 'pending' || key === 'checking' ? null : { action: retryPath(order.id), crumb },
  };
}
const statusQuery = z.object({ email: z.string().max(256) });
const statusParams = z.object({ orderNumber: z.string().min(1).max(64) });

const isPaid = (order: Order) => (order.data.payment as { status?: string } | undefined)?.status === 'PAID';

/** An order as the confirmation and status templates show it: orderView's fields plus texts. */
export function orderDisplay(website: Website, order: Order, links: Map<string, ProductLink>) {
  const view = orderView(website, order);
  const money = moneyTextOf(website, order.currency);
  const paid = isPaid(order);
  const dateText = new Intl.DateTimeFormat(website.locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: website.timeZone,
  }).format(order.createdAt);
  const items = order.items.map((item, i) => {
    const link = links.get(item.itemId) ?? {};
    return {
      sku: item.sku,
      productName: item.productName,
      quantity: item.quantity,
      unitPrice: view.items[i].unitPrice,
      unitPriceCents: item.unitPriceMinor,
      unitPriceText: money(item.unitPriceMinor),
      lineTotalText: money(item.unitPriceMinor * item.quantity),
      variantText: variantText(item.data.attributes as Record<string, unknown> | undefined),
      imageUrl: link.imageUrl ?? null,
      fullUrl: link.fullUrl ?? null,
      // A download before the money arrived would hand out the goods of an unpaid order.
      downloadUrl: paid ? (view.items[i].downloadUrl ?? null) : null,
    };
  });
  const status = view.paymentStatus ?? '';
  return {
    ...view,
    items,
    isPaid: paid,
    hasDownloads: items.some((item) => item.downloadUrl),
    awaitsDownloads: !paid && view.items.some((item) => item.downloadUrl),
    createdText: dateText,
    paymentMethodText: paymentMethodLabel(view.paymentMethod),
    // An order whose time to be paid ran out says so ("Storniert – Zahlung nicht abgeschlossen").
    paymentStatusText:
      typeof order.data.cancelledReason === 'string' && order.status === 'cancelled'
        ? `Storniert – ${order.data.cancelledReason}`
        : (commercePageTexts.paymentStatus[status] ?? commercePageTexts.unknownPaymentStatus),
    subtotalText: money(order.subtotalMinor),
    hasDiscount: order.discountMinor > 0,
    discountText: money(order.discountMinor),
    // What applied, by name, as the checkout stored it (issue 23).
    discountRows: discountRowsOf(order.data.discounts, money),
    shippingText: money(order.shippingMinor),
    taxText: money(order.taxMinor),
    grandTotalText: money(order.grandTotalMinor),
    hasGiftCards: view.giftCardTotalCents > 0,
    giftCardText: money(view.giftCardTotalCents),
    amountDueText: money(view.amountDueCents),
    hasShipping: view.shippingOption !== null || order.shippingMinor > 0,
    shippingOptionName: (view.shippingOption as { name?: string } | null)?.name ?? null,
  };
}

/**
 * What the ad pixels' purchase event reports of an order (issue 9): its number (what the owner finds in
 * the order list), the grand total in major units and the currency, and the products. The analytics
 * runtime reads it from `data-purchase` and sends it once per order, after consent.
 */
export function purchaseFacts(order: Order) {
  return {
    orderId: order.id,
    orderNumber: String(order.orderNumber),
    value: Number(minorToDecimalString(order.grandTotalMinor, order.currency)),
    currency: order.currency,
    itemIds: [...new Set(order.items.map((item) => item.itemId))],
  };
}

async function sendOrderNotFound(deps: PageDeps, request: FastifyRequest, reply: FastifyReply) {
  const context = await notFoundContext(deps.storage, request.website, serverMessages.orderNotFound);
  reply.header('cache-control', 'no-store');
  return sendPage(deps, request, reply, 'not-found', context, 404, { scripts: false });
}

async function orderLinks(storage: Storage, websiteId: string, order: Order) {
  return productLinks(
    storage,
    websiteId,
    order.items.map((i) => i.itemId),
  );
}

export function registerOrderPages(site: FastifyInstance, deps: PageDeps, statusLimiter: RateLimiter) {
  const { storage } = deps;

  site.get('/checkout/bestaetigt', async (request, reply) => {
    const website = websiteOf(request);
    const { orderId, zahlung } = pageQueryOf(confirmationQuery, request.query);
    const order = orderId ? await storage.orders.findById(website.id, orderId) : undefined;
    if (!order) return sendOrderNotFound(deps, request, reply);
    const display = orderDisplay(website, order, await orderLinks(storage, website.id, order));
    const title = display.isPaid
      ? commercePageTexts.orderConfirmedTitle
      : commercePageTexts.orderReceivedTitle;
    const context = {
      ...(await baseContext(storage, website)),
      pageType: display.isPaid ? PageType.ORDER_CONFIRMED : PageType.ORDER_RECEIVED,
      seo: {
        title: `${title} – ${website.title}`,
        canonicalUrl: `${siteOrigin(request)}/checkout/bestaetigt`,
      },
      title,
      order: display,
      bankTransfer: await bankTransferOf(website, order, display),
      providerPayment: providerPaymentOf(order, display.isPaid, zahlung, request.crumb ?? ''),
      orderStatusUrl: orderStatusPath(order),
      purchase: purchaseFacts(order),
    };
    reply.header('cache-control', 'no-store');
    // No islands here, but the analytics runtime: the visit counts and the ad pixels learn of the purchase.
    return sendPage(deps, request, reply, 'order-confirmation', context, 200, { scripts: 'analytics' });
  });

  // The GiroCode of the order mail: mail programs often block data: images. The order id is as hard to
  // guess as the confirmation page's own address, which shows the same bank details.
  site.get('/checkout/girocode/:orderId', async (request, reply) => {
    const website = websiteOf(request);
    const { orderId } = request.params as { orderId: string };
    const id = orderId.replace(/\.png$/, '');
    const order = id.length <= 64 ? await storage.orders.findById(website.id, id) : undefined;
    const payload =
      order && !isPaid(order) && methodOf(order) === 'bank-transfer'
        ? giroCodeTextOf(website, order)
        : undefined;
    if (!payload) return sendOrderNotFound(deps, request, reply);
    reply.header('cache-control', 'private, max-age=3600');
    return reply.type('image/png').send(await giroCodePng(payload));
  });

  site.get('/bestellung/:orderNumber', async (request, reply) => {
    const website = websiteOf(request);
    const params = statusParams.safeParse(request.params);
    if (!params.success) return sendOrderNotFound(deps, request, reply);
    const { email } = pageQueryOf(statusQuery, request.query);
    const title = commercePageTexts.orderStatusTitle;
    const base = {
      ...(await baseContext(storage, website)),
      pageType: PageType.ORDER_STATUS,
      seo: { title: `${title} – ${website.title}`, canonicalUrl: `${siteOrigin(request)}/bestellung` },
      title,
    };
    reply.header('cache-control', 'no-store');
    if (email === undefined || email.trim() === '') {
      // Without the email the page only asks for it: the order number alone opens nothing.
      const context = {
        ...base,
        order: null,
        lookup: { action: `/bestellung/${encodeURIComponent(params.data.orderNumber)}` },
      };
      return sendPage(deps, request, reply, 'order-status', context, 200, { scripts: false });
    }
    // Order numbers count up, so guessing them with emails is throttled.
    if (!(await statusLimiter.hit(`status:${website.id}:${request.ip}`))) {
      throw new HttpError(429, 'RATE_LIMITED', SESSION_MESSAGES.tooManyRequests);
    }
    const order = await findOrderByReference(storage, website.id, params.data.orderNumber);
    // A wrong email looks exactly like an unknown order, so the page reveals no order numbers.
    if (!order || !emailMatches(order, email)) return sendOrderNotFound(deps, request, reply);
    const display = orderDisplay(website, order, await orderLinks(storage, website.id, order));
    const context = {
      ...base,
      order: display,
      lookup: null,
      withdrawals: await withdrawalsShown(storage, website, order),
      bankTransfer: await bankTransferOf(website, order, display),
      // Issue 21: the invoice and any Storno/correcting invoice as PDF, with the email the page was opened with.
      invoices: await orderInvoiceLinks(storage, website.id, order.orderNumber, order.id, email.trim()),
      // Issue 23: the parcels with their tracking links.
      ...(await shipmentsShown(storage, website, order)),
    };
    return sendPage(deps, request, reply, 'order-status', context, 200, { scripts: false });
  });
}
