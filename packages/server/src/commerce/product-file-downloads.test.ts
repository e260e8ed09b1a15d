import { createHash, randomBytes } from 'node:crypto';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../admin/admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { attachmentHeader, DownloadService } from './digital-downloads.js';
import { createTestShop, type TestShop, Visitor } from './test-shop.js';

/* Issue 23: the owner uploads the file of a digital product; buyers download exactly that file, limited. */

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A PDF-looking file of 2.5 MiB: several stored pieces. */
const bigPdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2.5 * 1024 * 1024)]);

describe('Content-Disposition of product files', () => {
  it('names the file in ASCII and in full UTF-8 (RFC 6266), without paths or quotes', () => {
    expect(attachmentHeader('Großes Handbuch.pdf')).toBe(
      `attachment; filename="grosses-handbuch.pdf"; filename*=UTF-8''Gro%C3%9Fes%20Handbuch.pdf`,
    );
    expect(attachmentHeader('../"böse"\r\n(1).zip')).toBe(
      `attachment; filename="boese-1.zip"; filename*=UTF-8''..b%C3%B6se%281%29.zip`,
    );
  });
});

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let team: ShopTeam;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, `datei-${db.name}.test`, 10, {
      bankAccount: { accountHolder: 'Testladen', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    });
    app = await buildApp({ storage, logLevel: 'silent', serverTestMode: true });
    team = await shopTeam(app, storage, shop.websiteId);
  });
  afterAll(() => app?.close());

  const fileUrl = (productId = shop.ebook.id) =>
    `/api/admin/sites/${shop.websiteId}/products/${productId}/file`;
  const as = (browser: Browser) => ({
    host: 'admin.localhost',
    cookie: [...browser.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
    'x-csrf-token': browser.cookies.get('crumb')!,
  });
  const upload = (body: Buffer, filename: string, browser = team.storeManager, productId = shop.ebook.id) =>
    app.inject({
      method: 'PUT',
      url: `${fileUrl(productId)}?filename=${encodeURIComponent(filename)}`,
      headers: { ...as(browser), 'content-type': 'application/octet-stream' },
      payload: body,
    });
  const rules = (downloadLimit: unknown, downloadDays: unknown) =>
    app.inject({
      method: 'PATCH',
      url: fileUrl(),
      headers: as(team.storeManager),
      payload: { downloadLimit, downloadDays },
    });
  const buy = async (payment: Record<string, unknown>) => {
    const v = await new Visitor(app, shop.hostname).start();
    await v.add(shop.ebook.id, `${shop.hostname}-EBOOK`, 1);
    const res = await v.checkout(payment);
    expect(res.statusCode).toBe(201);
    const order = res.json().order as { id: string; items: { downloadUrl?: string }[] };
    return { id: order.id, link: order.items[0]!.downloadUrl! };
  };
  const payByCard = () =>
    buy({ paymentMethod: 'test-card', paymentDetails: { cardNumber: '4242424242424242' } });
  const download = (link: string) =>
    app.inject({ method: 'GET', url: link, headers: { host: shop.hostname } });

  it('the owner uploads a file and sees its name, type, size and checksum', async () => {
    const bytes = bigPdf();
    const res = await upload(bytes, 'Großes Handbuch.pdf');
    expect(res.statusCode).toBe(201);
    expect(res.json().file).toMatchObject({
      fileName: 'Großes Handbuch.pdf',
      contentType: 'application/pdf',
      byteSize: bytes.length,
      sha256: sha256(bytes),
      downloadLimit: 5,
      downloadDays: 30,
    });
    const shown = await app.inject({ url: fileUrl(), headers: as(team.viewer) });
    expect(shown.json().file.sha256).toBe(sha256(bytes));
  });

  it('refuses uploads with a clear German message', async () => {
    const tooLarge = await app.inject({
      method: 'PUT',
      url: `${fileUrl()}?filename=riesig.zip`,
      headers: {
        ...as(team.storeManager),
        'content-type': 'application/zip',
        'content-length': String(201 * 1024 * 1024),
      },
      payload: Buffer.from('PK'),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe('Die Datei ist zu groß. Erlaubt sind höchstens 200 MB.');
    const empty = await upload(Buffer.alloc(0), 'leer.pdf');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Die Datei ist leer.');
    const badName = await upload(Buffer.from('hallo'), '../geheim.txt');
    expect(badName.statusCode).toBe(400);
    const mug = await upload(Buffer.from('hallo'), 'tasse.txt', team.storeManager, shop.mug.id);
    expect(mug.statusCode).toBe(409);
    expect(mug.json().error.message).toContain('Nur digitale Produkte');
    expect((await upload(Buffer.from('hallo'), 'x.txt', team.viewer)).statusCode).toBe(403);
    expect((await rules(0, 30)).json().error.message).toContain('zwischen 1 und 100');
    // The file on sale is untouched by all of this.
    expect((await app.inject({ url: fileUrl(), headers: as(team.viewer) })).json().file.fileName).toBe(
      'Großes Handbuch.pdf',
    );
  });

  it('a paid buyer downloads exactly the uploaded bytes, as an attachment, up to the download limit', async () => {
    const bytes = bigPdf();
    await upload(bytes, 'Großes Handbuch.pdf');
    expect((await rules(2, 30)).statusCode).toBe(200);
    const { link } = await payByCard();
    const first = await download(link);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe(attachmentHeader('Großes Handbuch.pdf'));
    expect(sha256(first.rawPayload)).toBe(sha256(bytes));
    expect((await download(link)).statusCode).toBe(200);
    const third = await download(link);
    expect(third.statusCode).toBe(403);
    expect(third.headers['content-type']).toContain('text/html');
    expect(third.body).toContain('Diese Datei wurde schon 2-mal heruntergeladen');
    expect(third.body).not.toContain('%PDF');
  });

  it('nothing before payment: a Vorkasse order gets the file only once the owner marks it paid', async () => {
    await upload(Buffer.from('Kapitel 1\nEs war einmal.\n'), 'Geschichte.txt');
    await rules(5, 30);
    const { id, link } = await buy({ paymentMethod: 'bank-transfer' });
    const before = await download(link);
    expect(before.statusCode).toBe(403);
    expect(before.body).not.toContain('Es war einmal');
    const marked = await app.inject({
      method: 'POST',
      url: `/api/admin/sites/${shop.websiteId}/orders/${id}/mark-paid`,
      headers: as(team.admin),
    });
    expect(marked.statusCode).toBe(200);
    const after = await download(link);
    expect(after.statusCode).toBe(200);
    expect(after.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(after.body).toBe('Kapitel 1\nEs war einmal.\n');
  });

  it('after the download window the buyer gets a German 410 page', async () => {
    await upload(Buffer.from('%PDF-1.4 kurz'), 'kurz.pdf');
    await rules(5, 3);
    const { link } = await payByCard();
    const website = (await storage.websites.findById(shop.websiteId))!;
    const token = link.split('/').pop()!;
    const service = new DownloadService(storage);
    await expect(service.file(website, token, true, Date.now() + 2 * 86_400_000)).resolves.toBeDefined();
    await expect(service.file(website, token, true, Date.now() + 4 * 86_400_000)).rejects.toMatchObject({
      statusCode: 410,
      message: expect.stringContaining('3 Tage nach dem Kauf'),
    });
  });

  it('the owner replaces and removes the file', async () => {
    await upload(Buffer.from('alt'), 'alt.txt');
    const replaced = await upload(Buffer.from('neu'), 'neu.txt');
    expect(replaced.json().file).toMatchObject({ fileName: 'neu.txt', byteSize: 3 });
    const { link } = await payByCard();
    expect((await download(link)).body).toBe('neu');
    const removed = await app.inject({ method: 'DELETE', url: fileUrl(), headers: as(team.storeManager) });
    expect(removed.statusCode).toBe(200);
    expect((await app.inject({ url: fileUrl(), headers: as(team.viewer) })).json().file).toBeNull();
    const again = await app.inject({ method: 'DELETE', url: fileUrl(), headers: as(team.storeManager) });
    expect(again.statusCode).toBe(404);
  });
});
