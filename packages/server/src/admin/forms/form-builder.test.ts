import { CollectionType, ProductType } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { sharedStateWithLimits } from '../admin-test-kit.js';
import { type ShopTeam, shopTeam } from '../catalog/shop-admin-test-kit.js';

/* The form builder's API: owners make site forms with every field type and settings of spec 3. */

const everyType = [
  { type: 'name', title: 'Ihr Name', required: true },
  { type: 'email', title: 'E-Mail', required: true, placeholder: 'du@example.de' },
  { type: 'text', title: 'Betreff', maxLength: 80 },
  { type: 'textarea', title: 'Nachricht', maxLength: 2000, description: 'Worum geht es?' },
  { type: 'website', title: 'Webseite' },
  { type: 'number', title: 'Personen' },
  { type: 'address', title: 'Anschrift' },
  { type: 'phone', title: 'Telefon' },
  { type: 'date', title: 'Wunschtermin' },
  { type: 'time', title: 'Uhrzeit' },
  { type: 'checkbox', title: 'Interessen', options: ['Kaffee', 'Tee'] },
  { type: 'radio', title: 'Anrede', options: ['Frau', 'Herr', 'Divers'] },
  { type: 'select', title: 'Filiale', options: ['Berlin', 'Köln'] },
  { type: 'likert', title: 'Zufriedenheit', questions: ['Beratung', 'Lieferung'] },
  { type: 'hidden', title: 'Quelle', value: 'Sommeraktion' },
  { type: 'section', title: 'Zum Schluss' },
  { type: 'line' },
];

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let team: ShopTeam;
  let base: string;
  let host: string;
  let websiteId: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    host = `baukasten-formulare-${db.name}.test`;
    const website = await storage.websites.create({ title: 'Formularbau', hostnames: [host] });
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    websiteId = website.id;
    team = await shopTeam(app, storage, website.id);
    base = `/api/admin/sites/${website.id}/forms`;
  });
  afterAll(() => app?.close());

  const visitorForm = (id: string) =>
    app.inject({ method: 'GET', url: `/api/rest/forms/${id}`, headers: { host } });

  it('R3.15.1 R3.15.2 creates a form with every field type, in order, with its settings, and visitors get it', async () => {
    const res = await team.editor.post(base, {
      name: 'Anfrage',
      fields: everyType,
      submissionMessage: 'Danke, wir melden uns.',
      submissionHTML: '<p>Danke!</p><script>alert(1)</script>',
      successRedirect: '/danke',
      disclaimerMessage: 'Wir speichern deine Angaben nur für diese Anfrage.',
      captchaEnabled: false,
      captchaTheme: 2,
      captchaAlignment: 3,
      notificationEmail: 'Laden@Example.de',
    });
    expect(res.status).toBe(201);
    const form = res.body.form;
    expect(form.fields.map((f: { type: string }) => f.type)).toEqual(everyType.map((f) => f.type));
    expect(form.fields.map((f: { id: string }) => f.id).slice(0, 3)).toEqual([
      'ihr-name',
      'e-mail',
      'betreff',
    ]);
    expect(form.fields[0].required).toBe(true);
    expect(form.fields[2].maxLength).toBe(80);
    expect(form.fields[13].questions).toEqual(['Beratung', 'Lieferung']);
    expect(form.fields[14]).toEqual({ id: 'quelle', type: 'hidden', title: 'Quelle', value: 'Sommeraktion' });
    expect(form).toMatchObject({
      name: 'Anfrage',
      captchaEnabled: false,
      captchaTheme: 2,
      captchaAlignment: 3,
      successRedirect: '/danke',
      notificationEmail: 'laden@example.de',
    });

    const visitor = await visitorForm(form.id);
    expect(visitor.statusCode).toBe(200);
    const shown = visitor.json();
    expect(shown.fields).toHaveLength(everyType.length);
    expect(shown.fields[14].value).toBe('Sommeraktion');
    expect(shown.captchaEnabled).toBe(false);
    expect(shown.submissionHTML).toBe('<p>Danke!</p>');
    expect(shown.disclaimerMessage).toBe('Wir speichern deine Angaben nur für diese Anfrage.');
    expect(shown).not.toHaveProperty('notificationEmail');

    const listed = await team.viewer.get(base);
    expect(listed.body.forms).toEqual([{ id: form.id, name: 'Anfrage', fieldCount: everyType.length }]);
  });

  it('R3.15.1 replaces a form: reordered fields keep their ids, settings not sent are gone', async () => {
    const created = await team.admin.post(base, {
      name: 'Kontakt',
      fields: [
        { type: 'text', title: 'Name', required: true },
        { type: 'email', title: 'E-Mail', required: true },
      ],
      submissionMessage: 'Danke!',
    });
    const [name, email] = created.body.form.fields;
    const res = await team.websiteManager.patch(`${base}/${created.body.form.id}`, {
      name: 'Kontakt (neu)',
      fields: [email, { ...name, required: false }, { type: 'textarea', title: 'Nachricht' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.form.name).toBe('Kontakt (neu)');
    expect(res.body.form.fields.map((f: { id: string }) => f.id)).toEqual([email.id, name.id, 'nachricht']);
    expect(res.body.form.fields[1].required).toBeUndefined();
    expect(res.body.form.submissionMessage).toBe('');
    expect(res.body.form.captchaEnabled).toBe(true);
    const again = await team.viewer.get(`${base}/${created.body.form.id}`);
    expect(again.body.form.fields).toHaveLength(3);
  });

  it('refuses bad forms with German messages at their fields and saves nothing', async () => {
    const res = await team.admin.post(base, {
      name: ' ',
      fields: [
        { type: 'dropdown', title: 'X' },
        { type: 'select', title: 'Größe', options: [] },
        { type: 'likert', title: 'Bewertung' },
        { type: 'date', title: 'Tag', maxLength: 4 },
        { id: 'doppelt', type: 'text', title: 'A' },
        { id: 'doppelt', type: 'text', title: 'B' },
        { type: 'radio', title: 'Farbe', options: ['Rot', 'Rot'] },
        { type: 'text', title: '' },
      ],
      successRedirect: 'javascript:alert(1)',
      captchaTheme: 7,
      notificationEmail: 'keine-adresse',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.type).toBe('INVALID_INPUT');
    expect(res.body.error.fields).toMatchObject({
      name: 'Bitte gib dem Formular einen Namen.',
      'fields.0.type': '„dropdown“ ist keine erwartete Option.',
      'fields.1.options': 'Bitte gib mindestens eine Auswahlmöglichkeit an.',
      'fields.2.questions': 'Bitte gib mindestens eine Aussage zum Bewerten an.',
      'fields.3.maxLength': 'Eine Zeichengrenze gibt es nur bei Text- und Textbereich-Feldern.',
      'fields.6.options': 'Die Auswahlmöglichkeit „Rot“ kommt zweimal vor.',
      'fields.7.title': 'Bitte gib dem Feld eine Beschriftung.',
      successRedirect:
        'Die Weiterleitung muss eine https://-Adresse oder ein Pfad der Website wie /danke sein.',
      captchaTheme: '„7“ ist keine erwartete Option.',
      notificationEmail: 'Bitte gib eine gültige E-Mail-Adresse ein.',
    });
    const twice = await team.admin.post(base, {
      name: 'Doppelt',
      fields: [
        { id: 'doppelt', type: 'text', title: 'A' },
        { id: 'doppelt', type: 'text', title: 'B' },
      ],
    });
    expect(twice.body.error.fields).toEqual({
      'fields.1.id': 'Die Kennung „doppelt“ kommt in diesem Formular zweimal vor.',
    });
    expect((await team.admin.post(base, { name: 'Leer', fields: [] })).body.error.message).toBe(
      'Ein Formular braucht mindestens ein Feld.',
    );
    expect(
      (await team.admin.post(base, { name: 'Nul\u0000', fields: [{ type: 'text', title: 'A' }] })).status,
    ).toBe(400);
    const names = (await team.admin.get(base)).body.forms.map((f: { name: string }) => f.name);
    expect(names).not.toContain('Leer');
    expect(names).not.toContain('Doppelt');
  });

  it('R3.15.2 a hidden field keeps the value the owner set; only hidden fields take one, of at most 1000 characters', async () => {
    const created = await team.admin.post(base, {
      name: 'Kampagne',
      fields: [
        { type: 'email', title: 'E-Mail' },
        { type: 'hidden', title: 'Kampagne', value: '  herbst-2026  ' },
        { type: 'hidden', title: 'Leer' },
      ],
    });
    expect(created.status).toBe(201);
    const [, campaign, empty] = created.body.form.fields;
    expect(campaign.value).toBe('herbst-2026');
    expect(empty).not.toHaveProperty('value');
    const reopened = await team.viewer.get(`${base}/${created.body.form.id}`);
    expect(reopened.body.form.fields[1].value).toBe('herbst-2026');

    const refused = await team.admin.patch(`${base}/${created.body.form.id}`, {
      name: 'Kampagne',
      fields: [
        { type: 'text', title: 'Name', value: 'Vorgabe' },
        { type: 'hidden', title: 'Kampagne', value: 'x'.repeat(1001) },
        { type: 'hidden', title: 'Zahl', value: 7 },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      'fields.0.value': 'Einen festen Wert gibt es nur bei versteckten Feldern.',
      'fields.1.value': 'Der Wert eines versteckten Felds darf höchstens 1000 Zeichen lang sein.',
      'fields.2.value': 'Der Wert eines versteckten Felds muss ein Text sein.',
    });
    const unchanged = await team.viewer.get(`${base}/${created.body.form.id}`);
    expect(unchanged.body.form.fields[1].value).toBe('herbst-2026');
  });

  it('R3.5.3 R3.15.1 saving a form refreshes the copy on every product of the site that uses it; deleting takes it off', async () => {
    const shop = await storage.collections.create(websiteId, {
      type: CollectionType.PRODUCTS,
      urlId: `gravurladen-${db.name}`,
      title: 'Gravurladen',
    });
    const created = await team.admin.post(base, {
      name: 'Gravur',
      fields: [{ type: 'text', title: 'Gravurtext', maxLength: 20 }],
    });
    const formId = created.body.form.id;
    const products = `/api/admin/sites/${websiteId}/products`;
    const newProduct = async (title: string, additionalFieldsFormId?: string) => {
      const res = await team.admin.post(products, {
        collectionId: shop.id,
        title,
        productType: 'physical',
        priceMinor: 1900,
        qtyInStock: 5,
        ...(additionalFieldsFormId ? { additionalFieldsFormId } : {}),
      });
      expect(res.status).toBe(201);
      return res.body.product.id as string;
    };
    const ring = await newProduct('Ring', formId);
    const pendant = await newProduct('Anhänger', formId);
    const plain = await newProduct('Kette');
    // Another website's product that names the same form id keeps its own copy.
    const otherSite = await storage.websites.create({ title: 'Fremd', hostnames: [`fremd-${host}`] });
    const otherShop = await storage.collections.create(otherSite.id, {
      type: CollectionType.PRODUCTS,
      urlId: 'laden',
      title: 'Laden',
    });
    const foreignCopy = { id: formId, name: 'Fremde Gravur', fields: [] };
    const foreign = await storage.items.create(otherSite.id, {
      collectionId: otherShop.id,
      title: 'Fremdring',
      urlId: 'fremdring',
      product: {
        productType: ProductType.PHYSICAL,
        additionalFieldsForm: foreignCopy,
        variants: [{ sku: 'F-1', priceMinor: 100, qtyInStock: 1 }],
      },
    });

    const saved = await team.editor.patch(`${base}/${formId}`, {
      name: 'Gravur (neu)',
      fields: [
        { ...created.body.form.fields[0], title: 'Ihr Gravurtext', required: true },
        { type: 'select', title: 'Schrift', options: ['Serif', 'Schreibschrift'] },
      ],
      submissionMessage: 'Wir gravieren sorgfältig.',
    });
    expect(saved.status).toBe(200);
    const stored = async (productId: string, siteId = websiteId) =>
      (await storage.items.findById(siteId, productId))?.product?.additionalFieldsForm;
    for (const id of [ring, pendant]) {
      expect(await stored(id)).toEqual({
        id: formId,
        name: 'Gravur (neu)',
        submissionMessage: 'Wir gravieren sorgfältig.',
        fields: [
          { id: 'gravurtext', type: 'text', title: 'Ihr Gravurtext', required: true, maxLength: 20 },
          {
            id: 'schrift',
            type: 'select',
            title: 'Schrift',
            required: false,
            options: ['Serif', 'Schreibschrift'],
          },
        ],
      });
    }
    expect(await stored(plain)).toBeUndefined();
    expect(await stored(foreign.id, otherSite.id)).toEqual(foreignCopy);
    const shown = await team.viewer.get(`${products}/${ring}`);
    expect(shown.body.product.additionalFieldsForm).toEqual({ id: formId, name: 'Gravur (neu)' });

    expect((await team.admin.delete(`${base}/${formId}`)).body).toEqual({ deleted: true });
    expect(await stored(ring)).toBeUndefined();
    expect(await stored(pendant)).toBeUndefined();
    const after = await team.viewer.get(`${products}/${ring}`);
    expect(after.body.product.additionalFieldsForm).toBeNull();
    expect(await stored(foreign.id, otherSite.id)).toEqual(foreignCopy);
  });

  it('deletes a form with its submissions; the visitor form is gone', async () => {
    const created = await team.admin.post(base, {
      name: 'Umfrage',
      fields: [{ type: 'text', title: 'Frage' }],
    });
    const id = created.body.form.id;
    await storage.forms.saveSubmission(websiteId, id, []);
    expect(await storage.forms.listSubmissions(websiteId, id)).toHaveLength(1);
    expect((await team.admin.delete(`${base}/${id}`)).body).toEqual({ deleted: true });
    expect((await team.admin.get(`${base}/${id}`)).status).toBe(404);
    expect((await visitorForm(id)).statusCode).toBe(404);
    expect((await team.admin.delete(`${base}/${id}`)).status).toBe(404);
    expect(await storage.forms.listSubmissions(websiteId, id)).toEqual([]);
  });

  describe('permissions', () => {
    const body = { name: 'Gesperrt', fields: [{ type: 'text', title: 'A' }] };
    it('forms.edit changes forms; viewers read, store managers and billing do not even read', async () => {
      const made = await team.admin.post(base, body);
      const url = `${base}/${made.body.form.id}`;
      expect((await team.viewer.get(url)).status).toBe(200);
      expect((await team.viewer.post(base, body)).status).toBe(403);
      expect((await team.viewer.patch(url, body)).status).toBe(403);
      expect((await team.draftEditor.delete(url)).status).toBe(403);
      expect((await team.storeManager.get(url)).status).toBe(403);
      expect((await team.billing.post(base, body)).status).toBe(403);
      expect((await team.editor.patch(url, body)).status).toBe(200);
    });

    it('never reaches another website’s forms', async () => {
      const made = await team.admin.post(base, body);
      const url = `${base}/${made.body.form.id}`;
      expect((await team.outsider.get(url)).status).toBe(404);
      expect((await team.outsider.patch(url, body)).status).toBe(404);
      expect((await team.outsider.delete(url)).status).toBe(404);
      const ownUrl = `/api/admin/sites/${team.outsiderSiteId}/forms/${made.body.form.id}`;
      expect((await team.outsider.get(ownUrl)).status).toBe(404);
      expect((await team.outsider.patch(ownUrl, body)).status).toBe(404);
      expect((await team.admin.get(url)).body.form.name).toBe('Gesperrt');
    });
  });
});
