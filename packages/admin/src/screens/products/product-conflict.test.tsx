// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../api/admin-types.js';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { ProductEditor } from './product-editor.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const CHANGED =
  'Dieses Produkt wurde inzwischen von jemand anderem geändert. Bitte lade es neu und übernimm deine Änderungen erneut.';

const product = (title: string, updatedAt: number) =>
  ({
    id: 'p1',
    collectionId: 'shop',
    title,
    urlId: 'tasse',
    productType: 'physical',
    image: null,
    variantCount: 1,
    currency: 'EUR',
    priceMinor: { from: 1200, to: 1200 },
    stock: { unlimited: false, total: 5 },
    soldOut: false,
    onSale: false,
    updatedAt,
    excerpt: '',
    body: '',
    tags: [],
    categories: [],
    options: [],
    variants: [
      {
        id: 'v1',
        sku: 'TASSE',
        attributes: {},
        priceMinor: 1200,
        salePriceMinor: 0,
        onSale: false,
        unlimited: false,
        qtyInStock: 5,
        weightGrams: null,
      },
    ],
    giftCardAmountsMinor: null,
    addButtonText: null,
  }) as unknown as Product;

describe('product editor and a second owner (issue 12 concurrency)', () => {
  it('sends the version it loaded; on 409 PRODUCT_CHANGED it says so in German and reloads the latest version on request', async () => {
    // The first load sees version 1000; meanwhile another owner saved "Tasse groß" (version 2000).
    let stored = product('Tasse', 1000);
    const { sent } = fakeApi({
      'GET /sites/site-1/products/p1': () => ({ body: { product: stored } }),
      'PATCH /sites/site-1/products/p1': (request) => {
        if (request.body.expectedUpdatedAt !== stored.updatedAt)
          return { status: 409, body: { error: { type: 'PRODUCT_CHANGED', message: CHANGED } } };
        stored = { ...product(request.body.title, stored.updatedAt + 1), title: request.body.title };
        return { body: { product: stored } };
      },
    });
    renderInSite(<ProductEditor productId="p1" />);
    const user = userEvent.setup();
    const title = () => screen.getByLabelText('Name des Produkts') as HTMLInputElement;
    await waitFor(() => expect(title().value).toBe('Tasse'));
    stored = product('Tasse groß', 2000);

    await user.clear(title());
    await user.type(title(), 'Becher');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CHANGED);
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body.expectedUpdatedAt)).toEqual([1000]);
    // Nothing was overwritten, and the owner's typing is still in the form until they choose to reload.
    expect(stored.title).toBe('Tasse groß');
    expect(title().value).toBe('Becher');

    await user.click(screen.getByRole('button', { name: 'Neueste Fassung laden' }));
    await waitFor(() => expect(title().value).toBe('Tasse groß'));
    expect(screen.queryByRole('alert')).toBeNull();

    // Saving on top of the latest version goes through, and a second save builds on the first.
    await user.type(title(), ' (neu)');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(stored.title).toBe('Tasse groß (neu)'));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(3));
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body.expectedUpdatedAt)).toEqual([
      1000, 2000, 2001,
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
