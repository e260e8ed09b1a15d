// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Block, CollectionDetail } from '../../api/admin-types.js';
import { fakeApi, freshBrowserPerTest, renderInSite, testPage } from '../../test-kit.js';
import { BlockEditor } from './block-editor.js';
import { pickBlock } from './block-library-test-kit.js';

freshBrowserPerTest();

const page = testPage;

const blocks: Block[] = [
  { type: 'heading', id: 'a', text: 'Willkommen', level: 1 },
  { type: 'text', id: 'b', markdown: 'Wir backen seit 1920.', html: '<p>Wir backen seit 1920.</p>' },
  { type: 'button', id: 'c', label: 'Kontakt', href: '/kontakt', style: 'primary', newWindow: false },
];

const detailOf = (draft: Block[]): CollectionDetail => ({
  collection: page,
  blocks: { live: draft, draft, hasUnpublishedChanges: false },
});

function renderEditor(options: { canEdit?: boolean; canPublish?: boolean } = {}) {
  return renderInSite(
    <BlockEditor
      siteId="site-1"
      detail={detailOf(blocks)}
      collections={[page]}
      canEdit={options.canEdit ?? true}
      canPublish={options.canPublish ?? true}
    />,
  );
}

/** The blocks as the list shows them, by their handle buttons. */
const order = () =>
  within(screen.getByRole('list'))
    .getAllByRole('button', { expanded: undefined })
    .filter((b) => b.className === 'block__handle')
    .map((b) => b.textContent?.replace(/^\d+\.\s*/, ''));

// The editor's own live region; drag and drop (@dnd-kit) adds a second one for its announcements.
const status = () =>
  screen.getAllByRole('status').find((el) => el.classList.contains('status-message'))?.textContent;

describe('block editor', () => {
  it('moves blocks with the buttons and undoes the moves one by one', async () => {
    fakeApi({});
    renderEditor();
    const user = userEvent.setup();
    expect(order()).toEqual(['Überschrift: Willkommen', 'Text: Wir backen seit 1920.', 'Button: Kontakt']);
    expect(
      (screen.getByRole('button', { name: 'Nach oben: Überschrift: Willkommen' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Nach unten: Überschrift: Willkommen' }));
    expect(order()).toEqual(['Text: Wir backen seit 1920.', 'Überschrift: Willkommen', 'Button: Kontakt']);
    expect(status()).toBe('Überschrift: Willkommen an Position 2 von 3 verschoben.');
    await user.click(screen.getByRole('button', { name: 'Nach oben: Button: Kontakt' }));
    expect(order()).toEqual(['Text: Wir backen seit 1920.', 'Button: Kontakt', 'Überschrift: Willkommen']);
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Rückgängig' }));
    expect(order()).toEqual(['Text: Wir backen seit 1920.', 'Überschrift: Willkommen', 'Button: Kontakt']);
    await user.click(screen.getByRole('button', { name: 'Rückgängig' }));
    expect(order()).toEqual(['Überschrift: Willkommen', 'Text: Wir backen seit 1920.', 'Button: Kontakt']);
    expect((screen.getByRole('button', { name: 'Rückgängig' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('moves the focused block with Alt+arrow keys, keeps the focus on it, and undoes with Ctrl+Z', async () => {
    fakeApi({});
    renderEditor();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: /^3\.\s*Button: Kontakt/ });
    button.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(order()).toEqual(['Überschrift: Willkommen', 'Button: Kontakt', 'Text: Wir backen seit 1920.']);
    expect(document.activeElement?.textContent).toContain('Button: Kontakt');
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(order()).toEqual(['Button: Kontakt', 'Überschrift: Willkommen', 'Text: Wir backen seit 1920.']);
    expect(document.activeElement?.textContent).toContain('Button: Kontakt');
    // Already first: nothing moves.
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(order()[0]).toBe('Button: Kontakt');

    await user.keyboard('{Control>}z{/Control}');
    expect(order()).toEqual(['Überschrift: Willkommen', 'Button: Kontakt', 'Text: Wir backen seit 1920.']);
    expect(status()).toBe('Letzte Änderung rückgängig gemacht.');
  });

  it('undoes a whole typed edit in one step, and duplicates and removes blocks', async () => {
    fakeApi({});
    renderEditor();
    const user = userEvent.setup();
    // The first block is open for editing.
    const text = screen.getByLabelText('Text der Überschrift');
    await user.clear(text);
    await user.type(text, 'Hallo');
    expect(order()[0]).toBe('Überschrift: Hallo');
    await user.click(screen.getByRole('button', { name: 'Rückgängig' }));
    expect(order()[0]).toBe('Überschrift: Willkommen');

    await user.click(screen.getByRole('button', { name: 'Duplizieren: Button: Kontakt' }));
    expect(order()).toEqual([
      'Überschrift: Willkommen',
      'Text: Wir backen seit 1920.',
      'Button: Kontakt',
      'Button: Kontakt',
    ]);
    await user.click(screen.getAllByRole('button', { name: 'Entfernen: Text: Wir backen seit 1920.' })[0]);
    expect(order()).toEqual(['Überschrift: Willkommen', 'Button: Kontakt', 'Button: Kontakt']);
    expect(status()).toBe('Text: Wir backen seit 1920. entfernt.');
    await user.click(screen.getByRole('button', { name: 'Rückgängig' }));
    expect(order()).toHaveLength(4);
  });

  it('saves the blocks in their new order as the draft, then publishes', async () => {
    const { sent } = fakeApi({
      'PATCH /sites/site-1/collections/page-1/draft': (request) => ({ body: detailOf(request.body.blocks) }),
      'POST /sites/site-1/collections/page-1/publish': { body: detailOf(blocks) },
    });
    renderEditor();
    const user = userEvent.setup();
    expect((screen.getByRole('button', { name: 'Entwurf speichern' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Nach oben: Button: Kontakt' }));
    await pickBlock(user, 'Abstand');
    await user.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    await waitFor(() => expect(status()).toBe('Entwurf gespeichert.'));

    const draft = sent.find((r) => r.method === 'PATCH');
    expect(draft?.headers['x-csrf-token']).toBe('crumb-1');
    expect(draft?.body.blocks.map((b: Block) => b.type)).toEqual(['heading', 'button', 'spacer', 'text']);
    expect(draft?.body.blocks[0]).toEqual(blocks[0]);
    expect(draft?.body.blocks[2]).toMatchObject({ type: 'spacer', height: 40 });
    expect(Object.keys(draft?.body.blocks[2])).not.toContain('key');
    expect(screen.queryByText('Ungespeicherte Änderungen')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    await waitFor(() => expect(status()).toBe('Veröffentlicht.'));
    // Nothing changed since the save: publishing does not save again.
    expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    expect(sent.at(-1)?.path).toBe('/sites/site-1/collections/page-1/publish');
  });

  it('shows a refused block field at its block', async () => {
    fakeApi({
      'PATCH /sites/site-1/collections/page-1/draft': {
        status: 400,
        body: {
          error: {
            type: 'INVALID_INPUT',
            message: '„javascript:alert(1)“ ist keine gültige Link-Adresse.',
            fields: { 'blocks.2.href': '„javascript:alert(1)“ ist keine gültige Link-Adresse.' },
          },
        },
      },
    });
    renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^3\.\s*Button: Kontakt/ }));
    const link = screen.getByLabelText('Link');
    fireEvent.change(link, { target: { value: 'javascript:alert(1)' } });
    await act(async () => {
      screen.getByRole('button', { name: 'Entwurf speichern' }).click();
    });
    expect((await screen.findByRole('alert')).textContent).toContain('keine gültige Link-Adresse');
    expect(screen.getByLabelText('Link').getAttribute('aria-invalid')).toBe('true');
  });

  it('R3.11.1 adds social links, a video by its address and an audio player, and saves them', async () => {
    const { sent } = fakeApi({
      'PATCH /sites/site-1/collections/page-1/draft': (request) => ({ body: detailOf(request.body.blocks) }),
    });
    renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Block hinzufügen' }));
    const kinds = within(screen.getByRole('dialog', { name: 'Block hinzufügen' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(kinds).toEqual(expect.arrayContaining(['Social-Media-Links', 'Video', 'Audio', 'Galerie']));
    await user.keyboard('{Escape}');

    await pickBlock(user, 'Video');
    await user.type(screen.getByLabelText('Titel des Videos'), 'Die Werkstatt');
    fireEvent.change(screen.getByLabelText('Adresse des Videos'), {
      target: { value: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    });
    fireEvent.change(screen.getByLabelText('Vorschaubild (Adresse, optional)'), {
      target: { value: '/bilder/werkstatt.jpg' },
    });
    fireEvent.change(screen.getByLabelText('Alternativtext des Vorschaubilds'), {
      target: { value: 'Die Werkbank' },
    });

    await pickBlock(user, 'Audio');
    fireEvent.change(screen.getByLabelText('Adresse der Audiodatei'), {
      target: { value: '/ton/glocke.mp3' },
    });
    fireEvent.change(screen.getByLabelText('Künstler'), { target: { value: 'Werkstatt' } });
    fireEvent.change(screen.getByLabelText('Dauer in Sekunden (optional)'), { target: { value: '61' } });

    await pickBlock(user, 'Social-Media-Links');
    fireEvent.change(screen.getByLabelText('Titel (optional)'), { target: { value: 'Folge uns' } });

    await user.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    await waitFor(() => expect(status()).toBe('Entwurf gespeichert.'));
    const saved = sent.find((r) => r.method === 'PATCH')?.body.blocks as Block[];
    expect(saved.map((b) => b.type)).toEqual(['heading', 'video', 'audio', 'social-links', 'text', 'button']);
    expect(saved[1]).toMatchObject({
      title: 'Die Werkstatt',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      overlay: { assetUrl: '/bilder/werkstatt.jpg', altText: 'Die Werkbank' },
    });
    expect(saved[2]).toMatchObject({
      audioAssetUrl: '/ton/glocke.mp3',
      artist: 'Werkstatt',
      durationMs: 61_000,
    });
    expect(saved[3]).toMatchObject({ type: 'social-links', title: 'Folge uns' });
  });

  it('R3.22.2 edits the gallery settings and shows a refused range at its field', async () => {
    const gallery: Block = {
      type: 'gallery',
      id: 'g',
      images: [{ assetUrl: '/bilder/1.jpg', altText: 'Eins' }],
      settings: { design: 'grid' },
    };
    const { sent } = fakeApi({
      'PATCH /sites/site-1/collections/page-1/draft': {
        status: 400,
        body: {
          error: {
            type: 'INVALID_INPUT',
            message: '„thumbnails-per-row“ muss eine ganze Zahl zwischen 1 und 10 sein.',
            fields: {
              'blocks.0.settings.thumbnails-per-row':
                '„thumbnails-per-row“ muss eine ganze Zahl zwischen 1 und 10 sein.',
            },
          },
        },
      },
    });
    renderInSite(
      <BlockEditor siteId="site-1" detail={detailOf([gallery])} collections={[page]} canEdit canPublish />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByText('Einstellungen der Galerie'));
    // Untouched settings show the server's defaults.
    expect((screen.getByLabelText('Bilder pro Reihe (1–10)') as HTMLInputElement).value).toBe('4');
    expect((screen.getByLabelText('Pfeile zum Blättern') as HTMLInputElement).checked).toBe(true);
    await user.selectOptions(screen.getByLabelText('Darstellung'), 'slideshow');
    await user.click(screen.getByLabelText('Großansicht beim Anklicken (Lightbox)'));
    await user.click(screen.getByLabelText('Automatisch weiterblättern'));
    fireEvent.change(screen.getByLabelText('Bilder pro Reihe (1–10)'), { target: { value: '12' } });
    await user.selectOptions(screen.getByLabelText('Farbe der Großansicht'), 'light');
    await act(async () => {
      screen.getByRole('button', { name: 'Entwurf speichern' }).click();
    });
    expect((await screen.findByRole('alert')).textContent).toContain('thumbnails-per-row');
    expect(screen.getByLabelText('Bilder pro Reihe (1–10)').getAttribute('aria-invalid')).toBe('true');
    expect(sent.find((r) => r.method === 'PATCH')?.body.blocks[0].settings).toEqual({
      design: 'slideshow',
      lightbox: true,
      autoplay: true,
      'thumbnails-per-row': 12,
      lightboxTheme: 'light',
    });
  });

  it('lets a reader look but not change anything', () => {
    fakeApi({});
    renderEditor({ canEdit: false, canPublish: false });
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByRole('button', { name: /Nach unten/ })).toBeNull();
    expect((screen.getByLabelText('Text der Überschrift') as HTMLInputElement).disabled).toBe(true);
  });
});
