import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { fileSlug } from './digital-downloads.js';
import { createTestShop, type TestShop, Visitor } from './test-shop.js';

describe('download file names', () => {
  it('are plain ASCII slugs of the product name', () => {
    expect(fileSlug('Großes Handbuch (2. Auflage)')).toBe('grosses-handbuch-2-auflage');
    expect(fileSlug('Crème brûlée für Anfänger')).toBe('creme-brulee-fuer-anfaenger');
    expect(fileSlug('🙂')).toBe('download');
  });
});

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let otherShop: TestShop;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, 'download.test');
    otherShop = await createTestShop(storage, 'anderer-download.test');
    // The test card pays in these tests: the server runs in test mode, as with NODE_ENV other than production.
    app = await buildApp({ storage, logLevel: 'silent', serverTestMode: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  const sku = (suffix: string) => `${shop.hostname}-${suffix}`;
  /** Buys an e-book and a mug; answers the order as the API shows it. */
  const buy = async (payment: Record<string, unknown>) => {
    const v = await new Visitor(app, shop.hostname).start();
    await v.add(shop.ebook.id, sku('EBOOK'), 1);
    await v.add(shop.mug.id, sku('TASSE'), 1);
    const res = await v.checkout(payment);
    expect(res.statusCode).toBe(201);
    return res.json().order as {
      id: string;
      orderNumber: number;
      items: { sku: string; downloadUrl?: string }[];
    };
  };
  const get = (url: string, host = shop.hostname) => app.inject({ method: 'GET', url, headers: { host } });
  const paid = () => buy({ paymentMethod: 'test-card', paymentDetails: { cardNumber: '4242424242424242' } });

  it('R3.5.4 R4.7.4 a digital line gets an unguessable link; physical lines get none', async () => {
    const [first, second] = [await paid(), await paid()];
    const links = [first, second].map(
      (order) => order.items.find((i) => i.sku === sku('EBOOK'))!.downloadUrl,
    );
    for (const link of links) expect(link).toMatch(/^\/downloads\/[0-9a-f]{32}$/);
    expect(links[0]).not.toBe(links[1]);
    expect(first.items.find((i) => i.sku === sku('TASSE'))!.downloadUrl).toBeUndefined();
  });

  it('R3.5.4 a paid order downloads the product file as a PDF attachment', async () => {
    const order = await paid();
    const res = await get(order.items.find((i) => i.sku === sku('EBOOK'))!.downloadUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="e-book.pdf"; filename*=UTF-8''e-book.pdf`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain('(E-Book) Tj');
    expect(pdf).toContain(`Bestellung Nr. ${order.orderNumber}`);
    // The cross-reference table points at the objects, so PDF readers open it without repairing.
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/(\d{10}) 00000 n /g)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => {
      expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
  });

  it('an order still awaiting its Vorkasse transfer gets a German 403 page, no file', async () => {
    const order = await buy({ paymentMethod: 'bank-transfer' });
    const res = await get(order.items.find((i) => i.sku === sku('EBOOK'))!.downloadUrl!);
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Der Download steht bereit, sobald deine Zahlung eingegangen ist.');
    expect(res.body).not.toContain('%PDF');
  });

  it('an unknown, malformed or other-shop token gets a German 404 page', async () => {
    const order = await paid();
    const link = order.items.find((i) => i.sku === sku('EBOOK'))!.downloadUrl!;
    const answers = [
      await get(`/downloads/${'0'.repeat(32)}`),
      await get('/downloads/nicht-hex'),
      await get(`/downloads/${'a'.repeat(64)}`),
      await get(link, otherShop.hostname),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('%PDF');
    }
    expect(answers[0].body).toContain('Diesen Download gibt es nicht.');
  });
});
