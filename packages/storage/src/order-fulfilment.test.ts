import { beforeAll, expect, it } from 'vitest';
import type { Storage } from './open-storage.js';
import type { Order } from './order-repository.js';
import { mugShop } from './order-test-kit.js';
import { withTestDatabases } from './test-databases.js';
import type { Item } from './types.js';

/* Shipments, returns, the order timeline and the customer list with its erasure (migration 0034). */
withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  let otherSiteId: string;
  let mug: Item;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    ({ websiteId, otherSiteId, mug } = await mugShop(storage, 'Versand', 'versand', 50));
  });

  async function place(email: string, mugs: number, name = 'Gabi Gast'): Promise<Order> {
    const cart = await storage.carts.create(websiteId, 'EUR');
    const [firstName, lastName] = name.split(' ');
    const result = await storage.orders.place(websiteId, {
      cartId: cart.id,
      currency: 'EUR',
      customerEmail: email,
      data: { shippingAddress: { firstName, lastName, line1: 'Ringstraße 5', city: 'München' } },
      subtotalMinor: 1200 * mugs,
      taxMinor: 0,
      shippingMinor: 0,
      discountMinor: 0,
      grandTotalMinor: 1200 * mugs,
      items: [
        {
          itemId: mug.id,
          variantId: mug.product!.variants[0].id,
          sku: 'TASSE',
          productName: 'Tasse',
          quantity: mugs,
          unitPriceMinor: 1200,
          data: { productType: 1 },
        },
      ],
      stock: [{ variantId: mug.product!.variants[0].id, quantity: mugs }],
    });
    if (result.outcome !== 'placed') throw new Error(result.outcome);
    return result.order;
  }

  it('records shipments with carrier and tracking number, oldest first, and only for its own website', async () => {
    const order = await place('versand@example.de', 3);
    const line = order.items[0].id;
    await storage.transaction(async (tx) => {
      expect(await tx.fulfilment.lockOrder(websiteId, order.id)).toBe(true);
      await tx.fulfilment.addShipment(
        websiteId,
        {
          orderId: order.id,
          carrier: 'dhl',
          trackingNumber: '00340434123456789012',
          lines: [{ orderItemId: line, quantity: 1 }],
        },
        1000,
      );
    });
    await storage.fulfilment.addShipment(
      websiteId,
      { orderId: order.id, carrier: 'deutsche-post', lines: [{ orderItemId: line, quantity: 2 }] },
      2000,
    );
    const shipments = await storage.fulfilment.shipmentsOf(websiteId, order.id);
    expect(shipments.map((s) => [s.carrier, s.trackingNumber, s.lines[0].quantity])).toEqual([
      ['dhl', '00340434123456789012', 1],
      ['deutsche-post', undefined, 2],
    ]);
    expect((await storage.fulfilment.shipmentsOfOrders(websiteId, [order.id])).get(order.id)).toHaveLength(2);
    expect(await storage.fulfilment.shipmentsOf(otherSiteId, order.id)).toEqual([]);
    expect(await storage.fulfilment.lockOrder(otherSiteId, order.id)).toBe(false);
  });

  it('records returns with reason, withdrawal and the refund they led to', async () => {
    const order = await place('rueck@example.de', 2);
    const back = await storage.fulfilment.addReturn(websiteId, {
      orderId: order.id,
      lines: [{ orderItemId: order.items[0].id, quantity: 1, reason: 'withdrawal' }],
      withdrawalId: 'w-1',
      restocked: true,
    });
    await storage.fulfilment.setReturnRefund(websiteId, back.id, 'refund-1');
    expect(await storage.fulfilment.returnsOf(websiteId, order.id)).toEqual([
      { ...back, refundId: 'refund-1' },
    ]);
  });

  it('a timeline event written in a transaction that fails is not there', async () => {
    const order = await place('zeit@example.de', 1);
    await storage.orderEvents.add(
      websiteId,
      { orderId: order.id, kind: 'note', data: { text: 'Anrufen' } },
      10,
    );
    await expect(
      storage.transaction(async (tx) => {
        await tx.orderEvents.add(websiteId, { orderId: order.id, kind: 'shipped' }, 20);
        throw new Error('Versand doch nicht gebucht');
      }),
    ).rejects.toThrow();
    const events = await storage.orderEvents.ofOrder(websiteId, order.id);
    expect(events.map((e) => [e.kind, e.data])).toEqual([['note', { text: 'Anrufen' }]]);
  });

  it('lists customers grouped by e-mail whatever its case, with orders, total spent and newsletter status', async () => {
    await place('Kundin@Example.de', 1, 'Karla Kundin');
    await place('kundin@example.de', 2, 'Karla Kundin');
    const cancelled = await place('kundin@example.de', 5, 'Karla Kundin');
    await storage.orders.cancel(websiteId, cancelled.id, () => []);
    await storage.newsletter.subscribe(websiteId, 'kundin@example.de');
    const { customers } = await storage.customerDirectory.list(websiteId, { search: 'karla' });
    expect(customers).toEqual([
      expect.objectContaining({
        email: 'kundin@example.de',
        name: 'Karla Kundin',
        orderCount: 3,
        totalSpentMinor: 3600,
        newsletter: 'pending',
      }),
    ]);
    expect((await storage.customerDirectory.list(otherSiteId)).total).toBe(0);
  });

  it('Art. 17 DSGVO: erasure deletes the account, newsletter and restock rows and anonymises the orders, amounts kept', async () => {
    const order = await place('loeschen@example.de', 2, 'Lena Löschen');
    const account = await storage.customers.create(websiteId, {
      email: 'loeschen@example.de',
      name: 'Lena Löschen',
      passwordHash: 'x',
    });
    await storage.newsletter.subscribe(websiteId, 'loeschen@example.de');
    const erased = await storage.customerDirectory.erase(websiteId, 'LOESCHEN@example.de');
    expect(erased).toEqual({ found: true, accountDeleted: true, ordersAnonymised: 1 });
    expect(await storage.customers.findById(websiteId, account.id)).toBeUndefined();
    const kept = (await storage.orders.findById(websiteId, order.id))!;
    expect(kept.customerEmail).toBeUndefined();
    expect(kept.data.shippingAddress).toBeNull();
    expect(kept.grandTotalMinor).toBe(2400);
    expect(await storage.customerDirectory.find(websiteId, 'loeschen@example.de')).toBeUndefined();
    expect((await storage.customerDirectory.erase(websiteId, 'loeschen@example.de')).found).toBe(false);
  });
});
