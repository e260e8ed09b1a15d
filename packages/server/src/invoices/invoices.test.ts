import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { buildApp } from '../app.js';
import { createTestShop, germanAddress, type TestShop, Visitor } from '../commerce/test-shop.js';
import { whenOrderPaid } from '../payments/order-paid.js';
import { facturXml } from './factur-x.js';
import type { InvoiceData } from './invoice-data.js';
import { issueCancellationFor } from './invoice-service.js';

const FIXTURES = join(import.meta.dirname, 'test-fixtures', 'factur-x');
const MAIN_XSD = 'Factur-X_EN16931.xsd';

/** Validates CII XML against the Factur-X 1.0.9 EN 16931 XSD; the errors, or [] when valid. */
async function schemaErrors(xml: string): Promise<string[]> {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.xsd'));
  const result = await validateXML({
    xml: [{ fileName: 'factur-x.xml', contents: xml }],
    schema: [{ fileName: MAIN_XSD, contents: readFileSync(join(FIXTURES, MAIN_XSD), 'utf8') }],
    preload: files
      .filter((f) => f !== MAIN_XSD)
      .map((fileName) => ({ fileName, contents: readFileSync(join(FIXTURES, fileName), 'utf8') })),
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

const card = { paymentMethod: 'test-card', paymentDetails: { cardNumber: '4242 4242 4242 4242' } };
const seller = {
  legal: {
    companyName: 'Rösterei Muster GmbH',
    street: 'Hafenstraße 1',
    postalCode: '20457',
    city: 'Hamburg',
    country: 'DE',
    vatId: 'DE123456789',
  },
  vat: { taxNumber: '22/815/08154' },
};

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, 'rechnung.test', 50, seller);
    // The e-book takes the reduced rate (§ 12 Abs. 2 Nr. 14 UStG).
    await storage.pricing.setTaxClass(shop.websiteId, shop.ebook.id, 'reduced');
    app = await buildApp({ storage, logLevel: 'silent', serverTestMode: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  const visitor = () => new Visitor(app, shop.hostname).start();
  const invoicesOf = (orderId: string) => storage.invoices.forOrder(shop.websiteId, orderId);

  it('§14 UStG: an order paid at the checkout gets its invoice at once, with every rate broken down', async () => {
    const v = await visitor();
    await v.add(shop.mug.id, `${shop.hostname}-TASSE`, 2);
    await v.add(shop.ebook.id, `${shop.hostname}-EBOOK`, 1);
    const cart = (await v.request('GET', '/api/commerce/shopping-cart')).json();
    // The cart already shows VAT per rate: 19 % on the mugs (and shipping share), 7 % on the e-book.
    expect(cart.vatLines.map((l: { ratePercent: number }) => l.ratePercent)).toEqual([19, 7]);
    const placed = await v.checkout(card);
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order;
    const [invoice] = await invoicesOf(order.id);
    const data = invoice.data as unknown as InvoiceData;
    expect(data).toMatchObject({
      kind: 'invoice',
      numberText: `RE-${String(invoice.number).padStart(5, '0')}`,
      seller: {
        name: 'Rösterei Muster GmbH',
        vatId: 'DE123456789',
        taxNumber: '22/815/08154',
        countryName: 'Deutschland',
      },
      buyer: { name: 'Erika Mustermann', countryName: 'Deutschland' },
      grandTotalMinor: order.grandTotalCents,
    });
    expect(data.vatLines.map((l) => l.ratePercent)).toEqual([19, 7]);
    expect(data.vatLines.reduce((a, l) => a + l.vatMinor, 0)).toBe(order.taxTotalCents);
    expect(data.lines.map((l) => [l.description, l.quantity, l.ratePercent])).toEqual([
      ['Tasse', 2, 19],
      ['E-Book', 1, 7],
    ]);
  });

  it('§14 UStG: a Vorkasse order is invoiced only when it becomes paid, and downloads from the status page with its email', async () => {
    const v = await visitor();
    await v.add(shop.mug.id, `${shop.hostname}-TASSE`, 1);
    const order = (await v.checkout()).json().order;
    expect(await invoicesOf(order.id)).toEqual([]);
    await storage.transaction(async (tx) => {
      const marked = await tx.orders.markPaid(shop.websiteId, order.id);
      const website = (await tx.websites.findById(shop.websiteId))!;
      if (marked.outcome === 'changed')
        await whenOrderPaid(tx, website, marked.order, 'http://rechnung.test');
    });
    const [invoice] = await invoicesOf(order.id);
    expect(invoice.kind).toBe('invoice');
    const url = `/bestellung/${order.orderNumber}/rechnung/${invoice.number}.pdf`;
    const pdf = await v.request('GET', `${url}?email=${encodeURIComponent('Erika@Example.de')}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`Rechnung-RE-`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // PDF/A-3b, as the e-invoice container requires.
    expect(pdf.rawPayload.toString('latin1')).toContain('<pdfaid:part>3</pdfaid:part>');
    const wrong = await v.request('GET', `${url}?email=jemand@example.de`);
    // A wrong email looks like an unknown invoice: no PDF.
    expect(wrong.statusCode).toBe(404);
    expect(wrong.headers['content-type']).not.toBe('application/pdf');
  });

  it('§14 UStG: cancelling a paid order issues a Stornorechnung with the next number, all amounts negated', async () => {
    const v = await visitor();
    await v.add(shop.mug.id, `${shop.hostname}-TASSE`, 1);
    const order = (await v.checkout(card)).json().order;
    const storno = await storage.transaction(async (tx) =>
      issueCancellationFor(
        tx,
        (await tx.websites.findById(shop.websiteId))!,
        (await tx.orders.findById(shop.websiteId, order.id))!,
      ),
    );
    const [invoice, cancellation] = await invoicesOf(order.id);
    expect(cancellation.number).toBe(invoice.number + 1);
    expect(storno?.cancelsNumber).toBe(invoice.number);
    const data = cancellation.data as unknown as InvoiceData;
    expect(data.cancelsNumberText).toBe((invoice.data as unknown as InvoiceData).numberText);
    expect(data.grandTotalMinor).toBe(-order.grandTotalCents);
    expect(data.lines[0].quantity).toBe(-1);
  });

  it('§14a UStG: a business in Austria with its USt-IdNr. pays net; its Factur-X XML passes the EN 16931 XSD', async () => {
    const v = await visitor();
    await v.add(shop.mug.id, `${shop.hostname}-TASSE`, 2);
    await v.add(shop.ebook.id, `${shop.hostname}-EBOOK`, 1);
    const placed = await v.checkout({
      ...card,
      company: 'Wiener Werkstatt GmbH',
      vatId: 'ATU12345678',
      couponCodes: ['ZEHN'],
      shippingAddress: { ...germanAddress, country: 'AT', postalCode: '1010', city: 'Wien' },
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order;
    expect(order.taxTotalCents).toBe(0);
    const data = (await invoicesOf(order.id))[0].data as unknown as InvoiceData;
    expect(data.business).toBe(true);
    expect(data.vatNote).toContain('innergemeinschaftliche Lieferung');
    // The printed net lines, minus the discount, plus shipping, are exactly what was paid.
    const lines = data.lines.reduce((a, l) => a + l.totalMinor, 0);
    expect(lines - data.discountMinor + data.shippingMinor).toBe(order.grandTotalCents);
    const xml = facturXml(data);
    expect(await schemaErrors(xml)).toEqual([]);
    expect(xml).toContain('<ram:CategoryCode>K</ram:CategoryCode>');
    const pdf = await v.request(
      'GET',
      `/bestellung/${order.orderNumber}/rechnung/${(await invoicesOf(order.id))[0].number}.pdf?email=erika@example.de`,
    );
    const text = pdf.rawPayload.toString('latin1');
    expect(text).toContain('/AFRelationship /Alternative');
    expect(text).toContain('factur-x.xml');
  });

  it('§14 UStG: a German business gets the e-invoice with both rates, valid against the XSD; a wrong USt-IdNr. is refused in German', async () => {
    const v = await visitor();
    await v.add(shop.mug.id, `${shop.hostname}-TASSE`, 1);
    await v.add(shop.ebook.id, `${shop.hostname}-EBOOK`, 2);
    const refused = await v.checkout({ ...card, company: 'Muster KG', vatId: 'DE12' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.vatId).toBe(
      'Diese USt-IdNr. hat nicht das Format des Lieferlandes (z. B. DE123456789).',
    );
    const order = (
      await v.checkout({ ...card, company: 'Muster KG', vatId: 'DE 987 654 321', couponCodes: ['ZEHN'] })
    ).json().order;
    const data = (await invoicesOf(order.id))[0].data as unknown as InvoiceData;
    expect(data.buyer).toMatchObject({ company: 'Muster KG', vatId: 'DE987654321' });
    const xml = facturXml(data);
    expect(await schemaErrors(xml)).toEqual([]);
    expect(xml).toContain('<ram:RateApplicablePercent>7.00</ram:RateApplicablePercent>');
    expect(xml).toContain(
      `<ram:GrandTotalAmount>${(order.grandTotalCents / 100).toFixed(2)}</ram:GrandTotalAmount>`,
    );
  });
});

describe('Factur-X schema check', () => {
  it('§14 UStG: the XSD check catches a broken e-invoice (it can fail)', async () => {
    const errors = await schemaErrors(
      '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><rsm:Nonsense/></rsm:CrossIndustryInvoice>',
    );
    expect(errors.length).toBeGreaterThan(0);
  });
});
