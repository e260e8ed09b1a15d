// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Block, CollectionDetail } from '../../api/admin-types.js';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { BlockEditor } from './block-editor.js';
import { pickBlock } from './block-library-test-kit.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const page = {
  id: 'page-1',
  type: 'page' as const,
  typeCode: 10,
  title: 'Kontakt',
  urlId: 'kontakt',
  fullUrl: '/kontakt',
  isHomePage: false,
  position: 1,
  hidden: false,
  seo: { title: null, description: null, socialImage: null },
  hasUnpublishedChanges: false,
  draftUpdatedAt: null,
  createdAt: 0,
  updatedAt: 0,
};
const detailOf = (draft: Block[]): CollectionDetail => ({
  collection: page,
  blocks: { live: draft, draft, hasUnpublishedChanges: false },
});
const LISTS = 'GET /sites/site-1/mailing-lists';
const DRAFT = 'PATCH /sites/site-1/collections/page-1/draft';

async function addBlock(kind: string) {
  const user = userEvent.setup();
  await pickBlock(user, kind);
  return user;
}

const renderEditor = () =>
  renderInSite(<BlockEditor siteId="site-1" detail={detailOf([])} collections={[page]} canEdit canPublish />);

describe('newsletter block', () => {
  it('R8.7.15 says a mailing list is required when the site has none yet, and where to make one', async () => {
    fakeApi({ [LISTS]: { body: { lists: [] } } });
    renderEditor();
    await addBlock('Newsletter');
    const picker = await screen.findByLabelText('Mailingliste');
    await waitFor(() =>
      expect(screen.getByText(/Eine Mailingliste ist erforderlich/).textContent).toBe(
        'Eine Mailingliste ist erforderlich. Es gibt noch keine – lege zuerst eine Mailingliste an.',
      ),
    );
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('link', { name: 'Mailinglisten verwalten' }).getAttribute('href')).toBe(
      '/config/sites/site-1/newsletter',
    );
  });

  it('R5.12.11 shows the server’s “a list must be selected” at the picker, then saves the chosen list', async () => {
    let refuse = true;
    const { sent } = fakeApi({
      [LISTS]: {
        body: {
          lists: [
            { id: 'l1', name: 'Kunden', createdAt: 0, counts: { pending: 0, confirmed: 3, unsubscribed: 0 } },
          ],
        },
      },
      [DRAFT]: (request) =>
        refuse
          ? {
              status: 400,
              body: {
                error: {
                  type: 'INVALID_INPUT',
                  message: 'Bitte wähle eine Liste aus.',
                  fields: { 'blocks.0.listId': 'Bitte wähle eine Liste aus.' },
                },
              },
            }
          : { body: detailOf(request.body.blocks) },
    });
    renderEditor();
    const user = await addBlock('Newsletter');
    await user.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Bitte wähle eine Liste aus.');
    const picker = await screen.findByLabelText('Mailingliste');
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    refuse = false;
    await waitFor(() => expect(screen.getByRole('option', { name: 'Kunden' })).toBeTruthy());
    await user.selectOptions(picker, 'l1');
    await user.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(2));
    expect(sent.filter((r) => r.method === 'PATCH')[1]?.body.blocks[0]).toMatchObject({
      type: 'newsletter',
      listId: 'l1',
    });
  });
});

describe('table block', () => {
  it('R5.12.9 says at once that a dataset needs at least one row and column', async () => {
    fakeApi({});
    renderEditor();
    await addBlock('Tabelle');
    const data = screen.getByLabelText('Daten der Tabelle');
    fireEvent.change(data, { target: { value: ' \n\t\n' } });
    expect(data.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Ein Datensatz braucht mindestens eine Zeile und eine Spalte.')).toBeTruthy();
  });

  it('R5.12.10 reads a pasted spreadsheet, says it is cut to the maximum of rows and columns, and saves the cut table', async () => {
    const { sent } = fakeApi({ [DRAFT]: (request) => ({ body: detailOf(request.body.blocks) }) });
    renderEditor();
    const user = await addBlock('Tabelle');
    const pasted = Array.from({ length: 230 }, (_, r) =>
      Array.from({ length: 22 }, (_, c) => `${r}:${c}`).join('\t'),
    ).join('\n');
    fireEvent.change(screen.getByLabelText('Daten der Tabelle'), { target: { value: pasted } });
    expect(
      screen.getByText(
        'Die Tabelle hatte 230 Zeilen und 22 Spalten. Gezeigt werden höchstens 200 Zeilen und 20 Spalten; der Rest wurde abgeschnitten.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
    const table = sent.find((r) => r.method === 'PATCH')?.body.blocks[0];
    expect(table.rows).toHaveLength(200);
    expect(table.rows[0]).toHaveLength(20);
    expect(table.rows[0][0]).toBe('0:0');
  });
});
