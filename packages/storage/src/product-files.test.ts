import { beforeAll, expect, it } from 'vitest';
import type { Storage } from './open-storage.js';
import type { NewOrder } from './order-repository.js';
import { withTestDatabases } from './test-databases.js';

/* Files of digital products (migration 0038): stored in pieces, replaced whole, counted per order line. */

const meta = (name: string) => ({
  fileName: name,
  contentType: 'application/pdf',
  byteSize: 6,
  sha256: 'ab'.repeat(32),
});

withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  let otherId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    websiteId = (await storage.websites.create({ title: 'Laden', hostnames: ['pf.test'] })).id;
    otherId = (await storage.websites.create({ title: 'Anderer', hostnames: ['pf2.test'] })).id;
  });

  const upload = async (site: string, itemId: string, pieces: string[], name = 'buch.pdf') => {
    const fileId = storage.productFiles.newFileId();
    for (const [seq, piece] of pieces.entries())
      await storage.productFiles.writeChunk(site, fileId, seq, Buffer.from(piece));
    return storage.productFiles.attach(site, itemId, fileId, meta(name));
  };
  const read = async (site: string, fileId: string) => {
    const parts: Buffer[] = [];
    for await (const piece of storage.productFiles.chunks(site, fileId)) parts.push(Buffer.from(piece));
    return Buffer.concat(parts).toString();
  };

  it('keeps the file of a product and hands its bytes back in order, only on its website', async () => {
    const file = await upload(websiteId, 'item-a', ['abc', 'def']);
    expect(await storage.productFiles.find(websiteId, 'item-a')).toMatchObject({
      fileName: 'buch.pdf',
      byteSize: 6,
      downloadLimit: 5,
      downloadDays: 30,
    });
    expect(await read(websiteId, file.fileId)).toBe('abcdef');
    expect(await read(otherId, file.fileId)).toBe('');
    expect(await storage.productFiles.find(otherId, 'item-a')).toBeUndefined();
  });

  it('a replacement keeps the download rules and deletes the old bytes; removing deletes all', async () => {
    const first = await upload(websiteId, 'item-b', ['alt']);
    await storage.productFiles.setRules(websiteId, 'item-b', { downloadLimit: 2, downloadDays: 7 });
    const second = await upload(websiteId, 'item-b', ['neu'], 'neu.pdf');
    expect(second).toMatchObject({ fileName: 'neu.pdf', downloadLimit: 2, downloadDays: 7 });
    expect(await read(websiteId, first.fileId)).toBe('');
    expect(await read(websiteId, second.fileId)).toBe('neu');
    expect(await storage.productFiles.remove(websiteId, 'item-b')).toBe(true);
    expect(await storage.productFiles.find(websiteId, 'item-b')).toBeUndefined();
    expect(await read(websiteId, second.fileId)).toBe('');
    expect(await storage.productFiles.remove(websiteId, 'item-b')).toBe(false);
  });

  it('counts downloads of an order line up to the limit', async () => {
    const cart = await storage.carts.create(websiteId, 'EUR');
    const order: NewOrder = {
      cartId: cart.id,
      currency: 'EUR',
      customerEmail: 'erika@example.de',
      data: { payment: { status: 'PAID' } },
      subtotalMinor: 999,
      taxMinor: 0,
      shippingMinor: 0,
      discountMinor: 0,
      grandTotalMinor: 999,
      items: [
        { itemId: 'item-a', sku: 'BUCH', productName: 'Buch', quantity: 1, unitPriceMinor: 999, data: {} },
      ],
      stock: [],
    };
    const placed = await storage.orders.place(websiteId, order);
    if (placed.outcome !== 'placed') throw new Error(placed.outcome);
    const lineId = placed.order.items[0]!.id;
    expect(await storage.productFiles.downloadCount(websiteId, lineId)).toBe(0);
    expect(await storage.productFiles.countDownload(websiteId, lineId, 2)).toBe(true);
    expect(await storage.productFiles.countDownload(websiteId, lineId, 2)).toBe(true);
    expect(await storage.productFiles.countDownload(websiteId, lineId, 2)).toBe(false);
    expect(await storage.productFiles.downloadCount(websiteId, lineId)).toBe(2);
    expect(await storage.productFiles.countDownload(otherId, lineId, 9)).toBe(false);
  });
});
