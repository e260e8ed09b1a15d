// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Block, CollectionDetail } from '../../api/admin-types.js';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { BlockEditor } from './block-editor.js';

/* The gallery block's images are picked from the media library, each with its own alt text. */

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const page = {
  id: 'page-1',
  type: 'gallery' as const,
  typeCode: 2,
  title: 'Werkstatt',
  urlId: 'werkstatt',
  fullUrl: '/werkstatt',
  isHomePage: false,
  position: 1,
  hidden: false,
  seo: { title: null, description: null, socialImage: null },
  hasUnpublishedChanges: false,
  draftUpdatedAt: null,
  createdAt: 0,
  updatedAt: 0,
};

const TASSE = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const KRUG = 'bbbbbbbbbbbbbbbbbbbbbbbb';

const libraryItem = (id: string, filename: string, altText: string, focal: { x: number; y: number }) => ({
  id,
  filename,
  contentType: 'image/jpeg',
  width: 1200,
  height: 800,
  byteSize: 1000,
  altText,
  focalPoint: focal,
  variants: ['100w', '300w'],
  createdAt: 0,
  assetUrl: `/media/${id}/${filename}`,
  image: {
    assetUrl: `/media/${id}/${filename}`,
    altText,
    originalSize: '1200x800',
    mediaFocalPoint: focal,
    systemDataVariants: '100w,300w',
  },
});

const detailOf = (draft: Block[]): CollectionDetail => ({
  collection: page,
  blocks: { live: draft, draft, hasUnpublishedChanges: false },
});

describe('gallery block images', () => {
  it('R3.22.2 R9.4.4 picks images from the media library, with alt text per image, and saves them in order', async () => {
    const gallery: Block = {
      type: 'gallery',
      id: 'g',
      images: [{ assetUrl: `/media/${TASSE}/tasse.jpg`, altText: 'Tasse', originalSize: '1200x800' }],
      settings: { design: 'grid' },
    };
    const api = fakeApi({
      'GET /sites/site-1/media': {
        body: {
          media: [
            libraryItem(KRUG, 'krug.jpg', 'Krug aus Ton', { x: 0.3, y: 0.6 }),
            libraryItem(TASSE, 'tasse.jpg', '', { x: 0.5, y: 0.5 }),
          ],
          total: 2,
        },
      },
      'PATCH /sites/site-1/collections/page-1/draft': (request) => ({
        body: { blocks: { live: [], draft: request.body.blocks, hasUnpublishedChanges: true } },
      }),
    });
    renderInSite(
      <BlockEditor siteId="site-1" detail={detailOf([gallery])} collections={[page]} canEdit canPublish />,
    );
    const user = userEvent.setup();
    // No address to type: the stored image shows as a thumbnail with its own alt text.
    expect(screen.queryByLabelText('Bildadressen, eine pro Zeile')).toBeNull();
    const first = screen.getByRole('group', { name: 'Bild 1 aus der Mediathek' });
    expect(within(first).getByRole('img').getAttribute('src')).toBe(
      `/api/admin/sites/site-1/media/${TASSE}/file?format=100w`,
    );
    expect((screen.getByLabelText('Alternativtext von Bild 1') as HTMLInputElement).value).toBe('Tasse');

    const adder = screen.getByRole('group', { name: 'Bild zur Galerie hinzufügen' });
    await user.click(within(adder).getByRole('button', { name: 'Bild auswählen' }));
    await user.click(await within(adder).findByRole('button', { name: '„krug.jpg“ verwenden' }));
    // The library's alt text is the start; the owner writes the gallery's own.
    const alt2 = screen.getByLabelText('Alternativtext von Bild 2') as HTMLInputElement;
    expect(alt2.value).toBe('Krug aus Ton');
    await user.clear(alt2);
    await user.type(alt2, 'Krug mit Henkel');
    await user.type(screen.getByLabelText('Alternativtext von Bild 1'), ' in Rot');
    await user.click(screen.getByRole('button', { name: 'Bild 2 nach vorne' }));
    expect((screen.getByLabelText('Alternativtext von Bild 1') as HTMLInputElement).value).toBe(
      'Krug mit Henkel',
    );

    await act(async () => {
      screen.getByRole('button', { name: 'Entwurf speichern' }).click();
    });
    await waitFor(() => expect(api.sent.some((r) => r.method === 'PATCH')).toBe(true));
    const saved = api.sent.find((r) => r.method === 'PATCH')!.body.blocks[0];
    expect(saved.images).toEqual([
      {
        assetUrl: `/media/${KRUG}/krug.jpg`,
        altText: 'Krug mit Henkel',
        originalSize: '1200x800',
        mediaFocalPoint: { x: 0.3, y: 0.6 },
      },
      { assetUrl: `/media/${TASSE}/tasse.jpg`, altText: 'Tasse in Rot', originalSize: '1200x800' },
    ]);
  });

  it('R5.12.5 shows the server’s message at the image it concerns, and removes an image', async () => {
    const gallery: Block = {
      type: 'gallery',
      id: 'g',
      images: [
        { assetUrl: `/media/${TASSE}/tasse.jpg`, altText: 'Tasse' },
        { assetUrl: `/media/${KRUG}/krug.jpg`, altText: 'x'.repeat(250) },
      ],
      settings: { design: 'grid' },
    };
    const message = 'Der Alternativtext darf höchstens 250 Zeichen lang sein.';
    const api = fakeApi({
      'PATCH /sites/site-1/collections/page-1/draft': {
        status: 400,
        body: { error: { type: 'INVALID_INPUT', message, fields: { 'blocks.0.images.1.altText': message } } },
      },
    });
    renderInSite(
      <BlockEditor siteId="site-1" detail={detailOf([gallery])} collections={[page]} canEdit canPublish />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Alternativtext von Bild 1'), '!');
    await act(async () => {
      screen.getByRole('button', { name: 'Entwurf speichern' }).click();
    });
    await screen.findByRole('alert');
    expect(screen.getByLabelText('Alternativtext von Bild 2').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Alternativtext von Bild 1').getAttribute('aria-invalid')).toBeNull();

    const first = screen.getByRole('group', { name: 'Bild 1 aus der Mediathek' });
    await user.click(within(first).getByRole('button', { name: 'Bild entfernen' }));
    expect(screen.queryByLabelText('Alternativtext von Bild 2')).toBeNull();
    expect((screen.getByLabelText('Alternativtext von Bild 1') as HTMLInputElement).value).toBe(
      'x'.repeat(250),
    );
    expect(api.sent.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });
});
