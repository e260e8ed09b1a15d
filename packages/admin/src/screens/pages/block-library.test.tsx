// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Block, CollectionDetail } from '../../api/admin-types.js';
import { fakeApi, freshBrowserPerTest, renderInSite, testPage } from '../../test-kit.js';
import { BlockEditor } from './block-editor.js';
import { BLOCK_KINDS } from './block-fields.js';
import { libraryGroups, searchLibrary } from './block-library.js';
import { KINDS_WITH_SKETCH } from './block-previews.js';

freshBrowserPerTest();

const blocks: Block[] = [{ type: 'heading', id: 'a', text: 'Willkommen', level: 1 }];
const detail: CollectionDetail = {
  collection: testPage,
  blocks: { live: blocks, draft: blocks, hasUnpublishedChanges: false },
};

const renderEditor = () =>
  renderInSite(<BlockEditor siteId="site-1" detail={detail} collections={[testPage]} canEdit canPublish />);

const library = () => screen.getByRole('dialog', { name: 'Block hinzufügen' });
const entries = () =>
  within(library())
    .getAllByRole('button')
    .filter((b) => b.classList.contains('block-library__pick'))
    .map((b) => b.textContent);

describe('block library', () => {
  it('offers every kind of block in groups by purpose, each with a sketch and a German description', async () => {
    fakeApi({});
    renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Block hinzufügen' }));
    const groups = within(library())
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(groups).toEqual([
      'Abschnitte für die Startseite',
      'Text',
      'Bilder und Medien',
      'Shop',
      'Formulare',
      'Weiteres',
    ]);
    expect(entries()).toHaveLength(BLOCK_KINDS.length);
    const hero = within(library()).getByRole('button', { name: 'Titelbild' });
    expect(hero.closest('section')?.querySelector('h3')?.textContent).toBe('Abschnitte für die Startseite');
    // The description is read with the entry; the sketch is decoration.
    expect(hero.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(hero.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Großes Bild mit Überschrift, Text und Button – der erste Eindruck deiner Startseite.',
    );
    const sketch = hero.closest('li')?.querySelector('svg');
    expect(sketch?.getAttribute('aria-hidden')).toBe('true');
    expect(sketch?.querySelectorAll('rect, path, circle').length).toBeGreaterThan(3);
    expect(
      within(library())
        .getByRole('button', { name: 'Produkt im Fokus' })
        .closest('section')
        ?.querySelector('h3')?.textContent,
    ).toBe('Shop');
  });

  it('finds blocks by words of their name or description, umlauts written either way', async () => {
    fakeApi({});
    renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Block hinzufügen' }));
    const search = screen.getByLabelText('Blöcke durchsuchen');
    await user.type(search, 'Häufige');
    expect(entries()).toEqual(['Häufige Fragen']);
    await user.clear(search);
    await user.type(search, 'haeufige');
    expect(entries()).toEqual(['Häufige Fragen']);
    await user.clear(search);
    await user.type(search, 'zitate');
    expect(entries()).toEqual(['Kundenstimmen']);
    await user.clear(search);
    await user.type(search, 'Bild neben');
    expect(entries()).toEqual(['Bild mit Text']);
    await user.clear(search);
    await user.type(search, 'zitate');
    expect(within(library()).getByRole('status').textContent).toBe('1 Block gefunden.');
    await user.clear(search);
    await user.type(search, 'Raumschiff');
    expect(entries()).toEqual([]);
    expect(within(library()).getByRole('status').textContent).toBe('Kein Block passt zu „Raumschiff“.');
  });

  it('is used by keyboard alone: focus starts in the search, Tab stays inside, Escape closes and returns focus', async () => {
    fakeApi({});
    renderEditor();
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Block hinzufügen' });
    opener.focus();
    await user.keyboard('{Enter}');
    expect(library().getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Blöcke durchsuchen'));
    // Backwards from the search reaches the close button, then wraps to the last entry.
    await user.tab({ shift: true });
    expect(document.activeElement?.textContent).toBe('Schließen');
    await user.tab({ shift: true });
    expect(document.activeElement?.textContent).toBe('HTML');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Schließen');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('adds the picked block after the selected one, closes and puts focus on the new block', async () => {
    fakeApi({});
    renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Block hinzufügen' }));
    await user.type(screen.getByLabelText('Blöcke durchsuchen'), 'kundenstimmen');
    await user.keyboard('{Tab}');
    expect(document.activeElement?.textContent).toBe('Kundenstimmen');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement?.textContent).toMatch(/^2\.\s*Kundenstimmen: Das sagen unsere Kunden/),
    );
    expect(screen.getByLabelText('Zitat')).toBeTruthy();
  });
});

describe('block library contents', () => {
  it('has a sketch for every kind the editor offers, and search without words shows everything', () => {
    expect(BLOCK_KINDS.filter((kind) => !KINDS_WITH_SKETCH.includes(kind))).toEqual([]);
    const groups = libraryGroups(BLOCK_KINDS);
    expect(searchLibrary(groups, '  ')).toEqual(groups);
  });
});
