import { withTestDatabases } from '@baukasten/storage/testing';
import { describe, expect, it } from 'vitest';
import { fieldValue, unlabelledControls } from '../pages/commerce-page-test-kit.js';
import {
  LEGAL as legal,
  legalTestApp,
  mugOf,
  placeOrder as placeOrderIn,
  visitorOf,
  withdrawalFields,
} from './legal-test-kit.js';

const DAY = 86_400_000;

withTestDatabases((db) => {
  const t = legalTestApp(db, 'widerruf.test', legal);

  const visitor = () => visitorOf(t);
  /** A guest's order of the given items; its number and e-mail as the confirmation shows them. */
  const placeOrder = (items: { itemId: string; sku: string }[], email = 'gast@example.de') =>
    placeOrderIn(t, items, email);
  const mug = () => mugOf(t);
  const mailsOf = async (kind: string) => t.storage.outbox.listByWebsite(t.shop.websiteId, { kind });

  describe('§356a BGB the withdrawal function', () => {
    it('§356a BGB a guest withdraws in two steps without signing in and both get a mail with the declaration and its time', async () => {
      const order = await placeOrder([mug()]);
      const v = await visitor();
      const form = await v.request('GET', '/vertrag-widerrufen');
      expect(form.statusCode).toBe(200);
      expect(form.body).toContain('<h1 id="widerruf-titel">Vertrag widerrufen</h1>');
      expect(unlabelledControls(form.body)).toEqual([]);

      const review = await v.form(
        '/vertrag-widerrufen',
        withdrawalFields('Gabi Gast', order.orderNumber, 'GAST@example.de '),
      );
      expect(review.statusCode).toBe(200);
      expect(review.body).toContain('Widerruf bestätigen');
      expect(review.body).toContain('1 × Tasse');
      // Nothing is declared before the second step.
      expect(await t.storage.legal.withdrawalsOf(t.shop.websiteId, order.id)).toEqual([]);

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

      const [stored] = await t.storage.legal.withdrawalsOf(t.shop.websiteId, order.id);
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
      const wrongMail = await v.form(
        '/vertrag-widerrufen',
        withdrawalFields('Max', order.orderNumber, 'jemand@example.de'),
      );
      const unknown = await v.form('/vertrag-widerrufen', withdrawalFields('Max', '999999'));
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
      const shipped = await t.storage.orders.markFulfilled(t.shop.websiteId, order.id, Date.now() - 30 * DAY);
      expect(shipped.outcome).toBe('changed');
      const v = await visitor();
      const late = await v.form('/vertrag-widerrufen', withdrawalFields('Gabi', order.orderNumber));
      expect(late.statusCode).toBe(409);
      expect(late.body).toContain('Die Widerrufsfrist für diese Bestellung ist am');

      await t.storage.websiteAdmin.update(t.shop.websiteId, {
        settings: { legal: { ...legal, withdrawalPeriodDays: 60 } },
      });
      const generous = await v.form('/vertrag-widerrufen', withdrawalFields('Gabi', order.orderNumber));
      expect(generous.statusCode).toBe(200);
      expect(generous.body).toContain('Widerruf bestätigen');
      await t.storage.websiteAdmin.update(t.shop.websiteId, { settings: { legal } });
    });

    it('§312g Abs. 2 Nr. 1 BGB explains why a made-to-order item cannot be withdrawn instead of silently refusing', async () => {
      await t.storage.legal.setMadeToOrder(t.shop.websiteId, t.shop.shirt.id, true);
      const order = await placeOrder([{ itemId: t.shop.shirt.id, sku: `${t.shop.hostname}-L` }]);
      const v = await visitor();
      const refused = await v.form('/vertrag-widerrufen', withdrawalFields('Gabi', order.orderNumber));
      expect(refused.statusCode).toBe(409);
      expect(refused.body).toContain('Für keinen Artikel dieser Bestellung besteht ein Widerrufsrecht');
      expect(refused.body).toContain('1 × T-Shirt wird nach deinen Vorgaben angefertigt');

      // Together with a mug: the mug is offered, the shirt explained.
      const mixed = await placeOrder([mug(), { itemId: t.shop.shirt.id, sku: `${t.shop.hostname}-L` }]);
      const review = await v.form('/vertrag-widerrufen', withdrawalFields('Gabi', mixed.orderNumber));
      expect(review.statusCode).toBe(200);
      expect(review.body).toContain('name="itemIds"');
      expect(review.body).toMatch(/<strong>1 × T-Shirt<\/strong>: wird nach deinen Vorgaben angefertigt/);
      await t.storage.legal.setMadeToOrder(t.shop.websiteId, t.shop.shirt.id, false);
    });

    it("§356a BGB the order shows the withdrawal to the owner and on the shopper's order status page", async () => {
      const order = await placeOrder([mug()]);
      const v = await visitor();
      await v.form('/vertrag-widerrufen/bestaetigen', withdrawalFields('Gabi', order.orderNumber));
      const withdrawals = await t.storage.legal.withdrawalsOf(t.shop.websiteId, order.id);
      expect(withdrawals).toHaveLength(1);
      const status = await v.request('GET', `/bestellung/${order.orderNumber}?email=gast%40example.de`);
      expect(status.body).toContain('Widerruf eingegangen am');
    });
  });
});
