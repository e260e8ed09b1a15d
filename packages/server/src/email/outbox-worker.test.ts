import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restockEmail } from './email-templates.js';
import { createMailer } from './mailer.js';
import { OutboxWorker } from './outbox-worker.js';
import { type SmtpTestPeer, startSmtpTestPeer } from './smtp-test-peer.js';

const FROM = 'Testladen <laden@example.de>';

withTestDatabases((db) => {
  let storage: Storage;
  let peer: SmtpTestPeer;
  let websiteId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    websiteId = (await storage.websites.create({ title: 'Post', hostnames: ['post.test'] })).id;
    peer = await startSmtpTestPeer();
  });
  afterAll(async () => {
    await peer?.close();
  });

  const mail = (to: string) =>
    restockEmail({
      to,
      siteTitle: 'Testladen',
      productName: 'Tasse',
      variantText: 'Farbe: Blau',
      productUrl: 'http://post.test/laden/p/tasse',
    });

  describe('outbox worker over SMTP', () => {
    it('delivers every queued message exactly once, in German, to the SMTP peer', async () => {
      peer.received.length = 0;
      for (const to of ['a@x.de', 'b@x.de', 'c@x.de']) await storage.outbox.enqueue(websiteId, mail(to));
      const mailer = createMailer({ smtpUrl: peer.url, mailDir: '' });
      const workers = [1, 2].map(() => new OutboxWorker({ storage, mailer, from: FROM }));
      // Two workers at once: the claims keep them from sending a message twice.
      await Promise.all(workers.map((w) => w.drain()));
      mailer.close();
      expect(peer.received.map((m) => m.to).sort()).toEqual(['a@x.de', 'b@x.de', 'c@x.de']);
      const first = peer.received[0]!;
      expect(first.subject).toBe('Tasse ist wieder verfügbar');
      expect(first.from).toContain('laden@example.de');
      expect(first.text).toContain('Tasse (Farbe: Blau) ist bei Testladen wieder verfügbar');
      expect(first.html).toContain('href="http://post.test/laden/p/tasse"');
      const stored = await storage.outbox.listByWebsite(websiteId);
      expect(stored.every((m) => m.status === 'sent')).toBe(true);
      expect(new Set(peer.received.map((m) => m.messageId)).size).toBe(3);
    });

    it('retries a refused message after an exponentially growing delay', async () => {
      peer.received.length = 0;
      let clock = 1_000_000;
      const email = await storage.outbox.enqueue(websiteId, mail('retry@x.de'), clock);
      const mailer = createMailer({ smtpUrl: peer.url, mailDir: '' });
      const worker = new OutboxWorker({ storage, mailer, from: FROM, baseDelayMs: 1000, now: () => clock });
      peer.refuseNext(2);
      expect(await worker.deliverDue()).toEqual({ sent: 0, failed: 1 });
      clock += 999;
      expect(await worker.deliverDue()).toEqual({ sent: 0, failed: 0 });
      clock += 1;
      expect(await worker.deliverDue()).toEqual({ sent: 0, failed: 1 });
      clock += 1999;
      expect(await worker.deliverDue()).toEqual({ sent: 0, failed: 0 });
      clock += 1;
      expect(await worker.deliverDue()).toEqual({ sent: 1, failed: 0 });
      mailer.close();
      expect(peer.received.map((m) => m.to)).toEqual(['retry@x.de']);
      const stored = (await storage.outbox.listByWebsite(websiteId)).find((m) => m.id === email.id);
      expect(stored).toMatchObject({ status: 'sent', attempts: 3 });
    });

    it('gives a message up after its last attempt', async () => {
      let clock = 5_000_000;
      const email = await storage.outbox.enqueue(websiteId, mail('weg@x.de'), clock);
      const mailer = createMailer({ smtpUrl: peer.url, mailDir: '' });
      const worker = new OutboxWorker({ storage, mailer, from: FROM, maxAttempts: 2, now: () => clock });
      peer.refuseNext(5);
      await worker.deliverDue();
      clock += 3_600_000;
      await worker.deliverDue();
      mailer.close();
      peer.refuseNext(0);
      const stored = (await storage.outbox.listByWebsite(websiteId)).find((m) => m.id === email.id);
      expect(stored).toMatchObject({ status: 'failed', attempts: 2 });
      expect(stored?.lastError).toContain('451');
    });

    it('sends again a message whose sender died after claiming it (at-least-once edge)', async () => {
      peer.received.length = 0;
      let clock = 9_000_000;
      await storage.outbox.enqueue(websiteId, mail('crash@x.de'), clock);
      // A worker claims and then "crashes": the claim is never marked.
      const [lost] = await storage.outbox.claimDue({ now: clock, leaseMs: 60_000, limit: 10 });
      expect(lost?.to).toBe('crash@x.de');
      const mailer = createMailer({ smtpUrl: peer.url, mailDir: '' });
      const worker = new OutboxWorker({ storage, mailer, from: FROM, leaseMs: 60_000, now: () => clock });
      expect((await worker.deliverDue()).sent).toBe(0);
      clock += 60_000;
      expect((await worker.deliverDue()).sent).toBe(1);
      mailer.close();
      expect(peer.received.map((m) => m.to)).toEqual(['crash@x.de']);
    });
  });

  describe('without SMTP_URL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baukasten-mail-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('writes each message as an .eml file under the mail folder', async () => {
      const email = await storage.outbox.enqueue(websiteId, mail('datei@x.de'), 20_000_000);
      const mailer = createMailer({ mailDir: join(dir, 'mail') });
      const worker = new OutboxWorker({ storage, mailer, from: FROM, now: () => 20_000_000 });
      await worker.drain();
      const files = readdirSync(join(dir, 'mail'));
      expect(files).toEqual([`${email.id}.eml`]);
      const eml = readFileSync(join(dir, 'mail', files[0]!), 'utf8');
      expect(eml).toContain('To: datei@x.de');
      expect(eml).toMatch(/Subject: .*Tasse/);
    });
  });
});
