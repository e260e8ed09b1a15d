import { beforeAll, expect, it } from 'vitest';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';

withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  let otherWebsiteId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    websiteId = (await storage.websites.create({ title: 'Rechnungsladen', hostnames: ['rechnung.test'] })).id;
    otherWebsiteId = (
      await storage.websites.create({ title: 'Anderer', hostnames: ['anders-rechnung.test'] })
    ).id;
  });

  const issue = (s: Storage, site: string, orderId: string, kind: 'invoice' | 'cancellation' = 'invoice') =>
    s.invoices.issue(site, { orderId, kind, build: (number, issuedAt) => ({ number, issuedAt, orderId }) });

  it('§14 Abs. 4 Nr. 4 UStG: many orders paid at once get the numbers 1..N, no gap, no duplicate', async () => {
    // PostgreSQL: two connection pools (two server processes) issue at once, each in its own transaction.
    // SQLite has one writer: a second connection in this same process would block its thread while
    // waiting for the lock, so there the transactions queue on one connection, as in the server.
    const second = db.name === 'postgres' ? await db.openAnother(storage) : storage;
    const n = 40;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        (i % 2 ? second : storage).transaction((tx) => issue(tx, websiteId, `order-${i}`)),
      ),
    );
    const numbers = results.map((r) => r.invoice.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    // Another website counts on its own.
    expect((await issue(storage, otherWebsiteId, 'order-0')).invoice.number).toBe(1);
  });

  it('§14 UStG: a failed transaction takes its number back, so no number is lost', async () => {
    const before = (await storage.invoices.list(websiteId, 1))[0].number;
    await expect(
      storage.transaction(async (tx) => {
        await issue(tx, websiteId, 'order-rolled-back');
        throw new Error('Zahlung doch nicht verbucht');
      }),
    ).rejects.toThrow('Zahlung doch nicht verbucht');
    const next = await issue(storage, websiteId, 'order-after');
    expect(next.invoice.number).toBe(before + 1);
    expect(await storage.invoices.forOrder(websiteId, 'order-rolled-back')).toEqual([]);
  });

  it('§14 UStG: an order has one invoice; issuing again answers with it, unchanged', async () => {
    const first = await issue(storage, websiteId, 'order-twice');
    const again = await storage.invoices.issue(websiteId, {
      orderId: 'order-twice',
      kind: 'invoice',
      build: () => ({ changed: true }),
    });
    expect(again.issued).toBe(false);
    expect(again.invoice).toEqual(first.invoice);
    const storno = await issue(storage, websiteId, 'order-twice', 'cancellation');
    expect(storno.invoice.number).toBe(first.invoice.number + 1);
    expect((await storage.invoices.forOrder(websiteId, 'order-twice')).map((i) => i.kind)).toEqual([
      'invoice',
      'cancellation',
    ]);
    expect(await storage.invoices.findByNumber(otherWebsiteId, storno.invoice.number)).toBeUndefined();
  });

  it('§11 PAngV: keeps the price history of a variant, a new point only when the price changes', async () => {
    await storage.pricing.recordPrice(websiteId, 'v1', 1000, 1_000);
    await storage.pricing.recordPrice(websiteId, 'v1', 1000, 2_000);
    await storage.pricing.recordPrice(websiteId, 'v1', 800, 3_000);
    await storage.pricing.recordPrice(websiteId, 'v1', 900, 4_000);
    const history = await storage.pricing.priceHistory(websiteId, ['v1'], 3_500);
    // The price in force at 3 500 (800) and every change after it.
    expect(history.get('v1')).toEqual([
      { validFrom: 3_000, priceMinor: 800 },
      { validFrom: 4_000, priceMinor: 900 },
    ]);
  });
});
