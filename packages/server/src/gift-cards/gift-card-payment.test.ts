import { Agent, request } from 'node:http';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import {
  bankTransferProvider,
  type PaymentProvider,
  testCardProvider,
} from '../commerce/payment-providers.js';
import { createTestShop, type TestShop, Visitor } from '../commerce/test-shop.js';
import { InMemoryRateLimiter } from '../rate-limit.js';
import { newGiftCardCode } from './gift-card-code.js';

/**
 * A card provider that remembers what it was asked to charge and what it gave back. It stands for a real
 * provider (testMode false): the real gift cards of these tests may pay only real orders.
 */
function recordingProvider() {
  const charged: number[] = [];
  const released: string[] = [];
  let n = 0;
  const provider: PaymentProvider = {
    id: 'aufzeichnung',
    testMode: false,
    async authorize(req) {
      if (req.details.decline === true) return { ok: false, reason: 'DECLINED' };
      charged.push(req.amountMinor);
      return { ok: true, reference: `rec_${++n}`, status: 'PAID' };
    },
    async release(reference) {
      released.push(reference);
    },
  };
  return { provider, charged, released };
}

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  const recorder = recordingProvider();
  const host = 'einloesen.test';
  const ebook = () => `${host}-EBOOK`;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, host, 3);
    app = await buildApp({
      storage,
      logLevel: 'silent',
      // The test card pays in these tests: the server runs in test mode.
      serverTestMode: true,
      commerce: {
        paymentProviders: [bankTransferProvider, testCardProvider, recorder.provider],
        rateLimiter: new InMemoryRateLimiter({ limit: 100_000, windowMs: 60_000 }),
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const visitor = () => new Visitor(app, host).start();
  const card = async (amountMinor: number, currency = 'EUR') => {
    const code = newGiftCardCode();
    const issued = await storage.giftCards.issue(shop.websiteId, { code, amountMinor, currency });
    return { code, id: issued!.id };
  };
  const balanceOf = async (id: string) =>
    (await storage.giftCards.findById(shop.websiteId, id))!.balanceMinor;
  /** A cart of three e-books: 29,97 €, no shipping. */
  const ebookCart = async () => {
    const v = await visitor();
    await v.add(shop.ebook.id, ebook(), 3);
    return v;
  };

  it('R1.2.5 a gift card pays part of the order; the provider is charged only the rest and the card is emptied', async () => {
    const { code, id } = await card(2500);
    const v = await ebookCart();
    const charges = recorder.charged.length;
    const res = await v.checkout({
      shippingAddress: undefined,
      giftCardCodes: [code],
      paymentMethod: 'aufzeichnung',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json();
    expect(order).toMatchObject({
      grandTotalCents: 2997,
      giftCardTotalCents: 2500,
      amountDueCents: 497,
      giftCards: [{ code: `****-****-****-${code.slice(-4)}`, amountMinor: 2500 }],
      paymentMethod: 'aufzeichnung',
    });
    expect(recorder.charged.slice(charges)).toEqual([497]);
    expect(await balanceOf(id)).toBe(0);
    expect(await storage.giftCards.redemptionsOf(shop.websiteId, id)).toEqual([
      expect.objectContaining({ orderId: order.id, amountMinor: 2500 }),
    ]);
    // The stored order keeps what the card paid.
    const stored = await storage.orders.findById(shop.websiteId, order.id);
    expect(stored!.data).toMatchObject({ giftCardMinor: 2500 });
    const balance = (await v.request('GET', `/api/commerce/gift-cards/balance?code=${code}`)).json();
    expect(balance.balanceCents).toBe(0);
  });

  it('R1.2.5 a card with enough balance pays the whole order: no provider is asked, the rest stays on the card', async () => {
    const { code, id } = await card(5000);
    const v = await ebookCart();
    const charges = recorder.charged.length;
    const res = await v.checkout({
      shippingAddress: undefined,
      giftCardCodes: [code.toLowerCase(), code],
      paymentMethod: 'aufzeichnung',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({
      giftCardTotalCents: 2997,
      amountDueCents: 0,
      paymentMethod: 'gift-card',
      paymentStatus: 'PAID',
      testMode: false,
    });
    expect(recorder.charged.length).toBe(charges);
    expect(await balanceOf(id)).toBe(2003);
  });

  it('R1.2.5 two cards: the first is used up before the second is touched', async () => {
    const first = await card(1000);
    const second = await card(5000);
    const v = await ebookCart();
    const res = await v.checkout({ shippingAddress: undefined, giftCardCodes: [first.code, second.code] });
    expect(res.statusCode).toBe(201);
    expect(res.json().order.giftCards.map((g: { amountMinor: number }) => g.amountMinor)).toEqual([
      1000, 1997,
    ]);
    expect(await balanceOf(first.id)).toBe(0);
    expect(await balanceOf(second.id)).toBe(3003);
  });

  it('R1.2.5 unknown, empty and foreign-currency cards are refused in German and the cart stays open', async () => {
    const v = await ebookCart();
    const unknown = await v.checkout({ shippingAddress: undefined, giftCardCodes: ['AAAA-BBBB-CCCC-DDDD'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual({
      type: 'GIFT_CARD_NOT_FOUND',
      message: 'Diesen Gutscheincode gibt es nicht. Bitte prüfe deine Eingabe.',
    });
    const empty = await card(0);
    const emptyAnswer = await v.checkout({ shippingAddress: undefined, giftCardCodes: [empty.code] });
    expect(emptyAnswer.json().error).toEqual({
      type: 'GIFT_CARD_EMPTY',
      message: 'Dieser Gutschein ist bereits vollständig eingelöst.',
    });
    const dollars = await card(5000, 'USD');
    const foreign = await v.checkout({ shippingAddress: undefined, giftCardCodes: [dollars.code] });
    expect(foreign.json().error).toEqual({
      type: 'GIFT_CARD_CURRENCY',
      message: 'Dieser Gutschein gilt nur für Bestellungen in USD.',
    });
    expect(await balanceOf(dollars.id)).toBe(5000);
    expect((await v.request('GET', '/api/commerce/shopping-cart')).json().isPurchased).toBe(false);
  });

  it('R3.1.2 R1.2.5 when the order fails (stock, declined rest) the card keeps its balance and the payment is given back', async () => {
    const { code, id } = await card(1000);
    // Three mugs in stock: the first visitor buys them all while the second waits at checkout.
    const first = await visitor();
    const second = await visitor();
    await first.add(shop.mug.id, `${host}-TASSE`, 3);
    await second.add(shop.mug.id, `${host}-TASSE`, 3);
    expect((await first.checkout()).statusCode).toBe(201);
    const releases = recorder.released.length;
    const soldOut = await second.checkout({ giftCardCodes: [code], paymentMethod: 'aufzeichnung' });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().error.type).toBe('OUT_OF_STOCK');
    expect(await balanceOf(id)).toBe(1000);
    expect(await storage.giftCards.redemptionsOf(shop.websiteId, id)).toEqual([]);
    expect(recorder.released.length).toBe(releases + 1);

    const v = await ebookCart();
    const declined = await v.checkout({
      shippingAddress: undefined,
      giftCardCodes: [code],
      paymentMethod: 'aufzeichnung',
      paymentDetails: { decline: true },
    });
    expect(declined.statusCode).toBe(402);
    expect(await balanceOf(id)).toBe(1000);
  });

  it('R3.1.2 a repeated submit of a cart paid by gift card takes the card once', async () => {
    const { code, id } = await card(5000);
    const v = await ebookCart();
    const [a, b] = await Promise.all([
      v.checkout({ shippingAddress: undefined, giftCardCodes: [code] }),
      v.checkout({ shippingAddress: undefined, giftCardCodes: [code] }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().order.id).toBe(a.json().order.id);
    expect(await balanceOf(id)).toBe(2003);
    expect(await storage.giftCards.redemptionsOf(shop.websiteId, id)).toHaveLength(1);
  });

  describe('concurrent checkouts over HTTP', () => {
    let base: string;
    const agent = new Agent({ keepAlive: true, maxSockets: 32 });
    beforeAll(async () => {
      base = await app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => {
      agent.destroy();
    });

    const call = async (path: string, cookies: Map<string, string>, body?: unknown) => {
      const headers: Record<string, string> = { host };
      if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      if (body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['x-csrf-token'] = cookies.get('crumb') ?? '';
      }
      // node:http rather than fetch: fetch does not let a caller choose the Host header, which names the shop.
      const res = await new Promise<{ status: number; setCookie: string[]; text: string }>(
        (resolve, reject) => {
          const req = request(
            `${base}${path}`,
            { method: body === undefined ? 'GET' : 'POST', headers, agent },
            (response) => {
              let text = '';
              response.setEncoding('utf8');
              response.on('data', (chunk) => {
                text += chunk;
              });
              response.on('end', () =>
                resolve({
                  status: response.statusCode ?? 0,
                  setCookie: response.headers['set-cookie'] ?? [],
                  text,
                }),
              );
            },
          );
          req.on('error', reject);
          req.end(body === undefined ? undefined : JSON.stringify(body));
        },
      );
      for (const c of res.setCookie) {
        const [pair] = c.split(';');
        const i = pair.indexOf('=');
        cookies.set(pair.slice(0, i), pair.slice(i + 1));
      }
      return { status: res.status, json: JSON.parse(res.text) as any };
    };

    it('R1.2.5 twelve checkouts at once with one card worth one order: only one gets the card’s money', async () => {
      const { code, id } = await card(2500);
      const jars = Array.from({ length: 12 }, () => new Map<string, string>());
      await Promise.all(jars.map((jar) => call('/api/commerce/shopping-cart', jar)));
      const added = await Promise.all(
        jars.map((jar) =>
          call('/api/commerce/shopping-cart/entries', jar, {
            itemId: shop.ebook.id,
            sku: ebook(),
            quantity: 3,
          }),
        ),
      );
      expect(added.every((r) => r.status === 200)).toBe(true);
      const answers = await Promise.all(
        jars.map((jar) =>
          call('/api/commerce/checkout', jar, {
            email: 'kunde@example.de',
            giftCardCodes: [code],
            paymentMethod: 'bank-transfer',
          }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      const placed = answers.filter((a) => a.status === 201);
      expect(placed).toHaveLength(1);
      expect(placed[0].json.order).toMatchObject({ giftCardTotalCents: 2500, amountDueCents: 497 });
      for (const refused of answers.filter((a) => a.status !== 201)) {
        expect([409, 400]).toContain(refused.status);
        expect(['GIFT_CARD_BALANCE_CHANGED', 'GIFT_CARD_EMPTY']).toContain(refused.json.error.type);
        expect(refused.json.error.message).toMatch(/Gutschein/);
      }
      expect(await balanceOf(id)).toBe(0);
      const redemptions = await storage.giftCards.redemptionsOf(shop.websiteId, id);
      expect(redemptions.map((r) => r.orderId)).toEqual([placed[0].json.order.id]);
      // The refused shoppers keep their carts and can pay otherwise.
      const retry = await call('/api/commerce/checkout', jars.find((_, i) => answers[i].status !== 201)!, {
        email: 'kunde@example.de',
        paymentMethod: 'bank-transfer',
      });
      expect(retry.status).toBe(201);
      expect(retry.json.order.giftCardTotalCents).toBe(0);
    }, 30_000);
  });

  it('R1.2.5 checkout without gift cards records none', async () => {
    const v = await ebookCart();
    const res = await v.checkout({ shippingAddress: undefined });
    expect(res.json().order).toMatchObject({ giftCards: [], giftCardTotalCents: 0, amountDueCents: 2997 });
  });
});
