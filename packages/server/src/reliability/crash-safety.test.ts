import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStorage, type Storage } from '@baukasten/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShopServer, startShopServer } from '../../../../e2e/support/shop-server.js';
import { createTestShop, germanAddress, type TestShop } from '../commerce/test-shop.js';
import { type SmtpTestPeer, startSmtpTestPeer } from '../email/smtp-test-peer.js';
import {
  type Answer,
  Client,
  freshPostgresSchema,
  missingPrerequisites,
  postgresReachable,
  serverBuilt,
  waitFor,
} from './cluster-kit.js';

/*
 * kill -9 in the middle of a checkout burst and a restock send, then a restart on the same data: every
 * order a shopper was told about exists, stock is the start minus what the orders hold, no order is half
 * written, and every outbox mail reaches the SMTP peer (restock mails once per waiting visitor). On
 * SQLite (WAL file in DATA_DIR) and PostgreSQL.
 *
 * SMTP cannot be exactly-once at one edge: a process killed after the peer answered 250 and before the
 * row is marked sent delivers that message again after the lease. Such a repeat carries the same
 * Message-ID (the outbox id), and the test allows it only for a message that was being sent at the kill.
 */

const OWNER_TOKEN = 'absturz-inhaber-token-123456';
const START_STOCK = 40;
const SHOPPERS = 70;
const WAITING = 24;

type Database = 'sqlite' | 'postgres';

async function crashScenario(database: Database) {
  let dataDir: string;
  let pg: Awaited<ReturnType<typeof freshPostgresSchema>> | undefined;
  let storage: Storage;
  let shop: TestShop;
  let peer: SmtpTestPeer;
  let server: ShopServer | undefined;
  let env: Record<string, string>;

  const open = () =>
    pg ? openStorage({ databaseUrl: pg.url, postgresPoolSize: 2 }) : openStorage({ dataDir });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'baukasten-crash-'));
    if (database === 'postgres') pg = await freshPostgresSchema();
    storage = await open();
    await storage.migrate();
    shop = await createTestShop(storage, 'absturz.test', START_STOCK, { ownerToken: OWNER_TOKEN });
    const [small, medium] = shop.shirt.product!.variants;
    for (let i = 0; i < WAITING; i++) {
      const variant = i % 2 ? small! : medium!;
      await storage.restockSignups.signUp(shop.websiteId, {
        productId: shop.shirt.id,
        variantId: variant.id,
        email: `wartend${i}@example.de`,
        isJoinMailingList: false,
      });
    }
    // A slow mail server, so the kill lands while the outbox is being delivered.
    peer = await startSmtpTestPeer({ acceptDelayMs: 40 });
    env = {
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      SMTP_URL: peer.url,
      EMAIL_LEASE_MS: '1000',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    };
  });

  afterAll(async () => {
    await server?.stop();
    await storage?.close();
    await peer?.close();
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('after kill -9 mid-burst and a restart: told orders exist, stock adds up, no half order, every mail sent once', async () => {
    server = await startShopServer(env, dataDir);
    const base = server.baseUrl;
    const shoppers = Array.from({ length: SHOPPERS }, () => new Client(shop.hostname));
    const added = await Promise.all(
      shoppers.map((s) =>
        s.post(base, '/api/commerce/shopping-cart/entries', { itemId: shop.mug.id, quantity: 1 }),
      ),
    );
    expect(added.every((r) => r.status === 200)).toBe(true);

    // The merchant's restock send goes first; once its mails are going out, every checkout at once.
    const merchant = new Client(shop.hostname, undefined, { authorization: `Bearer ${OWNER_TOKEN}` });
    const sendPath = '/api/site-users/account/notifications/restock/send/all';
    const sendRequests = shop.shirt.product!.variants.map((v) => ({
      productId: shop.shirt.id,
      variantId: v.id,
    }));
    const firstSend = merchant.post(base, sendPath, { sendRequests }).catch(() => undefined);
    await waitFor(async () => peer.received.length >= 2, 'erste Mails beim SMTP-Server');
    const told: Answer[] = [];
    const checkouts = shoppers.map((s, i) =>
      s
        .post(base, '/api/commerce/checkout', {
          email: `kaeufer${i}@example.de`,
          shippingAddress: germanAddress,
          paymentMethod: 'bank-transfer',
        })
        .then((answer) => {
          told.push(answer);
          return answer;
        })
        .catch(() => undefined),
    );
    // Kill while checkouts are still arriving and mail is going out.
    await waitFor(async () => told.some((a) => a.status === 201), 'erste Bestellung', 60_000);
    const exitCode = await server.stop('SIGKILL');
    const killedAt = Date.now();
    expect(exitCode).toBeNull(); // killed, not exited
    await Promise.all(checkouts);
    const sendAnswer = await firstSend;

    // What was half way at the kill: messages claimed for sending, not marked sent.
    const outboxAtKill = await storage.outbox.listByWebsite(shop.websiteId, { limit: 1000 });
    const inFlightAtKill = new Set(outboxAtKill.filter((m) => m.status === 'sending').map((m) => m.id));
    const receivedAtKill = peer.received.length;

    // Restart on the same data; the merchant repeats a send it got no answer for.
    server = await startShopServer(env, dataDir);
    if (sendAnswer?.status !== 200) {
      const again = await merchant.post(server.baseUrl, sendPath, { sendRequests });
      expect(again.status).toBe(200);
    }
    const restartedAt = Date.now();
    const outbox = await waitFor(
      async () => {
        const rows = await storage.outbox.listByWebsite(shop.websiteId, { limit: 1000 });
        return rows.length > 0 && rows.every((m) => m.status === 'sent') ? rows : undefined;
      },
      'alle Mails versendet',
      60_000,
    );

    // 1. Every order a shopper was told about (201) exists.
    const acknowledged = told.filter((a) => a.status === 201);
    expect(acknowledged.length).toBeGreaterThanOrEqual(1);
    for (const a of acknowledged) {
      const order = await storage.orders.findByNumber(shop.websiteId, a.json.order.orderNumber);
      expect(order, `Bestellung ${a.json.order.orderNumber}`).toBeDefined();
    }
    // Every answer that did arrive was a success or a clean refusal.
    expect(told.filter((a) => a.status !== 201 && a.status !== 409).map((a) => a.status)).toEqual([]);

    // 2. Stock equals the start minus what the stored orders hold; 3. no order without its lines.
    const { orders } = await storage.orders.list(shop.websiteId, { limit: 1000 });
    expect(orders.length).toBeGreaterThanOrEqual(acknowledged.length);
    let sold = 0;
    for (const listed of orders) {
      const order = (await storage.orders.findById(shop.websiteId, listed.id))!;
      expect(order.items.length, `Positionen von ${order.orderNumber}`).toBe(1);
      sold += order.items.reduce((sum, line) => sum + line.quantity, 0);
    }
    const mug = await storage.items.findById(shop.websiteId, shop.mug.id);
    expect(mug!.product!.variants[0]!.qtyInStock).toBe(START_STOCK - sold);
    expect(sold).toBeLessThanOrEqual(START_STOCK);

    // 4. One confirmation per stored order and one restock mail per waiting visitor, all delivered.
    expect(outbox.filter((m) => m.kind === 'order-confirmation')).toHaveLength(orders.length);
    const restock = outbox.filter((m) => m.kind === 'restock');
    expect(restock.map((m) => m.to).sort()).toEqual(
      Array.from({ length: WAITING }, (_, i) => `wartend${i}@example.de`).sort(),
    );
    const deliveries = new Map<string, number>();
    for (const mail of peer.received) {
      const id = /<([^@>]+)@baukasten\.outbox>/.exec(mail.messageId)?.[1] ?? mail.messageId;
      deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    }
    const missing = outbox.filter((m) => !deliveries.has(m.id)).map((m) => `${m.kind} an ${m.to}`);
    expect(missing).toEqual([]);
    const unknown = [...deliveries.keys()].filter((id) => !outbox.some((m) => m.id === id));
    expect(unknown).toEqual([]);
    const repeated = [...deliveries].filter(([, n]) => n > 1);
    for (const [id, n] of repeated) {
      expect(inFlightAtKill.has(id), `${id} doppelt, war beim Abbruch nicht unterwegs`).toBe(true);
      expect(n).toBe(2);
    }
    expect(receivedAtKill).toBeLessThan(peer.received.length); // the restart really delivered the rest
    console.info(
      `[${database}] ${acknowledged.length} bestätigte / ${orders.length} gespeicherte Bestellungen, ` +
        `${outbox.length} Mails, ${inFlightAtKill.size} beim Abbruch unterwegs, ${repeated.length} doppelt; ` +
        `Neustart ${restartedAt - killedAt} ms, Zustellung danach ${Date.now() - restartedAt} ms`,
    );
  }, 120_000);
}

const prerequisites = serverBuilt();

describe('sqlite', () => {
  if (!prerequisites) {
    const why = 'Absturztest braucht den gebauten Server (npm run build)';
    missingPrerequisites('crash test', why);
    return;
  }
  describe('crash safety: kill -9 during checkout and restock send (issue 12, issue 7)', () =>
    crashScenario('sqlite'));
});

describe('postgres', async () => {
  if (!prerequisites || !(await postgresReachable())) {
    const why = 'Absturztest auf PostgreSQL braucht PostgreSQL und den gebauten Server';
    missingPrerequisites('crash test', why);
    return;
  }
  describe('crash safety: kill -9 during checkout and restock send (issue 12, issue 7)', () =>
    crashScenario('postgres'));
});
