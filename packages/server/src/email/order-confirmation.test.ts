import type { Order, Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { CheckoutService } from '../commerce/checkout-service.js';
import { defaultPaymentProviders } from '../commerce/payment-providers.js';
import { createTestShop, germanAddress, type TestShop, Visitor } from '../commerce/test-shop.js';
import { createMailer } from './mailer.js';
import { OutboxWorker } from './outbox-worker.js';
import { type ReceivedMail, type SmtpTestPeer, startSmtpTestPeer } from './smtp-test-peer.js';

/*
 * The order confirmation: queued in the order's transaction by every checkout, delivered by the outbox
 * worker to a real SMTP server, read back like a mail client would.
 */

const FROM = 'Testladen <laden@example.de>';
const NBSP = /\u00a0/g;

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let peer: SmtpTestPeer;
  const host = 'bestaetigung.test';

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, host, 10, {
      bankTransfer: {
        accountHolder: 'Testladen GmbH',
        iban: 'DE02 1203 0000 0000 2020 51',
        bic: 'BYLADEM1001',
      },
    });
    // The test card pays in these tests: the server runs in test mode, as with NODE_ENV other than production.
    app = await buildApp({ storage, logLevel: 'silent', serverTestMode: true });
    peer = await startSmtpTestPeer();
  });
  afterAll(async () => {
    await app?.close();
    await peer?.close();
  });

  const visitor = () => new Visitor(app, host).start();
  const sku = (suffix: string) => `${host}-${suffix}`;
  const confirmations = () =>
    storage.outbox.listByWebsite(shop.websiteId, { kind: 'order-confirmation', limit: 1000 });
  /** Delivers everything queued to the SMTP peer and answers what arrived for `to`. */
  const deliver = async (to: string): Promise<ReceivedMail[]> => {
    peer.received.length = 0;
    const mailer = createMailer({ smtpUrl: peer.url, mailDir: '' });
    await new OutboxWorker({ storage, mailer, from: FROM }).drain();
    mailer.close();
    return peer.received.filter((m) => m.to === to);
  };
  const orderOf = (res: { json(): { order: { id: string } } }) =>
    storage.orders.findById(shop.websiteId, res.json().order.id) as Promise<Order>;

  it('R3.13.1 a Vorkasse order mails number, lines, totals, address, transfer details and download links', async () => {
    const v = await visitor();
    await v.add(shop.mug.id, sku('TASSE'), 2);
    await v.add(shop.ebook.id, sku('EBOOK'), 1);
    const res = await v.checkout({ email: 'vorkasse@example.de', couponCodes: ['ZEHN'] });
    expect(res.statusCode).toBe(201);
    const order = await orderOf(res);
    const [mail, ...more] = await deliver('vorkasse@example.de');
    expect(more).toEqual([]);
    expect(mail.subject).toBe(`Deine Bestellung Nr. ${order.orderNumber} bei Testladen`);
    expect(mail.from).toContain('laden@example.de');
    const text = mail.text.replace(NBSP, ' ');
    expect(text).toContain('Hallo Erika,');
    expect(text).toContain(`Bestellnummer: ${order.orderNumber}`);
    expect(text).toContain(`2 × Tasse (${sku('TASSE')}): 24,00 €`);
    expect(text).toContain(`1 × E-Book (${sku('EBOOK')}): 9,99 €`);
    // 3399 goods, 10 % off = 339, 800 g ship for 4,90 €: 3550
    expect(text).toContain('Zwischensumme: 33,99 €');
    expect(text).toContain('Rabatt (ZEHN): −3,39 €');
    expect(text).toContain('Versand (Standardversand): 4,90 €');
    expect(text).toContain('Gesamtsumme: 35,50 €');
    expect(text).toContain('Lieferadresse:\nErika Mustermann\nHauptstraße 1\n10115 Berlin\nDeutschland');
    expect(text).toContain(
      `Bitte überweise 35,50 € mit dem Verwendungszweck „Bestellung ${order.orderNumber}“.`,
    );
    expect(text).toContain('IBAN: DE02 1203 0000 0000 2020 51');
    expect(text).toContain('Kontoinhaber: Testladen GmbH');
    // Unpaid: the download link is the goods, so the mail names when it comes instead of carrying it.
    const token = order.items[1].data.downloadToken as string;
    expect(text).not.toContain(token);
    expect(mail.html).not.toContain(token);
    expect(text).toContain('Die Download-Links erhältst du, sobald deine Zahlung eingegangen ist.');
    expect(mail.html).toContain('<html lang="de">');
  });

  it('R3.13.1 a card payment says it is paid and asks for no transfer; no address for a digital-only order', async () => {
    const v = await visitor();
    await v.add(shop.ebook.id, sku('EBOOK'), 1);
    const res = await v.checkout({
      email: 'karte@example.de',
      shippingAddress: undefined,
      paymentMethod: 'test-card',
      paymentDetails: { cardNumber: '4242424242424242' },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await deliver('karte@example.de');
    expect(mail.text).toContain('Zahlungsart: Kreditkarte (Testmodus) – die Zahlung ist eingegangen.');
    expect(mail.text).toContain('Dies ist eine Testbestellung; es wurde nichts berechnet.');
    expect(mail.text).not.toContain('Bitte überweise');
    expect(mail.text).not.toContain('Lieferadresse');
    expect(mail.text).not.toContain('sobald deine Zahlung eingegangen ist');
    expect(mail.text).toMatch(new RegExp(`E-Book: http://${host}/downloads/[0-9a-f]{32}`));
  });

  it('R3.13.1 a repeated submit mails once; a declined or out-of-stock checkout mails nothing', async () => {
    const before = (await confirmations()).length;
    const v = await visitor();
    await v.add(shop.mug.id, sku('TASSE'), 1);
    const [a, b] = await Promise.all([v.checkout(), v.checkout()]);
    expect(b.json().order.id).toBe(a.json().order.id);
    expect((await confirmations()).length).toBe(before + 1);

    const declined = await visitor();
    await declined.add(shop.mug.id, sku('TASSE'), 1);
    const refused = await declined.checkout({
      paymentMethod: 'test-card',
      paymentDetails: { cardNumber: '4000000000000002' },
    });
    expect(refused.statusCode).toBe(402);
    const late = await visitor();
    await late.add(shop.service.id, sku('BERATUNG'), 1);
    const early = await visitor();
    await early.add(shop.service.id, sku('BERATUNG'), 1);
    expect((await early.checkout({ shippingAddress: undefined })).statusCode).toBe(201);
    expect((await late.checkout({ shippingAddress: undefined })).statusCode).toBe(409);
    expect((await confirmations()).length).toBe(before + 2);
  });

  it('the mail commits with the order: when the order transaction fails, neither is kept', async () => {
    const before = (await confirmations()).length;
    const v = await visitor();
    await v.add(shop.mug.id, sku('TASSE'), 1);
    const website = (await storage.websites.findById(shop.websiteId))!;
    const checkout = new CheckoutService(storage, defaultPaymentProviders);
    const input = {
      email: 'erika@example.de',
      shippingAddress: germanAddress,
      paymentMethod: 'bank-transfer',
    };
    await expect(
      checkout.checkout(website, v.cookies.get('cart'), input, {
        shopUrl: 'http://localhost',
        whenPlaced: async () => {
          throw new Error('subscription could not be recorded');
        },
      }),
    ).rejects.toThrow('subscription could not be recorded');
    expect((await confirmations()).length).toBe(before);
    const cart = await storage.carts.find(shop.websiteId, v.cookies.get('cart')!);
    expect(cart!.isPurchased).toBe(false);
  });

  it('a gift card purchase, which places its order through the same checkout, is confirmed too', async () => {
    const v = await visitor();
    const res = await v.request('POST', '/api/commerce/checkout/giftcard', {
      websiteId: shop.websiteId,
      giftCardProductId: shop.giftCard.id,
      sku: sku('GC50'),
      email: 'schenker@example.de',
      recipientEmail: 'beschenkt@example.de',
      paymentMethod: 'bank-transfer',
    });
    expect(res.statusCode).toBe(201);
    const order = await orderOf(res);
    const mails = await deliver('schenker@example.de');
    expect(mails.map((m) => m.subject)).toEqual([`Deine Bestellung Nr. ${order.orderNumber} bei Testladen`]);
    expect(mails[0].text.replace(NBSP, ' ')).toContain(`1 × Gutschein (${sku('GC50')}): 50,00 €`);
    // The code itself goes only to the recipient, in its own mail.
    expect(mails[0].text).not.toContain(res.json().giftCard.code);
  });

  it('R7.1.4 a subscription, whose first order goes through the same checkout, is confirmed too', async () => {
    const coffee = await storage.items.create(shop.websiteId, {
      collectionId: shop.mug.collectionId,
      urlId: 'kaffee-abo',
      title: 'Kaffee im Abo',
      product: {
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { unit: 'MONTH', value: 1 }, numBillingCycles: 0 },
        variants: [{ sku: sku('KAFFEE'), priceMinor: 890, qtyInStock: 20, weightGrams: 250 }],
      },
    });
    const v = await visitor();
    const started = await v.request('POST', '/api/3/commerce/cart/subscription', {
      itemId: coffee.id,
      sku: sku('KAFFEE'),
      qty: 2,
    });
    expect(started.statusCode, started.body).toBe(200);
    const res = await v.request('POST', '/api/commerce/checkout/subscribe', {
      cartToken: started.json().data.cartToken,
      email: 'abo@example.de',
      shippingAddress: germanAddress,
      paymentMethod: 'bank-transfer',
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = await orderOf(res);
    const [mail] = await deliver('abo@example.de');
    expect(mail.subject).toBe(`Deine Bestellung Nr. ${order.orderNumber} bei Testladen`);
    expect(mail.text.replace(NBSP, ' ')).toContain(`2 × Kaffee im Abo (${sku('KAFFEE')}): 17,80 €`);
  });
});
