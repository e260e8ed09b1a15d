// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeOf } from '../../routing/routes.js';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { CommentQueue } from './comment-queue.js';
import type { ModeratedComment } from './comments-api.js';

beforeEach(() => {
  setCookie('crumb', 'crumb-1');
  history.replaceState(null, '', '/config/sites/site-1/kommentare');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const comment = (id: string, authorName: string, body: string, changes: Partial<ModeratedComment> = {}) => ({
  id,
  parentId: null,
  authorName,
  authorEmail: null,
  body,
  status: 'pending' as const,
  createdAt: Date.UTC(2026, 10, 2, 9, 30),
  moderatedAt: null,
  target: {
    type: 'item' as const,
    id: 'p1',
    title: 'Emaille pflegen',
    fullUrl: '/journal/p/emaille-pflegen',
  },
  ...changes,
});

describe('moderation queue', () => {
  it('R4.8.1 lists waiting comments with their page, approves one and rejects another', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/comments': (request) => ({
        body: {
          comments: request.path.includes('status=pending')
            ? [
                comment('c1', 'Erika', 'Danke für die Tipps!', { authorEmail: 'erika@example.de' }),
                comment('c2', 'Spam', 'Billige Uhren', { parentId: 'c0' }),
              ]
            : [],
        },
      }),
      'PATCH /sites/site-1/comments/c1': {
        body: { comment: comment('c1', 'Erika', '', { status: 'approved' }) },
      },
      'PATCH /sites/site-1/comments/c2': {
        body: { comment: comment('c2', 'Spam', '', { status: 'rejected' }) },
      },
    });
    renderInSite(<CommentQueue />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('erika@example.de');
    expect(items[0]!.textContent).toContain('02.11.2026, 10:30');
    const pageLink = within(items[0]!).getByRole('link', { name: 'Emaille pflegen' });
    expect(pageLink.getAttribute('href')).toBe('http://laden.localhost:3000/journal/p/emaille-pflegen');
    expect(items[1]!.textContent).toContain('Antwort auf einen Kommentar');
    expect(screen.getByText('2 Kommentare')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Freigeben (Erika)' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Der Kommentar von Erika ist freigegeben.'),
    );
    await user.click(screen.getByRole('button', { name: 'Ablehnen (Spam)' }));
    expect(await screen.findByText('Keine Kommentare warten auf Freigabe.')).toBeTruthy();
    const decisions = sent.filter((r) => r.method === 'PATCH');
    expect(decisions.map((r) => [r.path, r.body, r.headers['x-csrf-token']])).toEqual([
      ['/sites/site-1/comments/c1', { status: 'approved' }, 'crumb-1'],
      ['/sites/site-1/comments/c2', { status: 'rejected' }, 'crumb-1'],
    ]);
    expect(routeOf('/config/sites/site-1/kommentare')).toEqual({
      name: 'site',
      siteId: 'site-1',
      section: 'comments',
    });
  });

  it('R4.8.1 shows the approved comments on request and can reject one later', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/comments': (request) => ({
        body: {
          comments: request.path.includes('status=approved')
            ? [comment('c1', 'Erika', 'Schön!', { status: 'approved' })]
            : [],
        },
      }),
    });
    renderInSite(<CommentQueue />);
    expect(await screen.findByText('Keine Kommentare warten auf Freigabe.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Freigegeben' }));
    expect(await screen.findByText('Schön!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Freigegeben' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Freigeben (Erika)' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ablehnen (Erika)' })).toBeTruthy();
    expect(sent.map((r) => r.path)).toEqual([
      '/sites/site-1/comments?status=pending',
      '/sites/site-1/comments?status=approved',
    ]);
  });

  it('shows the server’s refusal', async () => {
    fakeApi({
      'GET /sites/site-1/comments': {
        status: 403,
        body: { error: { type: 'PERMISSION_DENIED', message: 'Dafür fehlt dir die Berechtigung.' } },
      },
    });
    renderInSite(<CommentQueue />);
    expect((await screen.findByRole('alert')).textContent).toBe('Dafür fehlt dir die Berechtigung.');
  });
});
