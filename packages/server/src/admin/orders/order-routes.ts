import { minorToDecimalString, ProductType } from '@baukasten/commerce';
import type { Order, Storage, Website } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { fulfilOrder } from '../../fulfilment/fulfil-order.js';
import { voidGiftCardsOf } from '../../gift-cards/gift-card-activation.js';
import { HttpError } from '../../http-error.js';
import { issueCancellationFor } from '../../invoices/invoice-service.js';
import { whenOrderPaid } from '../../payments/order-paid.js';
import { websiteById } from '../../site-request.js';
import { siteBaseUrl } from '../../site-url.js';
import { parseInput } from '../admin-input.js';
import { refuseNulCharacters } from '../catalog/text-guard.js';
import { accessedSite, requireSitePermission } from '../permissions.js';
import { type CsvValue, csvDocument } from './order-csv.js';
import { type OrderFilterQuery, orderFilterQuery, orderParams } from './order-input.js';
import { orderMessages as m } from './order-messages.js';
import { addressOf, orderDetailView, orderSummaryView, paymentOf, statusOf } from './order-views.js';
import { endOfDay, localDateTime, startOfDay } from './zoned-dates.js';

/*
 * Orders of one website: the list with its filters, one order, the CSV export (commerce.view), and
 * marking an order fulfilled (the shopper gets the shipping mail, fulfilment/fulfil-order.ts), paid (Vorkasse)
 * or cancelling it (commerce.orders). Cancelling gives back the stock the
 * order took and voids the gift cards it bought, in the transaction that changes its status; marking it
 * paid activates and mails those gift cards.
 */

export const MAX_EXPORTED_ORDERS = 50_000;
const EXPORT_PAGE = 500;

/** Stock checkout took (physical and service lines, see CheckoutService) is what a cancellation returns. */
const STOCK_TAKING_TYPES: ReadonlySet<unknown> = new Set([ProductType.PHYSICAL, ProductType.SERVICE]);

const orderNotFound = () => new HttpError(404, 'ORDER_NOT_FOUND', m.orderNotFound);

function filterOf(query: OrderFilterQuery, website: Website) {
  return {
    status: query.status,
    placedFrom: query.from ? startOfDay(query.from, website.timeZone) : undefined,
    placedBefore: query.to ? endOfDay(query.to, website.timeZone) : undefined,
    search: query.q,
  };
}

function restockOf(order: Order) {
  return order.items
    .filter((item) => item.variantId && STOCK_TAKING_TYPES.has(item.data.productType))
    .map((item) => ({ variantId: item.variantId!, quantity: item.quantity }));
}

/** One row per order line; the order's totals on its first line only, so summing a column counts them once. */
function csvRows(order: Order, website: Website): CsvValue[][] {
  const address = addressOf(order);
  const payment = paymentOf(order);
  // A decimal comma: German Excel reads '12.00' as text (or a date), '12,00' as the amount.
  const amount = (minor: number) => minorToDecimalString(minor, order.currency).replace('.', ',');
  const lines = order.items.length > 0 ? order.items : [undefined];
  return lines.map((item, i) => [
    order.orderNumber,
    localDateTime(order.createdAt, website.timeZone),
    m.statusTexts[statusOf(order)],
    payment.status ?? '',
    payment.method ?? '',
    order.customerEmail ?? '',
    address?.firstName ?? '',
    address?.lastName ?? '',
    address?.line1 ?? '',
    address?.line2 ?? '',
    address?.postalCode ?? '',
    address?.city ?? '',
    address?.country ?? '',
    item?.productName ?? '',
    item?.sku ?? '',
    item ? Object.values((item.data.attributes ?? {}) as Record<string, string>).join(' / ') : '',
    item?.quantity ?? '',
    item ? amount(item.unitPriceMinor) : '',
    i === 0 ? amount(order.subtotalMinor) : '',
    i === 0 ? amount(order.discountMinor) : '',
    i === 0 ? amount(order.shippingMinor) : '',
    i === 0 ? amount(order.taxMinor) : '',
    i === 0 ? amount(order.grandTotalMinor) : '',
    order.currency,
    order.testMode ? m.yes : m.no,
  ]);
}

export function registerOrderRoutes(parent: FastifyInstance, storage: Storage) {
  parent.register(async (admin) => {
    refuseNulCharacters(admin);
    const view = { preHandler: requireSitePermission('commerce.view') };
    const manage = { preHandler: requireSitePermission('commerce.orders') };

    admin.get('/sites/:siteId/orders', view, async (request) => {
      const { websiteId } = accessedSite(request);
      const query = parseInput(orderFilterQuery, request.query);
      const website = await websiteById(storage, websiteId);
      const { orders, total } = await storage.orders.list(websiteId, {
        ...filterOf(query, website),
        limit: query.limit,
        offset: query.offset,
      });
      return { orders: orders.map(orderSummaryView), total, limit: query.limit, offset: query.offset };
    });

    admin.get('/sites/:siteId/orders/export.csv', view, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const query = parseInput(orderFilterQuery, request.query);
      const website = await websiteById(storage, websiteId);
      const filter = filterOf(query, website);
      const first = await storage.orders.list(websiteId, { ...filter, limit: EXPORT_PAGE });
      if (first.total > MAX_EXPORTED_ORDERS)
        throw new HttpError(413, 'TOO_MANY_ORDERS', m.tooManyToExport(MAX_EXPORTED_ORDERS));
      const rows: CsvValue[][] = first.orders.flatMap((order) => csvRows(order, website));
      // Pages by offset over a list ordered newest first; an order placed meanwhile may shift one row
      // onto two pages, so orders already written are skipped.
      const written = new Set(first.orders.map((o) => o.id));
      for (let offset = EXPORT_PAGE; offset < first.total; offset += EXPORT_PAGE) {
        const page = await storage.orders.list(websiteId, { ...filter, limit: EXPORT_PAGE, offset });
        for (const order of page.orders) {
          if (written.has(order.id)) continue;
          written.add(order.id);
          rows.push(...csvRows(order, website));
        }
      }
      const today = localDateTime(Date.now(), website.timeZone).slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${m.csvFileName(today)}"`)
        .header('cache-control', 'no-store')
        .send(csvDocument(m.csvHeadings, rows));
    });

    admin.get('/sites/:siteId/orders/:orderId', view, async (request) => {
      const { websiteId } = accessedSite(request);
      const { orderId } = parseInput(orderParams, request.params);
      const order = await storage.orders.findById(websiteId, orderId);
      if (!order) throw orderNotFound();
      // Withdrawals through "Vertrag widerrufen" and the legal texts' version the order was placed under.
      const [withdrawals, legalTextVersion] = await Promise.all([
        storage.legal.withdrawalsOf(websiteId, order.id),
        storage.legal.acceptedVersion(websiteId, order.id),
      ]);
      return {
        order: { ...orderDetailView(order), withdrawals, legalTextVersion: legalTextVersion ?? null },
      };
    });

    admin.post('/sites/:siteId/orders/:orderId/fulfil', manage, async (request) => {
      const { websiteId } = accessedSite(request);
      const { orderId } = parseInput(orderParams, request.params);
      const website = await websiteById(storage, websiteId);
      const change = await fulfilOrder(
        storage,
        website,
        orderId,
        siteBaseUrl(website, request.server.publicUrl),
      );
      if (change.outcome === 'not-found') throw orderNotFound();
      if (change.outcome === 'refused') {
        throw statusOf(change.order) === 'cancelled'
          ? new HttpError(409, 'ORDER_CANCELLED', m.cannotFulfilCancelled)
          : new HttpError(409, 'ORDER_ALREADY_FULFILLED', m.alreadyFulfilled);
      }
      return { order: orderDetailView(change.order) };
    });

    // Vorkasse: the owner sees the transfer on the bank statement and marks the order paid; its
    // downloads open from then on, and the gift cards it bought get their codes and go out by mail, in
    // the same transaction (security review #18, finding 1).
    admin.post('/sites/:siteId/orders/:orderId/mark-paid', manage, async (request) => {
      const { websiteId } = accessedSite(request);
      const { orderId } = parseInput(orderParams, request.params);
      const website = await websiteById(storage, websiteId);
      const change = await storage.transaction(async (tx) => {
        const marked = await tx.orders.markPaid(websiteId, orderId);
        if (marked.outcome === 'changed') {
          // The same "became paid" step as a provider's payment: gift cards, the paid mail with the
          // downloads. The mail's link: the site's configured address, as every other mail (site-url.ts).
          await whenOrderPaid(tx, website, marked.order, siteBaseUrl(website, request.server.publicUrl));
        }
        return marked;
      });
      if (change.outcome === 'not-found') throw orderNotFound();
      if (change.outcome === 'refused') {
        throw statusOf(change.order) === 'cancelled'
          ? new HttpError(409, 'ORDER_CANCELLED', m.cannotPayCancelled)
          : new HttpError(409, 'ORDER_ALREADY_PAID', m.alreadyPaid);
      }
      return { order: orderDetailView(change.order) };
    });

    admin.post('/sites/:siteId/orders/:orderId/cancel', manage, async (request) => {
      const { websiteId } = accessedSite(request);
      const { orderId } = parseInput(orderParams, request.params);
      // The gift cards the order bought are voided with it; a card already spent from makes the whole
      // cancellation roll back with a 409 that says why (security review #18, finding 1).
      const change = await storage.transaction(async (tx) => {
        const cancelled = await tx.orders.cancel(websiteId, orderId, restockOf);
        if (cancelled.outcome === 'changed') {
          await voidGiftCardsOf(tx, websiteId, orderId);
          await tx.orderEvents.add(websiteId, { orderId, kind: 'cancelled' });
          // A paid order's invoice is cancelled by a Stornorechnung in the same transaction (§ 14 UStG).
          await issueCancellationFor(tx, await websiteById(tx, websiteId), cancelled.order);
        }
        return cancelled;
      });
      if (change.outcome === 'not-found') throw orderNotFound();
      if (change.outcome === 'refused') {
        throw statusOf(change.order) === 'fulfilled'
          ? new HttpError(409, 'ORDER_FULFILLED', m.cannotCancelFulfilled)
          : new HttpError(409, 'ORDER_ALREADY_CANCELLED', m.alreadyCancelled);
      }
      return { order: orderDetailView(change.order) };
    });
  });
}
