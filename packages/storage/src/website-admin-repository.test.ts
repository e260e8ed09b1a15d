import { beforeAll, expect, it } from 'vitest';
import { seedDemoShop } from './demo-shop.js';
import type { Storage } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';

withTestDatabases((db) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
  });

  it('changes title and time zone and merges settings key by key', async () => {
    const site = await storage.websites.create({
      title: 'Alt',
      hostnames: ['alt.test'],
      settings: { storeSettings: { selectedCurrency: 'USD', expressCheckout: true }, commentsEnabled: true },
    });
    const updated = await storage.websiteAdmin.update(site.id, {
      title: ' Neu ',
      timeZone: 'Europe/Berlin',
      settings: { storeSettings: { minimumOrderMinor: 1500 }, simpleLikingEnabled: true },
    });
    expect(updated).toMatchObject({ title: 'Neu', timeZone: 'Europe/Berlin', currency: 'USD' });
    expect(updated!.settings.storeSettings).toEqual({
      selectedCurrency: 'USD',
      expressCheckout: true,
      multipleQuantityAllowedForServices: true,
      minimumOrderMinor: 1500,
    });
    expect(updated!.settings.commentsEnabled).toBe(true);
    expect(updated!.settings.simpleLikingEnabled).toBe(true);
    expect(await storage.websites.findById(site.id)).toEqual(updated);
  });

  it('a new currency becomes the store’s selected currency too', async () => {
    const site = await storage.websites.create({ title: 'Geld', hostnames: ['geld.test'] });
    const updated = await storage.websiteAdmin.update(site.id, { currency: 'chf' });
    expect(updated?.currency).toBe('CHF');
    expect(updated?.settings.storeSettings.selectedCurrency).toBe('CHF');
  });

  it('answers undefined for a website that does not exist', async () => {
    expect(await storage.websiteAdmin.update('gibt-es-nicht', { title: 'x' })).toBeUndefined();
    expect(await storage.websiteAdmin.delete('gibt-es-nicht')).toBe(false);
  });

  it('deleting the demo shop removes its pages, products and forms and frees its hostname', async () => {
    const { websiteId } = await seedDemoShop(storage, { hostnames: ['demo-weg.test'] });
    expect((await storage.collections.listNavigation(websiteId)).length).toBeGreaterThan(0);
    expect(await storage.websiteAdmin.delete(websiteId)).toBe(true);
    expect(await storage.websites.findByHostname('demo-weg.test')).toBeUndefined();
    expect(await storage.collections.listNavigation(websiteId)).toEqual([]);
    const again = await storage.websites.create({ title: 'Wieder', hostnames: ['demo-weg.test'] });
    expect(again.hostnames).toEqual(['demo-weg.test']);
  });
});
