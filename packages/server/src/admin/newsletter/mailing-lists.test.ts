import { CollectionType, UserRole } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createMailer } from '../../email/mailer.js';
import { OutboxWorker } from '../../email/outbox-worker.js';
import { type SmtpTestPeer, startSmtpTestPeer } from '../../email/smtp-test-peer.js';
import { accountWithSession, type Browser, sharedStateWithLimits } from '../admin-test-kit.js';
import { mailingListMessages as m } from './mailing-list-messages.js';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let peer: SmtpTestPeer;
  let owner: Browser;
  let editor: Browser;
  let base: string;
  let pageId: string;
  let websiteId: string;
  const host = `listen-${db.name}.test`;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    peer = await startSmtpTestPeer();
    const site = await storage.websites.create({ title: 'Backstube', hostnames: [host] });
    websiteId = site.id;
    pageId = (
      await storage.collections.create(site.id, { type: CollectionType.PAGE, urlId: '', title: 'Start' })
    ).id;
    const a = await accountWithSession(app, storage, 'Olga Owner');
    await storage.siteMembers.add(site.id, a.account.id, [UserRole.ADMIN]);
    owner = a.browser;
    const e = await accountWithSession(app, storage, 'Erik Editor');
    await storage.siteMembers.add(site.id, e.account.id, [UserRole.EDITOR]);
    editor = e.browser;
    base = `/api/admin/sites/${site.id}`;
  });
  afterAll(async () => {
    await app?.close();
    await peer?.close();
  });

  const saveNewsletterBlock = (listId?: string) =>
    editor.patch(`${base}/collections/${pageId}/draft`, {
      blocks: [
        { type: 'newsletter', title: 'Neues aus der Backstube', ...(listId === undefined ? {} : { listId }) },
      ],
    });
  const subscribe = (email: string, listId?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: { host, cookie: 'crumb=listenkrumelistenkrume12', 'x-csrf-token': 'listenkrumelistenkrume12' },
      payload: { email, ...(listId ? { listId } : {}) },
    });
  const deliver = async () => {
    const mailer = createMailer({ smtpUrl: peer.url, mailDir: '' });
    await new OutboxWorker({ storage, mailer, from: 'laden@example.de' }).drain();
    mailer.close();
  };

  it('R8.7.15 a newsletter block on a site without any mailing list says one is required: none exist, create one first', async () => {
    const refused = await saveNewsletterBlock();
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields['blocks.0.listId']).toBe(
      'Eine Mailingliste ist erforderlich. Es gibt noch keine – lege zuerst eine Mailingliste an.',
    );
  });

  it('manages lists: page editors read them, owners create, rename and delete them; names are unique', async () => {
    expect((await editor.post(`${base}/mailing-lists`, { name: 'Kunden' })).status).toBe(403);
    expect((await owner.post(`${base}/mailing-lists`, { name: ' ' })).body.error.message).toBe(
      m.listNameMissing,
    );
    const created = await owner.post(`${base}/mailing-lists`, { name: 'Kunden' });
    expect(created.status).toBe(201);
    const other = await owner.post(`${base}/mailing-lists`, { name: 'Presse' });
    expect((await owner.post(`${base}/mailing-lists`, { name: 'kunden' })).body.error.message).toBe(
      'Eine Liste „kunden“ gibt es schon.',
    );
    const renamed = await owner.patch(`${base}/mailing-lists/${created.body.list.id}`, {
      name: 'Stammkunden',
    });
    expect(renamed.body.list.name).toBe('Stammkunden');
    expect((await owner.delete(`${base}/mailing-lists/${other.body.list.id}`)).body).toEqual({
      deleted: true,
    });
    const listed = await editor.get(`${base}/mailing-lists`);
    expect(listed.body.lists.map((l: { name: string }) => l.name)).toEqual(['Stammkunden']);
  });

  it('R5.12.11 a newsletter block must select a list of the site; visitors it signs up land on that list', async () => {
    const [list] = (await editor.get(`${base}/mailing-lists`)).body.lists;
    const missing = await saveNewsletterBlock();
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Bitte wähle eine Liste aus.');
    expect((await saveNewsletterBlock('gibt-es-nicht')).body.error.fields['blocks.0.listId']).toBe(
      m.listUnknown,
    );
    expect((await saveNewsletterBlock(list.id)).status).toBe(200);

    await owner.post(`${base}/collections/${pageId}/publish`);
    const page = await app.inject({ method: 'GET', url: '/?format=json', headers: { host } });
    expect(JSON.stringify(page.json())).toContain(list.id);

    for (const email of ['treu@example.de', 'weg@example.de', 'zoegerlich@example.de'])
      expect((await subscribe(email, list.id)).statusCode).toBe(200);
    const members = await storage.mailingLists.members(websiteId, list.id);
    expect(members.map((s) => s.email).sort()).toEqual([
      'treu@example.de',
      'weg@example.de',
      'zoegerlich@example.de',
    ]);
  });

  it('R5.12.12 refuses a campaign without a subject line, and sends one only to the list’s confirmed subscribers', async () => {
    const [list] = (await owner.get(`${base}/mailing-lists`)).body.lists;
    const members = await storage.mailingLists.members(websiteId, list.id);
    const treu = members.find((s) => s.email === 'treu@example.de');
    const weg = members.find((s) => s.email === 'weg@example.de');
    await storage.newsletter.confirm(websiteId, treu!.token);
    await storage.newsletter.confirm(websiteId, weg!.token);
    await storage.newsletter.unsubscribe(websiteId, weg!.token);
    // An address confirmed on no list of this campaign does not get it either.
    const elsewhere = await storage.newsletter.subscribe(websiteId, 'anderswo@example.de');
    await storage.newsletter.confirm(websiteId, elsewhere.token);
    await deliver();
    peer.received.length = 0;

    const body = { listId: list.id, markdown: 'Ab **Montag** gibt es wieder Roggenbrot.' };
    const noSubject = await owner.post(`${base}/newsletter-campaigns`, { ...body, subject: '  ' });
    expect(noSubject.status).toBe(400);
    expect(noSubject.body.error.message).toBe('Bitte gib eine Betreffzeile ein.');
    expect(noSubject.body.error.fields.subject).toBe(m.subjectRequired);
    expect(
      (await owner.post(`${base}/newsletter-campaigns`, { ...body, subject: 'x', listId: '' })).body.error
        .message,
    ).toBe(m.listRequired);
    expect((await editor.post(`${base}/newsletter-campaigns`, { ...body, subject: 'Roggen' })).status).toBe(
      403,
    );

    const sent = await owner.post(`${base}/newsletter-campaigns`, {
      ...body,
      subject: 'Roggenbrot ist zurück',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.campaign).toMatchObject({ recipients: 1, listName: 'Stammkunden' });
    await deliver();
    expect(peer.received.map((mail) => mail.to)).toEqual(['treu@example.de']);
    const mail = peer.received[0]!;
    expect(mail.subject).toBe('Roggenbrot ist zurück');
    expect(mail.text).toContain('Ab **Montag** gibt es wieder Roggenbrot.');
    expect(mail.text).toContain(`http://${host}/newsletter/abmelden?token=`);
    expect((await owner.get(`${base}/newsletter-campaigns`)).body.campaigns).toHaveLength(1);
  });
});
