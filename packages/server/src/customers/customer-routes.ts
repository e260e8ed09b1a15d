import { minorToDecimalString } from '@baukasten/commerce';
import type { CustomerSummary, Storage, Website } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { emailField, parseInput } from '../admin/admin-input.js';
import { refuseNulCharacters } from '../admin/catalog/text-guard.js';
import { csvDocument } from '../admin/orders/order-csv.js';
import { localDateTime } from '../admin/orders/zoned-dates.js';
import { accessedSite, requireSitePermission } from '../admin/permissions.js';
import { HttpError } from '../http-error.js';
import { websiteById } from '../site-request.js';
import { customerDataExport } from './customer-data-export.js';

/*
 * The shop's customers in the editor (the same permissions as orders: commerce.view to look, commerce.orders
 * to export one person's data or erase it). Guests are grouped by e-mail address, accounts are listed even
 * without an order. Erasure (Art. 17 DSGVO) deletes the account, its sessions and addresses, newsletter and
 * restock entries, and anonymises the orders: names, e-mail and addresses go, amounts and lines stay for
 * the books (§ 147 AO, 10 years); issued invoices stay unchanged, as § 14b UStG requires.
 */

export const CUSTOMER_ROUTE_MESSAGES = {
  notFound: 'Zu dieser E-Mail-Adresse ist nichts gespeichert.',
  confirmMismatch: 'Bitte gib zur Bestätigung die E-Mail-Adresse der Kundin oder des Kunden ein.',
  csvHeadings: [
    'E-Mail',
    'Name',
    'Kundenkonto',
    'Bestellungen',
    'Umsatz',
    'Währung',
    'Letzte Bestellung',
    'Newsletter',
  ],
  csvFileName: (day: string) => `kunden-${day}.csv`,
  newsletter: { confirmed: 'angemeldet', pending: 'unbestätigt', unsubscribed: 'abgemeldet', none: 'nein' },
  yes: 'ja',
  no: 'nein',
} as const;
const msg = CUSTOMER_ROUTE_MESSAGES;

const listQuery = z.object({
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
const emailQuery = z.object({ email: emailField });
const eraseInput = z.object({ email: emailField, confirmEmail: z.string().max(320) }).strict();

const customerView = (c: CustomerSummary, currency: string) => ({
  email: c.email,
  name: c.name ?? null,
  hasAccount: c.accountId !== undefined,
  orderCount: c.orderCount,
  totalSpentMinor: c.totalSpentMinor,
  currency,
  lastOrderAt: c.lastOrderAt ?? null,
  since: c.since,
  newsletter: c.newsletter,
});

function csvRow(c: CustomerSummary, website: Website) {
  return [
    c.email,
    c.name ?? '',
    c.accountId ? msg.yes : msg.no,
    c.orderCount,
    // A decimal comma: German Excel reads '12,00' as the amount (as the order export does).
    minorToDecimalString(c.totalSpentMinor, website.currency).replace('.', ','),
    website.currency,
    c.lastOrderAt ? localDateTime(c.lastOrderAt, website.timeZone) : '',
    msg.newsletter[c.newsletter],
  ];
}

export function registerCustomerRoutes(parent: FastifyInstance, storage: Storage) {
  parent.register(async (admin) => {
    refuseNulCharacters(admin);
    const view = { preHandler: requireSitePermission('commerce.view') };
    const manage = { preHandler: requireSitePermission('commerce.orders') };

    admin.get('/sites/:siteId/customers', view, async (request) => {
      const { websiteId } = accessedSite(request);
      const query = parseInput(listQuery, request.query);
      const website = await websiteById(storage, websiteId);
      const { customers, total } = await storage.customerDirectory.list(websiteId, {
        search: query.q,
        limit: query.limit,
        offset: query.offset,
      });
      return {
        customers: customers.map((c) => customerView(c, website.currency)),
        total,
        limit: query.limit,
        offset: query.offset,
      };
    });

    admin.get('/sites/:siteId/customers/export.csv', view, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const query = parseInput(listQuery.pick({ q: true }), request.query);
      const website = await websiteById(storage, websiteId);
      const { customers } = await storage.customerDirectory.list(websiteId, { search: query.q, limit: 0 });
      const today = localDateTime(Date.now(), website.timeZone).slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${msg.csvFileName(today)}"`)
        .header('cache-control', 'no-store')
        .send(
          csvDocument(
            msg.csvHeadings,
            customers.map((c) => csvRow(c, website)),
          ),
        );
    });

    // Art. 15/20 DSGVO: one person's data as a JSON download.
    admin.get('/sites/:siteId/customers/data', manage, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const { email } = parseInput(emailQuery, request.query);
      const website = await websiteById(storage, websiteId);
      if (!(await storage.customerDirectory.find(websiteId, email)))
        throw new HttpError(404, 'CUSTOMER_NOT_FOUND', msg.notFound);
      const data = await customerDataExport(storage, website, email.toLowerCase());
      const name = `kundendaten-${email.toLowerCase().replace(/[^a-z0-9.@_-]/g, '_')}.json`;
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(data, null, 2));
    });

    // Art. 17 DSGVO: the owner types the address again, so a slip of the mouse erases nobody.
    admin.post('/sites/:siteId/customers/erase', manage, async (request) => {
      const { websiteId } = accessedSite(request);
      const input = parseInput(eraseInput, request.body);
      if (input.confirmEmail.trim().toLowerCase() !== input.email.toLowerCase())
        throw new HttpError(400, 'CONFIRMATION_MISMATCH', msg.confirmMismatch);
      const erasure = await storage.customerDirectory.erase(websiteId, input.email);
      if (!erasure.found) throw new HttpError(404, 'CUSTOMER_NOT_FOUND', msg.notFound);
      request.log.info({ websiteId, ordersAnonymised: erasure.ordersAnonymised }, 'customer erased');
      return { erasure };
    });
  });
}
