// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie, testSite } from '../../test-kit.js';
import { Inventory } from './inventory.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const row = (variantId: string, size: string, qtyInStock: number) => ({
  variantId,
  productId: 'p1',
  productTitle: 'Hemd',
  productType: 'physical',
  sku: `HEMD-${size}`,
  attributes: { Größe: size },
  unlimited: false,
  qtyInStock,
});

const list = { body: { variants: [row('v1', 'S', 3), row('v2', 'M', 4)], total: 2, limit: 50, offset: 0 } };

describe('inventory', () => {
  it('saves a stock change in place with the value the owner saw', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/inventory': list,
      'PATCH /sites/site-1/inventory/v2': { body: { variantId: 'v2', unlimited: false, qtyInStock: 12 } },
    });
    renderInSite(<Inventory />);
    const user = userEvent.setup();
    const stock = await screen.findByLabelText('Bestand von Hemd – M');
    await user.clear(stock);
    await user.type(stock, '12{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Bestand von Hemd – M gespeichert.'),
    );
    const patch = sent.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({
      expected: { unlimited: false, qtyInStock: 4 },
      unlimited: false,
      qtyInStock: 12,
    });
    expect(patch?.headers['x-csrf-token']).toBe('crumb-1');
  });

  it('shows the current stock when an order changed it meanwhile', async () => {
    fakeApi({
      'GET /sites/site-1/inventory': list,
      'PATCH /sites/site-1/inventory/v1': {
        status: 409,
        body: {
          error: { type: 'STOCK_CHANGED', message: 'Der Lagerbestand wurde inzwischen geändert.' },
          current: { unlimited: false, qtyInStock: 1 },
        },
      },
    });
    renderInSite(<Inventory />);
    const user = userEvent.setup();
    const stock = await screen.findByLabelText('Bestand von Hemd – S');
    await user.clear(stock);
    await user.type(stock, '10');
    await user.click(screen.getByRole('button', { name: 'Speichern: Bestand von Hemd – S' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Der Lagerbestand wurde inzwischen geändert.',
    );
    expect((screen.getByLabelText('Bestand von Hemd – S') as HTMLInputElement).value).toBe('1');
  });

  it('shows the stock read-only to roles that may not change it', async () => {
    fakeApi({ 'GET /sites/site-1/inventory': list });
    renderInSite(<Inventory />, testSite({ roles: [10] }));
    expect(await screen.findByText('HEMD-S')).toBeTruthy();
    expect(screen.queryByLabelText('Bestand von Hemd – S')).toBeNull();
    expect(screen.queryByRole('button', { name: /Speichern/ })).toBeNull();
  });
});
