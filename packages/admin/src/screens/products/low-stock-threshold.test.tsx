// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { Inventory } from './inventory.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const row = (variantId: string, size: string) => ({
  variantId,
  productId: 'p1',
  productTitle: 'Hemd',
  productType: 'physical',
  sku: `HEMD-${size}`,
  attributes: { Größe: size },
  unlimited: false,
  qtyInStock: 8,
});

describe('low-stock thresholds on the stock screen', () => {
  it('shows each variant’s threshold and saves a new one', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/inventory': {
        body: { variants: [row('v1', 'S'), row('v2', 'M')], total: 2, limit: 50, offset: 0 },
      },
      'GET /sites/site-1/stock-alerts': { body: { thresholds: { v1: 2 } } },
      'PATCH /sites/site-1/inventory/v2/low-stock-threshold': { body: { variantId: 'v2', threshold: 3 } },
    });
    renderInSite(<Inventory />);
    const user = userEvent.setup();
    expect(((await screen.findByLabelText('Warnschwelle für Hemd – S')) as HTMLInputElement).value).toBe('2');
    const medium = screen.getByLabelText('Warnschwelle für Hemd – M');
    await user.type(medium, '3');
    await user.click(screen.getByRole('button', { name: 'Warnschwelle speichern: Hemd – M' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Gespeichert: Bei 3 Stück oder weniger von Hemd – M bekommst du eine E-Mail.',
      ),
    );
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({ threshold: 3 });
  });
});
