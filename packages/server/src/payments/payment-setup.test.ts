import { randomBytes } from 'node:crypto';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PaymentSetup } from './payment-setup.js';
import { type FakeStripe, startFakeStripe } from './testing/fake-stripe.js';

/*
 * The gateway of a website is built once from its stored keys and reused (issue #19), but never past a
 * change of those keys: an owner who replaces them in "Zahlungen" is paid with the new ones at once.
 */
withTestDatabases((db) => {
  let storage: Storage;
  let stripe: FakeStripe;
  let setup: PaymentSetup;
  let websiteId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    stripe = await startFakeStripe();
    setup = new PaymentSetup(storage, { secretsKey: randomBytes(32), stripeApiBase: stripe.apiBase });
    websiteId = (await storage.websites.create({ title: 'Schlüssel', hostnames: [`keys-${db.name}.test`] }))
      .id;
  });
  afterAll(async () => {
    await stripe?.stop();
  });

  const saveKey = (secretKey: string) =>
    storage.payments.saveProviderSettings(websiteId, 'stripe', {
      mode: 'test',
      sealedKeys: { secretKey: setup.seal(websiteId, 'stripe', 'secretKey', secretKey) },
      keyHints: {},
      status: 'connected',
    });

  it('reuses the gateway while the keys stay, and uses new keys as soon as they are saved', async () => {
    await saveKey(stripe.secretKey);
    const first = await setup.gatewayFor(websiteId, 'stripe');
    expect(first).toBeDefined();
    expect(await setup.gatewayFor(websiteId, 'stripe')).toBe(first);
    await expect(first!.checkKeys()).resolves.toBeUndefined();

    // Keys Stripe does not know: the next gateway is built from them and Stripe refuses them.
    await saveKey('sk_test_ersetzt0000000000000000');
    const replaced = await setup.gatewayFor(websiteId, 'stripe');
    expect(replaced).not.toBe(first);
    await expect(replaced!.checkKeys()).rejects.toMatchObject({ kind: 'invalid_keys' });
  });

  it('answers no gateway once the owner removed the keys', async () => {
    await saveKey(stripe.secretKey);
    expect(await setup.gatewayFor(websiteId, 'stripe')).toBeDefined();
    await storage.payments.deleteProviderSettings(websiteId, 'stripe');
    expect(await setup.gatewayFor(websiteId, 'stripe')).toBeUndefined();
  });
});
