// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../api/admin-types.js';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { ProductForm } from './product-editor.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const variantNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

function renderNew(onSaved = vi.fn()) {
  renderInSite(
    <ProductForm productPages={[{ id: 'shop', title: 'Shop' }]} currency="EUR" canEdit onSaved={onSaved} />,
  );
  return onSaved;
}

async function addOption(user: ReturnType<typeof userEvent.setup>, n: number, name: string, values: string) {
  await user.click(screen.getByRole('button', { name: 'Option hinzufügen' }));
  await user.type(screen.getByLabelText(`Name der Option ${n}`), name);
  await user.type(screen.getByLabelText(`Werte der Option ${n} (durch Komma getrennt)`), values);
}

describe('product form', () => {
  it('builds one row per combination of the options, first option slowest', async () => {
    fakeApi({});
    renderNew();
    const user = userEvent.setup();
    expect(variantNames()).toEqual(['Standard']);
    await addOption(user, 1, 'Größe', 'S, M');
    await addOption(user, 2, 'Farbe', 'Rot, Blau');
    expect(variantNames()).toEqual(['S / Rot', 'S / Blau', 'M / Rot', 'M / Blau']);
  });

  it('keeps what was typed into a row when values are added, and sends the grid with its prices and stock', async () => {
    const { sent } = fakeApi({
      'POST /sites/site-1/products': (request) => ({
        status: 201,
        body: { product: { id: 'p1', options: request.body.options, variants: [] } },
      }),
    });
    const onSaved = renderNew();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name des Produkts'), 'Hemd');
    await user.type(screen.getByLabelText('Preis (EUR)'), '19,90');
    await addOption(user, 1, 'Größe', 'S, M');
    await user.type(screen.getByLabelText('Preis: M'), '24,50');
    await user.type(screen.getByLabelText('Angebotspreis: M'), '20');
    await user.click(screen.getByLabelText('Im Angebot: M'));
    await user.clear(screen.getByLabelText('Bestand: S'));
    await user.type(screen.getByLabelText('Bestand: S'), '5');
    await user.click(screen.getByLabelText('Unbegrenzt: M'));

    // A third size: S and M keep their entries, L starts with the product's price.
    await user.type(screen.getByLabelText('Werte der Option 1 (durch Komma getrennt)'), ', L');
    expect(variantNames()).toEqual(['S', 'M', 'L']);
    expect((screen.getByLabelText('Preis: M') as HTMLInputElement).value).toBe('24,50');
    expect((screen.getByLabelText('Preis: L') as HTMLInputElement).value).toBe('');
    expect(screen.getByLabelText('Preis: L').getAttribute('placeholder')).toBe('19,90');

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = sent.find((r) => r.method === 'POST')?.body;
    expect(body).toMatchObject({
      collectionId: 'shop',
      productType: 'physical',
      title: 'Hemd',
      priceMinor: 1990,
      options: [{ name: 'Größe', values: ['S', 'M', 'L'] }],
      addButtonText: null,
    });
    expect(body.variants).toEqual([
      {
        attributes: { Größe: 'S' },
        priceMinor: 1990,
        salePriceMinor: 0,
        onSale: false,
        unlimited: false,
        qtyInStock: 5,
      },
      {
        attributes: { Größe: 'M' },
        priceMinor: 2450,
        salePriceMinor: 2000,
        onSale: true,
        unlimited: true,
        qtyInStock: 0,
      },
      {
        attributes: { Größe: 'L' },
        priceMinor: 1990,
        salePriceMinor: 0,
        onSale: false,
        unlimited: false,
        qtyInStock: 0,
      },
    ]);
  });

  it('shows the server’s message at the variant it concerns', async () => {
    fakeApi({
      'POST /sites/site-1/products': {
        status: 400,
        body: {
          error: {
            type: 'INVALID_INPUT',
            message: 'Der Angebotspreis muss niedriger sein als der normale Preis.',
            fields: {
              'variants.1.salePriceMinor': 'Der Angebotspreis muss niedriger sein als der normale Preis.',
            },
          },
        },
      },
    });
    renderNew();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name des Produkts'), 'Hemd');
    await user.type(screen.getByLabelText('Preis (EUR)'), '10');
    await addOption(user, 1, 'Größe', 'S, M');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Angebotspreis');
    expect(screen.getByLabelText('Angebotspreis: M').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Angebotspreis: S').getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses a price that is no amount without asking the server', async () => {
    const { sent } = fakeApi({});
    renderNew();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name des Produkts'), 'Hemd');
    await user.type(screen.getByLabelText('Preis (EUR)'), '12,345');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(screen.getByLabelText('Preis (EUR)').getAttribute('aria-invalid')).toBe('true');
    // Nothing saved (the form list the additional-fields picker reads is no save).
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('has no stock for digital products and amounts instead of options for gift cards', async () => {
    const { sent } = fakeApi({
      'POST /sites/site-1/products': {
        status: 201,
        body: { product: { id: 'g1', options: [], variants: [] } },
      },
    });
    renderNew();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Produktart'), 'digital');
    expect(screen.queryByLabelText('Bestand: Standard')).toBeNull();
    expect(
      screen.getByText('Digitale Produkte und Gutscheine sind immer unbegrenzt verfügbar.'),
    ).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Produktart'), 'giftCard');
    expect(screen.queryByRole('table')).toBeNull();
    await user.type(screen.getByLabelText('Name des Produkts'), 'Gutschein');
    await user.type(screen.getByLabelText('Gutscheinbeträge (durch Komma getrennt) (EUR)'), '25, 50, 100');
    await user.type(
      screen.getByLabelText('Eigener Text für den Kaufen-Button (leer für den Standardtext)'),
      'Verschenken',
    );
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    const body = sent.find((r) => r.method === 'POST')?.body;
    expect(body).toMatchObject({
      productType: 'giftCard',
      giftCardAmountsMinor: [2500, 5000, 10000],
      addButtonText: 'Verschenken',
    });
    expect(body.options).toBeUndefined();
    expect(body.variants).toBeUndefined();
  });

  it('sends the stock of a stored variant only when it was changed here', async () => {
    const product = {
      id: 'p1',
      collectionId: 'shop',
      title: 'Hemd',
      urlId: 'hemd',
      productType: 'physical',
      image: null,
      variantCount: 2,
      currency: 'EUR',
      priceMinor: { from: 1990, to: 1990 },
      stock: { unlimited: false, total: 7 },
      soldOut: false,
      onSale: false,
      updatedAt: 0,
      createdAt: 0,
      excerpt: '',
      body: '',
      tags: [],
      categories: [],
      options: [{ name: 'Größe', values: ['S', 'M'] }],
      variants: [
        {
          id: 'v1',
          sku: 'HEMD-S',
          attributes: { Größe: 'S' },
          priceMinor: 1990,
          salePriceMinor: 0,
          onSale: false,
          unlimited: false,
          qtyInStock: 3,
          weightGrams: null,
        },
        {
          id: 'v2',
          sku: 'HEMD-M',
          attributes: { Größe: 'M' },
          priceMinor: 1990,
          salePriceMinor: 0,
          onSale: false,
          unlimited: false,
          qtyInStock: 4,
          weightGrams: null,
        },
      ],
      giftCardAmountsMinor: null,
      addButtonText: null,
    } as Product;
    const { sent } = fakeApi({ 'PATCH /sites/site-1/products/p1': { body: { product } } });
    renderInSite(
      <ProductForm product={product} productPages={[]} currency="EUR" canEdit onSaved={vi.fn()} />,
    );
    const user = userEvent.setup();
    expect((screen.getByLabelText('Bestand: M') as HTMLInputElement).value).toBe('4');
    await user.clear(screen.getByLabelText('Bestand: M'));
    await user.type(screen.getByLabelText('Bestand: M'), '10');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
    const body = sent.find((r) => r.method === 'PATCH')?.body;
    expect(body.priceMinor).toBeUndefined();
    expect(body.variants[0]).toEqual({
      attributes: { Größe: 'S' },
      priceMinor: 1990,
      salePriceMinor: 0,
      onSale: false,
      sku: 'HEMD-S',
    });
    expect(body.variants[1]).toMatchObject({ attributes: { Größe: 'M' }, qtyInStock: 10, unlimited: false });
  });
});
