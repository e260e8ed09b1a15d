import { FORM_MESSAGES } from '@baukasten/commerce';
import type { Item, Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop, Visitor } from '../commerce/test-shop.js';
import { postForm, unlabelledControls } from './commerce-page-test-kit.js';

/* The cart page's form to change the answers of a custom product form, posted without JavaScript. */

const engraving = {
  id: 'form-gravur',
  name: 'Gravur',
  fields: [
    { id: 'gravurtext', type: 'text' as const, title: 'Gravurtext', required: true, maxLength: 20 },
    {
      id: 'schriftart',
      type: 'select' as const,
      title: 'Schriftart',
      required: false,
      options: ['Serifenlos', 'Schreibschrift'],
    },
    { id: 'name', type: 'name' as const, title: 'Name auf der Karte', required: false },
  ],
};

const answers = (text: string, font: string) =>
  JSON.stringify([
    { id: 'gravurtext', type: 'text', rawTitle: 'Gravurtext', value: text },
    { id: 'schriftart', type: 'select', rawTitle: 'Schriftart', value: font },
    { id: 'name', type: 'name', rawTitle: 'Name auf der Karte', values: { First: 'Erika', Last: 'Muster' } },
  ]);

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let tag: Item;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    shop = await createTestShop(storage, 'angaben.test');
    tag = await storage.items.create(shop.websiteId, {
      collectionId: shop.mug.collectionId,
      urlId: 'anhaenger',
      title: 'Anhänger',
      product: {
        productType: 1,
        variants: [{ sku: 'angaben.test-ANH', priceMinor: 1500, unlimited: true }],
        additionalFieldsForm: engraving,
      },
    });
    app = await buildApp({ storage, logLevel: 'silent' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const visitorWithTag = async () => {
    const v = await new Visitor(app, shop.hostname).start();
    await v.add(tag.id, 'angaben.test-ANH', 1, { additionalFields: answers('Für Oma', 'Serifenlos') });
    const cart = (await v.request('GET', '/api/commerce/shopping-cart')).json();
    return { v, entryId: cart.entries[0].id as string };
  };
  const cartJson = async (v: Visitor) => (await v.request('GET', '/api/commerce/shopping-cart')).json();

  describe('answers of a custom product form on the cart page', () => {
    it('R2.1.1 R3.5.3 shows the stored answers and a labelled form filled with them', async () => {
      const { v, entryId } = await visitorWithTag();
      await v.add(shop.mug.id, 'angaben.test-TASSE', 1);
      const html = (await v.request('GET', '/cart')).body;
      expect(html).toContain('<dt>Gravurtext</dt><dd>Für Oma</dd>');
      expect(html).toContain('<dt>Name auf der Karte</dt><dd>Erika Muster</dd>');
      expect(html).toContain(`action="/cart/positionen/${entryId}/angaben"`);
      expect(html).toMatch(
        /<summary>Angaben ändern<span class="visually-hidden">: Anhänger<\/span><\/summary>/,
      );
      expect(html).toMatch(new RegExp(`<input[^>]*id="angaben-${entryId}-gravurtext"[^>]*value="Für Oma"`));
      expect(html).toMatch(/<option value="Serifenlos" selected="">Serifenlos<\/option>/);
      expect(html).toMatch(new RegExp(`name="angaben-${entryId}-name-First"[^>]*value="Erika"`));
      // The mug has no form: one answers form on the page, and every control has its label.
      expect(html.match(/class="cart-line__answers-edit"/g)).toHaveLength(1);
      expect(unlabelledControls(html)).toEqual([]);
      // Nothing here needs a script: the details element opens and the form posts without one.
      expect(html).not.toContain('<script');
    });

    it('R2.1.1 stores changed answers from the plain form and answers 303 to /cart', async () => {
      const { v, entryId } = await visitorWithTag();
      const res = await postForm(app, v, shop.hostname, `/cart/positionen/${entryId}/angaben`, {
        crumb: v.crumb!,
        gravurtext: 'Für Opa',
        schriftart: 'Schreibschrift',
        [`angaben-${entryId}-name-First`]: 'Max',
        [`angaben-${entryId}-name-Last`]: 'Muster',
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/cart');
      const [entry] = (await cartJson(v)).entries;
      expect(JSON.parse(entry.additionalFields)).toEqual([
        { id: 'gravurtext', type: 'text', rawTitle: 'Gravurtext', value: 'Für Opa' },
        { id: 'schriftart', type: 'select', rawTitle: 'Schriftart', value: 'Schreibschrift' },
        {
          id: 'name',
          type: 'name',
          rawTitle: 'Name auf der Karte',
          values: { First: 'Max', Last: 'Muster' },
        },
      ]);
      const html = (await v.request('GET', '/cart')).body;
      expect(html).toContain('<dt>Gravurtext</dt><dd>Für Opa</dd>');
      expect(html).toContain('<dt>Name auf der Karte</dt><dd>Max Muster</dd>');
    });

    it('R5.5.2 keeps the stored answers when the new ones break the form rules and shows why, with what was typed', async () => {
      const { v, entryId } = await visitorWithTag();
      const res = await postForm(app, v, shop.hostname, `/cart/positionen/${entryId}/angaben`, {
        crumb: v.crumb!,
        gravurtext: '',
        schriftart: 'Schreibschrift',
      });
      expect(res.statusCode).toBe(422);
      expect(res.body).toContain('role="alert">Bitte prüfe deine Angaben zu „Anhänger“.</div>');
      expect(res.body).toContain(FORM_MESSAGES.required);
      expect(res.body).toMatch(/<details class="cart-line__answers-edit" open>/);
      expect(res.body).toMatch(/<option value="Schreibschrift" selected="">/);
      expect(JSON.parse((await cartJson(v)).entries[0].additionalFields)[0].value).toBe('Für Oma');
    });

    it('R8.1.12 refuses a post without the crumb and one for an entry that is not in the cart', async () => {
      const { v, entryId } = await visitorWithTag();
      const forged = await postForm(app, v, shop.hostname, `/cart/positionen/${entryId}/angaben`, {
        gravurtext: 'Fremd',
      });
      expect(forged.headers.location).toBe('/cart?fehler=CRUMB_FAILED');
      const missing = await postForm(app, v, shop.hostname, '/cart/positionen/gibt-es-nicht/angaben', {
        crumb: v.crumb!,
        gravurtext: 'Fremd',
      });
      expect(missing.headers.location).toBe('/cart?fehler=CART_ENTRY_NOT_FOUND');
      expect(JSON.parse((await cartJson(v)).entries[0].additionalFields)[0].value).toBe('Für Oma');
    });
  });
});
