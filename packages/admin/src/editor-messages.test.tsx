// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api/api-client.js';
import { App } from './app.js';
import { PagesScreen } from './screens/pages/pages-screen.js';
import { ProductList } from './screens/products/product-list.js';
import { clearCookies, fakeApi, renderInSite, setCookie, testSession } from './test-kit.js';

/* The editor's German messages of spec 8 (R8.7), each where its situation arises. */

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
  window.history.replaceState(null, '', '/');
});

const product = {
  id: 'p1',
  title: 'Tasse',
  collectionId: 'shop',
  urlId: 'tasse',
  productType: 'physical',
  image: null,
  onSale: false,
  updatedAt: 0,
  currency: 'EUR',
  priceMinor: { from: 1200, to: 1200 },
  stock: { total: 4, unlimited: false },
  soldOut: false,
  variantCount: 1,
};

describe('editor messages', () => {
  it('R8.7.4 a screen whose load fails without a reason says it could not be loaded; a reason of the server stays', async () => {
    fakeApi({ 'GET /sites/site-1/products': { status: 500 } });
    renderInSite(<ProductList />);
    expect((await screen.findByRole('alert')).textContent).toBe('Das konnte nicht geladen werden.');
    cleanup();

    fakeApi({
      'GET /sites/site-1/products': {
        status: 503,
        body: { error: { type: 'MAINTENANCE', message: 'Der Shop wird gerade gewartet.' } },
      },
    });
    renderInSite(<ProductList />);
    expect((await screen.findByRole('alert')).textContent).toBe('Der Shop wird gerade gewartet.');
  });

  it('R8.7.9 the pages screen says the pages could not be loaded', async () => {
    fakeApi({ 'GET /sites/site-1/collections': { status: 500 } });
    renderInSite(<PagesScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe('Die Seiten konnten nicht geladen werden.');
  });

  it('R8.7.14 a product search without hits says there are no results', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/products': (request) => {
        const products = request.path.includes('q=') ? [] : [product];
        return { body: { products, total: products.length, limit: 50, offset: 0 } };
      },
    });
    renderInSite(<ProductList />);
    await screen.findByText('Tasse');
    expect(screen.queryByText('Keine Ergebnisse.')).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Produkte suchen'), 'Schal{Enter}');
    expect(await screen.findByText('Keine Ergebnisse.')).toBeTruthy();
    expect(new URL(sent.at(-1)!.path, 'http://x').searchParams.get('q')).toBe('Schal');
  });

  it('R8.7.13 an address of the editor that leads nowhere, and a 404 without a message, say the content cannot be found', async () => {
    window.history.replaceState(null, '', '/config/gibt-es-nicht');
    fakeApi({ 'GET /session': { body: testSession() } });
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Dieser Inhalt wurde nicht gefunden.' })).toBeTruthy();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 404 })),
    );
    await expect(api.get('/sites/site-1/products/weg')).rejects.toMatchObject({
      status: 404,
      message: 'Dieser Inhalt wurde nicht gefunden.',
    });
  });
});
