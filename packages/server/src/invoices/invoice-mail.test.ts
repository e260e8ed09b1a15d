import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop, Visitor } from '../commerce/test-shop.js';
import { type OutgoingEmail, transportMessage } from '../email/mailer.js';
import { OutboxWorker } from '../email/outbox-worker.js';
import { whenOrderPaid } from '../payments/order-paid.js';
import type { InvoiceData } from './invoice-data.js';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, 'rechnungsmail.test', 50);
    app = await buildApp({ storage, logLevel: 'silent', serverTestMode: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('§14 UStG: the "Zahlung eingegangen" mail carries the invoice PDF, rendered by the worker when it sends', async () => {
    const v = await new Visitor(app, shop.hostname).start();
    await v.add(shop.mug.id, `${shop.hostname}-TASSE`, 1);
    const order = (await v.checkout()).json().order;
    await storage.transaction(async (tx) => {
      const marked = await tx.orders.markPaid(shop.websiteId, order.id);
      const website = (await tx.websites.findById(shop.websiteId))!;
      if (marked.outcome === 'changed')
        await whenOrderPaid(tx, website, marked.order, 'http://rechnungsmail.test');
    });
    const [invoice] = await storage.invoices.forOrder(shop.websiteId, order.id);
    const [queued] = await storage.outbox.listByWebsite(shop.websiteId, { kind: 'payment-received' });
    // The outbox keeps a reference, not the PDF.
    expect(queued.attachments).toEqual([{ kind: 'invoice', number: invoice.number }]);

    const sent: OutgoingEmail[] = [];
    const worker = new OutboxWorker({
      storage,
      mailer: { send: async (email) => void sent.push(email), close: () => {} },
      from: 'Baukasten <no-reply@example.de>',
    });
    await worker.drain();
    const mail = sent.find((m) => m.id === queued.id)!;
    const numberText = (invoice.data as unknown as InvoiceData).numberText;
    expect(mail.files?.map((f) => [f.filename, f.contentType])).toEqual([
      [`Rechnung-${numberText}.pdf`, 'application/pdf'],
    ]);
    expect(mail.files![0].content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(transportMessage(mail).attachments?.[0]).toMatchObject({ filename: `Rechnung-${numberText}.pdf` });
  });
});
