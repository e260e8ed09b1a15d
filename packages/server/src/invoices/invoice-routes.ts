import { SESSION_MESSAGES } from '@baukasten/commerce';
import type { Storage, StoredInvoice } from '@baukasten/storage';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { accessedSite, requireSitePermission } from '../admin/permissions.js';
import { HttpError } from '../http-error.js';
import { emailMatches, findOrderByReference } from '../pages/order-lookup.js';
import type { RateLimiter } from '../rate-limit.js';
import { websiteOf } from '../site-request.js';
import type { InvoiceData } from './invoice-data.js';
import { invoiceFileName, invoicePdf } from './invoice-pdf.js';
import { invoiceLinks } from './invoice-service.js';

/*
 * Where invoices are downloaded: the order-status page (with the order's email, as the page itself asks;
 * a wrong email looks like an unknown invoice), the customer account (/account/rechnungen/<number>.pdf,
 * only for an order of the signed-in customer, see `accountInvoice`) and the editor. The PDF is rendered from the frozen invoice on every download.
 */

export const INVOICE_MESSAGES = {
  notFound: 'Diese Rechnung gibt es nicht, oder die E-Mail-Adresse passt nicht zur Bestellung.',
} as const;

const notFound = () => new HttpError(404, 'INVOICE_NOT_FOUND', INVOICE_MESSAGES.notFound);
const storeParams = z.object({
  orderNumber: z.string().min(1).max(64),
  invoice: z.string().regex(/^\d{1,12}\.pdf$/),
});
const storeQuery = z.object({ email: z.string().max(320).optional() });

export async function sendInvoicePdf(reply: FastifyReply, invoice: StoredInvoice) {
  const data = invoice.data as unknown as InvoiceData;
  const pdf = await invoicePdf(data);
  reply.header('cache-control', 'private, no-store');
  reply.header('content-disposition', `attachment; filename="${invoiceFileName(data)}"`);
  return reply.type('application/pdf').send(pdf);
}

/** /bestellung/<order>/rechnung/<number>.pdf?email=… */
export function registerInvoiceDownloads(site: FastifyInstance, storage: Storage, limiter?: RateLimiter) {
  site.get('/bestellung/:orderNumber/rechnung/:invoice', async (request, reply) => {
    const website = websiteOf(request);
    const params = storeParams.safeParse(request.params);
    const query = storeQuery.safeParse(request.query);
    if (!params.success || !query.success) throw notFound();
    if (limiter && !(await limiter.hit(`invoice:${website.id}:${request.ip}`))) {
      throw new HttpError(429, 'RATE_LIMITED', SESSION_MESSAGES.tooManyRequests);
    }
    const order = await findOrderByReference(storage, website.id, params.data.orderNumber);
    if (!order || !emailMatches(order, query.data.email ?? '')) throw notFound();
    const number = Number(params.data.invoice.replace('.pdf', ''));
    const invoice = await storage.invoices.findByNumber(website.id, number);
    if (!invoice || invoice.orderId !== order.id) throw notFound();
    return sendInvoicePdf(reply, invoice);
  });
}

/** The order's invoices for the order-status page and the customer account (links with the email). */
export async function orderInvoiceLinks(
  storage: Storage,
  websiteId: string,
  orderNumber: number,
  orderId: string,
  email: string,
) {
  const invoices = await storage.invoices.forOrder(websiteId, orderId);
  return invoiceLinks(invoices, `/bestellung/${orderNumber}/rechnung`, `?email=${encodeURIComponent(email)}`);
}

/** The account's download path of an invoice. */
export const accountInvoiceUrl = (number: number) => `/account/rechnungen/${number}.pdf`;

/**
 * The invoice `<number>.pdf` if it belongs to one of `ownOrderIds` (the signed-in customer's orders);
 * otherwise the same 404 as for an unknown number, so other customers' invoices stay invisible.
 */
export async function accountInvoice(
  storage: Storage,
  websiteId: string,
  file: string,
  ownOrderIds: ReadonlySet<string>,
) {
  if (!/^\d{1,12}\.pdf$/.test(file)) throw notFound();
  const invoice = await storage.invoices.findByNumber(websiteId, Number(file.replace('.pdf', '')));
  if (!invoice || !ownOrderIds.has(invoice.orderId)) throw notFound();
  return invoice;
}

const adminParams = z.object({ siteId: z.string(), orderId: z.string().min(1).max(64) });
const adminPdfParams = adminParams.extend({ invoice: z.string().regex(/^\d{1,12}\.pdf$/) });

/** The editor: an order's invoices, and each as PDF. */
export function registerInvoiceAdminRoutes(parent: FastifyInstance, storage: Storage) {
  parent.register(async (admin) => {
    const view = { preHandler: requireSitePermission('commerce.orders') };
    admin.get('/sites/:siteId/orders/:orderId/invoices', view, async (request) => {
      const { websiteId } = accessedSite(request);
      const params = adminParams.safeParse(request.params);
      if (!params.success) throw notFound();
      const invoices = await storage.invoices.forOrder(websiteId, params.data.orderId);
      return {
        invoices: invoiceLinks(
          invoices,
          `/api/admin/sites/${params.data.siteId}/orders/${params.data.orderId}/invoices`,
        ),
      };
    });
    admin.get('/sites/:siteId/orders/:orderId/invoices/:invoice', view, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const params = adminPdfParams.safeParse(request.params);
      if (!params.success) throw notFound();
      const invoice = await storage.invoices.findByNumber(
        websiteId,
        Number(params.data.invoice.replace('.pdf', '')),
      );
      if (!invoice || invoice.orderId !== params.data.orderId) throw notFound();
      return sendInvoicePdf(reply, invoice);
    });
  });
}
