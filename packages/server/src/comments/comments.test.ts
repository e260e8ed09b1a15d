import { CollectionType, UserRole } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithSession, Browser, sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { buildApp } from '../app.js';
import { commentMessages } from './comment-messages.js';

const HOST = 'kommentare.test';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let websiteId: string;
  let galleryId: string;
  let closedId: string;
  let moderator: Browser;
  let shopManager: Browser;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    const website = await storage.websites.create({
      title: 'Kommentarladen',
      hostnames: [HOST],
      settings: { commentsEnabled: true, simpleLikingEnabled: true },
    });
    websiteId = website.id;
    galleryId = (
      await storage.collections.create(websiteId, {
        type: CollectionType.SLIDE_GALLERY,
        urlId: 'galerie',
        title: 'Galerie',
        settings: { commentState: 1 },
      })
    ).id;
    closedId = (
      await storage.collections.create(websiteId, {
        type: CollectionType.PAGE,
        urlId: 'geschlossen',
        title: 'Geschlossen',
        settings: { commentState: 2 },
      })
    ).id;
    app = await buildApp({
      storage,
      logLevel: 'silent',
      // A tight spam limit, so the test reaches it quickly.
      shared: sharedStateWithLimits({ comments: { limit: 4, windowMs: 60_000 } }),
    });
    const mod = await accountWithSession(app, storage, 'Moderatorin');
    await storage.siteMembers.add(websiteId, mod.account.id, [UserRole.MODERATOR]);
    moderator = mod.browser;
    const manager = await accountWithSession(app, storage, 'Ladenleitung');
    await storage.siteMembers.add(websiteId, manager.account.id, [UserRole.STORE_MANAGER]);
    shopManager = manager.browser;
  });
  afterAll(async () => {
    await app?.close();
  });

  const visitor = () => new Browser(app, { host: HOST });
  const comment = (browser: Browser, fields: Record<string, unknown>) =>
    browser.post('/api/comments', {
      targetType: 'collection',
      targetId: galleryId,
      authorName: 'Erika',
      body: 'Schöne Bilder!',
      ...fields,
    });
  const thread = async (browser: Browser) =>
    (await browser.get(`/api/comments?targetType=collection&targetId=${galleryId}`)).body;
  const queueUrl = () => `/api/admin/sites/${websiteId}/comments`;

  describe('comments', () => {
    it('R4.8.1 R8.8.5 R8.8.6 a comment waits for a moderator, then counts as "1 Kommentar" on a German site (R8.8.5 in German, issue 22)', async () => {
      const erika = visitor();
      const posted = await comment(erika, { authorEmail: 'erika@example.de' });
      expect(posted.status).toBe(202);
      expect(posted.body.message).toBe(commentMessages.awaitingApproval);
      expect(await thread(erika)).toMatchObject({
        comments: [],
        publicCommentCount: 0,
        countText: 'Keine Kommentare',
        acceptsComments: true,
      });

      const queue = await moderator.get(queueUrl());
      expect(queue.status).toBe(200);
      expect(queue.body.comments).toHaveLength(1);
      const [waiting] = queue.body.comments;
      expect(waiting).toMatchObject({
        authorName: 'Erika',
        authorEmail: 'erika@example.de',
        status: 'pending',
        target: { type: 'collection', id: galleryId, title: 'Galerie', fullUrl: '/galerie' },
      });
      const approved = await moderator.patch(`${queueUrl()}/${waiting.id}`, { status: 'approved' });
      expect(approved.body.comment.status).toBe('approved');

      const after = await thread(erika);
      expect(after.countText).toBe('1 Kommentar');
      expect(after.comments[0]).toMatchObject({ authorName: 'Erika', body: 'Schöne Bilder!', replies: [] });
      // Visitors never see the email address.
      expect(JSON.stringify(after)).not.toContain('erika@example.de');
    });

    it('R8.8.7 a reply sits under its comment once approved; a reply to a reply answers the same comment', async () => {
      const max = visitor();
      const [parent] = (await thread(max)).comments;
      expect(
        (await comment(max, { authorName: 'Max', body: 'Finde ich auch.', parentId: parent.id })).status,
      ).toBe(202);
      const [reply] = (await moderator.get(queueUrl())).body.comments;
      expect(reply.parentId).toBe(parent.id);
      await moderator.patch(`${queueUrl()}/${reply.id}`, { status: 'approved' });
      await comment(max, { authorName: 'Max', body: 'Nachtrag', parentId: reply.id });
      const [nested] = (await moderator.get(queueUrl())).body.comments;
      expect(nested.parentId).toBe(parent.id);
      await moderator.patch(`${queueUrl()}/${nested.id}`, { status: 'rejected' });

      const after = await thread(max);
      expect(after.countText).toBe('2 Kommentare');
      expect(after.comments[0].replies.map((r: { body: string }) => r.body)).toEqual(['Finde ich auch.']);
    });

    it('refuses bad input and closed pages in German, never with a 5xx', async () => {
      const v = visitor();
      expect((await comment(v, { authorName: '  ' })).body.error.message).toBe(commentMessages.nameMissing);
      expect((await comment(v, { body: '' })).body.error.message).toBe(commentMessages.bodyMissing);
      const long = await comment(v, { body: 'x'.repeat(2001) });
      expect([long.status, long.body.error.message]).toEqual([400, commentMessages.bodyTooLong]);
      expect((await comment(v, { authorEmail: 'kaputt' })).body.error.message).toBe(
        'E-Mail-Adresse ist ungültig',
      );
      const closed = await comment(v, { targetId: closedId });
      expect([closed.status, closed.body.error.message]).toEqual([403, commentMessages.commentsClosed]);
      const unknown = await comment(v, { targetId: 'gibt-es-nicht' });
      expect(unknown.status).toBe(404);
      const orphan = await comment(v, { parentId: 'gibt-es-nicht' });
      expect([orphan.status, orphan.body.error.message]).toEqual([400, commentMessages.parentUnknown]);
      expect((await v.post('/api/comments', { targetType: 'seite' })).status).toBe(400);
      const noCrumb = new Browser(app, { host: HOST, crumb: false });
      expect((await comment(noCrumb, {})).status).toBe(403);
    });

    it('keeps spam out: links, repeats, the honeypot and a rate limit per client', async () => {
      const spammer = visitor();
      const links = await comment(spammer, { body: 'https://a.example https://b.example https://c.example' });
      expect(links.body.error.message).toBe(commentMessages.tooManyLinks);
      expect((await comment(spammer, { body: 'Einmal' })).status).toBe(202);
      const again = await comment(spammer, { body: 'Einmal' });
      expect([again.status, again.body.error.message]).toEqual([409, commentMessages.repeated]);
      const pendingBefore = (await moderator.get(queueUrl())).body.comments.length;
      expect((await comment(spammer, { body: 'Bot', homepage: 'http://spam.example' })).status).toBe(202);
      expect((await moderator.get(queueUrl())).body.comments.length).toBe(pendingBefore);
      // Four posts per minute are allowed (this test's limit); the fifth is refused.
      const limited = await comment(spammer, { body: 'Noch einer' });
      expect([limited.status, limited.body.error.message]).toEqual([429, commentMessages.tooManyComments]);
    });

    it('R4.8.1 takes comments on a blog post that is open (commentState 1), not on a closed one', async () => {
      const blog = await storage.collections.create(websiteId, {
        type: CollectionType.GENERIC,
        urlId: 'journal',
        title: 'Journal',
      });
      const post = (commentState: number, urlId: string) =>
        storage.content.createPost(websiteId, { collectionId: blog.id, urlId, title: urlId, commentState });
      const open = await post(1, 'offen');
      const closed = await post(2, 'zu');
      const v = visitor();
      const onOpen = await comment(v, { targetType: 'item', targetId: open.id, body: 'Guter Beitrag' });
      expect(onOpen.status).toBe(202);
      const onClosed = await comment(v, { targetType: 'item', targetId: closed.id, body: 'Guter Beitrag' });
      expect([onClosed.status, onClosed.body.error.message]).toEqual([403, commentMessages.commentsClosed]);
      const queued = (await moderator.get(queueUrl())).body.comments.find(
        (c: { target: { id: string } }) => c.target.id === open.id,
      );
      expect(queued.target).toMatchObject({ type: 'item', title: 'offen', fullUrl: '/journal/p/offen' });
      await moderator.patch(`${queueUrl()}/${queued.id}`, { status: 'rejected' });
    });

    it('works without script: a form post comes back to the page, which says what happened', async () => {
      const form = (fields: Record<string, string>) =>
        app.inject({
          method: 'POST',
          url: '/api/comments',
          headers: {
            host: HOST,
            cookie: 'crumb=formularformularformular',
            'content-type': 'application/x-www-form-urlencoded',
          },
          remoteAddress: '10.9.9.9',
          payload: new URLSearchParams({
            crumb: 'formularformularformular',
            targetType: 'collection',
            targetId: galleryId,
            parentId: '',
            returnTo: '/galerie',
            authorName: 'Ohne Skript',
            body: 'Geht auch so.',
            ...fields,
          }).toString(),
        });
      const ok = await form({});
      expect([ok.statusCode, ok.headers.location]).toEqual([
        303,
        '/galerie?kommentar=eingegangen#kommentare',
      ]);
      const bad = await form({ authorName: '' });
      expect(bad.headers.location).toBe('/galerie?kommentarFehler=NAME_MISSING#kommentare');
      const elsewhere = await form({ authorName: '', returnTo: '//boese.example/' });
      expect(elsewhere.headers.location).toBe('/?kommentarFehler=NAME_MISSING#kommentare');
      const page = await app.inject({
        method: 'GET',
        url: '/galerie?kommentarFehler=NAME_MISSING',
        headers: { host: HOST },
      });
      expect(page.body).toContain(`role="alert">${commentMessages.nameMissing}</p>`);
    });

    it('lets only moderators see and decide the queue', async () => {
      expect((await shopManager.get(queueUrl())).status).toBe(403);
      expect((await visitor().get(queueUrl())).status).toBe(401);
      expect((await moderator.get(`${queueUrl()}?status=alles`)).status).toBe(400);
      expect((await moderator.patch(`${queueUrl()}/gibt-es-nicht`, { status: 'approved' })).status).toBe(404);
      const [first] = (await moderator.get(queueUrl())).body.comments;
      expect(first).toBeDefined();
      const wrong = await moderator.patch(`${queueUrl()}/${first.id}`, { status: 'pending' });
      expect([wrong.status, wrong.body.error.message]).toEqual([400, commentMessages.statusUnknown]);
      const approved = (await moderator.get(`${queueUrl()}?status=approved`)).body.comments;
      expect(approved.map((c: { body: string }) => c.body)).toEqual(['Schöne Bilder!', 'Finde ich auch.']);
    });
  });

  describe('likes', () => {
    it('R3.11.1 R3.16.1 counts one like per visitor; a second like of the same visitor does not count', async () => {
      const anna = visitor();
      const first = await anna.post('/api/likes', { targetType: 'collection', targetId: galleryId });
      expect(first.body).toEqual({ liked: true, counted: true, likeCount: 1 });
      const second = await anna.post('/api/likes', { targetType: 'collection', targetId: galleryId });
      expect(second.body).toEqual({ liked: true, counted: false, likeCount: 1 });
      const ben = await visitor().post('/api/likes', { targetType: 'collection', targetId: galleryId });
      expect(ben.body.likeCount).toBe(2);
      expect((await visitor().post('/api/likes', { targetType: 'item', targetId: 'nichts' })).status).toBe(
        404,
      );
    });

    it('refuses likes when the site has simple liking off', async () => {
      await storage.websiteAdmin.update(websiteId, { settings: { simpleLikingEnabled: false } });
      const off = await visitor().post('/api/likes', { targetType: 'collection', targetId: galleryId });
      expect([off.status, off.body.error.message]).toEqual([403, commentMessages.likesOff]);
      await storage.websiteAdmin.update(websiteId, { settings: { simpleLikingEnabled: true } });
    });
  });
});
