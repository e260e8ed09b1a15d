import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestShop, germanAddress, type TestShop, Visitor } from '../../commerce/test-shop.js';
import { adminMessages } from '../admin-messages.js';
import { Browser, sharedStateWithLimits } from '../admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../catalog/shop-admin-test-kit.js';
import { orderMessages } from './order-messages.js';
import { localDateTime } from './zoned-dates.js';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let team: ShopTeam;
  let base: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `bestellungen-${db.name}.test`, 20);
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    team = await shopTeam(app, storage, shop.websiteId);
    base = `/api/admin/sites/${shop.websiteId}`;
  });
  afterAll(() => app?.close());

  const sku = (suffix: string) => `${shop.hostname}-${suffix}`;
  const stockOf = async (itemId: string, s: string) =>
    (await storage.items.findById(shop.websiteId, itemId))!.product!.variants.find((v) => v.sku === s)!
      .qtyInStock;

  /** A shopper buys: mugs (physical) and optionally an e-book (digital). */
  async function buy(
    opts: { mugs?: number; ebook?: boolean; email?: string; address?: Record<string, string> } = {},
  ) {
    const v = await new Visitor(app, shop.hostname).start();
    if (opts.mugs) await v.add(shop.mug.id, sku('TASSE'), opts.mugs);
    if (opts.ebook) await v.add(shop.ebook.id, sku('EBOOK'), 1);
    const placed = await v.checkout({
      email: opts.email ?? 'erika@example.de',
      shippingAddress: { ...germanAddress, ...opts.address },
    });
    expect(placed.statusCode).toBe(201);
    return placed.json().order as {
      id: string;
      orderNumber: number;
      items: { sku: string; downloadUrl?: string }[];
    };
  }

  it('lists orders newest first for those who may see the shop; others learn nothing', async () => {
    const first = await buy({ mugs: 1 });
    const second = await buy({ mugs: 2, ebook: true, email: 'bernd@example.de' });
    const list = await team.viewer.get(`${base}/orders`);
    expect(list.status).toBe(200);
    expect(list.body.orders.slice(0, 2).map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
    expect(list.body.orders[0]).toMatchObject({
      orderNumber: second.orderNumber,
      status: 'open',
      statusText: 'Offen',
      customerEmail: 'bernd@example.de',
      customerName: 'Erika Mustermann',
      itemCount: 3,
      currency: 'EUR',
      paymentStatus: 'AWAITING_PAYMENT',
      paymentStatusText: 'Zahlung ausstehend',
    });
    const detail = await team.viewer.get(`${base}/orders/${second.id}`);
    expect(
      detail.body.order.items.map((i: { sku: string; quantity: number; totalMinor: number }) => [
        i.sku,
        i.quantity,
        i.totalMinor,
      ]),
    ).toEqual([
      [sku('TASSE'), 2, 2400],
      [sku('EBOOK'), 1, 999],
    ]);
    expect(detail.body.order.shippingAddress).toMatchObject({ city: 'Berlin', postalCode: '10115' });

    expect((await team.editor.get(`${base}/orders`)).body.error.message).toBe(adminMessages.permissionDenied);
    expect((await team.outsider.get(`${base}/orders/${first.id}`)).status).toBe(404);
    expect(
      (await team.outsider.get(`/api/admin/sites/${team.outsiderSiteId}/orders/${first.id}`)).status,
    ).toBe(404);
    expect((await team.outsider.get(`/api/admin/sites/${team.outsiderSiteId}/orders`)).body.total).toBe(0);
    expect((await new Browser(app).get(`${base}/orders`)).status).toBe(401);
  });

  it('filters by status, by number or email, and by days in the shop’s time zone, with paging', async () => {
    const anna = await buy({ mugs: 1, email: 'Anna.Schmidt@Beispiel.de' });
    const byNumber = await team.storeManager.get(`${base}/orders?q=%23${anna.orderNumber}`);
    expect(byNumber.body.orders.map((o: { id: string }) => o.id)).toEqual([anna.id]);
    const byEmail = await team.storeManager.get(`${base}/orders?q=anna.schmidt`);
    expect(byEmail.body.orders.map((o: { id: string }) => o.id)).toEqual([anna.id]);

    const today = localDateTime(Date.now(), 'Europe/Berlin').slice(0, 10);
    const all = (await team.storeManager.get(`${base}/orders`)).body.total;
    expect((await team.storeManager.get(`${base}/orders?from=${today}&to=${today}`)).body.total).toBe(all);
    expect((await team.storeManager.get(`${base}/orders?to=2020-01-31`)).body.total).toBe(0);

    const page = await team.storeManager.get(`${base}/orders?limit=1&offset=1`);
    expect(page.body).toMatchObject({ total: all, limit: 1, offset: 1 });
    expect(page.body.orders).toHaveLength(1);

    await team.storeManager.post(`${base}/orders/${anna.id}/fulfil`);
    const fulfilled = await team.storeManager.get(`${base}/orders?status=fulfilled`);
    expect(fulfilled.body.orders.map((o: { id: string }) => o.id)).toEqual([anna.id]);
    expect((await team.storeManager.get(`${base}/orders?status=open`)).body.total).toBe(all - 1);

    const badDate = await team.storeManager.get(`${base}/orders?from=1.5.2025`);
    expect(badDate.status).toBe(400);
    expect(badDate.body.error.fields.from).toBe(orderMessages.dateInvalid);
    const reversed = await team.storeManager.get(`${base}/orders?from=2025-05-02&to=2025-05-01`);
    expect(reversed.body.error.fields.to).toBe(orderMessages.dateRangeReversed);
    const status = await team.storeManager.get(`${base}/orders?status=versendet`);
    expect(status.body.error.fields.status).toBe(orderMessages.notAnExpectedOption('versendet'));
  });

  it('cancelling gives the mugs back (not the e-book) in one go; cancelling twice is 409', async () => {
    const before = await stockOf(shop.mug.id, sku('TASSE'));
    const order = await buy({ mugs: 3, ebook: true });
    expect(await stockOf(shop.mug.id, sku('TASSE'))).toBe(before - 3);

    expect((await team.viewer.post(`${base}/orders/${order.id}/cancel`)).status).toBe(403);
    expect(
      (await team.outsider.post(`/api/admin/sites/${team.outsiderSiteId}/orders/${order.id}/cancel`)).status,
    ).toBe(404);
    expect(await stockOf(shop.mug.id, sku('TASSE'))).toBe(before - 3);

    const cancelled = await team.storeManager.post(`${base}/orders/${order.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.order).toMatchObject({
      status: 'cancelled',
      statusText: 'Storniert',
      cancelledAt: expect.any(Number),
    });
    expect(await stockOf(shop.mug.id, sku('TASSE'))).toBe(before);
    expect(await stockOf(shop.ebook.id, sku('EBOOK'))).toBe(0);

    const again = await team.admin.post(`${base}/orders/${order.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      type: 'ORDER_ALREADY_CANCELLED',
      message: orderMessages.alreadyCancelled,
    });
    expect(await stockOf(shop.mug.id, sku('TASSE'))).toBe(before);
    const fulfil = await team.admin.post(`${base}/orders/${order.id}/fulfil`);
    expect(fulfil.body.error).toEqual({
      type: 'ORDER_CANCELLED',
      message: orderMessages.cannotFulfilCancelled,
    });
  });

  it('a Vorkasse order marked paid opens its download; marking twice or a cancelled order is 409', async () => {
    const order = await buy({ ebook: true });
    const download = () =>
      app.inject({
        method: 'GET',
        url: order.items.find((i) => i.sku === sku('EBOOK'))!.downloadUrl!,
        headers: { host: shop.hostname },
      });
    expect((await download()).statusCode).toBe(403);
    const detail = await team.viewer.get(`${base}/orders/${order.id}`);
    expect(detail.body.order).toMatchObject({ paymentStatus: 'AWAITING_PAYMENT' });

    expect((await team.viewer.post(`${base}/orders/${order.id}/mark-paid`)).status).toBe(403);
    expect(
      (await team.outsider.post(`/api/admin/sites/${team.outsiderSiteId}/orders/${order.id}/mark-paid`))
        .status,
    ).toBe(404);
    expect((await download()).statusCode).toBe(403);

    const paid = await team.storeManager.post(`${base}/orders/${order.id}/mark-paid`);
    expect(paid.status).toBe(200);
    expect(paid.body.order).toMatchObject({
      paymentStatus: 'PAID',
      paymentStatusText: 'Bezahlt',
      status: 'open',
    });
    const file = await download();
    expect(file.statusCode).toBe(200);
    expect(file.body.startsWith('%PDF')).toBe(true);

    const again = await team.admin.post(`${base}/orders/${order.id}/mark-paid`);
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ type: 'ORDER_ALREADY_PAID', message: orderMessages.alreadyPaid });

    const cancelled = await buy({ mugs: 1 });
    await team.storeManager.post(`${base}/orders/${cancelled.id}/cancel`);
    const refused = await team.storeManager.post(`${base}/orders/${cancelled.id}/mark-paid`);
    expect(refused.body.error).toEqual({
      type: 'ORDER_CANCELLED',
      message: orderMessages.cannotPayCancelled,
    });
    expect((await team.viewer.get(`${base}/orders/${cancelled.id}`)).body.order.paymentStatus).toBe(
      'AWAITING_PAYMENT',
    );
  });

  it('two cancels at once give the stock back once', async () => {
    const before = await stockOf(shop.mug.id, sku('TASSE'));
    const order = await buy({ mugs: 2 });
    const answers = await Promise.all([
      team.storeManager.post(`${base}/orders/${order.id}/cancel`),
      team.admin.post(`${base}/orders/${order.id}/cancel`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await stockOf(shop.mug.id, sku('TASSE'))).toBe(before);
  });

  it('a fulfilled order stays fulfilled: no second fulfilment, no cancellation', async () => {
    const order = await buy({ mugs: 1 });
    const done = await team.websiteManager.post(`${base}/orders/${order.id}/fulfil`);
    expect(done.body.order).toMatchObject({
      status: 'fulfilled',
      statusText: 'Ausgeführt',
      fulfilledAt: expect.any(Number),
    });
    expect((await team.websiteManager.post(`${base}/orders/${order.id}/fulfil`)).body.error.type).toBe(
      'ORDER_ALREADY_FULFILLED',
    );
    const cancel = await team.websiteManager.post(`${base}/orders/${order.id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.error.message).toBe(orderMessages.cannotCancelFulfilled);
    expect((await team.admin.post(`${base}/orders/unbekannt/fulfil`)).status).toBe(404);
  });

  it('exports CSV with German headings, one row per line, RFC 4180 quoting and no formulas', async () => {
    const order = await buy({
      mugs: 2,
      ebook: true,
      email: 'csv@example.de',
      address: {
        firstName: 'Jörg "Jo"',
        lastName: '=HYPERLINK("http://boese.example","Klick")',
        line1: 'Hauptstraße 1, Hinterhaus',
        line2: '@Büro',
      },
    });
    const answer = await team.viewer.get(`${base}/orders/export.csv?q=csv@example.de`);
    expect(answer.status).toBe(200);
    expect(answer.response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.response.headers['content-disposition']).toMatch(
      /^attachment; filename="bestellungen-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text: string = answer.response.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    // German Excel: semicolons, every field quoted, decimal commas (#18, finding 9).
    const row = (...cells: (string | number)[]) =>
      cells.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(';');
    expect(lines[0]).toBe(
      row(
        ...'Bestellnummer,Datum,Status,Zahlungsstatus,Zahlungsart,E-Mail,Vorname,Nachname,Straße,Adresszusatz,PLZ,Ort,Land,Artikel,Artikelnummer,Variante,Menge,Einzelpreis,Zwischensumme,Rabatt,Versand,Steuer,Gesamtsumme,Währung,Testbestellung'.split(
          ',',
        ),
      ),
    );
    expect(lines).toHaveLength(4);
    const placedAt = localDateTime(
      (await storage.orders.findById(shop.websiteId, order.id))!.createdAt,
      'Europe/Berlin',
    );
    const customer = [
      order.orderNumber,
      placedAt,
      'Offen',
      'AWAITING_PAYMENT',
      'bank-transfer',
      'csv@example.de',
      'Jörg "Jo"',
      `'=HYPERLINK("http://boese.example","Klick")`,
      'Hauptstraße 1, Hinterhaus',
      "'@Büro",
      '10115',
      'Berlin',
      'DE',
    ];
    expect(lines[1]).toBe(
      row(
        ...customer,
        'Tasse',
        sku('TASSE'),
        '',
        2,
        '12,00',
        '33,99',
        '0,00',
        '4,90',
        '6,21',
        '38,89',
        'EUR',
        'nein',
      ),
    );
    // Totals once per order, so a sum over the column counts each order once.
    expect(lines[2]).toBe(
      row(...customer, 'E-Book', sku('EBOOK'), '', 1, '9,99', '', '', '', '', '', 'EUR', 'nein'),
    );

    const filtered = await team.viewer.get(`${base}/orders/export.csv?status=cancelled&q=csv@example.de`);
    expect(filtered.response.body).toBe(`\uFEFF${lines[0]}\r\n`);
    expect((await team.editor.get(`${base}/orders/export.csv`)).status).toBe(403);
    expect((await team.outsider.get(`${base}/orders/export.csv`)).status).toBe(404);
  });
});
