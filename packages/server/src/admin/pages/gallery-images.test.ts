import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { sharedStateWithLimits } from '../admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../catalog/shop-admin-test-kit.js';
import { mediaMessages } from '../media/media-messages.js';
import { pageMessages } from './page-messages.js';

/* Gallery blocks take images picked from the media library: address, size, focal point and alt text each. */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let team: ShopTeam;
  let base: string;
  const hostname = `galerie-bilder-${db.name}.test`;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    const site = await storage.websites.create({ title: 'Galerieladen', hostnames: [hostname] });
    team = await shopTeam(app, storage, site.id);
    base = `/api/admin/sites/${site.id}`;
  });
  afterAll(() => app?.close());

  const libraryImage = (name: string, altText: string, x: number, y: number) => ({
    assetUrl: `/media/m-${name}/${name}.jpg`,
    originalSize: '1200x800',
    mediaFocalPoint: { x, y },
    altText,
  });

  it('R3.22.2 R9.4.4 keeps each library image with its own alt text and focal point; visitors get both', async () => {
    const page = (await team.admin.post(`${base}/collections`, { type: 'gallery', title: 'Werkstatt' })).body
      .collection;
    const images = [
      libraryImage('tasse', 'Rote Tasse auf Holz', 0.2, 0.7),
      libraryImage('krug', '', 0.5, 0.5),
    ];
    const saved = await team.admin.patch(`${base}/collections/${page.id}/draft`, {
      blocks: [{ type: 'gallery', images, settings: { design: 'grid' } }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.blocks.draft[0].images).toEqual(images);
    expect((await team.admin.post(`${base}/collections/${page.id}/publish`)).status).toBe(200);

    const visit = await app.inject({ method: 'GET', url: `/${page.urlId}`, headers: { host: hostname } });
    expect(visit.statusCode).toBe(200);
    expect(visit.body).toContain('alt="Rote Tasse auf Holz"');
    expect(visit.body).toContain('object-position: 20% 70%');
  });

  it('R5.12.5 refuses a focal point outside 0–1 and an alt text over 250 characters at the image', async () => {
    const page = (await team.admin.post(`${base}/collections`, { type: 'gallery', title: 'Falsch' })).body
      .collection;
    const answer = await team.admin.patch(`${base}/collections/${page.id}/draft`, {
      blocks: [
        {
          type: 'gallery',
          images: [libraryImage('a', 'Gut', 0.5, 0.5), libraryImage('b', 'x'.repeat(251), 1.5, 0.5)],
        },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toMatchObject({
      'blocks.0.images.1.altText': pageMessages.altTextTooLong,
      'blocks.0.images.1.mediaFocalPoint.x': mediaMessages.focalPointInvalid,
    });
    const after = await team.admin.get(`${base}/collections/${page.id}`);
    expect(JSON.stringify(after.body.blocks.draft)).not.toContain('m-b');
  });
});
