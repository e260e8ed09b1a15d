// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeOf } from '../../routing/routes.js';
import { clearCookies, fakeApi, renderInSite, setCookie, testSite } from '../../test-kit.js';
import type { Entry } from './content-api.js';
import { ContentCollections, ContentEntries } from './content-screen.js';

beforeEach(() => {
  setCookie('crumb', 'crumb-1');
  history.replaceState(null, '', '/config/sites/site-1/inhalte/blog-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const page = (id: string, type: string, title: string, urlId: string) => ({
  id,
  type,
  typeCode: type === 'page' ? 10 : 1,
  title,
  urlId,
  fullUrl: `/${urlId}`,
  isHomePage: urlId === '',
  position: 0,
  hidden: false,
  seo: { title: null, description: null, socialImage: null },
  hasUnpublishedChanges: false,
  draftUpdatedAt: null,
  createdAt: 0,
  updatedAt: 0,
});

const blog = { id: 'blog-1', title: 'Journal', kind: 'blog', fullUrl: '/journal', timeZone: 'Europe/Berlin' };
const events = {
  id: 'ev-1',
  title: 'Termine',
  kind: 'events',
  fullUrl: '/termine',
  timeZone: 'Europe/Berlin',
};

const post = (changes: Partial<Entry> = {}): Entry => ({
  id: 'p1',
  kind: 'post',
  collectionId: 'blog-1',
  urlId: 'emaille-pflegen',
  fullUrl: '/journal/p/emaille-pflegen',
  title: 'Emaille pflegen',
  excerpt: '<p>Kurz</p>',
  body: '<p>Lang</p>',
  categories: ['Pflege'],
  tags: ['becher'],
  authorDisplayName: 'Jana',
  starred: false,
  commentState: 1,
  assetUrl: null,
  status: 'published',
  publishedOn: Date.UTC(2025, 2, 3, 8),
  publishAt: '2025-03-03T09:00',
  createdAt: 0,
  updatedAt: 0,
  ...changes,
});

describe('blog posts and events in the editor', () => {
  it('lists the blogs and events pages of the site and leads to their entries', async () => {
    history.replaceState(null, '', '/config/sites/site-1/inhalte');
    fakeApi({
      'GET /sites/site-1/collections': {
        body: {
          collections: [
            page('start', 'page', 'Start', ''),
            page('blog-1', 'blog', 'Journal', 'journal'),
            page('ev-1', 'events', 'Termine', 'termine'),
          ],
        },
      },
    });
    renderInSite(<ContentCollections />);
    const link = await screen.findByRole('link', { name: 'Einträge von „Journal“ bearbeiten' });
    expect(link.getAttribute('href')).toBe('/config/sites/site-1/inhalte/blog-1');
    expect(screen.getByRole('link', { name: 'Einträge von „Termine“ bearbeiten' })).toBeTruthy();
    expect(screen.queryByText('Start')).toBeNull();
    expect(routeOf('/config/sites/site-1/inhalte/blog-1')).toEqual({
      name: 'site',
      siteId: 'site-1',
      section: 'contentEntries',
      collectionId: 'blog-1',
    });
  });

  it('R3.16.2 shows the posts with their state and writes a new post in Markdown', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/collections/blog-1/entries': {
        body: {
          collection: blog,
          entries: [
            post({ id: 'd1', title: 'Noch geheim', status: 'draft', publishedOn: null, publishAt: null }),
            post(),
          ],
        },
      },
      'POST /sites/site-1/collections/blog-1/entries': (request) => ({
        status: 201,
        body: {
          entry: post({
            id: 'neu-1',
            title: request.body.title,
            status: 'draft',
            publishedOn: null,
            publishAt: null,
          }),
        },
      }),
      'GET /sites/site-1/collections/blog-1/entries/neu-1': {
        body: {
          entry: post({
            id: 'neu-1',
            title: 'Glasuren',
            status: 'draft',
            publishedOn: null,
            publishAt: null,
          }),
        },
      },
    });
    renderInSite(<ContentEntries collectionId="blog-1" />);
    expect(await screen.findByRole('link', { name: '„Noch geheim“ bearbeiten' })).toBeTruthy();
    const rows = screen.getAllByRole('row').map((row) => row.textContent);
    expect(rows[1]).toContain('Entwurf');
    expect(rows[2]).toMatch(/Veröffentlicht: 03\.03\.2025, 09:00/);

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Neuer Beitrag' }));
    expect(await screen.findByRole('heading', { name: 'Neuer Beitrag', level: 1 })).toBeTruthy();
    await user.type(screen.getByLabelText('Titel'), 'Glasuren');
    fireEvent.change(screen.getByLabelText('Text'), {
      target: { value: '## Regeln\n\n- **Langsam** trocknen' },
    });
    fireEvent.change(screen.getByLabelText('Kategorien'), { target: { value: 'Werkstatt, Pflege ,' } });
    fireEvent.change(screen.getByLabelText('Autor (angezeigter Name)'), { target: { value: 'Jana Krüger' } });
    await user.selectOptions(screen.getByLabelText('Kommentare'), '2');
    await user.click(screen.getByLabelText('Hervorgehoben'));
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));

    await waitFor(() => expect(window.location.search).toBe('?eintrag=neu-1'));
    const created = sent.find((r) => r.method === 'POST');
    expect(created?.headers['x-csrf-token']).toBe('crumb-1');
    expect(created?.body).toMatchObject({
      title: 'Glasuren',
      format: 'markdown',
      body: '## Regeln\n\n- **Langsam** trocknen',
      categories: ['Werkstatt', 'Pflege'],
      authorDisplayName: 'Jana Krüger',
      commentState: 2,
      starred: true,
    });
    // No publish date typed: a draft.
    expect(created?.body.publishAt).toBeUndefined();
    expect(await screen.findByRole('heading', { name: 'Beitrag bearbeiten', level: 1 })).toBeTruthy();
  });

  it('R5.12.14 refuses a tag given twice, whatever its case, and sends nothing', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/collections/blog-1/entries': { body: { collection: blog, entries: [post()] } },
    });
    renderInSite(<ContentEntries collectionId="blog-1" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Neuer Beitrag' }));
    await user.type(await screen.findByLabelText('Titel'), 'Glasuren');
    fireEvent.change(screen.getByLabelText('Schlagwörter'), { target: { value: 'Becher, Glasur, becher' } });
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    expect(await screen.findByText('Das Schlagwort „becher“ gibt es schon.')).toBeTruthy();
    expect(screen.getByLabelText('Schlagwörter').getAttribute('aria-invalid')).toBe('true');
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('R3.16.2 reopens a post written in Markdown as its Markdown and saves it as Markdown again', async () => {
    history.replaceState(null, '', '/config/sites/site-1/inhalte/blog-1?eintrag=p1');
    const written = post({
      excerpt: '<p>Was <strong>Kälte</strong> macht</p>',
      body: '<h2>Regeln</h2>',
      markdown: { excerpt: 'Was **Kälte** macht', body: '## Regeln' },
    });
    const { sent } = fakeApi({
      'GET /sites/site-1/collections/blog-1/entries': { body: { collection: blog, entries: [written] } },
      'GET /sites/site-1/collections/blog-1/entries/p1': { body: { entry: written } },
      'PATCH /sites/site-1/collections/blog-1/entries/p1': (request) => ({
        body: {
          entry: post({
            body: '<h2>Regeln</h2><ul><li>Geduld</li></ul>',
            markdown: { excerpt: request.body.excerpt, body: request.body.body },
          }),
        },
      }),
    });
    renderInSite(<ContentEntries collectionId="blog-1" />);
    const body = (await screen.findByLabelText('Text')) as HTMLTextAreaElement;
    expect(body.value).toBe('## Regeln');
    expect((screen.getByLabelText('Anreißer') as HTMLTextAreaElement).value).toBe('Was **Kälte** macht');
    expect((screen.getByLabelText('Textformat') as HTMLSelectElement).value).toBe('markdown');

    fireEvent.change(body, { target: { value: '## Regeln\n\n- Geduld' } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
    expect(sent.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      format: 'markdown',
      excerpt: 'Was **Kälte** macht',
      body: '## Regeln\n\n- Geduld',
    });
    // After saving, the form still shows the Markdown, not the HTML the server rendered.
    await waitFor(() =>
      expect((screen.getByLabelText('Text') as HTMLTextAreaElement).value).toBe('## Regeln\n\n- Geduld'),
    );
  });

  it('R3.16.2 reopens a post without Markdown (written as HTML) as HTML', async () => {
    history.replaceState(null, '', '/config/sites/site-1/inhalte/blog-1?eintrag=p1');
    const written = post({ markdown: null });
    fakeApi({
      'GET /sites/site-1/collections/blog-1/entries': { body: { collection: blog, entries: [written] } },
      'GET /sites/site-1/collections/blog-1/entries/p1': { body: { entry: written } },
    });
    renderInSite(<ContentEntries collectionId="blog-1" />);
    expect(((await screen.findByLabelText('Text')) as HTMLTextAreaElement).value).toBe('<p>Lang</p>');
    expect((screen.getByLabelText('Textformat') as HTMLSelectElement).value).toBe('html');
  });

  it('R3.16.2 publishes a draft and withdraws it again', async () => {
    history.replaceState(null, '', '/config/sites/site-1/inhalte/blog-1?eintrag=d1');
    const draft = post({ id: 'd1', status: 'draft', publishedOn: null, publishAt: null });
    fakeApi({
      'GET /sites/site-1/collections/blog-1/entries': { body: { collection: blog, entries: [draft] } },
      'GET /sites/site-1/collections/blog-1/entries/d1': { body: { entry: draft } },
      'POST /sites/site-1/collections/blog-1/entries/d1/publish': { body: { entry: post({ id: 'd1' }) } },
      'POST /sites/site-1/collections/blog-1/entries/d1/unpublish': { body: { entry: draft } },
    });
    renderInSite(<ContentEntries collectionId="blog-1" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Jetzt veröffentlichen' }));
    expect(await screen.findByText('Veröffentlicht.')).toBeTruthy();
    expect((screen.getByLabelText('Veröffentlichen am') as HTMLInputElement).value).toBe('2025-03-03T09:00');
    expect(screen.getByRole('link', { name: 'Auf der Website ansehen' }).getAttribute('href')).toBe(
      '/journal/p/emaille-pflegen',
    );
    await user.click(screen.getByRole('button', { name: 'Veröffentlichung zurückziehen' }));
    expect(await screen.findByText('Zurückgezogen: wieder ein Entwurf.')).toBeTruthy();
  });

  it('R3.17.1 writes an event with times in the site’s time zone and its place, and shows refusals at their fields', async () => {
    history.replaceState(null, '', '/config/sites/site-1/inhalte/ev-1?eintrag=neu');
    const { sent } = fakeApi({
      'GET /sites/site-1/collections/ev-1/entries': { body: { collection: events, entries: [] } },
      'POST /sites/site-1/collections/ev-1/entries': {
        status: 400,
        body: {
          error: {
            type: 'INVALID_INPUT',
            message: 'Eine Veranstaltung kann nicht enden, bevor sie beginnt.',
            fields: { endAt: 'Eine Veranstaltung kann nicht enden, bevor sie beginnt.' },
          },
        },
      },
    });
    renderInSite(<ContentEntries collectionId="ev-1" />);
    expect(await screen.findByRole('heading', { name: 'Neue Veranstaltung', level: 1 })).toBeTruthy();
    expect(screen.getAllByText('In der Zeitzone der Website (Europe/Berlin).')).toHaveLength(2);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Titel'), 'Töpferkurs');
    fireEvent.change(screen.getByLabelText('Beginn'), { target: { value: '2030-01-10T18:00' } });
    fireEvent.change(screen.getByLabelText('Ende'), { target: { value: '2030-01-10T17:00' } });
    fireEvent.change(screen.getByLabelText('Adresszeile 1'), { target: { value: 'Baukastenweg 12' } });
    fireEvent.change(screen.getByLabelText('Breitengrad (Karte)'), { target: { value: 'Berlin' } });
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    // Not a number: said at the field, nothing sent.
    expect(screen.getByText('Bitte gib eine Zahl ein, z. B. 52,52.')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Breitengrad (Karte)'), { target: { value: '52,532' } });
    fireEvent.change(screen.getByLabelText('Längengrad (Karte)'), { target: { value: '13,384' } });
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Eine Veranstaltung kann nicht enden, bevor sie beginnt.',
    );
    expect(screen.getByLabelText('Ende').getAttribute('aria-invalid')).toBe('true');
    expect(sent.find((r) => r.method === 'POST')?.body).toMatchObject({
      title: 'Töpferkurs',
      startAt: '2030-01-10T18:00',
      endAt: '2030-01-10T17:00',
      location: { addressLine1: 'Baukastenweg 12', mapLat: 52.532, mapLng: 13.384 },
    });
  });

  it('R3.21.8 lets a draft editor write drafts but not publish or change published posts', async () => {
    history.replaceState(null, '', '/config/sites/site-1/inhalte/blog-1?eintrag=p1');
    fakeApi({
      'GET /sites/site-1/collections/blog-1/entries': { body: { collection: blog, entries: [post()] } },
      'GET /sites/site-1/collections/blog-1/entries/p1': { body: { entry: post() } },
    });
    renderInSite(<ContentEntries collectionId="blog-1" />, testSite({ roles: [16] }));
    expect(await screen.findByRole('heading', { name: 'Beitrag bearbeiten', level: 1 })).toBeTruthy();
    expect((screen.getByLabelText('Titel') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByLabelText('Veröffentlichen am')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Veröffentlichung zurückziehen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Löschen' })).toBeNull();
  });
});
