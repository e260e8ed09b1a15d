import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop, Visitor } from '../commerce/test-shop.js';
import { BALANCE_LOOKUPS_PER_MINUTE } from './gift-card-routes.js';

const BUY = '/api/commerce/checkout/giftcard';
const BALANCE = '/api/commerce/gift-cards/balance';
const CODE = /^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/;

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let otherShop: TestShop;
  const host = 'gutschein.test';

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, host);
    otherShop = await createTestShop(storage, 'anderer-gutschein.test');
    // The test card pays in these tests: the server runs in test mode, as with NODE_ENV other than production.
    app = await buildApp({ storage, logLevel: 'silent', serverTestMode: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  const visitor = () => new Visitor(app, host).start();
  const pageUrl = (sku?: string, websiteId = shop.websiteId, productId = shop.giftCard.id) =>
    `/checkout/giftcard?websiteId=${websiteId}&giftCardProductId=${productId}${sku === undefined ? '' : `&sku=${sku}`}`;
  const buy = (v: Visitor, body: Record<string, unknown> = {}) =>
    v.request('POST', BUY, {
      websiteId: shop.websiteId,
      giftCardProductId: shop.giftCard.id,
      sku: `${host}-GC25`,
      email: 'kaeufer@example.de',
      paymentMethod: 'bank-transfer',
      ...body,
    });
  const giftMails = async () =>
    storage.outbox.listByWebsite(shop.websiteId, { kind: 'gift-card', limit: 1000 });

  it('R2.1.9 R1.2.5 the gift card page shows the denomination the sku picks, with a form to buy it', async () => {
    const v = await visitor();
    const page = await v.request('GET', pageUrl(`${host}-GC25`));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('data-page-type="201"');
    expect(page.body).toContain('Gutschein kaufen');
    expect(page.body).toContain('Gutschein über 25,00');
    expect(page.body).toContain('action="/api/commerce/checkout/giftcard"');
    expect(page.body).toContain(`name="sku" value="${host}-GC25"`);
    expect(page.body).toContain(`name="crumb" value="${v.crumb}"`);
    // The other amount is one click away.
    expect(page.body).toContain(`sku=${host}-GC50`);
    const json = (await v.request('GET', `${pageUrl(`${host}-GC50`)}&format=json`)).json();
    expect(json).toMatchObject({
      pageType: 201,
      giftCardProductId: shop.giftCard.id,
      sku: `${host}-GC50`,
      amountCents: 5000,
      priceCents: 5000,
    });
  });

  it('R5.1.10 R8.1.11 without a known denomination the page answers 400 and offers the amounts', async () => {
    const v = await visitor();
    for (const sku of [undefined, '', 'GC-999']) {
      const page = await v.request('GET', pageUrl(sku));
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('Eine Bezeichnung für den Gutschein auswählen');
      expect(page.body).toContain(`sku=${host}-GC25`);
      expect(page.body).toContain(`sku=${host}-GC50`);
    }
    const json = (await v.request('GET', `${pageUrl('GC-999')}&format=json`)).json();
    expect(json.error).toEqual({
      type: 'NO_VARIANT_SELECTED',
      message: 'Eine Bezeichnung für den Gutschein auswählen',
    });
    const api = await buy(v, { sku: 'GC-999' });
    expect(api.statusCode).toBe(400);
    expect(api.json().error).toEqual({
      type: 'NO_VARIANT_SELECTED',
      message: 'Eine Bezeichnung für den Gutschein auswählen',
    });
  });

  it('R2.1.9 another shop’s website id, an unknown product or a product that is no gift card gets a German 404', async () => {
    const v = await visitor();
    for (const url of [
      pageUrl(`${host}-GC25`, otherShop.websiteId),
      pageUrl(`${host}-GC25`, shop.websiteId, 'gibt-es-nicht'),
      pageUrl(`${host}-TASSE`, shop.websiteId, shop.mug.id),
      pageUrl('anderer-gutschein.test-GC25', shop.websiteId, otherShop.giftCard.id),
    ]) {
      const page = await v.request('GET', url);
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain('Diesen Gutschein gibt es in diesem Shop nicht.');
    }
    const api = await buy(v, { giftCardProductId: shop.mug.id });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.type).toBe('GIFT_CARD_PRODUCT_NOT_FOUND');
  });

  it('R1.2.5 buying creates an order and a card with a typable code and the denomination as balance, mailed to the recipient', async () => {
    const v = await visitor();
    const mailsBefore = (await giftMails()).length;
    const res = await buy(v, {
      sku: `${host}-GC50`,
      recipientEmail: 'beschenkt@example.de',
      fromName: 'Erika',
      paymentMethod: 'test-card',
      paymentDetails: { cardNumber: '4242424242424242' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order, giftCard } = res.json();
    expect(order).toMatchObject({
      customerEmail: 'kaeufer@example.de',
      paymentMethod: 'test-card',
      paymentStatus: 'PAID',
      grandTotalCents: 5000,
      // Gift cards are not taxed when sold and never shipped.
      taxTotalCents: 0,
      shippingTotalCents: 0,
      items: [expect.objectContaining({ sku: `${host}-GC50`, quantity: 1, unitPriceCents: 5000 })],
    });
    expect(giftCard.code).toMatch(CODE);
    expect(giftCard).toMatchObject({ balanceCents: 5000, currency: 'EUR', status: 'ACTIVE' });
    expect(giftCard.maskedCode).toBe(`****-****-****-${giftCard.code.slice(-4)}`);

    const stored = await storage.giftCards.findByCode(shop.websiteId, giftCard.code);
    expect(stored).toMatchObject({
      orderId: order.id,
      initialMinor: 5000,
      balanceMinor: 5000,
      recipientEmail: 'beschenkt@example.de',
    });
    const mails = await giftMails();
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails[0]).toMatchObject({ to: 'beschenkt@example.de', status: 'pending' });
    expect(mails[0].text).toContain(giftCard.code);
    expect(mails[0].text).toContain('Erika schenkt dir einen Gutschein');

    // The confirmation page (page type 202) shows the masked code only.
    const page = await v.request('GET', `/checkout/giftcard/bestaetigt?orderId=${order.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-page-type="202"');
    expect(page.body).toContain('Bestellung bestätigt');
    expect(page.body).toContain(giftCard.maskedCode);
    expect(page.body).toContain('beschenkt@example.de');
    expect(page.body).not.toContain(giftCard.code);
    const missing = await v.request('GET', '/checkout/giftcard/bestaetigt?orderId=0000000000000000deadbeef');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Diese Gutscheinbestellung wurde nicht gefunden.');
  });

  it('R1.2.5 without a recipient the code goes to the buyer; a plain form post is redirected to the confirmation', async () => {
    const v = await visitor();
    const res = await app.inject({
      method: 'POST',
      url: BUY,
      headers: {
        host,
        cookie: [...v.cookies].map(([k, value]) => `${k}=${value}`).join('; '),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        crumb: v.crumb!,
        websiteId: shop.websiteId,
        giftCardProductId: shop.giftCard.id,
        sku: `${host}-GC25`,
        email: 'selbst@example.de',
        recipientEmail: '',
        fromName: '',
        // Paid at once, so the card is issued and mailed now (a Vorkasse card waits for its payment).
        paymentMethod: 'test-card',
        cardNumber: '4242 4242 4242 4242',
      }).toString(),
    });
    expect(res.statusCode, res.body).toBe(303);
    const orderId = new URL(res.headers.location as string, 'http://x').searchParams.get('orderId')!;
    const [card] = await storage.giftCards.listByOrder(shop.websiteId, orderId);
    expect(card).toMatchObject({ balanceMinor: 2500, currency: 'EUR' });
    expect(card.recipientEmail).toBeUndefined();
    expect((await giftMails())[0]).toMatchObject({ to: 'selbst@example.de' });
  });

  it('WCAG 3.3.1 3.3.3 a refused gift-card form comes back (422) with what was typed and the email marked, not as JSON', async () => {
    const v = await visitor();
    const res = await app.inject({
      method: 'POST',
      url: BUY,
      headers: {
        host,
        cookie: [...v.cookies].map(([k, value]) => `${k}=${value}`).join('; '),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        crumb: v.crumb!,
        websiteId: shop.websiteId,
        giftCardProductId: shop.giftCard.id,
        sku: `${host}-GC25`,
        email: 'gast@example',
        recipientEmail: 'freundin@example.de',
        fromName: 'Tante Ida',
        paymentMethod: 'bank-transfer',
      }).toString(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toMatch(/<title>Fehler: /);
    expect(res.body).toContain('value="gast@example"');
    expect(res.body).toContain('value="freundin@example.de"');
    expect(res.body).toContain('value="Tante Ida"');
    expect(res.body).toContain('aria-invalid="true" aria-describedby="email-fehler"');
    expect(res.body).toContain('<li><a href="#email">');
  });

  it('R1.2.5 a declined payment or a bad email issues no card and sends no mail', async () => {
    const v = await visitor();
    const mailsBefore = (await giftMails()).length;
    const declined = await buy(v, {
      paymentMethod: 'test-card',
      paymentDetails: { cardNumber: '4000000000000002' },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.type).toBe('PAYMENT_DECLINED');
    const email = await buy(v, { email: 'kein-at' });
    expect(email.statusCode).toBe(400);
    expect(email.json().error).toMatchObject({
      type: 'INVALID_EMAIL',
      fields: { email: expect.any(String) },
    });
    const recipient = await buy(v, { recipientEmail: 'auch-kein-at' });
    expect(recipient.statusCode).toBe(400);
    expect(recipient.json().error).toEqual({
      type: 'INVALID_EMAIL',
      message: 'Die E-Mail-Adresse des Beschenkten ist ungültig.',
      fields: { recipientEmail: 'Die E-Mail-Adresse des Beschenkten ist ungültig.' },
    });
    const bad = await v.request('POST', BUY, { giftCardProductId: shop.giftCard.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.type).toBe('BAD_REQUEST');
    expect(await giftMails()).toHaveLength(mailsBefore);
  });

  it('R8.1.12 R8.1.13 buying needs the crumb', async () => {
    const v = await visitor();
    expect((await buy(v)).statusCode).toBe(201);
    const noCrumb = await v.request(
      'POST',
      BUY,
      {
        giftCardProductId: shop.giftCard.id,
        sku: `${host}-GC25`,
        email: 'a@b.de',
        paymentMethod: 'bank-transfer',
      },
      { crumb: 'falsch' },
    );
    expect(noCrumb.statusCode).toBe(403);
    expect(noCrumb.json().error.message).toBe(
      'Deine Sitzung ist abgelaufen. Bitte aktualisiere die Seite und versuche es erneut.',
    );
    const noCookies = await v.request('POST', BUY, {}, { cookies: false, crumb: null });
    expect(noCookies.statusCode).toBe(403);
    expect(noCookies.json().error.type).toBe('COOKIES_DISABLED');
  });

  it('R1.2.5 the balance call answers the masked code, balance and currency however the code is typed', async () => {
    const v = await visitor();
    const { giftCard } = (
      await buy(v, { paymentMethod: 'test-card', paymentDetails: { cardNumber: '4242424242424242' } })
    ).json();
    const typed = encodeURIComponent(giftCard.code.toLowerCase().replace(/-/g, ' '));
    const res = await v.request('GET', `${BALANCE}?code=${typed}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: giftCard.maskedCode,
      balanceCents: 2500,
      balance: { value: '25.00', currency: 'EUR' },
      balanceText: expect.stringMatching(/^25,00\s€$/),
      currency: 'EUR',
      status: 'ACTIVE',
      // Bought with the test card: a test card, good for test orders only.
      testMode: true,
    });
    // Another shop does not know the code.
    const foreign = await new Visitor(app, 'anderer-gutschein.test').request(
      'GET',
      `${BALANCE}?code=${giftCard.code}`,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('R1.2.5 an unknown or missing code gets a German 404 or 400', async () => {
    const v = await visitor();
    const unknown = await v.request('GET', `${BALANCE}?code=AAAA-BBBB-CCCC-DDDD`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: {
        type: 'GIFT_CARD_NOT_FOUND',
        message: 'Diesen Gutscheincode gibt es nicht. Bitte prüfe deine Eingabe.',
      },
    });
    const missing = await v.request('GET', BALANCE);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual({
      type: 'GIFT_CARD_CODE_MISSING',
      message: 'Bitte gib einen Gutscheincode ein.',
    });
    const twice = await v.request('GET', `${BALANCE}?code=A&code=B`);
    expect(twice.statusCode).toBe(400);
  });

  it('R8.1.14 balance look-ups are rate limited per visitor with the German wait text', async () => {
    const limitedApp = await buildApp({ storage, logLevel: 'silent' });
    try {
      const v = new Visitor(limitedApp, host);
      const statuses: number[] = [];
      for (let i = 0; i <= BALANCE_LOOKUPS_PER_MINUTE; i++) {
        statuses.push(
          (await v.request('GET', `${BALANCE}?code=AAAA-BBBB-CCCC-${String(i).padStart(4, 'X')}`)).statusCode,
        );
      }
      expect(statuses.slice(0, BALANCE_LOOKUPS_PER_MINUTE).every((s) => s === 404)).toBe(true);
      const last = await v.request('GET', `${BALANCE}?code=AAAA`);
      expect(last.statusCode).toBe(429);
      expect(last.json().error).toEqual({
        type: 'RATE_LIMITED',
        message: 'Bitte versuche es in einigen Sekunden erneut.',
      });
    } finally {
      await limitedApp.close();
    }
  });
});
