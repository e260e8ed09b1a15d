import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { sharedStateWithLimits } from '../admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../catalog/shop-admin-test-kit.js';

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let team: ShopTeam;
  let base: string;
  let host: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    host = `bilder-${db.name}.test`;
    const website = await storage.websites.create({ title: 'Bilderladen', hostnames: [host] });
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    team = await shopTeam(app, storage, website.id);
    base = `/api/admin/sites/${website.id}/media`;
  });
  afterAll(() => app?.close());

  const upload = async (
    browser: ShopTeam['admin'],
    body: Buffer,
    filename = 'Rotes Bild.jpg',
    type = 'image/jpeg',
  ) =>
    app.inject({
      method: 'POST',
      url: `${base}?filename=${encodeURIComponent(filename)}`,
      headers: {
        host: 'admin.localhost',
        'content-type': type,
        cookie: [...browser.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
        'x-csrf-token': browser.cookies.get('crumb')!,
      },
      payload: body,
    });

  it('R9.5.3 stores an upload with WebP renditions at the width steps up to its width, served on the site with ?format', async () => {
    const res = await upload(team.storeManager, await jpeg(1200, 800));
    expect(res.statusCode).toBe(201);
    const media = res.json().media;
    expect(media.variants).toEqual(['100w', '300w', '500w', '750w', '1000w']);
    expect(media.image).toMatchObject({
      originalSize: '1200x800',
      altText: '',
      mediaFocalPoint: { x: 0.5, y: 0.5 },
    });
    expect(media.assetUrl).toMatch(/^\/media\/[0-9a-f]{24}\/rotes-bild\.jpg$/);

    const small = await app.inject({ url: `${media.assetUrl}?format=500w`, headers: { host } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect((await sharp(small.rawPayload).metadata()).width).toBe(500);
    expect(small.headers['cache-control']).toContain('immutable');

    const original = await app.inject({ url: `${media.assetUrl}?format=original`, headers: { host } });
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(original.rawPayload).metadata()).width).toBe(1200);
    // A step above the largest rendition gets the original.
    const big = await app.inject({ url: `${media.assetUrl}?format=2500w`, headers: { host } });
    expect((await sharp(big.rawPayload).metadata()).width).toBe(1200);
    const bad = await app.inject({ url: `${media.assetUrl}?format=123w`, headers: { host } });
    expect(bad.statusCode).toBe(400);

    // Another website's host does not serve it.
    const elsewhere = await app.inject({
      url: media.assetUrl,
      headers: { host: `fremd-${base.split('/')[4]}.test` },
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('R5.12.6 R5.12.7 R5.12.8 refuses a missing file name, a file that is no image and an oversized one in German', async () => {
    const noName = await upload(team.admin, await jpeg(10, 10), '  ');
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe('Bitte gib einen Dateinamen an.');

    const text = await upload(team.admin, Buffer.from('kein Bild'), 'notiz.jpg');
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toContain('Dateityp wird nicht unterstützt');

    const huge = await upload(team.admin, Buffer.alloc(21 * 1024 * 1024, 1), 'riesig.jpg');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe('Die Datei ist zu groß. Erlaubt sind höchstens 20 MB.');
    expect((await storage.media.list(base.split('/')[4]!)).total).toBe(1);
  });

  it('R8.7.6 refuses a file name that is a path or carries control characters: it cannot be uploaded or renamed', async () => {
    for (const name of ['urlaub/strand.jpg', '..\\boot.ini', 'zeile\numbruch.jpg']) {
      const res = await upload(team.admin, await jpeg(10, 10), name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.message).toBe(
        'Diese Datei kann nicht hochgeladen oder umbenannt werden: Der Name darf weder Schrägstriche noch Steuerzeichen enthalten.',
      );
    }
    expect((await storage.media.list(base.split('/')[4]!)).total).toBe(1);
  });

  it('sets alt text and focal point, lists newest first, and deletes', async () => {
    const created = (await upload(team.editor, await jpeg(90, 60), 'klein.png')).json().media;
    expect(created.variants).toEqual(['100w']);
    const changed = await team.editor.patch(`${base}/${created.id}`, {
      altText: 'Ein kleines Bild',
      focalPoint: { x: 0.2, y: 0.9 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.media.image).toMatchObject({
      altText: 'Ein kleines Bild',
      mediaFocalPoint: { x: 0.2, y: 0.9 },
    });
    const wrong = await team.editor.patch(`${base}/${created.id}`, { focalPoint: { x: 2, y: 0 } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Der Fokuspunkt muss zwischen 0 und 1 liegen.');

    const list = await team.viewer.get(base);
    expect(list.body.media[0].id).toBe(created.id);
    const thumb = await team.viewer.get(`${base}/${created.id}/file?format=100w`);
    expect(thumb.status).toBe(200);
    expect(thumb.response.headers['content-type']).toBe('image/webp');

    expect((await team.editor.delete(`${base}/${created.id}`)).status).toBe(200);
    expect((await team.editor.get(`${base}/${created.id}`)).status).toBe(404);
  });

  it('R4 permissions: billing may not upload, viewers may not change, other sites see nothing', async () => {
    expect((await upload(team.billing, await jpeg(10, 10))).statusCode).toBe(403);
    const first = (await team.viewer.get(base)).body.media[0];
    expect((await team.viewer.patch(`${base}/${first.id}`, { altText: 'x' })).status).toBe(403);
    expect((await team.outsider.get(base)).status).toBe(404);
    expect(
      (await team.outsider.get(`/api/admin/sites/${team.outsiderSiteId}/media/${first.id}`)).status,
    ).toBe(404);
  });
});
