import { describe, expect, it } from 'vitest';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';

const email = { kind: 'test', to: 'kunde@example.de', subject: 'Hallo', text: 'Text' };

withTestDatabases((db) => {
  async function openWithWebsite(): Promise<{ storage: Storage; websiteId: string }> {
    const storage = await db.open();
    await storage.migrate();
    const website = await storage.websites.create({
      title: 'Post',
      hostnames: [`post-${Math.random()}.test`],
    });
    return { storage, websiteId: website.id };
  }

  describe('email outbox', () => {
    it('writes a message together with the transaction that caused it, or not at all', async () => {
      const { storage, websiteId } = await openWithWebsite();
      await storage.transaction(async (tx) => {
        await tx.outbox.enqueue(websiteId, { ...email, subject: 'bleibt' });
      });
      await expect(
        storage.transaction(async (tx) => {
          await tx.outbox.enqueue(websiteId, { ...email, subject: 'verworfen' });
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      const stored = await storage.outbox.listByWebsite(websiteId);
      expect(stored.map((m) => m.subject)).toEqual(['bleibt']);
      expect(stored[0]).toMatchObject({ status: 'pending', attempts: 0, to: 'kunde@example.de' });
    });

    it('lets only one of two racing claims take a message', async () => {
      const { storage, websiteId } = await openWithWebsite();
      for (let i = 0; i < 5; i++)
        await storage.outbox.enqueue(websiteId, { ...email, subject: `m${i}` }, 1000);
      const [a, b] = await Promise.all([
        storage.outbox.claimDue({ now: 2000, leaseMs: 60_000, limit: 10 }),
        storage.outbox.claimDue({ now: 2000, leaseMs: 60_000, limit: 10 }),
      ]);
      const ids = [...a!, ...b!].map((m) => m.id);
      expect(ids).toHaveLength(5);
      expect(new Set(ids).size).toBe(5);
    });

    it('reclaims a message whose lease ran out and refuses the stale claim', async () => {
      const { storage, websiteId } = await openWithWebsite();
      await storage.outbox.enqueue(websiteId, email, 1000);
      const [first] = await storage.outbox.claimDue({ now: 1000, leaseMs: 500, limit: 1 });
      expect(await storage.outbox.claimDue({ now: 1400, leaseMs: 500, limit: 1 })).toEqual([]);
      const [second] = await storage.outbox.claimDue({ now: 1600, leaseMs: 500, limit: 1 });
      expect(second?.attempts).toBe(2);
      expect(await storage.outbox.markSent(first!, 1700)).toBe(false);
      expect(await storage.outbox.markSent(second!, 1700)).toBe(true);
      expect(await storage.outbox.claimDue({ now: 99_999, leaseMs: 500, limit: 1 })).toEqual([]);
      const [sent] = await storage.outbox.listByWebsite(websiteId);
      expect(sent).toMatchObject({ status: 'sent', sentAt: 1700 });
    });

    it('holds a failed message until its retry time and gives up when told to', async () => {
      const { storage, websiteId } = await openWithWebsite();
      await storage.outbox.enqueue(websiteId, email, 1000);
      const [claim] = await storage.outbox.claimDue({ now: 1000, leaseMs: 500, limit: 1 });
      await storage.outbox.markFailed(claim!, 'SMTP 451', 5000);
      expect(await storage.outbox.claimDue({ now: 4999, leaseMs: 500, limit: 1 })).toEqual([]);
      const [again] = await storage.outbox.claimDue({ now: 5000, leaseMs: 500, limit: 1 });
      await storage.outbox.markFailed(again!, 'SMTP 550', null);
      const [failed] = await storage.outbox.listByWebsite(websiteId);
      expect(failed).toMatchObject({ status: 'failed', attempts: 2, lastError: 'SMTP 550' });
      expect(await storage.outbox.claimDue({ now: 99_999, leaseMs: 500, limit: 1 })).toEqual([]);
    });
  });

  describe('restock sign-ups', () => {
    it('R1.3.2 counts a visitor signing up twice for a variant once', async () => {
      const { storage, websiteId } = await openWithWebsite();
      await storage.restockSignups.signUp(websiteId, { productId: 'p1', variantId: 'v1', email: 'A@x.de' });
      await storage.restockSignups.signUp(websiteId, { productId: 'p1', variantId: 'v1', email: 'a@x.de ' });
      await storage.restockSignups.signUp(websiteId, { productId: 'p1', variantId: 'v2', email: 'a@x.de' });
      const page = await storage.restockSignups.listSignups(websiteId, 'p1', 'v1');
      expect(page.items.map((s) => s.email)).toEqual(['a@x.de']);
    });

    it('pages groups and sign-ups with a cursor', async () => {
      const { storage, websiteId } = await openWithWebsite();
      for (const v of ['v1', 'v2', 'v3'])
        for (const e of ['a', 'b', 'c'])
          await storage.restockSignups.signUp(websiteId, {
            productId: 'p',
            variantId: v,
            email: `${e}@x.de`,
          });
      const first = await storage.restockSignups.listGroups(websiteId, { limit: 2 });
      expect(first.items.map((g) => [g.variantId, g.signUpCount])).toEqual([
        ['v1', 3],
        ['v2', 3],
      ]);
      expect(first.hasNextPage).toBe(true);
      const second = await storage.restockSignups.listGroups(websiteId, {
        cursor: first.nextPageCursor!,
        limit: 2,
      });
      expect(second).toMatchObject({ hasNextPage: false, nextPageCursor: null });
      expect(second.items.map((g) => g.variantId)).toEqual(['v3']);

      const a = await storage.restockSignups.listSignups(websiteId, 'p', 'v1', { limit: 2 });
      const b = await storage.restockSignups.listSignups(websiteId, 'p', 'v1', {
        cursor: a.nextPageCursor!,
        limit: 2,
      });
      expect([...a.items, ...b.items].map((s) => s.email).sort()).toEqual(['a@x.de', 'b@x.de', 'c@x.de']);
      expect(b.hasNextPage).toBe(false);
    });

    it('hands each waiting visitor to one notification only', async () => {
      const { storage, websiteId } = await openWithWebsite();
      for (const e of ['a', 'b'])
        await storage.restockSignups.signUp(websiteId, {
          productId: 'p',
          variantId: 'v',
          email: `${e}@x.de`,
        });
      const [one, two] = await Promise.all([
        storage.transaction((tx) => tx.restockSignups.takeForNotification(websiteId, 'p', 'v')),
        storage.transaction((tx) => tx.restockSignups.takeForNotification(websiteId, 'p', 'v')),
      ]);
      expect(one!.length + two!.length).toBe(2);
      expect((await storage.restockSignups.listGroups(websiteId)).items).toEqual([]);
    });
  });

  describe('site forms', () => {
    it('spends a submission key exactly once and only while fresh', async () => {
      const { storage, websiteId } = await openWithWebsite();
      await storage.forms.issueKey(websiteId, 'k1', 1000);
      expect(await storage.forms.spendKey(websiteId, 'k1', 60_000, 2000)).toBe(true);
      expect(await storage.forms.spendKey(websiteId, 'k1', 60_000, 2000)).toBe(false);
      await storage.forms.issueKey(websiteId, 'k2', 1000);
      expect(await storage.forms.spendKey(websiteId, 'k2', 60_000, 70_000)).toBe(false);
    });

    it('stores a form with captcha on by default and its submissions', async () => {
      const { storage, websiteId } = await openWithWebsite();
      const form = await storage.forms.create(websiteId, {
        name: 'Kontakt',
        fields: [{ id: 'f1', type: 'text', title: 'Nachricht', required: true }],
      });
      expect((await storage.forms.findById(websiteId, form.id))?.captchaEnabled).toBe(true);
      await storage.forms.saveSubmission(websiteId, form.id, [
        { fieldId: 'f1', type: 'text', rawTitle: 'Nachricht', values: 'Hallo', summary: 'Hallo' },
      ]);
      const [saved] = await storage.forms.listSubmissions(websiteId, form.id);
      expect(saved?.answers[0]?.summary).toBe('Hallo');
    });
  });

  describe('newsletter', () => {
    it('keeps one subscriber per address and walks pending -> confirmed -> unsubscribed', async () => {
      const { storage, websiteId } = await openWithWebsite();
      const first = await storage.newsletter.subscribe(websiteId, 'Leser@x.de');
      const again = await storage.newsletter.subscribe(websiteId, 'leser@x.de');
      expect(again.id).toBe(first.id);
      expect(first.status).toBe('pending');
      expect((await storage.newsletter.confirm(websiteId, first.token))?.status).toBe('confirmed');
      expect((await storage.newsletter.subscribe(websiteId, 'leser@x.de')).status).toBe('confirmed');
      expect((await storage.newsletter.unsubscribe(websiteId, first.token))?.status).toBe('unsubscribed');
      expect(await storage.newsletter.confirm(websiteId, 'falsch')).toBeUndefined();
      expect(await storage.newsletter.list(websiteId)).toHaveLength(1);
    });
  });
});
