import { CollectionType } from '@baukasten/commerce';
import type { Storage, Website } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Browser, sharedStateWithLimits } from '../admin/admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../admin/catalog/shop-admin-test-kit.js';
import { buildApp } from '../app.js';
import { customerDataExport } from '../customers/customer-data-export.js';
import { importCustomerFile } from './customer-import.js';
import { shopifyCustomersCsv } from './shopify-customers-export.js';
import { SHOPIFY_CUSTOMERS_FILE as CUSTOMERS_FILE } from './test-files.js';

/*
 * Moving customers in from Shopify and out again, as the owner notices it: the preview writes nothing, the
 * import creates the customers with their addresses, refuses bad rows by line with a German reason, keeps
 * the newsletter consent exactly as given (with its source and date) and adds nobody twice when run again;
 * the Shopify-format export read into an empty shop gives the same customers and consents.
 */

/** An export from before 2022: no "Default Address" prefix, "Accepts Marketing". */
const OLD_CUSTOMERS_FILE = [
  'First Name,Last Name,Email,Company,Address1,Address2,City,Province,Province Code,Country,Country Code,Zip,Phone,Accepts Marketing,Total Spent,Total Orders,Tags,Note,Tax Exempt',
  'Otto,Alt,otto@example.de,,Hauptstraße 7,,Köln,,,Germany,DE,50667,,yes,0.00,0,,,no',
].join('\n');

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let site: Website;
  let team: ShopTeam;
  let base: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    site = await storage.websites.create({
      title: 'Kundenumzug',
      hostnames: [`kundenumzug-${db.name}.test`],
      currency: 'EUR',
      locale: 'de-DE',
    });
    await storage.collections.create(site.id, {
      type: CollectionType.PRODUCTS,
      urlId: 'laden',
      title: 'Laden',
    });
    team = await shopTeam(app, storage, site.id);
    base = `/api/admin/sites/${site.id}`;
  });
  afterAll(() => app?.close());

  const send = (browser: Browser, url: string, body: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        host: 'admin.localhost',
        'content-type': 'text/csv',
        cookie: [...browser.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
        'x-csrf-token': browser.cookies.get('crumb')!,
      },
      payload: body,
    });
  const exportCsv = (websiteId: string) =>
    storage.customerImports.exportCustomers(websiteId).then((c) => shopifyCustomersCsv(c, 'EUR'));

  it('Art. 7 Abs. 1 DSGVO: imports Shopify customers with addresses; only who accepted e-mail marketing is subscribed, as „Import aus Shopify“ with the date', async () => {
    const preview = await send(team.admin, `${base}/customer-imports?dryRun=true`, CUSTOMERS_FILE);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().report).toMatchObject({
      dryRun: true,
      rows: 9,
      created: 4,
      subscribed: 3,
      addressesAdded: 3,
    });
    // The preview wrote nothing.
    expect(await storage.customerImports.exportCustomers(site.id)).toEqual([]);

    const before = Date.now();
    const imported = (await send(team.admin, `${base}/customer-imports`, CUSTOMERS_FILE)).json().report;
    expect(imported).toMatchObject({
      dryRun: false,
      created: 4,
      merged: 0,
      subscribed: 3,
      addressesAdded: 3,
    });
    expect(imported.refused).toEqual([
      { line: 5, reason: 'Die E-Mail-Adresse fehlt.' },
      {
        line: 6,
        reason: '„kein-at-zeichen.de“ ist keine gültige E-Mail-Adresse.',
        handle: 'kein-at-zeichen.de',
      },
      {
        line: 7,
        reason:
          '„vielleicht“ in Spalte „Accepts Email Marketing“ ist weder „yes“ noch „no“; die Einwilligung in Werbe-E-Mails muss eindeutig sein.',
        handle: 'vera@example.de',
      },
      {
        line: 8,
        reason: 'Die E-Mail-Adresse „anna@example.de“ kommt schon in Zeile 4 vor.',
        handle: 'anna@example.de',
      },
      {
        line: 9,
        reason:
          'Spalte „Note“ beginnt mit „=“ und sieht aus wie eine Tabellenformel; solche Zellen werden nicht importiert.',
        handle: 'eva@example.de',
      },
    ]);
    expect(imported.notes).toEqual([
      {
        line: 10,
        reason:
          'Adresse nicht übernommen (PLZ: Die Postleitzahl muss aus fünf Ziffern bestehen.); die Kundin oder der Kunde schon.',
        handle: 'bernd@example.de',
      },
    ]);

    // Consent as given: Jürgen, Bernd and Nora said yes; Anna said no and is no subscriber.
    const juergen = await storage.customerImports.consentOf(site.id, 'juergen.weiss@example.de');
    expect(juergen).toMatchObject({ status: 'confirmed', source: 'Import aus Shopify' });
    expect(juergen!.confirmedAt).toBeGreaterThanOrEqual(before);
    expect(await storage.customerImports.consentOf(site.id, 'anna@example.de')).toBeUndefined();
    expect((await storage.newsletter.list(site.id)).map((s) => s.email).sort()).toEqual([
      'bernd@example.de',
      'juergen.weiss@example.de',
      'nora@example.com',
    ]);

    // The customer list shows them; Jürgen's address and two-line note came over.
    const listed = (await team.admin.get(`${base}/customers?limit=50`)).body.customers;
    expect(listed.map((c: { email: string }) => c.email).sort()).toEqual([
      'anna@example.de',
      'bernd@example.de',
      'juergen.weiss@example.de',
      'nora@example.com',
    ]);
    const account = await storage.customers.findByEmail(site.id, 'juergen.weiss@example.de');
    expect(account?.name).toBe('Jürgen Weiß');
    expect((await storage.customers.listAddresses(site.id, account!.id))[0]?.address).toEqual({
      firstName: 'Jürgen',
      lastName: 'Weiß',
      company: 'Weiß & Söhne GmbH',
      line1: 'Königstraße 12',
      line2: '2. OG, links',
      city: 'Stuttgart',
      postalCode: '70173',
      country: 'DE',
      phone: '+49 711 123456',
    });

    // Idempotent: the same file again adds nobody and subscribes nobody a second time.
    const again = (await send(team.admin, `${base}/customer-imports`, CUSTOMERS_FILE)).json().report;
    expect(again).toMatchObject({ created: 0, merged: 0, unchanged: 4, subscribed: 0, addressesAdded: 0 });
    expect(await storage.newsletter.list(site.id)).toHaveLength(3);
    expect(await storage.customerImports.exportCustomers(site.id)).toHaveLength(4);
  });

  it("Art. 15 DSGVO: the customer's data export names what the import brought and where the consent came from", async () => {
    // The first test imported the file; Jürgen accepted e-mail marketing in Shopify.
    const data = await customerDataExport(storage, site, 'juergen.weiss@example.de');
    expect(data.profile).toMatchObject({
      firstName: 'Jürgen',
      lastName: 'Weiß',
      source: 'Import aus Shopify',
    });
    expect(data.profile?.importedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(data.newsletter).toEqual([expect.objectContaining({ consentSource: 'Import aus Shopify' })]);
    // Anna declined: a profile, no newsletter consent.
    const anna = await customerDataExport(storage, site, 'anna@example.de');
    expect(anna.profile?.source).toBe('Import aus Shopify');
    expect(anna.newsletter).toEqual([]);
  });

  it('reads the export format from before 2022 („Accepts Marketing“, columns without „Default Address“)', async () => {
    const report = (await send(team.admin, `${base}/customer-imports`, OLD_CUSTOMERS_FILE)).json().report;
    expect(report).toMatchObject({ created: 1, subscribed: 1, addressesAdded: 1, refused: [], notes: [] });
    const otto = await storage.customers.findByEmail(site.id, 'otto@example.de');
    expect((await storage.customers.listAddresses(site.id, otto!.id))[0]?.address).toMatchObject({
      line1: 'Hauptstraße 7',
      city: 'Köln',
      postalCode: '50667',
      country: 'DE',
    });
  });

  it('export → import into an empty shop gives the same customers, addresses and consents', async () => {
    const response = await team.admin.get(`${base}/customers/shopify-export.csv`);
    expect(response.status).toBe(200);
    const exported = response.response.body;
    const empty = await storage.websites.create({ title: 'Neu', hostnames: [`kundenneu-${db.name}.test`] });
    const report = await importCustomerFile(storage, empty.id, Buffer.from(exported), { dryRun: false });
    expect(report).toMatchObject({ created: 5, refused: [], notes: [] });

    // Everything but the shop's own id and its order totals (Shopify does not import those either).
    const comparable = (csv: string) =>
      (parse(csv, { columns: true }) as Record<string, string>[])
        .map(({ 'Customer ID': _id, 'Total Spent': _spent, 'Total Orders': _orders, ...rest }) => rest)
        .sort((a, b) => a.Email!.localeCompare(b.Email!));
    const again = await exportCsv(empty.id);
    expect(comparable(again)).toEqual(comparable(exported));
    expect(comparable(again).find((c) => c.Email === 'juergen.weiss@example.de')).toMatchObject({
      'Accepts Email Marketing': 'yes',
      Note: 'Kauft gern Geschenke.\nRuft vorher an.',
      Tags: 'Stammkunde, Großhandel',
      Phone: "'+49 711 123456",
    });
    expect(await storage.customerImports.consentOf(empty.id, 'anna@example.de')).toBeUndefined();
    expect((await storage.customerImports.consentOf(empty.id, 'nora@example.com'))?.source).toBe(
      'Import aus Shopify',
    );
  });

  it('tells a customers file and a products file apart, and leaves the customers to who may see orders', async () => {
    const asProducts = await send(
      team.admin,
      `${base}/imports?filename=customers_export.csv`,
      CUSTOMERS_FILE,
    );
    expect(asProducts.statusCode).toBe(400);
    expect(asProducts.json().error.type).toBe('CUSTOMERS_FILE');
    const products = 'Handle,Title,Variant Price\ntasse,Tasse,12.00';
    const asCustomers = await send(team.admin, `${base}/customer-imports`, products);
    expect(asCustomers.statusCode).toBe(400);
    expect(asCustomers.json().error.message).toMatch(/kein Kunden-Export von Shopify/);
    expect((await send(team.viewer, `${base}/customer-imports`, CUSTOMERS_FILE)).statusCode).toBe(403);
    expect((await team.viewer.get(`${base}/customers/shopify-export.csv`)).status).toBe(403);
  });
});
