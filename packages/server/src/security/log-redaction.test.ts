import { withTestDatabases } from '@baukasten/storage/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_HOST, PASSWORD } from '../admin/admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop } from '../commerce/test-shop.js';
import { inMemorySharedState } from '../shared-state.js';
import { scrubLogLine } from './log-redaction.js';

/* Secrets and email addresses never reach the log, whatever path they travel in. */

const SECRET = 'streng-geheim-XYZ-4711';
const MAIL = 'kundin.geheim@example.org';

withTestDatabases((db) => {
  describe('log redaction (issue 12 security)', () => {
    const lines: string[] = [];
    let app: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      const storage = await db.open();
      await storage.migrate();
      app = await buildApp({
        storage,
        logLevel: 'trace',
        shared: inMemorySharedState(),
        logSink: { write: (line) => void lines.push(line) },
      });
      await createTestShop(storage, 'log.test', 10, { ownerToken: SECRET });
    });

    it('requests with secrets in headers, bodies, URLs and failing handlers leave no secret and no address in the log', async () => {
      await app.inject({
        method: 'POST',
        url: '/api/admin/session',
        headers: {
          host: ADMIN_HOST,
          cookie: `crumb=${SECRET}; bk_session=${SECRET}`,
          'x-csrf-token': SECRET,
        },
        payload: { email: MAIL, password: PASSWORD },
      });
      await app.inject({
        url: `/api/site-users/account/notifications/restock/groups?token=${SECRET}&email=${MAIL}`,
        headers: { host: 'log.test', authorization: `Bearer ${SECRET}` },
      });
      await app.inject({
        url: `/bestellung/123?email=${encodeURIComponent(MAIL)}`,
        headers: { host: 'log.test' },
      });
      // Straight through the logger, as a handler or the outbox worker would log an object or an error.
      app.log.error(
        {
          err: new Error(`Zustellung an ${MAIL} fehlgeschlagen`),
          smtpUrl: `smtp://nutzer:${SECRET}@mail.test`,
        },
        `Versand an ${MAIL} über smtp://nutzer:${SECRET}@mail.test`,
      );
      app.log.info({ settings: { ownerToken: SECRET }, password: SECRET, to: MAIL }, 'Objekt');
      await new Promise((r) => setImmediate(r));

      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(6); // the requests were logged at all
      expect(log).toContain('/api/site-users/account/notifications/restock/groups');
      expect(log).not.toContain(SECRET);
      expect(log).not.toContain(MAIL);
      expect(log).not.toContain(encodeURIComponent(MAIL));
      expect(log).not.toMatch(/[\w.+-]+@example\.org/);
    });

    it('every line a request logs names that request, and only that one', async () => {
      lines.length = 0;
      await app.inject({ url: '/', headers: { host: 'log.test' } });
      await app.inject({ url: '/gibt-es-nicht', headers: { host: 'log.test' } });
      await new Promise((r) => setImmediate(r));
      const requestLines = lines.map((line) => JSON.parse(line)).filter((line) => line.req || line.res);
      const ids = [...new Set(requestLines.map((line) => line.reqId))];
      expect(ids).toHaveLength(2);
      expect(ids.every((id) => typeof id === 'string' && id !== '')).toBe(true);
      for (const id of ids) {
        const own = requestLines.filter((line) => line.reqId === id);
        expect(own.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
      }
      // The server's own lines carry no request id.
      app.log.info('ohne Anfrage');
      expect(JSON.parse(lines.at(-1)!)).not.toHaveProperty('reqId');
    });

    it('the scrubber keeps a JSON line JSON and replaces addresses and URL credentials', () => {
      const line = JSON.stringify({ msg: `an ${MAIL}`, url: `postgres://u:${SECRET}@db/x?crumb=${SECRET}` });
      const scrubbed = scrubLogLine(line);
      expect(JSON.parse(scrubbed)).toEqual({
        msg: 'an [E-Mail entfernt]',
        url: 'postgres://[entfernt]@db/x?crumb=[entfernt]',
      });
    });
  });
});
