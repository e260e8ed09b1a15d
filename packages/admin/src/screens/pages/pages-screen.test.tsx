// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Collection } from '../../api/admin-types.js';
import { clearCookies, fakeApi, renderInSite, setCookie, testSite } from '../../test-kit.js';
import { PagesScreen } from './pages-screen.js';

beforeEach(() => {
  setCookie('crumb', 'crumb-1');
  window.history.replaceState(null, '', '/config/sites/site-1/seiten');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const collection = (
  id: string,
  title: string,
  urlId: string,
  position: number,
  changes: Partial<Collection> = {},
): Collection => ({
  id,
  type: 'page',
  typeCode: 10,
  title,
  urlId,
  fullUrl: urlId ? `/${urlId}` : '/',
  isHomePage: urlId === '',
  position,
  hidden: false,
  seo: { title: null, description: null, socialImage: null },
  hasUnpublishedChanges: false,
  draftUpdatedAt: null,
  createdAt: 0,
  updatedAt: 0,
  ...changes,
});

const home = collection('c1', 'Start', '', 0);
const shop = collection('c2', 'Shop', 'shop', 1, { type: 'products', typeCode: 13 });
const detail = (c: Collection) => ({
  body: { collection: c, blocks: { live: [], draft: [], hasUnpublishedChanges: false } },
});

describe('pages', () => {
  it('adds a page, opens its blocks and previews the real page of the site', async () => {
    const about = collection('c3', 'Über uns', 'ueber-uns', 2);
    const { sent } = fakeApi({
      'GET /sites/site-1/collections': { body: { collections: [shop, home] } },
      'POST /sites/site-1/collections': { status: 201, ...detail(about) },
      'GET /sites/site-1/collections/c3': detail(about),
    });
    renderInSite(<PagesScreen />);
    const user = userEvent.setup();
    const pageList = await screen.findByRole('list', { name: 'Seiten' });
    expect(
      within(pageList)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.link-button')?.textContent),
    ).toEqual(['Start', 'Shop']);
    await user.type(screen.getByLabelText('Titel der Seite'), 'Über uns');
    await user.click(screen.getByRole('button', { name: 'Seite anlegen' }));

    expect(await screen.findByRole('heading', { name: 'Blöcke von „Über uns“' })).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ title: 'Über uns', type: 'page' });
    expect(window.location.search).toBe('?seite=c3');
    const frame = screen.getByTitle('Vorschau der Seite „Über uns“') as HTMLIFrameElement;
    const port = window.location.port ? `:${window.location.port}` : '';
    expect(frame.getAttribute('src')).toBe(`http://laden.localhost${port}/ueber-uns`);
  });

  it('reorders, hides and deletes pages', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/collections': { body: { collections: [home, shop] } },
      'PATCH /sites/site-1/navigation': (request) => ({
        body: {
          collections: (request.body.order as string[]).map((id, position) => ({
            ...(id === 'c1' ? home : shop),
            position,
          })),
        },
      }),
      'PATCH /sites/site-1/collections/c2': (request) => detail({ ...shop, ...request.body }),
      'DELETE /sites/site-1/collections/c2': { body: { deleted: true } },
    });
    renderInSite(<PagesScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nach unten: Start' }));
    await waitFor(() => expect(sent.some((r) => r.path === '/sites/site-1/navigation')).toBe(true));
    expect(sent.find((r) => r.path === '/sites/site-1/navigation')?.body).toEqual({ order: ['c2', 'c1'] });
    await screen.findByRole('button', { name: 'Nach oben: Start' });

    await user.click(screen.getByRole('button', { name: 'In der Navigation verbergen: Shop' }));
    expect(await screen.findByRole('button', { name: 'In der Navigation zeigen: Shop' })).toBeTruthy();
    expect(sent.find((r) => r.method === 'PATCH' && r.path === '/sites/site-1/collections/c2')?.body).toEqual(
      {
        hidden: true,
      },
    );

    const shopRow = screen.getByRole('button', { name: 'Shop' }).closest('li')!;
    await user.click(within(shopRow).getByRole('button', { name: 'Löschen' }));
    await user.click(within(shopRow).getByRole('button', { name: 'Ja, löschen' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Shop' })).toBeNull());
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/sites/site-1/collections/c2' });
  });

  it('shows a draft editor the pages without the buttons that change the live site', async () => {
    fakeApi({ 'GET /sites/site-1/collections': { body: { collections: [home] } } });
    renderInSite(<PagesScreen />, testSite({ roles: [16] }));
    expect(await screen.findByRole('button', { name: 'Start' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Nach unten/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Neue Seite' })).toBeNull();
  });

  it('says “noch nicht verfügbar” when the server has no pages route', async () => {
    fakeApi({});
    renderInSite(<PagesScreen />);
    expect(await screen.findByText('Diese Funktion ist noch nicht verfügbar.')).toBeTruthy();
  });
});
