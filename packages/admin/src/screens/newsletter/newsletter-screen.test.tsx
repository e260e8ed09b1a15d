// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { NewsletterScreen } from './newsletter-screen.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const kunden = {
  id: 'l1',
  name: 'Kunden',
  createdAt: 0,
  counts: { pending: 1, confirmed: 2, unsubscribed: 0 },
};

describe('newsletter screen', () => {
  it('makes and renames a mailing list', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/mailing-lists': { body: { lists: [] } },
      'GET /sites/site-1/newsletter-campaigns': { body: { campaigns: [] } },
      'POST /sites/site-1/mailing-lists': (request) => ({
        status: 201,
        body: {
          list: { ...kunden, name: request.body.name, counts: { pending: 0, confirmed: 0, unsubscribed: 0 } },
        },
      }),
      'PATCH /sites/site-1/mailing-lists/l1': (request) => ({
        body: { list: { ...kunden, name: request.body.name } },
      }),
    });
    renderInSite(<NewsletterScreen />);
    const user = userEvent.setup();
    expect(await screen.findByText('Noch keine Mailingliste.')).toBeTruthy();
    await user.type(screen.getByLabelText('Name der Liste'), 'Kunden');
    await user.click(screen.getByRole('button', { name: 'Liste anlegen' }));
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((s) => s.textContent === 'Liste „Kunden“ angelegt.')).toBe(
        true,
      ),
    );
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Kunden' });

    await user.click(screen.getByRole('button', { name: 'Liste „Kunden“ umbenennen' }));
    const field = screen.getByLabelText('Liste „Kunden“ umbenennen');
    await user.clear(field);
    await user.type(field, 'Stammkunden');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByText('Stammkunden')).toBeTruthy());
  });

  it('R5.12.12 says a subject line is required and sends nothing; with one, sends to the chosen list', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/mailing-lists': { body: { lists: [kunden] } },
      'GET /sites/site-1/newsletter-campaigns': { body: { campaigns: [] } },
      'POST /sites/site-1/newsletter-campaigns': (request) => ({
        status: 201,
        body: { campaign: { id: 'c1', listName: 'Kunden', recipients: 2, sentAt: 0, ...request.body } },
      }),
    });
    renderInSite(<NewsletterScreen />);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Liste'), 'l1');
    await user.type(screen.getByLabelText('Text'), 'Ab Montag gibt es wieder Roggenbrot.');
    await user.click(screen.getByRole('button', { name: 'Newsletter senden' }));
    expect(screen.getByRole('alert').textContent).toBe('Bitte gib eine Betreffzeile ein.');
    expect(screen.getByLabelText('Betreff').getAttribute('aria-invalid')).toBe('true');
    expect(sent.some((r) => r.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Betreff'), 'Roggenbrot ist zurück');
    await user.click(screen.getByRole('button', { name: 'Newsletter senden' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      listId: 'l1',
      subject: 'Roggenbrot ist zurück',
      markdown: 'Ab Montag gibt es wieder Roggenbrot.',
    });
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('status')
          .some((s) => s.textContent === '„Roggenbrot ist zurück“ wird an 2 Adressen verschickt.'),
      ).toBe(true),
    );
  });
});
