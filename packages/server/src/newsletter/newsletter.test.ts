import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createMailer } from '../email/mailer.js';
import { OutboxWorker } from '../email/outbox-worker.js';
import { type SmtpTestPeer, startSmtpTestPeer } from '../email/smtp-test-peer.js';

const HOST = 'rundbrief.test';

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let peer: SmtpTestPeer;
  let websiteId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    websiteId = (await storage.websites.create({ title: 'Rundbriefladen', hostnames: [HOST] })).id;
    peer = await startSmtpTestPeer();
    app = await buildApp({ storage, logLevel: 'silent' });
  });
  afterAll(async () => {
    await app?.close();
    await peer?.close();
  });

  const subscribe = (email: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: {
        host: HOST,
        cookie: 'crumb=briefkrumebriefkrumebrie',
        'x-csrf-token': 'briefkrumebriefkrumebrie',
      },
      payload: { email },
    });
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: HOST } });
  const deliver = async () => {
    const mailer = createMailer({ smtpUrl: peer.url, mailDir: '' });
    await new OutboxWorker({ storage, mailer, from: 'laden@example.de' }).drain();
    mailer.close();
  };
  const linkIn = (text: string, path: string) => {
    const match = new RegExp(`http://${HOST}(${path}\\?token=[\\w%-]+)`).exec(text);
    if (!match) throw new Error(`no ${path} link in mail`);
    return match[1]!;
  };

  it('R1.3.4 signs up with double opt-in: one mail, confirmed only through its link', async () => {
    peer.received.length = 0;
    const res = await subscribe('leserin@example.de');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('Bitte bestätige deine Anmeldung');
    expect(await storage.newsletter.list(websiteId, { status: 'confirmed' })).toEqual([]);
    await deliver();
    expect(peer.received).toHaveLength(1);
    const mail = peer.received[0]!;
    expect(mail.to).toBe('leserin@example.de');
    expect(mail.subject).toBe('Bitte bestätige deine Anmeldung zum Newsletter von Rundbriefladen');
    const confirmed = await get(linkIn(mail.text, '/newsletter/bestaetigen'));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Deine Anmeldung zum Newsletter ist bestätigt.');
    expect((await storage.newsletter.list(websiteId, { status: 'confirmed' })).map((s) => s.email)).toEqual([
      'leserin@example.de',
    ]);
  });

  it('keeps one subscriber per address and sends no second opt-in mail once confirmed', async () => {
    peer.received.length = 0;
    const again = await subscribe('Leserin@Example.de');
    expect(again.json().message).toBe('Du bist bereits für den Newsletter angemeldet.');
    await deliver();
    expect(peer.received).toEqual([]);
    expect(await storage.newsletter.list(websiteId)).toHaveLength(1);
  });

  it('R5.4.4 R5.4.5 refuses an empty or invalid address in German', async () => {
    expect((await subscribe('')).json().error.message).toBe('E-Mail-Adresse darf nicht leer sein');
    const invalid = await subscribe('nein');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('E-Mail-Adresse ist ungültig');
  });

  it('R2.3.1 unsubscribes on the page of type 300, asking first', async () => {
    const [subscriber] = await storage.newsletter.list(websiteId);
    const url = `/newsletter/abmelden?token=${subscriber!.token}`;
    const json = await get(`${url}&format=json`);
    expect(json.json()).toMatchObject({ pageType: 300, title: 'Vom Newsletter abmelden' });
    const page = await get(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post" action="/newsletter/abmelden">');
    // Opening the link alone changes nothing.
    expect((await storage.newsletter.list(websiteId))[0]?.status).toBe('confirmed');
    const done = await app.inject({
      method: 'POST',
      url: '/newsletter/abmelden',
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(subscriber!.token)}`,
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Du wurdest vom Newsletter abgemeldet');
    expect((await storage.newsletter.list(websiteId))[0]?.status).toBe('unsubscribed');
  });

  it('answers a wrong link with a German 404 page', async () => {
    const res = await get('/newsletter/bestaetigen?token=falsch');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Dieser Link ist ungültig oder abgelaufen.');
    expect((await get('/newsletter/abmelden')).statusCode).toBe(404);
  });
});
