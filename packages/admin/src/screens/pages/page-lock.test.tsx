// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Block, CollectionDetail } from '../../api/admin-types.js';
import { fakeApi, freshBrowserPerTest, renderInSite, testPage } from '../../test-kit.js';
import { BlockEditor } from './block-editor.js';

freshBrowserPerTest();

const page = testPage;
const blocks: Block[] = [{ type: 'heading', id: 'a', text: 'Willkommen', level: 1 }];
const detail: CollectionDetail = {
  collection: page,
  blocks: { live: blocks, draft: blocks, hasUnpublishedChanges: false },
};
const LOCK = 'POST /sites/site-1/collections/page-1/lock';
const LOCKED = 'Die Seite ist gesperrt: Anna Albers bearbeitet sie gerade.';

const renderEditor = () =>
  renderInSite(<BlockEditor siteId="site-1" detail={detail} collections={[page]} canEdit canPublish />);

describe('page lock', () => {
  it('R8.7.12 opens a page another member is editing read-only and says it is locked, by whom', async () => {
    fakeApi({ [LOCK]: { status: 409, body: { error: { type: 'PAGE_LOCKED', message: LOCKED } } } });
    renderEditor();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', LOCKED);
    expect(screen.queryByRole('button', { name: 'Block hinzufügen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Veröffentlichen' })).toBeNull();
  });

  it('R8.7.12 holds the page while the editor is open and frees it on leaving', async () => {
    const api = fakeApi({
      [LOCK]: { body: { lock: { holderName: 'Ich', expiresAt: 0, renewAfterMs: 60_000 } } },
      'DELETE /sites/site-1/collections/page-1/lock': { body: { released: true } },
    });
    const view = renderEditor();
    await waitFor(() => expect(api.sent.some((r) => r.method === 'POST')).toBe(true));
    expect(screen.getByRole('button', { name: 'Block hinzufügen' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    view.unmount();
    await waitFor(() =>
      expect(api.sent.map((r) => `${r.method} ${r.path}`)).toContain(
        'DELETE /sites/site-1/collections/page-1/lock',
      ),
    );
  });
});
