// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Block, CollectionDetail } from '../../api/admin-types.js';
import { fakeApi, freshBrowserPerTest, renderInSite, testPage } from '../../test-kit.js';
import { BlockEditor } from './block-editor.js';
import { pickBlock } from './block-library-test-kit.js';

freshBrowserPerTest();

const DRAFT = 'PATCH /sites/site-1/collections/page-1/draft';
const detailOf = (draft: Block[]): CollectionDetail => ({
  collection: testPage,
  blocks: { live: draft, draft, hasUnpublishedChanges: false },
});
const renderEditor = (draft: Block[] = []) =>
  renderInSite(
    <BlockEditor siteId="site-1" detail={detailOf(draft)} collections={[testPage]} canEdit canPublish />,
  );

const saved = async (sent: { method: string; body?: { blocks: Block[] } }[]) => {
  await userEvent.setup().click(screen.getByRole('button', { name: 'Entwurf speichern' }));
  await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
  return sent.find((r) => r.method === 'PATCH')!.body!.blocks;
};

describe('home-page sections in the editor', () => {
  it('a hero takes heading, text, button and a focal point in per cent, saved as the fraction the library uses', async () => {
    const { sent } = fakeApi({ [DRAFT]: (request) => ({ body: detailOf(request.body.blocks) }) });
    const hero: Block = {
      type: 'hero',
      id: 'h',
      heading: 'Willkommen',
      assetUrl: '/assets/demo/werkbank.svg',
      altText: '',
      mediaFocalPoint: { x: 0.5, y: 0.5 },
      overlay: 'dark',
      height: 'medium',
    };
    renderEditor([hero]);
    const user = userEvent.setup();
    // The first block opens with the editor.
    expect(
      screen.getByRole('button', { name: /^1\.\s*Titelbild: Willkommen/ }).getAttribute('aria-expanded'),
    ).toBe('true');
    fireEvent.change(screen.getByLabelText('Überschrift'), { target: { value: 'Handgemacht in Berlin' } });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Becher und Kerzen.' } });
    fireEvent.change(screen.getByLabelText('Beschriftung des Buttons (optional)'), {
      target: { value: 'Zum Shop' },
    });
    fireEvent.change(screen.getByLabelText('Link des Buttons'), { target: { value: '/shop' } });
    fireEvent.change(screen.getByLabelText(/^Bildausschnitt waagrecht/), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText(/^Bildausschnitt senkrecht/), { target: { value: '140' } });
    await user.selectOptions(screen.getByLabelText('Abdunkelung für lesbaren Text'), 'light');
    // The preview crops the image at the chosen point, as the storefront will.
    expect(
      screen.getByText('Vorschau des Bildausschnitts').closest('figure')?.querySelector('img')?.dataset
        .objectPosition,
    ).toBe('30% 100%');
    const [block] = await saved(sent);
    expect(block).toMatchObject({
      type: 'hero',
      heading: 'Handgemacht in Berlin',
      text: 'Becher und Kerzen.',
      buttonLabel: 'Zum Shop',
      buttonHref: '/shop',
      mediaFocalPoint: { x: 0.3, y: 1 },
      overlay: 'light',
    });
  });

  it('a featured product is picked from the shop’s products by name', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/products': {
        body: {
          products: [
            { id: 'p1', title: 'Emaille-Becher „Bergsee“' },
            { id: 'p2', title: 'Duftkerze Lavendel' },
          ],
          total: 2,
          limit: 200,
          offset: 0,
        },
      },
      [DRAFT]: (request) => ({ body: detailOf(request.body.blocks) }),
    });
    renderEditor();
    const user = userEvent.setup();
    await pickBlock(user, 'Produkt im Fokus');
    const picker = screen.getByLabelText('Produkt') as HTMLSelectElement;
    await waitFor(() => expect(picker.disabled).toBe(false));
    expect([...picker.options].map((o) => o.text)).toEqual([
      'Bitte wählen …',
      'Emaille-Becher „Bergsee“',
      'Duftkerze Lavendel',
    ]);
    await user.selectOptions(picker, 'p2');
    fireEvent.change(screen.getByLabelText('Zeile über dem Produkt (optional)'), {
      target: { value: 'Neu' },
    });
    const [block] = await saved(sent);
    expect(block).toMatchObject({ type: 'featured-product', productId: 'p2', title: 'Neu' });
  });

  it('testimonials and FAQ entries are added and removed; the server’s message shows at its field', async () => {
    const { sent } = fakeApi({
      [DRAFT]: {
        status: 400,
        body: {
          error: {
            type: 'INVALID_INPUT',
            message: 'Bitte gib an, von wem die Kundenstimme stammt.',
            fields: { 'blocks.0.items.1.name': 'Bitte gib an, von wem die Kundenstimme stammt.' },
          },
        },
      },
    });
    renderEditor();
    const user = userEvent.setup();
    await pickBlock(user, 'Kundenstimmen');
    fireEvent.change(screen.getByLabelText('Zitat'), { target: { value: 'Wunderschön!' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Anna K.' } });
    await user.click(screen.getByRole('button', { name: 'Kundenstimme hinzufügen' }));
    expect(screen.getAllByLabelText('Zitat')).toHaveLength(2);
    fireEvent.change(screen.getAllByLabelText('Zitat')[1], { target: { value: 'Schnell geliefert.' } });
    await user.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    await waitFor(() =>
      expect(screen.getAllByLabelText('Name')[1].getAttribute('aria-invalid')).toBe('true'),
    );
    const block = sent.find((r) => r.method === 'PATCH')!.body.blocks[0];
    expect(block.items).toEqual([
      { quote: 'Wunderschön!', name: 'Anna K.', detail: '' },
      { quote: 'Schnell geliefert.', name: '', detail: '' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Entfernen: Kundenstimme 2' }));
    expect(screen.getAllByLabelText('Zitat')).toHaveLength(1);

    await pickBlock(user, 'Häufige Fragen');
    fireEvent.change(screen.getByLabelText('Frage'), { target: { value: 'Wie lange dauert der Versand?' } });
    fireEvent.change(screen.getByLabelText('Antwort (Markdown)'), { target: { value: '2–4 Werktage.' } });
    await user.click(screen.getByRole('button', { name: 'Frage hinzufügen' }));
    expect(screen.getAllByLabelText('Frage')).toHaveLength(2);
  });
});
