import { describe, expect, it } from 'vitest';
import { withTestDatabases } from './test-databases.js';

const signUp = { email: ' Neu@Example.DE ', name: ' Nora ', passwordHash: '$argon2id$fake' };

withTestDatabases((db) => {
  async function open() {
    const storage = await db.open();
    await storage.migrate();
    return storage;
  }

  describe('Sign-up enumeration (#18): pending sign-ups', () => {
    it('gives an owner sign-up back once for its token, normalised, and never after it expired', async () => {
      const storage = await open();
      const token = await storage.signUps.startOwner(signUp, { ttlMs: 1000, now: 5000 });
      expect(await storage.signUps.takeOwner('x'.repeat(43), 5001)).toBeUndefined();
      expect(await storage.signUps.takeOwner(token, 5001)).toMatchObject({
        email: 'neu@example.de',
        name: 'Nora',
        passwordHash: '$argon2id$fake',
      });
      expect(await storage.signUps.takeOwner(token, 5002)).toBeUndefined();

      const late = await storage.signUps.startOwner(signUp, { ttlMs: 1000, now: 5000 });
      expect(await storage.signUps.takeOwner(late, 6000)).toBeUndefined();
    });

    it('keeps a customer sign-up to its website', async () => {
      const storage = await open();
      const a = await storage.websites.create({ title: 'A', hostnames: [`a-${Math.random()}.test`] });
      const b = await storage.websites.create({ title: 'B', hostnames: [`b-${Math.random()}.test`] });
      const token = await storage.signUps.startCustomer(a.id, signUp, { ttlMs: 60_000 });
      expect(await storage.signUps.takeCustomer(b.id, token)).toBeUndefined();
      expect(await storage.signUps.takeCustomer(a.id, token)).toMatchObject({ email: 'neu@example.de' });
      expect(await storage.signUps.takeCustomer(a.id, token)).toBeUndefined();
    });
  });

  describe('Sign-up enumeration (#18): platform mails', () => {
    it('queues, claims and marks a mail that belongs to no website', async () => {
      const storage = await open();
      await storage.outbox.enqueuePlatform(
        { kind: 'owner-test', to: 'o@example.de', subject: 'S', text: 'T' },
        10,
      );
      const [claim] = await storage.outbox.claimDue({ now: 20, leaseMs: 1000, limit: 10 });
      expect(claim).toMatchObject({ websiteId: null, to: 'o@example.de', kind: 'owner-test' });
      expect(await storage.outbox.markSent(claim!, 30)).toBe(true);
      const [sent] = await storage.outbox.listPlatform({ kind: 'owner-test' });
      expect(sent).toMatchObject({ status: 'sent', sentAt: 30 });
    });
  });
});
