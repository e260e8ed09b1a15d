import { CollectionType } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { accountWithSession, sharedStateWithLimits } from '../admin-test-kit.js';
import { PAGE_LOCK_MS } from './page-lock-routes.js';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let base: string;
  let pageId: string;
  let anna: Awaited<ReturnType<typeof accountWithSession>>;
  let ben: Awaited<ReturnType<typeof accountWithSession>>;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    const site = await storage.websites.create({
      title: 'Sperrladen',
      hostnames: [`sperre-${db.name}.test`],
    });
    pageId = (
      await storage.collections.create(site.id, {
        type: CollectionType.PAGE,
        urlId: 'ueber-uns',
        title: 'Über uns',
        blocks: [{ type: 'heading', text: 'Wir' }],
      })
    ).id;
    anna = await accountWithSession(app, storage, 'Anna Albers');
    ben = await accountWithSession(app, storage, 'Ben Berg');
    await storage.siteMembers.add(site.id, anna.account.id, [1]);
    await storage.siteMembers.add(site.id, ben.account.id, [1]);
    base = `/api/admin/sites/${site.id}/collections/${pageId}`;
  });
  afterAll(() => app?.close());

  const draft = [{ type: 'heading', text: 'Neu', level: 2 }];

  it('R8.7.12 a second member opening a page another is editing is told it is locked, by whom, and cannot save or publish it', async () => {
    const taken = await anna.browser.post(`${base}/lock`);
    expect(taken.status).toBe(200);
    expect(taken.body.lock.holderName).toBe('Anna Albers');

    const refused = await ben.browser.post(`${base}/lock`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ type: 'PAGE_LOCKED' });
    expect(refused.body.error.message).toContain(
      'Die Seite ist gesperrt: Anna Albers bearbeitet sie gerade.',
    );

    const save = await ben.browser.patch(`${base}/draft`, { blocks: draft });
    expect(save.status).toBe(409);
    expect(save.body.error.message).toContain('Anna Albers');
    expect((await ben.browser.post(`${base}/publish`)).status).toBe(409);
    // The holder saves as usual and renews the lease while the editor stays open.
    expect((await anna.browser.patch(`${base}/draft`, { blocks: draft })).status).toBe(200);
    expect((await anna.browser.post(`${base}/lock`)).status).toBe(200);
  });

  it('R8.7.12 frees the page when the holder leaves, and when a lease is no longer renewed', async () => {
    expect((await anna.browser.delete(`${base}/lock`)).body).toEqual({ released: true });
    expect((await ben.browser.post(`${base}/lock`)).status).toBe(200);
    expect((await ben.browser.patch(`${base}/draft`, { blocks: draft })).status).toBe(200);
    expect((await anna.browser.post(`${base}/lock`)).status).toBe(409);

    // Ben's browser closed without a word: once the lease ran out, Anna gets the page.
    const websiteId = base.split('/')[4]!;
    const past = Date.now() - PAGE_LOCK_MS - 1000;
    await storage.pageLocks.release(websiteId, pageId, ben.account.id);
    await storage.pageLocks.acquire(
      websiteId,
      pageId,
      { accountId: ben.account.id, name: 'Ben Berg' },
      past + PAGE_LOCK_MS,
      past,
    );
    expect((await anna.browser.post(`${base}/lock`)).status).toBe(200);
  });
});
