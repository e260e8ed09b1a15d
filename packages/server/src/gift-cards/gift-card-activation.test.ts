import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop, Visitor } from '../commerce/test-shop.js';

/*
 * Security review #18, finding 1: a gift card bought by bank transfer was answered with its full code
 * and spendable before anybody paid; cancelling the order left it spendable. A card of an unpaid order
 * now exists only as pending, and the order's payment or cancellation decides what becomes of it.
 */

const BUY = '/api/commerce/checkout/giftcard';
/** A gift card code anywhere in a text: four groups of four from the code alphabet. */
const CODE_ANYWHERE = /[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}/;

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let team: ShopTeam;
  let base: string;
  const host = 'gutschein-vorkasse.test';

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, host);
    // A production server: no test payments anywhere, as after `npm start` on a real shop.
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    team = await shopTeam(app, storage, shop.websiteId);
    base = `/api/admin/sites/${shop.websiteId}/orders`;
  });
  afterAll(() => app?.close());

  const visitor = () => new Visitor(app, host).start();
  /** Buys a 25 € card by Vorkasse, as in the review's attack. */
  const buyByTransfer = async (v: Visitor) => {
    const res = await v.request('POST', BUY, {
      websiteId: shop.websiteId,
      giftCardProductId: shop.giftCard.id,
      sku: `${host}-GC25`,
      email: 'kaeufer@example.de',
      paymentMethod: 'bank-transfer',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res;
  };
  const allMails = async () => storage.outbox.listByWebsite(shop.websiteId, { limit: 1000 });
  const giftMails = async () =>
    storage.outbox.listByWebsite(shop.websiteId, { kind: 'gift-card', limit: 1000 });
  const cardOf = async (orderId: string) =>
    (await storage.giftCards.listByOrder(shop.websiteId, orderId))[0]!;
  /** The owner's "Zahlung erhalten", and the code the card's mail then carries. */
  const markPaid = async (orderId: string) => {
    const before = (await giftMails()).length;
    const paid = await team.storeManager.post(`${base}/${orderId}/mark-paid`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const mails = await giftMails();
    expect(mails).toHaveLength(before + 1);
    return CODE_ANYWHERE.exec(mails[0]!.text)![0];
  };
  /** A real order of one e-book (9,99 €) that tries to pay with the code. */
  const spend = async (code: string) => {
    const v = await visitor();
    await v.add(shop.ebook.id, `${host}-EBOOK`, 1);
    return v.checkout({ shippingAddress: undefined, giftCardCodes: [code] });
  };

  it('Finding 1 (#18): a gift card bought by bank transfer has no code, balance or mail until the owner marks the order paid', async () => {
    const v = await visitor();
    const mailsBefore = (await giftMails()).length;
    const res = await buyByTransfer(v);
    const { order, giftCard } = res.json();
    expect(order).toMatchObject({ paymentMethod: 'bank-transfer', paymentStatus: 'AWAITING_PAYMENT' });
    expect(giftCard).toMatchObject({ code: null, maskedCode: null, status: 'PENDING', balanceCents: 0 });
    expect(giftCard.message).toContain('sobald deine Zahlung eingegangen ist');
    // No code in the answer, in any mail of the shop, or on the confirmation page (HTML or JSON).
    expect(res.body).not.toMatch(CODE_ANYWHERE);
    expect(await giftMails()).toHaveLength(mailsBefore);
    for (const mail of await allMails()) expect(`${mail.text}${mail.html}`).not.toMatch(CODE_ANYWHERE);
    const page = await v.request('GET', `/checkout/giftcard/bestaetigt?orderId=${order.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(CODE_ANYWHERE);
    expect(page.body).toContain('Code folgt nach Zahlungseingang');
    const json = await v.request('GET', `/checkout/giftcard/bestaetigt?orderId=${order.id}&format=json`);
    expect(json.body).not.toMatch(CODE_ANYWHERE);
    expect(await cardOf(order.id)).toMatchObject({ status: 'PENDING', balanceMinor: 0, initialMinor: 2500 });

    // The money arrives: the card gets its code and balance, its mail goes to the buyer.
    const code = await markPaid(order.id);
    expect(await cardOf(order.id)).toMatchObject({ status: 'ACTIVE', balanceMinor: 2500 });
    expect((await giftMails())[0]).toMatchObject({ to: 'kaeufer@example.de' });
    const paidWithCard = await spend(code);
    expect(paidWithCard.statusCode, paidWithCard.body).toBe(201);
    expect(paidWithCard.json().order).toMatchObject({ paymentStatus: 'PAID', testMode: false });
    // Marking it paid twice sends no second card.
    const again = await team.storeManager.post(`${base}/${order.id}/mark-paid`);
    expect(again.status).toBe(409);
    expect((await storage.giftCards.listByOrder(shop.websiteId, order.id)).length).toBe(1);
  });

  it('Finding 1 (#18): cancelling a gift-card order voids its unused card, before or after the payment', async () => {
    const unpaid = (await buyByTransfer(await visitor())).json().order;
    const mailsBefore = (await giftMails()).length;
    const cancelled = await team.storeManager.post(`${base}/${unpaid.id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await cardOf(unpaid.id)).toMatchObject({ status: 'VOIDED', balanceMinor: 0 });
    // A cancelled order can no longer be marked paid, so its card never gets a code.
    expect((await team.storeManager.post(`${base}/${unpaid.id}/mark-paid`)).status).toBe(409);
    expect(await giftMails()).toHaveLength(mailsBefore);

    const paid = (await buyByTransfer(await visitor())).json().order;
    const code = await markPaid(paid.id);
    expect((await team.storeManager.post(`${base}/${paid.id}/cancel`)).status).toBe(200);
    expect(await cardOf(paid.id)).toMatchObject({ status: 'VOIDED', balanceMinor: 0 });
    const refused = await spend(code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      type: 'GIFT_CARD_DISABLED',
      message: 'Dieser Gutschein ist nicht mehr gültig.',
    });
  });

  it('Finding 1 (#18): an order whose gift card was already spent from is not cancelled, with a German reason', async () => {
    const order = (await buyByTransfer(await visitor())).json().order;
    const code = await markPaid(order.id);
    expect((await spend(code)).statusCode).toBe(201);
    const refused = await team.storeManager.post(`${base}/${order.id}/cancel`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      type: 'GIFT_CARD_ALREADY_SPENT',
      message:
        'Diese Bestellung kann nicht storniert werden: Der mit ihr gekaufte Gutschein wurde bereits ganz oder teilweise eingelöst.',
    });
    // Nothing changed: the order is still open and the rest of the card still spendable.
    expect((await team.storeManager.get(`${base}/${order.id}`)).body.order.status).toBe('open');
    expect(await cardOf(order.id)).toMatchObject({ status: 'ACTIVE', balanceMinor: 2500 - 999 });
  });
});
