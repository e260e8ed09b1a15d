import { UserRole } from '@baukasten/commerce';
import { withTestDatabases } from '@baukasten/storage/testing';
import { describe, expect, it } from 'vitest';
import { accountWithSession } from '../admin/admin-test-kit.js';
import { createTestShop, type TestShop } from '../commerce/test-shop.js';
import type { OutgoingEmail } from '../email/mailer.js';
import { orderConfirmationEmail } from '../email/order-email-templates.js';
import { OutboxWorker } from '../email/outbox-worker.js';
import { LEGAL, legalTestApp, mugOf, placeOrder, visitorOf } from './legal-test-kit.js';

const legal = { ...LEGAL, companyName: 'Muster Handel' };

withTestDatabases((db) => {
  let emptyShop: TestShop;
  const t = legalTestApp(db, 'rechtstexte.test', legal, async (storage) => {
    emptyShop = await createTestShop(storage, 'ohne-angaben.test');
  });

  const page = async (path: string, host = t.shop.hostname) => {
    const v = await visitorOf(t, host);
    return v.request('GET', path);
  };
  const visibleText = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  describe('the legal pages', () => {
    it('§5 DDG the Impressum names the company with legal form, address, representative, contact, register and USt-IdNr.', async () => {
      const res = await page('/impressum');
      expect(res.statusCode).toBe(200);
      const text = visibleText(res.body);
      for (const expected of [
        'Angaben nach § 5 DDG',
        'Muster Handel GmbH',
        'Hauptstraße 5',
        '10115 Berlin',
        'Vertreten durch: Erika Muster (Geschäftsführerin)',
        'E-Mail: laden@muster-handel.de',
        'Telefon: +49 30 123456',
        'Registergericht: Amtsgericht Charlottenburg',
        'Registernummer: HRB 123456',
        'Umsatzsteuer-Identifikationsnummer nach § 27a UStG: DE123456789',
      ])
        expect(text).toContain(expected);
      expect(text).not.toContain('bitte ergänzen');
    });

    it('§5 DDG data the owner has not filled in shows as a visible placeholder, never as made-up data', async () => {
      const text = visibleText((await page('/impressum', emptyShop.hostname)).body);
      expect(text).toContain('[bitte ergänzen: Name oder Firma]');
      expect(text).toContain('[bitte ergänzen: E-Mail-Adresse]');
      expect(text).toContain('Einige Angaben fehlen noch');
    });

    it('Art. 13 DSGVO the privacy page lists the ad pixels only while the site uses them', async () => {
      expect(visibleText((await page('/datenschutz')).body)).not.toContain('Meta-Pixel');
      await t.storage.websiteAdmin.update(t.shop.websiteId, {
        settings: { adPixels: { metaPixelId: '1234567890' } },
      });
      const text = visibleText((await page('/datenschutz')).body);
      expect(text).toContain('Meta-Pixel der Meta Platforms Ireland Ltd.');
      expect(text).toContain('Vorkasse (Überweisung)');
      expect(text).toContain('Beschwerde bei einer Datenschutz-Aufsichtsbehörde (Art. 77 DSGVO)');
      await t.storage.websiteAdmin.update(t.shop.websiteId, { settings: { adPixels: {} } });
    });

    it('Art. 13 DSGVO the privacy page names Stripe and PayPal while they are connected, and orders accept that version', async () => {
      expect(visibleText((await page('/datenschutz')).body)).not.toContain('Stripe');
      // Connected in "Zahlungen" (the keys as stored there: sealed; the pages only ask which are connected).
      for (const provider of ['stripe', 'paypal'] as const) {
        await t.storage.payments.saveProviderSettings(t.shop.websiteId, provider, {
          mode: 'test',
          sealedKeys: { secretKey: 'versiegelt' },
          keyHints: {},
          status: 'connected',
        });
      }
      const text = visibleText((await page('/datenschutz')).body);
      expect(text).toContain('Stripe: Kartenzahlungen wickelt die Stripe Payments Europe Ltd. (Irland) ab');
      expect(text).toContain('PayPal: Zahlungen über PayPal wickelt die PayPal (Europe) S.à r.l.');
      expect(text).toContain('Vorkasse (Überweisung)');
      const shown = (await t.storage.legal.currentVersion(t.shop.websiteId))!.version;

      // An order placed now accepts the texts the pages show, not a version without the providers.
      const placed = await placeOrder(t, [mugOf(t)], 'anbieter@example.de');
      expect(await t.storage.legal.acceptedVersion(t.shop.websiteId, placed.id)).toBe(shown);

      for (const provider of ['stripe', 'paypal'] as const) {
        await t.storage.payments.deleteProviderSettings(t.shop.websiteId, provider);
      }
      expect(visibleText((await page('/datenschutz')).body)).not.toContain('Stripe');
    });

    it('Anlage 1 und 2 EGBGB the Widerrufsbelehrung uses the model texts with the seller filled in', async () => {
      const text = visibleText((await page('/widerruf')).body);
      expect(text).toContain(
        'Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.',
      );
      expect(text).toContain(
        'Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag, an dem Sie oder ein von Ihnen benannter Dritter, der nicht der Beförderer ist, die Waren in Besitz genommen haben bzw. hat.',
      );
      expect(text).toContain(
        'Um Ihr Widerrufsrecht auszuüben, müssen Sie uns (Muster Handel GmbH, Hauptstraße 5, 10115 Berlin',
      );
      expect(text).toContain('Muster-Widerrufsformular');
      expect(text).toContain('Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag');
      // The shop sells digital goods and services too: their notice starts with the contract.
      expect(text).toContain('Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag des Vertragsabschlusses.');
      expect((await page('/widerruf')).body).toContain('href="/vertrag-widerrufen"');
    });

    it('BFSG the accessibility statement describes the service, how it is accessible and where to complain', async () => {
      const text = visibleText((await page('/barrierefreiheit')).body);
      expect(text).toContain('Barrierefreiheitsstärkungsgesetzes (BFSG)');
      expect(text).toContain('mit der Tastatur');
      expect(text).toContain('laden@muster-handel.de');
      expect(text).toContain('Marktüberwachungsstelle der Länder');
    });

    it('§5 DDG §356a BGB every page type links all legal pages and "Vertrag widerrufen" in the footer', async () => {
      const v = await visitorOf(t);
      await v.add(t.shop.mug.id, `${t.shop.hostname}-TASSE`);
      const paths = [
        '/',
        '/laden',
        '/laden/p/tasse',
        '/cart',
        '/checkout',
        '/account',
        '/search?q=tasse',
        '/gibt-es-nicht',
        '/impressum',
        '/vertrag-widerrufen',
      ];
      for (const path of paths) {
        let res = await v.request('GET', path);
        // The account sends a guest on to its sign-in page: that page is the one to check.
        if (res.statusCode === 303) res = await v.request('GET', String(res.headers.location));
        expect([200, 404], path).toContain(res.statusCode);
        for (const href of [
          '/vertrag-widerrufen',
          '/impressum',
          '/datenschutz',
          '/agb',
          '/widerruf',
          '/versand-und-zahlung',
          '/barrierefreiheit',
        ])
          expect(res.body, `${path} links ${href}`).toContain(`href="${href}"`);
      }
    });
  });

  describe('versions of the texts', () => {
    it('§312f BGB the confirmation mail carries the AGB and Widerrufsbelehrung of the version the order was placed under', async () => {
      const order = (email: string) => placeOrder(t, [mugOf(t)], email);
      const first = await order('vorher@example.de');
      await t.storage.websiteAdmin.update(t.shop.websiteId, {
        settings: { legal: { ...legal, companyName: 'Neuer Name' } },
      });
      const second = await order('nachher@example.de');
      const before = await t.storage.legal.acceptedVersion(t.shop.websiteId, first.id);
      const after = await t.storage.legal.acceptedVersion(t.shop.websiteId, second.id);
      expect(before).toBeDefined();
      expect(after).toBeGreaterThan(before!);

      const mails = await t.storage.outbox.listByWebsite(t.shop.websiteId, { kind: 'order-confirmation' });
      const mailTo = (to: string) => mails.find((m) => m.to === to)!.text;
      expect(mailTo('vorher@example.de')).toContain(`in der Fassung ${before}`);
      // Every legal page as an absolute link.
      expect(mailTo('nachher@example.de')).toContain(
        `Vertrag widerrufen: http://${t.shop.hostname}/vertrag-widerrufen`,
      );
      expect(mailTo('nachher@example.de')).toContain(`Impressum: http://${t.shop.hostname}/impressum`);

      // The queued mail names the version; the worker prints that version's texts into both parts when it
      // sends the mail (a 44 KB outbox row in the order transaction before).
      const queued = mails.find((m) => m.to === 'vorher@example.de')!;
      expect(queued.text).not.toContain('Sie haben das Recht, binnen vierzehn Tagen');
      expect(queued.text.length + (queued.html ?? '').length).toBeLessThan(8_000);
      const sent: OutgoingEmail[] = [];
      const mailer = { send: async (mail: OutgoingEmail) => void sent.push(mail), close: () => {} };
      await new OutboxWorker({ storage: t.storage, mailer, from: 'Baukasten <no-reply@example.de>' }).drain();
      const sentTo = (to: string) => sent.find((m) => m.to === to)!;
      for (const part of ['text', 'html'] as const) {
        const vorher = sentTo('vorher@example.de')[part] ?? '';
        expect(vorher).toContain(`in der Fassung ${before}`);
        expect(vorher).toContain('Dein Vertragspartner ist Muster Handel GmbH');
        expect(vorher).not.toContain('Dein Vertragspartner ist Neuer Name GmbH');
        expect(vorher).toContain('Sie haben das Recht, binnen vierzehn Tagen');
        expect(vorher).toContain('Muster-Widerrufsformular');
        expect(sentTo('nachher@example.de')[part]).toContain('Dein Vertragspartner ist Neuer Name GmbH');
      }
      // In the text part right after the paragraph that announces them, the links above them.
      const text = sentTo('vorher@example.de').text;
      expect(text.indexOf('die für deine Bestellung gilt.\n\nAGB\n')).toBeGreaterThan(
        text.indexOf('Impressum: http://'),
      );
      await t.storage.websiteAdmin.update(t.shop.websiteId, { settings: { legal } });
    });

    it('§312f BGB a confirmation whose legal texts cannot be found is not sent without them: it is retried', async () => {
      const placed = await placeOrder(t, [mugOf(t)], 'ohne-fassung@example.de');
      const mail = orderConfirmationEmail({
        order: (await t.storage.orders.findById(t.shop.websiteId, placed.id))!,
        siteTitle: 'Muster Handel',
        locale: 'de-DE',
        legalTexts: { version: 9_999, documents: [], links: [] },
      });
      const queued = await t.storage.outbox.enqueue(t.shop.websiteId, {
        ...mail,
        to: 'fassung-fehlt@example.de',
      });
      const sent: OutgoingEmail[] = [];
      const mailer = { send: async (m: OutgoingEmail) => void sent.push(m), close: () => {} };
      const errors: unknown[] = [];
      await new OutboxWorker({
        storage: t.storage,
        mailer,
        from: 'Baukasten <no-reply@example.de>',
        onError: (error) => errors.push(error),
      }).drain();
      expect(sent.map((m) => m.to)).not.toContain('fassung-fehlt@example.de');
      expect(String(errors[0])).toContain('Rechtstexte der Fassung 9999 nicht gefunden');
      const stored = (await t.storage.outbox.listByWebsite(t.shop.websiteId)).find((m) => m.id === queued.id);
      expect(stored).toMatchObject({ status: 'pending', attempts: 1 });
    });
  });

  describe('the editor\'s "Rechtliches"', () => {
    it('§5 DDG checks the owner\'s data in German and lists what is still missing in "Bereit zum Verkaufen"', async () => {
      const { account, browser } = await accountWithSession(t.app, t.storage, 'Inhaberin');
      await t.storage.siteMembers.add(emptyShop.websiteId, account.id, [UserRole.ADMIN]);
      const url = `/api/admin/sites/${emptyShop.websiteId}/legal`;
      const start = await browser.get(url);
      expect(start.status).toBe(200);
      const legalItem = start.body.checklist.find((i: { key: string }) => i.key === 'legal');
      expect(legalItem.missing).toContain('Name oder Firma fehlt.');

      const bad = await browser.patch(url, { email: 'kein-mail', withdrawalPeriodDays: 7, vatId: 'DE12' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields).toMatchObject({
        email: 'Bitte gib eine gültige E-Mail-Adresse ein.',
        withdrawalPeriodDays: 'Die Widerrufsfrist beträgt mindestens 14 Tage (§ 355 Abs. 2 BGB).',
      });
      expect(bad.body.error.fields.vatId).toContain('DE123456789');

      const saved = await browser.patch(url, { ...legal, legalForm: 'GmbH' });
      expect(saved.status).toBe(200);
      expect(saved.body.checklist.find((i: { key: string }) => i.key === 'legal').done).toBe(true);
      const text = visibleText((await page('/impressum', emptyShop.hostname)).body);
      expect(text).toContain('Muster Handel GmbH');
    });
  });
});
