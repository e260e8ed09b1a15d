import type { Storage } from '@baukasten/storage';
import type { TestDatabase } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop, Visitor } from '../commerce/test-shop.js';

/*
 * What the legal-page and withdrawal tests share: a shop with complete legal details on a fresh database
 * and app, a visitor, a guest's order of mugs, and the withdrawal form's fields.
 */

/** The owner's legal details as complete as §5 DDG asks. */
export const LEGAL = {
  companyName: 'Muster Handel GmbH',
  legalForm: 'GmbH',
  representative: 'Erika Muster (Geschäftsführerin)',
  street: 'Hauptstraße 5',
  postalCode: '10115',
  city: 'Berlin',
  email: 'laden@muster-handel.de',
  phone: '+49 30 123456',
  registerCourt: 'Amtsgericht Charlottenburg',
  registerNumber: 'HRB 123456',
  vatId: 'DE123456789',
};

export interface LegalTestApp {
  storage: Storage;
  app: FastifyInstance;
  shop: TestShop;
}

/**
 * Opens the database and app in beforeAll (closing the app afterwards) with a shop at `hostname` that has
 * the given legal details; `more` sets up further data before the app starts. Read the fields inside tests.
 */
export function legalTestApp(
  db: TestDatabase,
  hostname: string,
  legal: Record<string, unknown>,
  more?: (storage: Storage) => Promise<void>,
): LegalTestApp {
  const t = {} as LegalTestApp;
  beforeAll(async () => {
    t.storage = await db.open();
    await t.storage.migrate();
    t.shop = await createTestShop(t.storage, hostname, 50, { legal });
    await more?.(t.storage);
    t.app = await buildApp({ storage: t.storage, logLevel: 'silent', serverTestMode: true });
  });
  afterAll(async () => {
    await t.app?.close();
  });
  return t;
}

export const visitorOf = (t: LegalTestApp, host = t.shop.hostname) => new Visitor(t.app, host).start();

/** The shop's mug as a cart line. */
export const mugOf = (t: LegalTestApp) => ({ itemId: t.shop.mug.id, sku: `${t.shop.hostname}-TASSE` });

/** A guest's order of the given items; its id and number as the confirmation shows them. */
export async function placeOrder(t: LegalTestApp, items: { itemId: string; sku: string }[], email: string) {
  const v = await visitorOf(t);
  for (const item of items) expect((await v.add(item.itemId, item.sku)).statusCode).toBeLessThan(300);
  const res = await v.checkout({ email });
  expect(res.statusCode).toBe(201);
  return res.json().order as { id: string; orderNumber: number };
}

/** The withdrawal form as a shopper fills it in. */
export const withdrawalFields = (name: string, orderNumber: number | string, email = 'gast@example.de') => ({
  name,
  orderNumber: String(orderNumber),
  email,
});
