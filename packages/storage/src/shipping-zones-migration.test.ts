import { expect, it } from 'vitest';
import { shippingZones } from './migrations/0029-shipping-zones.js';
import { kyselyOf } from './open-storage.js';
import { withTestDatabases } from './test-databases.js';

withTestDatabases((db) => {
  it('0029 turns the shipping options an owner kept into the zone "Alle Länder" at the same prices', async () => {
    const storage = await db.open();
    await storage.migrate();
    const kept = await storage.websites.create({ title: 'Alt', hostnames: ['alt-versand.test'] });
    const never = await storage.websites.create({ title: 'Neu', hostnames: ['neu-versand.test'] });
    // Settings as a server before zones saved them.
    const legacy = [
      {
        id: 'paket',
        name: 'Paket',
        kind: 'weight',
        costMinor: 1490,
        tiers: [{ maxGrams: 2000, costMinor: 490 }],
      },
      { id: 'frei', name: 'Frei ab 40 €', kind: 'price', costMinor: 390, freeFromMinor: 4000 },
    ];
    await kyselyOf(storage)
      .updateTable('websites')
      .set({ settings: JSON.stringify({ country: 'DE', shippingRates: legacy }) })
      .where('id', '=', kept.id)
      .execute();

    await shippingZones.up(kyselyOf(storage));
    await shippingZones.up(kyselyOf(storage)); // a second run changes nothing

    const migrated = (await storage.websites.findById(kept.id))!.settings;
    expect(migrated.shippingRates).toBeUndefined();
    expect(migrated.country).toBe('DE');
    expect(migrated.shippingZones).toEqual([
      {
        id: 'alle-laender',
        name: 'Alle Länder',
        countries: [],
        restOfWorld: true,
        rates: [
          {
            id: 'paket',
            name: 'Paket',
            kind: 'weight',
            priceMinor: 1490,
            brackets: [{ upTo: 2000, priceMinor: 490 }, { priceMinor: 1490 }],
          },
          { id: 'frei', name: 'Frei ab 40 €', kind: 'flat', priceMinor: 390, freeFromMinor: 4000 },
        ],
      },
    ]);
    // A website that never set options keeps none and uses the defaults.
    expect((await storage.websites.findById(never.id))!.settings.shippingZones).toBeUndefined();
  });
});
