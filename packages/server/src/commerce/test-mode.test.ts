import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { readConfig } from '../config.js';
import { newGiftCardCode } from '../gift-cards/gift-card-code.js';
import { TEST_MODE_BANNER_TEXT, withTestModeBanner } from './test-mode.js';
import { createTestShop, type TestShop, Visitor } from './test-shop.js';

/*
 * Security review #18, finding 2: the test card (4242 4242 4242 4242) was accepted on every site, and a
 * gift card bought with it paid a later order shown to the owner as a real one. Test payments now exist
 * only on a server in test mode or on a site its owner switched into Testmodus, always visibly.
 */

const TEST_CARD = { paymentMethod: 'test-card', paymentDetails: { cardNumber: '4242 4242 4242 4242' } };
const BUY_GIFT_CARD = '/api/commerce/checkout/giftcard';

describe('Finding 2 (#18): server test mode', () => {
  it('Finding 2 (#18): the server is in test mode unless NODE_ENV is production', () => {
    expect(readConfig({ NODE_ENV: 'production' }).serverTestMode).toBe(false);
    expect(readConfig({ NODE_ENV: 'development' }).serverTestMode).toBe(true);
    expect(readConfig({}).serverTestMode).toBe(true);
  });

  it('Finding 2 (#18): the banner goes into a page whose own layout lacks it, once', () => {
    const page = withTestModeBanner('<html><body class="x"><main>Hallo</main></body></html>');
    expect(page).toMatch(/<body class="x">\n<aside class="testmode-banner"[^>]*>Testmodus: /);
    expect(withTestModeBanner(page)).toBe(page);
  });
});

withTestDatabases((db) => {
  let storage: Storage;
  /** As on a real shop after `npm start`: NODE_ENV=production. */
  let production: FastifyInstance;
  /** A developer's machine or the demo: NODE_ENV is not production. */
  let development: FastifyInstance;
  let shop: TestShop;
  let team: ShopTeam;
  const host = 'testmodus.test';
  const ebook = () => `${host}-EBOOK`;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, host);
    production = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    development = await buildApp({ storage, logLevel: 'silent', serverTestMode: true });
    team = await shopTeam(production, storage, shop.websiteId);
  });
  afterAll(async () => {
    await production?.close();
    await development?.close();
  });

  const switchTestMode = async (on: boolean) => {
    const changed = await team.admin.patch(`/api/admin/sites/${shop.websiteId}`, {
      settings: { testMode: on },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.site.settings.testMode).toBe(on);
  };
  const ebookVisitor = async (app: FastifyInstance, quantity = 1) => {
    const v = await new Visitor(app, host).start();
    await v.add(shop.ebook.id, ebook(), quantity);
    return v;
  };
  const buyGiftCard = (v: Visitor, payment: Record<string, unknown>) =>
    v.request('POST', BUY_GIFT_CARD, {
      websiteId: shop.websiteId,
      giftCardProductId: shop.giftCard.id,
      sku: `${host}-GC25`,
      email: 'kaeufer@example.de',
      ...payment,
    });
  const ordersOfShop = async () => (await storage.orders.list(shop.websiteId, { limit: 1000 })).total;

  it('Finding 2 (#18): on a production server the test card is neither offered nor accepted, and no page shows the banner', async () => {
    const before = await ordersOfShop();
    const v = await ebookVisitor(production);
    const paid = await v.checkout({ shippingAddress: undefined, ...TEST_CARD });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().error.type).toBe('PAYMENT_METHOD_UNKNOWN');
    const checkoutPage = await v.request('GET', '/checkout');
    expect(checkoutPage.statusCode).toBe(200);
    expect(checkoutPage.body).toContain('value="bank-transfer"');
    expect(checkoutPage.body).not.toContain('value="test-card"');
    const giftCard = await buyGiftCard(v, TEST_CARD);
    expect(giftCard.statusCode).toBe(400);
    expect(giftCard.json().error.type).toBe('PAYMENT_METHOD_UNKNOWN');
    const giftCardPage = await v.request(
      'GET',
      `/checkout/giftcard?giftCardProductId=${shop.giftCard.id}&sku=${host}-GC25`,
    );
    expect(giftCardPage.body).not.toContain('value="test-card"');
    expect(await ordersOfShop()).toBe(before);
    for (const page of ['/', '/cart', '/checkout']) {
      expect((await v.request('GET', page)).body, page).not.toContain('Testmodus');
    }
  });

  it('Finding 2 (#18): a site in Testmodus takes the test card on a production server, shows the banner on every page and marks every order a test order', async () => {
    await new Visitor(production, host).request('GET', '/');
    await switchTestMode(true);
    let download = '';
    try {
      const v = await ebookVisitor(production);
      for (const page of [
        '/',
        '/laden',
        '/cart',
        '/checkout',
        `/checkout/giftcard?giftCardProductId=${shop.giftCard.id}`,
      ]) {
        const answer = await v.request('GET', page);
        expect(answer.body, page).toContain(TEST_MODE_BANNER_TEXT);
      }
      expect((await v.request('GET', '/checkout')).body).toContain('value="test-card"');
      const byCard = await v.checkout({ shippingAddress: undefined, ...TEST_CARD });
      expect(byCard.statusCode, byCard.body).toBe(201);
      expect(byCard.json().order).toMatchObject({ testMode: true, paymentStatus: 'PAID' });
      download = byCard.json().order.items[0].downloadUrl;
      expect((await v.request('GET', download)).statusCode).toBe(200);
      // Even Vorkasse is a test order while the site is in Testmodus.
      const byTransfer = await (await ebookVisitor(production)).checkout({ shippingAddress: undefined });
      expect(byTransfer.json().order).toMatchObject({ testMode: true, paymentMethod: 'bank-transfer' });
      // The owner sees both as test orders, and so do the shoppers' mails.
      for (const { id } of [byCard.json().order, byTransfer.json().order]) {
        const detail = await team.storeManager.get(`/api/admin/sites/${shop.websiteId}/orders/${id}`);
        expect(detail.body.order.testMode).toBe(true);
      }
      const [mail] = await storage.outbox.listByWebsite(shop.websiteId, {
        kind: 'order-confirmation',
        limit: 1,
      });
      expect(mail!.text).toContain('Dies ist eine Testbestellung');
    } finally {
      await switchTestMode(false);
    }
    // Switched off again: the test card is refused once more, and the test order's file is not handed out.
    const after = await (await ebookVisitor(production)).checkout({
      shippingAddress: undefined,
      ...TEST_CARD,
    });
    expect(after.statusCode).toBe(400);
    const file = await new Visitor(production, host).request('GET', download);
    expect(file.statusCode).toBe(403);
    expect(file.body).toContain('Dieser Download gehört zu einer Testbestellung');
    expect((await new Visitor(production, host).request('GET', '/')).body).not.toContain(
      TEST_MODE_BANNER_TEXT,
    );
  });

  it('Finding 2 (#18): a gift card bought with the test card is a test card and never pays a real order', async () => {
    // Bought on a development server, where the test card is accepted (and every page says so).
    const buyer = await new Visitor(development, host).start();
    expect((await buyer.request('GET', '/')).body).toContain(TEST_MODE_BANNER_TEXT);
    const bought = await buyGiftCard(buyer, TEST_CARD);
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().order.testMode).toBe(true);
    const { code, testMode } = bought.json().giftCard;
    expect(testMode).toBe(true);
    const [mail] = await storage.outbox.listByWebsite(shop.websiteId, { kind: 'gift-card', limit: 1 });
    expect(mail!.text).toContain('Testgutschein');
    const card = await storage.giftCards.findByCode(shop.websiteId, code);

    // On the production server (site not in Testmodus) it pays nothing, alone or with Vorkasse.
    for (const extra of [{}, { paymentMethod: 'bank-transfer' }]) {
      const real = await (await ebookVisitor(production)).checkout({
        shippingAddress: undefined,
        giftCardCodes: [code],
        ...extra,
      });
      expect(real.statusCode).toBe(400);
      expect(real.json().error).toEqual({
        type: 'GIFT_CARD_TEST_ONLY',
        message:
          'Dieser Gutschein stammt aus einer Testbestellung und kann nur für Testbestellungen eingelöst werden.',
      });
    }
    // Where test payments are possible it still never pays toward a real Vorkasse order (3 e-books: 29,97 €).
    const mixed = await (await ebookVisitor(development, 3)).checkout({
      shippingAddress: undefined,
      giftCardCodes: [code],
      paymentMethod: 'bank-transfer',
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.type).toBe('GIFT_CARD_TEST_ONLY');
    expect((await storage.giftCards.findById(shop.websiteId, card!.id))!.balanceMinor).toBe(2500);
    // An order it pays in full is a test order, shown as one.
    const test = await (await ebookVisitor(development)).checkout({
      shippingAddress: undefined,
      giftCardCodes: [code],
    });
    expect(test.statusCode, test.body).toBe(201);
    expect(test.json().order).toMatchObject({ testMode: true, paymentMethod: 'gift-card' });

    // And a real card is never spent on a test order.
    const realCode = newGiftCardCode();
    await storage.giftCards.issue(shop.websiteId, { code: realCode, amountMinor: 500, currency: 'EUR' });
    const realOnTest = await (await ebookVisitor(development)).checkout({
      shippingAddress: undefined,
      giftCardCodes: [realCode],
      ...TEST_CARD,
    });
    expect(realOnTest.statusCode).toBe(400);
    expect(realOnTest.json().error.type).toBe('GIFT_CARD_REAL_IN_TEST');
    expect((await storage.giftCards.findByCode(shop.websiteId, realCode))!.balanceMinor).toBe(500);
  });
});
