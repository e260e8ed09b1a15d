// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Collection } from '../../api/admin-types.js';
import { clearCookies, fakeApi, renderInSite, setCookie, testSite } from '../../test-kit.js';
import { PagesScreen } from './pages-screen.js';

beforeEach(() => {
  setCookie('crumb', 'crumb-1');
  window.history.replaceState(null, '', '/config/sites/site-1/seiten?seite=c3');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const about: Collection = {
  id: 'c3',
  type: 'page',
  typeCode: 10,
  title: 'Über uns',
  urlId: 'ueber-uns',
  fullUrl: '/ueber-uns',
  isHomePage: false,
  position: 0,
  hidden: false,
  seo: { title: null, description: null, socialImage: null },
  hasUnpublishedChanges: true,
  draftUpdatedAt: 1,
  createdAt: 0,
  updatedAt: 0,
};
const detail = (c: Collection) => ({
  collection: c,
  blocks: { live: [], draft: [], hasUnpublishedChanges: true },
});
const ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

describe('page settings and draft preview', () => {
  it('saves SEO title, description and the social image picked from the media library', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/collections': { body: { collections: [about] } },
      'GET /sites/site-1/collections/c3': { body: detail(about) },
      'GET /sites/site-1/media': {
        body: {
          media: [
            {
              id: ID,
              filename: 'laden.jpg',
              altText: 'Unser Laden',
              focalPoint: { x: 0.5, y: 0.5 },
              width: 1200,
              height: 630,
              variants: [],
              assetUrl: `/media/${ID}/laden.jpg`,
              image: {
                assetUrl: `/media/${ID}/laden.jpg`,
                altText: 'Unser Laden',
                originalSize: '1200x630',
                mediaFocalPoint: { x: 0.5, y: 0.5 },
              },
            },
          ],
          total: 1,
        },
      },
      'PATCH /sites/site-1/collections/c3': (req) => ({
        body: detail({
          ...about,
          seo: {
            title: req.body.seoTitle,
            description: req.body.seoDescription,
            socialImage: req.body.socialImage,
          },
        }),
      }),
    });
    renderInSite(<PagesScreen />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('SEO-Titel'), 'Wer wir sind');
    await user.type(screen.getByLabelText('SEO-Beschreibung'), 'Ein kleiner Laden.');
    await user.click(screen.getByRole('button', { name: 'Bild auswählen' }));
    await user.click(await screen.findByRole('button', { name: '„laden.jpg“ verwenden' }));
    await user.click(screen.getByRole('button', { name: 'Einstellungen speichern' }));
    expect(await screen.findByText('Die Seiteneinstellungen wurden gespeichert.')).toBeTruthy();
    expect(sent.find((r) => r.method === 'PATCH')!.body).toEqual({
      showTitle: true,
      seoTitle: 'Wer wir sind',
      seoDescription: 'Ein kleiner Laden.',
      socialImage: { assetUrl: `/media/${ID}/laden.jpg`, altText: 'Unser Laden' },
    });
  });

  it('shows the saved draft in the preview frame under its preview address, and the live page again', async () => {
    fakeApi({
      'GET /sites/site-1/collections': { body: { collections: [about] } },
      'GET /sites/site-1/collections/c3': { body: detail(about) },
      'POST /sites/site-1/collections/c3/preview': {
        body: { previewUrl: 'http://laden.localhost:3000/ueber-uns?vorschau=tok' },
      },
    });
    renderInSite(<PagesScreen />, testSite({ hostnames: ['laden.localhost'] }));
    const user = userEvent.setup();
    const frame = () => screen.getByTitle('Vorschau der Seite „Über uns“');
    await screen.findByTitle('Vorschau der Seite „Über uns“');
    const live = frame().getAttribute('src')!;
    expect(live).toMatch(/\/ueber-uns$/);
    await user.click(screen.getByRole('button', { name: 'Entwurf in der Vorschau zeigen' }));
    await waitFor(() =>
      expect(frame().getAttribute('src')).toBe('http://laden.localhost:3000/ueber-uns?vorschau=tok'),
    );
    expect(screen.getByText(/Die Vorschau zeigt den gespeicherten Entwurf\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Entwurf in der Vorschau zeigen' }));
    expect(frame().getAttribute('src')).toBe(live);
  });
});
