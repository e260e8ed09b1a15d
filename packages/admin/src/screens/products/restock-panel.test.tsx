// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
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

const group = (productId: string, title: string, variantId: string, size: string, signUpCount: number) => ({
  productId,
  variantId,
  signUpCount,
  productTitle: title,
  attributes: { Größe: size },
  sku: `${title.toUpperCase()}-${size}`,
  unlimited: false,
  qtyInStock: 5,
});

const emptyStock = { body: { variants: [], total: 0, limit: 50, offset: 0 } };

describe('restock sign-ups on the stock screen', () => {
  it('R7.4.6 R3.24.2 R7.4.9 shows waiting visitors per variant and per product, reading every page', async () => {
    fakeApi({
      'GET /sites/site-1/inventory': emptyStock,
      'GET /sites/site-1/restock/groups': (request) =>
        request.path.includes('cursor=c2')
          ? {
              body: {
                groups: [group('p2', 'Tasse', 'v3', 'Groß', 1)],
                hasNextPage: false,
                nextPageCursor: null,
              },
            }
          : {
              body: {
                groups: [group('p1', 'Hemd', 'v1', 'S', 2), group('p1', 'Hemd', 'v2', 'M', 3)],
                hasNextPage: true,
                nextPageCursor: 'c2',
              },
            },
    });
    renderInSite(<Inventory />);
    const panel = await screen.findByRole('region', { name: 'Warten auf Wiederverfügbarkeit' });
    await within(panel).findByText('Tasse');
    expect(within(panel).getByLabelText('Hemd: 5 insgesamt').textContent).toBe('5');
    expect(within(panel).getByLabelText('Tasse: 1 insgesamt').textContent).toBe('1');
    expect(within(panel).getByRole('button', { name: 'Hemd – M: 3 Personen benachrichtigen' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Alle 6 benachrichtigen' })).toBeTruthy();
  });

  it('R7.4.8 R3.24.3 shows who waits for a variant on request, reading every page of its sign-ups', async () => {
    const signUp = (id: string, email: string, isJoinMailingList = false) => ({
      id,
      siteVisitorEmail: email,
      isJoinMailingList,
      createdOn: 0,
    });
    const { sent } = fakeApi({
      'GET /sites/site-1/inventory': emptyStock,
      'GET /sites/site-1/restock/groups': {
        body: { groups: [group('p1', 'Hemd', 'v1', 'S', 3)], hasNextPage: false, nextPageCursor: null },
      },
      'GET /sites/site-1/restock/signups': (request) =>
        request.path.includes('cursor=s2')
          ? { body: { signUps: [signUp('3', 'c@example.de')], hasNextPage: false, nextPageCursor: null } }
          : {
              body: {
                signUps: [signUp('1', 'a@example.de', true), signUp('2', 'b@example.de')],
                hasNextPage: true,
                nextPageCursor: 's2',
              },
            },
    });
    renderInSite(<Inventory />);
    const panel = await screen.findByRole('region', { name: 'Warten auf Wiederverfügbarkeit' });
    const toggle = await within(panel).findByRole('button', { name: 'Wartende für Hemd – S anzeigen' });
    expect(toggle.textContent).toBe('3');
    expect(sent.some((r) => r.path.includes('/restock/signups'))).toBe(false);

    await userEvent.setup().click(toggle);
    const list = await within(panel).findByRole('list', { name: 'Wartende für Hemd – S' });
    await within(list).findByText('c@example.de');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['a@example.de (möchte auch den Newsletter)', 'b@example.de', 'c@example.de']);
    const reads = sent.filter((r) => r.path.includes('/restock/signups')).map((r) => r.path);
    expect(reads).toEqual([
      '/sites/site-1/restock/signups?productId=p1&variantId=v1',
      '/sites/site-1/restock/signups?productId=p1&variantId=v1&cursor=s2',
    ]);
  });

  it('R7.4.10 R7.4.11 sends one variant’s mails, then everyone’s after asking, and reloads the counts', async () => {
    let round = 0;
    const { sent } = fakeApi({
      'GET /sites/site-1/inventory': emptyStock,
      'GET /sites/site-1/restock/groups': () => ({
        body: {
          groups: round === 0 ? [group('p1', 'Hemd', 'v1', 'S', 2), group('p1', 'Hemd', 'v2', 'M', 1)] : [],
          hasNextPage: false,
          nextPageCursor: null,
        },
      }),
      'POST /sites/site-1/restock/send': () => ({ body: { sentCount: 2 } }),
      'POST /sites/site-1/restock/send/all': () => {
        round = 1;
        return { body: { sentCount: 1 } };
      },
    });
    renderInSite(<Inventory />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Hemd – S: 2 Personen benachrichtigen' }));
    await waitFor(() => expect(screen.getByText('2 E-Mails werden verschickt.')).toBeTruthy());
    expect(sent.find((r) => r.path === '/sites/site-1/restock/send')?.body).toEqual({
      productId: 'p1',
      variantId: 'v1',
    });

    await user.click(screen.getByRole('button', { name: 'Alle 3 benachrichtigen' }));
    await user.click(screen.getByRole('button', { name: 'Ja, senden' }));
    expect(await screen.findByText('Gerade wartet niemand auf eine ausverkaufte Variante.')).toBeTruthy();
    expect(screen.getByText('1 E-Mail wird verschickt.')).toBeTruthy();
    expect(sent.find((r) => r.path === '/sites/site-1/restock/send/all')?.headers['x-csrf-token']).toBe(
      'crumb-1',
    );
  });

  it('shows the counts without send buttons to roles that may only read the shop', async () => {
    fakeApi({
      'GET /sites/site-1/inventory': emptyStock,
      'GET /sites/site-1/restock/groups': {
        body: { groups: [group('p1', 'Hemd', 'v1', 'S', 2)], hasNextPage: false, nextPageCursor: null },
      },
    });
    renderInSite(<Inventory />, testSite({ roles: [10] }));
    const panel = await screen.findByRole('region', { name: 'Warten auf Wiederverfügbarkeit' });
    expect(within(panel).getByLabelText('Hemd: 2 insgesamt')).toBeTruthy();
    // Reading who waits is theirs too; sending is not.
    expect(
      within(panel)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Wartende für Hemd – S anzeigen']);
    expect(within(panel).queryByRole('button', { name: /benachrichtigen/ })).toBeNull();
  });
});
