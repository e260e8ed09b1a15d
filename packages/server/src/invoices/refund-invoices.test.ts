import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop, Visitor } from '../commerce/test-shop.js';
import { WithdrawalService } from '../legal/withdrawal-service.js';
import type { PaymentSetup } from '../payments/payment-setup.js';
import { refundOrder } from '../payments/refund-service.js';
import type { InvoiceData } from './invoice-data.js';

const card = { paymentMethod: 'test-card', paymentDetails: { cardNumber: '4242 4242 4242 4242' } };
const seller = {
  legal: {
    companyName: 'Rösterei Muster GmbH',
    street: 'Hafenstraße 1',
    postalCode: '20457',
    city: 'Hamburg',
    country: 'DE',
    vatId: 'DE123456789',
    email: 'shop@example.de',
  },
};
// The test card is refunded like Vorkasse: recorded as a transfer to the shopper's IBAN.
const IBAN = 'DE89 3704 0044 0532 0130 00';
const noProviders = {} as PaymentSetup;

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, 'erstattung.test', 50, seller);
    await storage.pricing.setTaxClass(shop.websiteId, shop.ebook.id, 'reduced');
    app = await buildApp({ storage, logLevel: 'silent', serverTestMode: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  const invoicesOf = (orderId: string) => storage.invoices.forOrder(shop.websiteId, orderId);
  const dataOf = (invoice: { data: unknown }) => invoice.data as InvoiceData;
  const paidOrder = async (items: [string, string, number][]) => {
    const v = await new Visitor(app, shop.hostname).start();
    for (const [id, sku, quantity] of items) await v.add(id, `${shop.hostname}-${sku}`, quantity);
    const placed = await v.checkout(card);
    expect(placed.statusCode).toBe(201);
    return (await storage.orders.findById(shop.websiteId, placed.json().order.id))!;
  };
  const refund = async (orderId: string, amountMinor: number, key: string) => {
    const order = (await storage.orders.findById(shop.websiteId, orderId))!;
    return refundOrder(storage, noProviders, order, { amountMinor, iban: IBAN, idempotencyKey: key });
  };

  it('§14 UStG: refunding a paid order in full at once issues its Stornorechnung, once per refund key', async () => {
    const order = await paidOrder([[shop.mug.id, 'TASSE', 1]]);
    await refund(order.id, order.grandTotalMinor, `voll-${order.id}`);
    await refund(order.id, order.grandTotalMinor, `voll-${order.id}`);
    const [invoice, storno, ...rest] = await invoicesOf(order.id);
    expect(rest).toEqual([]);
    expect(storno).toMatchObject({ kind: 'cancellation', cancelsNumber: invoice.number });
    expect(dataOf(storno).grandTotalMinor).toBe(-order.grandTotalMinor);
  });

  it('§14 UStG: each partial refund gets a correcting invoice for its amount, VAT split per rate, adding up to the invoice', async () => {
    const order = await paidOrder([
      [shop.mug.id, 'TASSE', 2],
      [shop.ebook.id, 'EBOOK', 1],
    ]);
    const first = 1000;
    await refund(order.id, first, `teil-1-${order.id}`);
    await refund(order.id, first, `teil-1-${order.id}`);
    await refund(order.id, order.grandTotalMinor - first, `teil-2-${order.id}`);
    const [invoice, one, two, ...rest] = await invoicesOf(order.id);
    expect(rest).toEqual([]);
    expect([one.kind, two.kind]).toEqual(['correction', 'correction']);
    expect([one.number, two.number]).toEqual([invoice.number + 1, invoice.number + 2]);
    const a = dataOf(one);
    expect(a.numberText).toBe(`KR-${String(one.number).padStart(5, '0')}`);
    expect(a.cancelsNumberText).toBe(dataOf(invoice).numberText);
    expect(a.grandTotalMinor).toBe(-first);
    expect(a.vatLines.map((l) => l.ratePercent)).toEqual([19, 7]);
    expect(a.lines.reduce((sum, l) => sum + l.totalMinor, 0)).toBe(-first);
    // Both corrections together take back exactly the invoice's total and VAT (to the cent per rate).
    const b = dataOf(two);
    expect(a.grandTotalMinor + b.grandTotalMinor).toBe(-order.grandTotalMinor);
    const vat = (d: InvoiceData) => d.vatLines.reduce((sum, l) => sum + l.vatMinor, 0);
    expect(Math.abs(vat(a) + vat(b) + vat(dataOf(invoice)))).toBeLessThanOrEqual(2);
    // The correction downloads as a PDF named after it.
    const pdf = await new Visitor(app, shop.hostname).request(
      'GET',
      `/bestellung/${order.orderNumber}/rechnung/${one.number}.pdf?email=erika@example.de`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`Rechnungskorrektur-${a.numberText}.pdf`);
    // The order-status page offers all three documents.
    const status = await new Visitor(app, shop.hostname).request(
      'GET',
      `/bestellung/${order.orderNumber}?email=erika@example.de`,
    );
    expect(status.body).toContain(`Rechnung herunterladen (${dataOf(invoice).numberText}, PDF)`);
    expect(status.body).toContain(`Rechnungskorrektur herunterladen (${b.numberText}, PDF)`);
  });

  it('§14 UStG: the customer account lists the invoice and downloads it only for the signed-in customer’s own order', async () => {
    const guest = await new Visitor(app, shop.hostname).start();
    await guest.add(shop.mug.id, `${shop.hostname}-TASSE`, 1);
    const placed = await guest.checkout({ ...card, email: 'kundin@example.de' });
    expect(placed.statusCode).toBe(201);
    const [invoice] = await invoicesOf(placed.json().order.id);
    const foreign = await paidOrder([[shop.mug.id, 'TASSE', 1]]);
    const [foreignInvoice] = await invoicesOf(foreign.id);

    const v = await new Visitor(app, shop.hostname).start();
    const asked = await v.form('/account/registrieren', {
      name: 'Kim Kundin',
      email: 'kundin@example.de',
      password: 'sicheres-passwort-1',
    });
    expect(asked.statusCode).toBe(303);
    const mail = (await storage.outbox.listByWebsite(shop.websiteId, { kind: 'customer-verification' })).find(
      (m) => m.to === 'kundin@example.de',
    )!;
    const link = /https?:\/\/[^/\s]+(\/account\/bestaetigen\?token=[\w%-]+)/.exec(mail.text)![1]!;
    expect((await v.request('GET', link)).statusCode).toBe(303);

    const page = (await v.request('GET', '/account/bestellungen?format=json')).json();
    const [listed] = page.orders.items;
    expect(listed.invoices).toEqual([
      { label: `Rechnung ${dataOf(invoice).numberText}`, url: `/account/rechnungen/${invoice.number}.pdf` },
    ]);
    const pdf = await v.request('GET', listed.invoices[0].url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The number is readable in the uncompressed metadata (what the e2e test checks).
    expect(pdf.rawPayload.toString('latin1')).toContain(dataOf(invoice).numberText);
    const html = (await v.request('GET', '/account/bestellungen')).body;
    expect(html).toContain(`href="/account/rechnungen/${invoice.number}.pdf"`);
    // Another customer's invoice, or no session at all: an unknown invoice.
    expect((await v.request('GET', `/account/rechnungen/${foreignInvoice.number}.pdf`)).statusCode).toBe(404);
    expect((await guest.request('GET', `/account/rechnungen/${invoice.number}.pdf`)).statusCode).toBe(401);
  });

  it('§14 UStG: a withdrawal issues no Stornorechnung when declared; the refund that follows it does', async () => {
    const order = await paidOrder([[shop.mug.id, 'TASSE', 1]]);
    const website = (await storage.websites.findById(shop.websiteId))!;
    await new WithdrawalService(storage).declare(
      website,
      {
        name: 'Erika Mustermann',
        orderNumber: String(order.orderNumber),
        email: 'erika@example.de',
        itemIds: [],
      },
      { legalLinks: [] },
    );
    expect((await storage.legal.withdrawalsOf(shop.websiteId, order.id)).length).toBe(1);
    expect((await invoicesOf(order.id)).map((i) => i.kind)).toEqual(['invoice']);
    await refund(order.id, order.grandTotalMinor, `widerruf-${order.id}`);
    expect((await invoicesOf(order.id)).map((i) => i.kind)).toEqual(['invoice', 'cancellation']);
  });
});
