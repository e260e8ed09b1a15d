import { beforeAll, expect, it } from 'vitest';
import type { CommentTarget } from './comment-repository.js';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';
import { CollectionType } from './types.js';

withTestDatabases((db) => {
  let storage: Storage;
  let websiteId: string;
  let otherWebsiteId: string;
  let gallery: CommentTarget;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    websiteId = (await storage.websites.create({ title: 'Kommentarladen', hostnames: ['kommentare.test'] }))
      .id;
    otherWebsiteId = (await storage.websites.create({ title: 'Nachbar', hostnames: ['nachbar.test'] })).id;
    const page = await storage.collections.create(websiteId, {
      type: CollectionType.SLIDE_GALLERY,
      urlId: 'galerie',
      title: 'Galerie',
    });
    gallery = { type: 'collection', id: page.id };
  });

  // Each comment a millisecond after the one before, so "oldest first" has one answer.
  let clock = Date.now() - 60_000;
  const comment = (body: string, extra: Partial<Parameters<Storage['comments']['create']>[1]> = {}) =>
    storage.comments.create(
      websiteId,
      {
        target: gallery,
        authorName: 'Erika',
        authorEmail: 'erika@example.de',
        body,
        clientHash: 'h1',
        ...extra,
      },
      ++clock,
    );

  it('R4.8.2 counts only approved comments as public, replies included', async () => {
    const first = await comment('Schöne Bilder!', { status: 'approved' });
    await comment('Wartet noch');
    const reply = await comment('Danke!', { parentId: first.id });
    expect(reply.status).toBe('pending');
    let counts = await storage.comments.counts(websiteId, [gallery]);
    expect(counts.get(`collection:${gallery.id}`)).toEqual({ publicCommentCount: 1, likeCount: 0 });

    await storage.comments.moderate(websiteId, reply.id, 'approved');
    counts = await storage.comments.counts(websiteId, [gallery]);
    expect(counts.get(`collection:${gallery.id}`)?.publicCommentCount).toBe(2);
    const thread = await storage.comments.listPublic(websiteId, gallery);
    expect(thread.map((c) => [c.body, c.parentId])).toEqual([
      ['Schöne Bilder!', null],
      ['Danke!', first.id],
    ]);
  });

  it('lists the moderation queue oldest first and hides replies with a rejected comment', async () => {
    const queue = await storage.comments.listByStatus(websiteId, 'pending');
    expect(queue.map((c) => c.body)).toEqual(['Wartet noch']);
    const [parent] = await storage.comments.listPublic(websiteId, gallery);
    const rejected = await storage.comments.moderate(websiteId, parent!.id, 'rejected', 1234);
    expect(rejected).toMatchObject({ status: 'rejected', moderatedAt: 1234 });
    expect(await storage.comments.listPublic(websiteId, gallery)).toEqual([]);
    expect(await storage.comments.moderate(otherWebsiteId, queue[0]!.id, 'approved')).toBeUndefined();
    expect(await storage.comments.moderate(websiteId, 'gibt-es-nicht', 'approved')).toBeUndefined();
  });

  it('spots the same text from the same client as a repeat', async () => {
    await comment('Spam spam', { clientHash: 'flut' });
    const now = clock;
    expect(await storage.comments.isRepeat(websiteId, gallery, 'flut', 'Spam spam', now - 60_000)).toBe(true);
    expect(await storage.comments.isRepeat(websiteId, gallery, 'andere', 'Spam spam', now - 60_000)).toBe(
      false,
    );
    expect(await storage.comments.isRepeat(websiteId, gallery, 'flut', 'Spam spam', now + 60_000)).toBe(
      false,
    );
  });

  it('R3.16.1 counts one like per visitor (likeCount)', async () => {
    const first = await storage.comments.like(websiteId, gallery, 'besucher-a');
    expect(first).toEqual({ added: true, likeCount: 1 });
    const again = await storage.comments.like(websiteId, gallery, 'besucher-a');
    expect(again).toEqual({ added: false, likeCount: 1 });
    expect(await storage.comments.like(websiteId, gallery, 'besucher-b')).toEqual({
      added: true,
      likeCount: 2,
    });
    expect(await storage.comments.hasLiked(websiteId, gallery, 'besucher-a')).toBe(true);
    expect(await storage.comments.hasLiked(otherWebsiteId, gallery, 'besucher-a')).toBe(false);
    const counts = await storage.comments.counts(websiteId, [gallery, { type: 'item', id: 'leer' }]);
    expect(counts.get(`collection:${gallery.id}`)?.likeCount).toBe(2);
    expect(counts.get('item:leer')).toEqual({ publicCommentCount: 0, likeCount: 0 });
  });

  it('keeps comments and likes inside their website', async () => {
    expect(await storage.comments.listByStatus(otherWebsiteId, 'pending')).toEqual([]);
    const counts = await storage.comments.counts(otherWebsiteId, [gallery]);
    expect(counts.get(`collection:${gallery.id}`)).toEqual({ publicCommentCount: 0, likeCount: 0 });
  });
});
