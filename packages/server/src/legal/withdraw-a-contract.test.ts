import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop, Visitor } from '../commerce/test-shop.js';
import { fieldValue, unlabelledControls } from '../pages/commerce-page-test-kit.js';

const DAY = 86_400_000;
const legal = {
  companyName: 'Muster Handel GmbH',
  legalForm: 'GmbH',
  representative: 'Erika Muster (Geschäftsführerin)',
  street: 'Hauptstraße 5',
  postalCode: '10115',
  city: 'Berlin',
  email: 'laden@muster-handel.de',
  phone: '+49 30 123456',
  registerCourt: 'Amtsgericht Charlottenburg',
  registerNumber: 'HRB 123456',
  vatId: 'DE123456789',
};

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, 'widerruf.test', 50, { legal });
    app = await buildApp({ storage, logLevel: 'silent', serverTestMode: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  const visitor = () => new Visitor(app, shop.hostname).start();
  /** A guest's order of the given items; its number and e-mail as the confirmation shows them. */
  const placeOrder = async (items: { itemId: string; sku: string }[], email = 'gast@example.de') => {
    const v = await visitor();
    for (const item of items) expect((await v.add(item.itemId, item.sku)).statusCode).toBeLessThan(300);
    const res = await v.checkout({ email });
    expect(res.statusCode).toBe(201);
    return res.json().order as { id: string; orderNumber: number };
  };
  const mug = () => ({ itemId: shop.mug.id, sku: `${shop.hostname}-TASSE` });
  const mailsOf = async (kind: string) => storage.outbox.listByWebsite(shop.websiteId, { kind });

  describe('§356a BGB the withdrawal function', () => {
    it('§356a BGB a guest withdraws in two steps without signing in and both get a mail with the declaration and its time', async () => {
      const order = await placeOrder([mug()]);
      const v = await visitor();
      const form = await v.request('GET', '/vertrag-widerrufen');
      expect(form.statusCode).toBe(200);
      expect(form.body).toContain('<h1 id="widerruf-titel">Vertrag widerrufen</h1>');
      expect(unlabelledControls(form.body)).toEqual([]);

      const review = await v.form('/vertrag-widerrufen', {
        name: 'Gabi Gast',
        orderNumber: String(order.orderNumber),
        email: 'GAST@example.de ',
      });
      expect(review.statusCode).toBe(200);
      expect(review.body).toContain('Widerruf bestätigen');
      expect(review.body).toContain('1 × Tasse');
      // Nothing is declared before the second step.
      expect(await storage.legal.withdrawalsOf(shop.websiteId, order.id)).toEqual([]);

      const itemId = fieldValue(review.body, 'itemIds')!;
      const done = await v.form('/vertrag-widerrufen/bestaetigen', {
        name: fieldValue(review.body, 'name')!,
        orderNumber: fieldValue(review.body, 'orderNumber')!,
        email: fieldValue(review.body, 'email')!,
        itemIds: itemId,
      });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('Dein Widerruf ist am');
      expect(done.body).toContain(`Bestellung Nr. ${order.orderNumber}`);

      const [stored] = await storage.legal.withdrawalsOf(shop.websiteId, order.id);
      expect(stored).toMatchObject({ name: 'Gabi Gast', itemIds: [itemId] });
      const [confirmation] = await mailsOf('withdrawal-confirmation');
      expect(confirmation.to).toBe('GAST@example.de');
      expect(confirmation.text).toContain('Hiermit widerrufe ich den von mir abgeschlossenen Vertrag');
      expect(confirmation.text).toContain('1 × Tasse');
      // Date and time of receipt, in the shop's time zone (§356a Abs. 3 BGB).
      const received = new Intl.DateTimeFormat('de-DE', {
        dateStyle: 'long',
        timeZone: 'Europe/Berlin',
      }).format(stored.declaredAt);
      expect(confirmation.text).toMatch(new RegExp(`am ${received} um \\d{2}:\\d{2} Uhr erhalten`));
      const [notice] = await mailsOf('withdrawal-notice');
      expect(notice.to).toBe(legal.email);
      expect(notice.text).toContain('Gabi Gast');

      // A second declaration for the same items is refused and says when the first arrived.
      const again = await v.form('/vertrag-widerrufen/bestaetigen', {
        name: 'Gabi Gast',
        orderNumber: String(order.orderNumber),
        email: 'gast@example.de',
      });
      expect(again.statusCode).toBe(409);
      expect(again.body).toContain('bereits am');
    });

    it('§356a BGB refuses an order number with another e-mail exactly like an unknown order', async () => {
      const order = await placeOrder([mug()]);
      const v = await visitor();
      const wrongMail = await v.form('/vertrag-widerrufen', {
        name: 'Max',
        orderNumber: String(order.orderNumber),
        email: 'jemand@example.de',
      });
      const unknown = await v.form('/vertrag-widerrufen', {
        name: 'Max',
        orderNumber: '999999',
        email: 'gast@example.de',
      });
      expect(wrongMail.statusCode).toBe(404);
      expect(unknown.statusCode).toBe(404);
      expect(wrongMail.body).toContain(
        'Wir finden keine Bestellung mit dieser Bestellnummer und dieser E-Mail-Adresse.',
      );
      // The typed values stay in the form.
      expect(fieldValue(wrongMail.body, 'email')).toBe('jemand@example.de');
    });

    it('§356a BGB names every missing field in German and refuses a post without the crumb', async () => {
      const v = await visitor();
      const empty = await v.form('/vertrag-widerrufen', { name: ' ', orderNumber: '', email: 'kein-mail' });
      expect(empty.statusCode).toBe(400);
      expect(empty.body).toContain('Bitte gib deinen Namen ein.');
      expect(empty.body).toContain('Bitte gib die Bestellnummer ein.');
      expect(empty.body).toContain('Bitte gib die E-Mail-Adresse ein, mit der du bestellt hast.');
      const forged = await v.form(
        '/vertrag-widerrufen',
        { name: 'A', orderNumber: '1', email: 'a@b.de' },
        { crumb: null },
      );
      expect(forged.statusCode).toBe(403);
      expect(forged.body).toContain('<form');
    });

    it('§355 BGB refuses once 14 days after delivery are over, and honours a longer period the owner grants', async () => {
      const order = await placeOrder([mug()]);
      // Shipped 30 days ago: delivery at the latest a week later, 14 days after that are over.
      const shipped = await storage.orders.markFulfilled(shop.websiteId, order.id, Date.now() - 30 * DAY);
      expect(shipped.outcome).toBe('changed');
      const v = await visitor();
      const late = await v.form('/vertrag-widerrufen', {
        name: 'Gabi',
        orderNumber: String(order.orderNumber),
        email: 'gast@example.de',
      });
      expect(late.statusCode).toBe(409);
      expect(late.body).toContain('Die Widerrufsfrist für diese Bestellung ist am');

      await storage.websiteAdmin.update(shop.websiteId, {
        settings: { legal: { ...legal, withdrawalPeriodDays: 60 } },
      });
      const generous = await v.form('/vertrag-widerrufen', {
        name: 'Gabi',
        orderNumber: String(order.orderNumber),
        email: 'gast@example.de',
      });
      expect(generous.statusCode).toBe(200);
      expect(generous.body).toContain('Widerruf bestätigen');
      await storage.websiteAdmin.update(shop.websiteId, { settings: { legal } });
    });

    it('§312g Abs. 2 Nr. 1 BGB explains why a made-to-order item cannot be withdrawn instead of silently refusing', async () => {
      await storage.legal.setMadeToOrder(shop.websiteId, shop.shirt.id, true);
      const order = await placeOrder([{ itemId: shop.shirt.id, sku: `${shop.hostname}-L` }]);
      const v = await visitor();
      const refused = await v.form('/vertrag-widerrufen', {
        name: 'Gabi',
        orderNumber: String(order.orderNumber),
        email: 'gast@example.de',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.body).toContain('Für keinen Artikel dieser Bestellung besteht ein Widerrufsrecht');
      expect(refused.body).toContain('1 × T-Shirt wird nach deinen Vorgaben angefertigt');

      // Together with a mug: the mug is offered, the shirt explained.
      const mixed = await placeOrder([mug(), { itemId: shop.shirt.id, sku: `${shop.hostname}-L` }]);
      const review = await v.form('/vertrag-widerrufen', {
        name: 'Gabi',
        orderNumber: String(mixed.orderNumber),
        email: 'gast@example.de',
      });
      expect(review.statusCode).toBe(200);
      expect(review.body).toContain('name="itemIds"');
      expect(review.body).toMatch(/<strong>1 × T-Shirt<\/strong>: wird nach deinen Vorgaben angefertigt/);
      await storage.legal.setMadeToOrder(shop.websiteId, shop.shirt.id, false);
    });

    it("§356a BGB the order shows the withdrawal to the owner and on the shopper's order status page", async () => {
      const order = await placeOrder([mug()]);
      const v = await visitor();
      await v.form('/vertrag-widerrufen/bestaetigen', {
        name: 'Gabi',
        orderNumber: String(order.orderNumber),
        email: 'gast@example.de',
      });
      const withdrawals = await storage.legal.withdrawalsOf(shop.websiteId, order.id);
      expect(withdrawals).toHaveLength(1);
      const status = await v.request('GET', `/bestellung/${order.orderNumber}?email=gast%40example.de`);
      expect(status.body).toContain('Widerruf eingegangen am');
    });
  });
});
