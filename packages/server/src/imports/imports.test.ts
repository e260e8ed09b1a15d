import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CollectionType } from '@baukasten/commerce';
import type { Collection, Storage, Website } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { importMessages as m } from './import-messages.js';
import { readCatalogue } from './read-catalogue.js';
import { catalogueOfItem } from './shopify-export.js';
import { SQUARESPACE_FILE, shopifyFile, WOOCOMMERCE_FILE } from './test-files.js';

/*
 * The import as the owner uses it: upload → preview → start → progress → products (with their images)
 * in the shop; re-importing updates; hostile files change nothing; the Shopify export reads back the same.
 */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let site: Website;
  let shop: Collection;
  let team: ShopTeam;
  let base: string;
  let images: Server;
  let imageBase: string;
  const served = new Map<string, number>();
  /** Paths answered with 500 this many more times before they work (retry test). */
  const failuresLeft = new Map<string, number>();
  const hostname = `umzug-${db.name}.test`;

  beforeAll(async () => {
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    images = createServer((request, response) => {
      const path = request.url ?? '/';
      served.set(path, (served.get(path) ?? 0) + 1);
      const failures = failuresLeft.get(path) ?? 0;
      if (failures > 0) {
        failuresLeft.set(path, failures - 1);
        response.writeHead(500).end();
      } else if (path.endsWith('.html')) response.writeHead(200, { 'content-type': 'text/html' }).end('<p>');
      else if (path.includes('fehlt')) response.writeHead(404).end();
      else response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;

    storage = await db.open();
    await storage.migrate();
    app = await buildApp({
      storage,
      logLevel: process.env.IMPORT_TEST_LOG ? 'error' : 'silent',
      shared: sharedStateWithLimits(),
      imports: { images: { allowPrivateHosts: true, retryBaseMs: 20, timeoutMs: 5000 } },
    });
    site = await storage.websites.create({
      title: 'Umzugsladen',
      hostnames: [hostname],
      currency: 'EUR',
      locale: 'de-DE',
    });
    shop = await storage.collections.create(site.id, {
      type: CollectionType.PRODUCTS,
      urlId: 'laden',
      title: 'Laden',
    });
    team = await shopTeam(app, storage, site.id);
    base = `/api/admin/sites/${site.id}`;
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => images?.close(resolve));
  });

  const upload = (browser: Browser, body: Buffer | string, filename = 'products_export.csv') =>
    app.inject({
      method: 'POST',
      url: `${base}/imports?filename=${encodeURIComponent(filename)}`,
      headers: {
        host: 'admin.localhost',
        'content-type': 'text/csv',
        cookie: [...browser.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
        'x-csrf-token': browser.cookies.get('crumb')!,
      },
      payload: body,
    });

  const untilDone = async (
    jobId: string,
    what: (job: any) => boolean = (job) => job.status !== 'running',
  ) => {
    for (let i = 0; i < 400; i++) {
      const { body } = await team.storeManager.get(`${base}/imports/${jobId}`);
      if (what(body.job)) return body.job;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('import did not finish');
  };

  const importFile = async (text: string) => {
    const preview = await upload(team.storeManager, text);
    expect(preview.statusCode).toBe(201);
    const job = preview.json().job;
    const started = await team.storeManager.post(`${base}/imports/${job.id}/start`);
    expect(started.status).toBe(202);
    return { preview: job, done: await untilDone(job.id) };
  };

  const productCount = async () => (await storage.items.searchProducts(site.id, { limit: 0 })).total;
  const shirtFile = () =>
    shopifyFile({
      shirt: [`${imageBase}/shirt-front.png`, `${imageBase}/shirt-back.png`],
      mug: `${imageBase}/tasse.png`,
    });

  it('previews a Shopify file without writing, imports it with progress, and the shop shows products with images', async () => {
    const preview = await upload(team.storeManager, shirtFile());
    expect(preview.statusCode).toBe(201);
    const job = preview.json().job;
    expect(job).toMatchObject({ format: 'shopify', status: 'previewed', total: 2, processed: 0 });
    expect(job.preview).toMatchObject({ create: 2, update: 0, variants: 5, images: 3, refusedCount: 0 });
    expect(job.preview.rows[0]).toMatchObject({
      line: 2,
      action: 'create',
      handle: 'bio-t-shirt',
      priceMinor: 2490,
    });
    expect(await productCount()).toBe(0);
    // The editor finds the job again after a reload.
    expect((await team.viewer.get(`${base}/imports/latest`)).body.job.id).toBe(job.id);

    expect((await team.viewer.post(`${base}/imports/${job.id}/start`)).status).toBe(403);
    const startedOnce = await team.storeManager.post(`${base}/imports/${job.id}/start`);
    expect(startedOnce.status).toBe(202);
    expect((await team.storeManager.post(`${base}/imports/${job.id}/start`)).status).toBe(409);
    const done = await untilDone(job.id, (j) => j.status === 'done' && j.images.pending === 0);
    expect(done).toMatchObject({
      processed: 2,
      percent: 100,
      result: { created: 2, updated: 0, refused: [] },
    });
    expect(done.images).toMatchObject({ total: 3, done: 3, failed: 0 });

    const shirt = await storage.items.findByUrlId(site.id, shop.id, 'bio-t-shirt');
    expect(shirt?.title).toBe('Bio-T-Shirt „Grün“');
    expect(shirt?.body).not.toContain('<script');
    expect(
      shirt?.product?.variants.map((v) => [v.sku, v.priceMinor, v.salePriceMinor, v.onSale, v.qtyInStock]),
    ).toEqual([
      ['SHIRT-S-GRUEN', 2990, 2490, true, 5],
      ['SHIRT-S-WEISS', 2490, 0, false, 0],
      ['SHIRT-M-GRUEN', 2990, 2490, true, 12],
      ['SHIRT-M-WEISS', 2650, 0, false, 3],
    ]);
    expect(shirt?.images.map((i) => i.altText)).toEqual(['Vorderseite', 'Rückseite']);
    const page = await app.inject({
      method: 'GET',
      url: '/laden/p/bio-t-shirt',
      headers: { host: hostname },
    });
    expect(page.statusCode).toBe(200);
    const picture = shirt!.images[0].assetUrl;
    expect(page.body).toContain(picture);
    const file = await app.inject({ method: 'GET', url: picture, headers: { host: hostname } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('re-importing the same file updates by handle and SKU: no duplicates, variant ids kept, images not fetched again', async () => {
    const before = await storage.items.findByUrlId(site.id, shop.id, 'bio-t-shirt');
    const fetches = served.get('/shirt-front.png');
    const changed = shirtFile().replace('SHIRT-M-WEISS,200,shopify,3', 'SHIRT-M-WEISS,200,shopify,9');
    const { preview, done } = await importFile(changed);
    expect(preview.preview).toMatchObject({ create: 0, update: 2 });
    expect(done.result).toMatchObject({ created: 0, updated: 2 });
    await untilDone(done.id, (j) => j.images.pending === 0);
    expect(await productCount()).toBe(2);
    const after = await storage.items.findByUrlId(site.id, shop.id, 'bio-t-shirt');
    expect(after?.product?.variants.map((v) => v.id)).toEqual(before?.product?.variants.map((v) => v.id));
    expect(after?.product?.variants[3].qtyInStock).toBe(9);
    expect(after?.images.map((i) => i.assetUrl)).toEqual(before?.images.map((i) => i.assetUrl));
    expect(served.get('/shirt-front.png')).toBe(fetches);
  });

  it('imports WooCommerce and Squarespace files next to them', async () => {
    await importFile(WOOCOMMERCE_FILE.replaceAll('https://cdn.example.com', imageBase));
    await importFile(SQUARESPACE_FILE.replaceAll('https://cdn.example.com', imageBase));
    const pulli = await storage.items.findByUrlId(site.id, shop.id, 'strickpulli-aermel-lang');
    expect(pulli?.product?.variants.map((v) => [v.sku, v.priceMinor, v.salePriceMinor, v.onSale])).toEqual([
      ['PULLI-S', 5990, 4990, true],
      ['PULLI-M', 5990, 0, false],
    ]);
    const apron = await storage.items.findByUrlId(site.id, shop.id, 'leinen-schuerze');
    expect(apron?.product?.variants.map((v) => [v.sku, v.unlimited, v.qtyInStock])).toEqual([
      ['SCH-NATUR', false, 7],
      ['SCH-ANTHRAZIT', true, 0],
    ]);
    expect(await productCount()).toBe(6);
  });

  it('the preview finds a renamed product by SKU, and refuses a SKU another product holds, naming it and the line', async () => {
    const renamed = shirtFile().replace('kaffeetasse,Kaffeetasse', 'andere-tasse,Andere Tasse');
    expect((await upload(team.storeManager, renamed)).json().job.preview).toMatchObject({
      create: 0,
      update: 2,
    });
    const taken = shirtFile().replace('TASSE-1', 'PULLI-S');
    const job = (await upload(team.storeManager, taken)).json().job;
    expect(job.preview).toMatchObject({ create: 0, update: 1, refusedProducts: 1 });
    expect(job.preview.refused).toEqual([
      { line: 8, handle: 'kaffeetasse', reason: m.skuOfOtherProduct('PULLI-S', 'Strickpulli Ärmel lang') },
    ]);
  });

  it('hostile files are refused whole with a German message and change nothing', async () => {
    const jobsBefore = (await team.storeManager.get(`${base}/imports/latest`)).body.job.id;
    const count = await productCount();
    const huge = Buffer.alloc(50 * 1024 * 1024, 'a');
    const tooLarge = await upload(team.storeManager, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe(m.fileTooLarge('20 MB'));
    const latin1 = await upload(team.storeManager, Buffer.from(shirtFile(), 'latin1'));
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().error).toEqual({ type: 'NOT_UTF8', message: m.notUtf8 });
    const noPrice = await upload(team.storeManager, shirtFile().replace('Variant Price', 'Preis'));
    expect(noPrice.json().error.message).toBe(m.missingColumns(['Variant Price']));
    expect((await upload(team.viewer, shirtFile())).statusCode).toBe(403);
    expect((await team.storeManager.get(`${base}/imports/latest`)).body.job.id).toBe(jobsBefore);
    expect(await productCount()).toBe(count);
  });

  it('import(export(x)) == x: the Shopify export reads back as the same catalogue', async () => {
    const exported = await team.viewer.get(`${base}/products/export.csv`);
    expect(exported.status).toBe(200);
    expect(exported.response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = exported.response.body;
    expect(text.startsWith('Handle,Title,Body (HTML),')).toBe(true);
    const origin = `http://${hostname}`;
    const { items } = await storage.items.searchProducts(site.id, { limit: 100 });
    const stored = items.map((item) => catalogueOfItem(item, origin));
    const read = readCatalogue(Buffer.from(text), 'EUR');
    expect(read.refused).toEqual([]);
    const again = read.products.map(({ line: _l, lines: _ls, excerpt: _e, variants, ...p }) => ({
      ...p,
      variants: variants.map((v) => ({ ...v, line: 0 })),
    }));
    expect(again).toEqual(stored);
    expect(stored).toHaveLength(6);
  });

  describe('images', () => {
    it('retries a failing image server and gives up on answers that are no image, with a reason', async () => {
      failuresLeft.set('/wackelig.png', 2);
      const file = shopifyFile({
        shirt: [`${imageBase}/wackelig.png`, `${imageBase}/seite.html`],
        mug: `${imageBase}/fehlt.png`,
      })
        .replaceAll('bio-t-shirt', 'bild-test')
        .replaceAll('SHIRT-', 'BILD-')
        .replace('kaffeetasse,Kaffeetasse', 'bild-tasse,Bildtasse')
        .replace('TASSE-1', 'BILD-TASSE');
      const { done } = await importFile(file);
      const settled = await untilDone(done.id, (j) => j.images.pending === 0);
      expect(settled.images).toMatchObject({ total: 3, done: 1, failed: 2 });
      expect(served.get('/wackelig.png')).toBe(3);
      const failed = await storage.imports.itemImages(
        site.id,
        (await storage.items.findByUrlId(site.id, shop.id, 'bild-tasse'))!.id,
      );
      expect(failed[0]).toMatchObject({ status: 'failed', error: m.imageNotFound(404) });
    });
  });
});

describe('image guard without the test switch', () => {
  it('refuses loopback, private and link-local addresses before connecting', async () => {
    const { fetchImage, isPrivateAddress } = await import('./image-guard.js');
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.5',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '100.64.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '2606:4700::1111'])
      expect(isPrivateAddress(address), address).toBe(false);
    const options = { allowPrivateHosts: false, maxBytes: 1000, timeoutMs: 1000 };
    await expect(fetchImage('http://127.0.0.1:9/bild.png', options)).rejects.toThrow(m.imageHostRefused);
    await expect(fetchImage('http://[::1]:9/bild.png', options)).rejects.toThrow(m.imageHostRefused);
    await expect(fetchImage('http://localhost:9/bild.png', options)).rejects.toThrow(m.imageHostRefused);
  });
});
