// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { CustomerList } from './customer-list.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const customer = (n: number) => ({
  email: `kunde${n}@example.de`,
  name: `Kunde ${n}`,
  hasAccount: false,
  orderCount: 1,
  totalSpentMinor: 1200,
  currency: 'EUR',
  lastOrderAt: 0,
  since: 0,
  newsletter: 'none',
});

describe('customers', () => {
  it('pages through the customers the server pages, and searches from the first page', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/customers': ((request: { path: string }) => {
        const query = new URLSearchParams(request.path.split('?')[1]);
        const offset = Number(query.get('offset') ?? 0);
        if (query.get('q')) return { body: { customers: [customer(77)], total: 1 } };
        const page = Array.from({ length: Math.min(50, 120 - offset) }, (_, i) => customer(offset + i + 1));
        return { body: { customers: page, total: 120 } };
      }) as never,
    });
    renderInSite(<CustomerList />);
    const user = userEvent.setup();
    expect(await screen.findByText('kunde1@example.de')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(await screen.findByText('kunde51@example.de')).toBeTruthy();
    expect(screen.queryByText('kunde1@example.de')).toBeNull();
    expect(sent.at(-1)?.path).toBe('/sites/site-1/customers?limit=50&offset=50');

    await user.type(screen.getByLabelText('Suche nach E-Mail oder Name'), 'Kunde 77');
    await user.click(screen.getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(screen.getByText('kunde77@example.de')).toBeTruthy());
    expect(sent.at(-1)?.path).toBe('/sites/site-1/customers?q=Kunde+77&limit=50');
  });
});
