import { expect, it } from 'vitest';
import type { ImportedCustomer } from './customer-import-repository.js';
import { withTestDatabases } from './test-databases.js';

const anna: ImportedCustomer = {
  email: 'Anna.Schmidt@Example.de',
  firstName: 'Anna',
  lastName: 'Schmidt',
  phone: '+49 30 1234567',
  tags: ['Stammkundin'],
  note: 'Mag Grün.',
  address: {
    firstName: 'Anna',
    lastName: 'Schmidt',
    line1: 'Lindenstraße 5',
    city: 'Berlin',
    postalCode: '10115',
    country: 'DE',
  },
  acceptsEmailMarketing: true,
};
const ben: ImportedCustomer = {
  email: 'ben@example.de',
  firstName: 'Ben',
  lastName: 'Müller',
  phone: '',
  tags: [],
  note: '',
  acceptsEmailMarketing: false,
};

withTestDatabases((db) => {
  it('Art. 7 Abs. 1 DSGVO: imported customers merge by e-mail, and only who accepted marketing is subscribed, with source and date', async () => {
    const storage = await db.open();
    await storage.migrate();
    const site = await storage.websites.create({
      title: 'Umzug',
      hostnames: [`kundenimport-${db.name}.test`],
    });
    // Ben already has an account here and unsubscribed from the newsletter: the file must not change that.
    const existing = await storage.customers.create(site.id, {
      email: 'BEN@example.de',
      name: 'Benjamin M.',
      passwordHash: '$argon2id$v=19$m=1,t=1,p=1$c2FsdA$aGFzaA',
    });
    const subscriber = await storage.newsletter.subscribe(site.id, 'ben@example.de');
    await storage.newsletter.unsubscribe(site.id, subscriber.token);

    const importedAt = Date.now() + 60_000;
    const first = await storage.customerImports.importCustomers(
      site.id,
      [anna, { ...ben, acceptsEmailMarketing: true, tags: ['Großhandel'] }],
      { source: 'Import aus Shopify', now: importedAt },
    );
    expect(first).toEqual([
      { email: 'anna.schmidt@example.de', customer: 'created', address: 'added', newsletter: 'subscribed' },
      { email: 'ben@example.de', customer: 'merged', address: 'none', newsletter: 'kept' },
    ]);
    expect(await storage.customerImports.consentOf(site.id, 'ANNA.schmidt@example.de')).toEqual({
      status: 'confirmed',
      confirmedAt: importedAt,
      source: 'Import aus Shopify',
    });
    expect((await storage.customerImports.consentOf(site.id, 'ben@example.de'))?.status).toBe('unsubscribed');
    expect(await storage.customerImports.profileOf(site.id, 'anna.schmidt@EXAMPLE.de')).toEqual({
      firstName: 'Anna',
      lastName: 'Schmidt',
      phone: '+49 30 1234567',
      tags: ['Stammkundin'],
      note: 'Mag Grün.',
      source: 'Import aus Shopify',
      importedAt,
    });
    const list = await storage.mailingLists.defaultList(site.id);
    expect((await storage.mailingLists.members(site.id, list.id, 'confirmed')).map((s) => s.email)).toEqual([
      'anna.schmidt@example.de',
    ]);
    // Ben keeps his name and password; the account made for Anna has none to sign in with yet.
    expect((await storage.customers.findById(site.id, existing.id))?.name).toBe('Benjamin M.');
    expect(await storage.customers.passwordHashOf(site.id, existing.id)).toMatch(/^\$argon2id/);
    const annaAccount = await storage.customers.findByEmail(site.id, 'anna.schmidt@example.de');
    expect(annaAccount?.name).toBe('Anna Schmidt');
    expect(await storage.customers.passwordHashOf(site.id, annaAccount!.id)).toBe('');
    expect(await storage.customers.listAddresses(site.id, annaAccount!.id)).toMatchObject([
      { isDefault: true, address: anna.address },
    ]);

    // The same file again: nobody and nothing twice.
    const again = await storage.customerImports.importCustomers(site.id, [anna, ben], {
      source: 'Import aus Shopify',
      now: importedAt + 1000,
    });
    expect(again.map((o) => [o.customer, o.address, o.newsletter])).toEqual([
      ['unchanged', 'known', 'kept'],
      ['unchanged', 'none', 'none'],
    ]);
    expect(await storage.customers.listAddresses(site.id, annaAccount!.id)).toHaveLength(1);
    expect(await storage.newsletter.list(site.id)).toHaveLength(2);

    const exported = await storage.customerImports.exportCustomers(site.id);
    expect(exported.map((c) => [c.email, c.firstName, c.lastName, c.acceptsEmailMarketing, c.tags])).toEqual([
      ['ben@example.de', 'Ben', 'Müller', false, ['Großhandel']],
      ['anna.schmidt@example.de', 'Anna', 'Schmidt', true, ['Stammkundin']],
    ]);
    expect(exported[1]).toMatchObject({ phone: '+49 30 1234567', note: 'Mag Grün.', address: anna.address });
  });

  it('erasing an imported customer (Art. 17 DSGVO) takes the profile with the account', async () => {
    const storage = await db.open();
    await storage.migrate();
    const site = await storage.websites.create({
      title: 'Löschen',
      hostnames: [`kundenloeschen-${db.name}.test`],
    });
    await storage.customerImports.importCustomers(site.id, [anna], { source: 'Import aus Shopify' });
    await storage.customerDirectory.erase(site.id, anna.email);
    expect(await storage.customerImports.exportCustomers(site.id)).toEqual([]);
    expect(await storage.customerImports.consentOf(site.id, anna.email)).toBeUndefined();
    expect(await storage.customerImports.profileOf(site.id, anna.email)).toBeUndefined();
  });
});
