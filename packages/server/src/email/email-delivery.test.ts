import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, expect, it, vi } from 'vitest';
import { startEmailDelivery } from './email-delivery.js';

withTestDatabases((db) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'baukasten-delivery-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('the running server delivers queued mail without SMTP_URL into DATA_DIR/mail', async () => {
    const storage = await db.open();
    await storage.migrate();
    const site = await storage.websites.create({ title: 'Lauf', hostnames: ['lauf.test'] });
    const email = await storage.outbox.enqueue(site.id, {
      kind: 't',
      to: 'a@x.de',
      subject: 'Hallo',
      text: 'ok',
    });
    const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
    const delivery = startEmailDelivery(storage, { dataDir, mailFrom: 'laden@x.de' }, log, 20);
    await vi.waitFor(() => expect(existsSync(join(dataDir, 'mail', `${email.id}.eml`))).toBe(true), {
      timeout: 3000,
    });
    await delivery.stop();
    const [stored] = await storage.outbox.listByWebsite(site.id);
    expect(stored?.status).toBe('sent');
  });
});
