// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, sentHeader, setCookie, settle, stubFetch } from '../product/test-helpers.js';
import { Comments, type CommentsProps } from './comments.js';
import { LikeButton } from './like-button.js';

const thread: CommentsProps = {
  targetType: 'collection',
  targetId: 'galerie-1',
  acceptsComments: true,
  crumb: 'seiten-krume',
  returnTo: '/galerie',
  comments: [
    {
      id: 'c1',
      authorName: 'Erika',
      body: 'Schön!',
      createdAt: Date.UTC(2026, 10, 25, 10),
      createdText: '25. November 2026 um 11:00',
      replies: [
        { id: 'c2', authorName: 'Max', body: 'Finde ich auch.', createdAt: 0, createdText: '1. Januar 1970' },
      ],
    },
  ],
};

const fill = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

beforeEach(() => setCookie('crumb=seiten-krume; path=/'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

describe('comments', () => {
  it('renders the approved thread with replies on the server, escaping what visitors wrote', () => {
    const html = renderToString(
      <Comments {...thread} comments={[{ ...thread.comments[0]!, body: '<script>alert(1)</script>' }]} />,
    );
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('aria-label="Antworten auf Erika"');
    expect(html).toContain('Finde ich auch.');
  });

  it('sends a comment with the crumb and says that it waits for approval', async () => {
    const fetchSpy = stubFetch({
      status: 202,
      body: { status: 'pending', message: 'Danke! Wartet auf Freigabe.' },
    });
    render(<Comments {...thread} />);
    const form = screen.getByRole('form', { name: 'Kommentar schreiben' });
    fill(form, 'Name', 'Anna');
    fill(form, 'Kommentar', 'Wunderbar');
    fireEvent.submit(form);
    await settle();
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/comments');
    expect(sentHeader(init, 'X-CSRF-Token')).toBe('seiten-krume');
    expect(bodyOf(init)).toMatchObject({
      targetType: 'collection',
      targetId: 'galerie-1',
      parentId: null,
      authorName: 'Anna',
      body: 'Wunderbar',
      homepage: '',
    });
    expect(within(form).getByRole('status').textContent).toBe('Danke! Wartet auf Freigabe.');
  });

  it("answers a comment and shows the server's German error", async () => {
    const fetchSpy = stubFetch({
      status: 429,
      body: { error: { type: 'RATE_LIMITED', message: 'Bitte warte.' } },
    });
    render(<Comments {...thread} />);
    fireEvent.click(screen.getByRole('button', { name: 'Antworten (Erika)' }));
    const reply = screen.getByRole('form', { name: 'Antwort an Erika' });
    fill(reply, 'Name', 'Ben');
    fill(reply, 'Kommentar', 'Ja!');
    fireEvent.submit(reply);
    await settle();
    expect(bodyOf(fetchSpy.mock.calls[0]![1]).parentId).toBe('c1');
    expect(within(reply).getByRole('alert').textContent).toBe('Bitte warte.');
  });

  it('posts without script as a plain form, and shows the outcome the page came back with', () => {
    const html = renderToString(
      <Comments {...thread} notice={{ kind: 'error', text: 'Bitte gib deinen Namen an.' }} />,
    );
    expect(html).toContain('action="/api/comments" method="post"');
    expect(html).toContain('<input type="hidden" name="crumb" value="seiten-krume"/>');
    expect(html).toContain('<input type="hidden" name="returnTo" value="/galerie"/>');
    expect(html).toContain('role="alert">Bitte gib deinen Namen an.</p>');
  });

  it('shows the thread but no form when the page is closed for comments', () => {
    render(<Comments {...thread} acceptsComments={false} />);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: /Antworten/ })).toBeNull();
    expect(screen.getByText('Die Kommentare sind geschlossen.')).toBeTruthy();
  });
});

describe('like button', () => {
  it('R3.16.1 likes once: a second press sends nothing', async () => {
    const fetchSpy = stubFetch({ status: 200, body: { liked: true, counted: true, likeCount: 4 } });
    render(
      <LikeButton targetType="item" targetId="p1" likeCount={3} liked={false} crumb="k" returnTo="/p" />,
    );
    const button = screen.getByRole('button', { name: 'Gefällt mir, 3 Personen gefällt das' });
    fireEvent.submit(button.closest('form')!);
    await settle();
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Gefällt mir, 4 Personen gefällt das');
    fireEvent.submit(button.closest('form')!);
    await settle();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(bodyOf(fetchSpy.mock.calls[0]![1])).toEqual({ targetType: 'item', targetId: 'p1' });
  });

  it('starts pressed for a visitor who liked before', () => {
    render(<LikeButton targetType="item" targetId="p1" likeCount={1} liked crumb="k" returnTo="/p" />);
    expect(screen.getByRole('button').getAttribute('aria-pressed')).toBe('true');
  });
});
