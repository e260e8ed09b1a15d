// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app.js';
import { clearCookies, fakeApi, setCookie, testSession, testSite } from '../test-kit.js';

const signedOut = {
  status: 401,
  body: { error: { type: 'SIGN_IN_REQUIRED', message: 'Bitte melde dich an.' } },
};

beforeEach(() => {
  setCookie('crumb', 'crumb-1');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

describe('signing in', () => {
  it('sends a signed-out visitor of /config to the sign-in page, signs in and shows the sites', async () => {
    window.history.replaceState(null, '', '/config');
    const { sent } = fakeApi({
      'GET /session': signedOut,
      'POST /session': {
        body: testSession({
          sites: [
            {
              id: 'site-1',
              title: 'Laden am Eck',
              hostnames: ['laden.localhost'],
              url: 'http://laden.localhost:3000',
              roles: [1],
              roleNames: ['Administrator'],
            },
          ],
        }),
      },
    });
    render(<App />);
    await screen.findByRole('heading', { name: 'Bei Baukasten anmelden' });
    expect(window.location.pathname).toBe('/config/anmelden');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'ines@example.de');
    await user.type(screen.getByLabelText('Passwort'), 'sehr-geheimes-passwort');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));

    await screen.findByRole('heading', { name: 'Deine Websites' });
    expect(window.location.pathname).toBe('/config');
    expect(screen.getByRole('link', { name: 'Laden am Eck' }).getAttribute('href')).toBe(
      '/config/sites/site-1',
    );
    expect(screen.getByText('Angemeldet als Ines')).toBeTruthy();
    const signIn = sent.find((r) => r.method === 'POST');
    expect(signIn?.body).toEqual({ email: 'ines@example.de', password: 'sehr-geheimes-passwort' });
    expect(signIn?.headers['x-csrf-token']).toBe('crumb-1');
  });

  it('shows the server refusal in an alert, disables the button while it waits, and clears the password', async () => {
    window.history.replaceState(null, '', '/config/anmelden');
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    fakeApi({
      'GET /session': signedOut,
      'POST /session': new Promise((resolve) => {
        answer = resolve;
      }),
    });
    render(<App />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-Mail-Adresse'), 'ines@example.de');
    await user.type(screen.getByLabelText('Passwort'), 'falsches-passwort');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));

    const waiting = await screen.findByRole('button', { name: 'Wird geladen …' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);

    await act(async () =>
      answer({
        status: 401,
        body: { error: { type: 'WRONG_CREDENTIALS', message: 'E-Mail-Adresse oder Passwort ist falsch.' } },
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('E-Mail-Adresse oder Passwort ist falsch.');
    expect((screen.getByLabelText('Passwort') as HTMLInputElement).value).toBe('');
    expect(window.location.pathname).toBe('/config/anmelden');
  });

  it('R5.12.1 R5.12.2 asks for a valid email before asking the server, and shows the form of one when mistyped', async () => {
    window.history.replaceState(null, '', '/config/anmelden');
    const { sent } = fakeApi({ 'GET /session': signedOut });
    render(<App />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Passwort'), 'irgendwas-langes');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    const email = screen.getByLabelText('E-Mail-Adresse');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeTruthy();

    await user.type(email, 'ines-at-example');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Die E-Mail-Adresse muss die Form name@beispiel.de haben.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('returns to the page that needed the sign-in', async () => {
    window.history.replaceState(null, '', '/config/invitations/tok-1');
    fakeApi({
      'GET /session': signedOut,
      'POST /session': { body: testSession() },
    });
    render(<App />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Anmelden' }));
    await user.type(await screen.findByLabelText('E-Mail-Adresse'), 'ines@example.de');
    await user.type(screen.getByLabelText('Passwort'), 'sehr-geheimes-passwort');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await screen.findByRole('button', { name: 'Einladung annehmen' });
    expect(window.location.pathname).toBe('/config/invitations/tok-1');
  });

  it('forgets an ended session, asks to sign in and comes back to the screen', async () => {
    window.history.replaceState(null, '', '/config/sites/site-1/bestellungen?status=open');
    let ordersCalls = 0;
    fakeApi({
      'GET /session': { body: testSession() },
      'GET /sites/site-1': { body: { site: testSite() } },
      'GET /sites/site-1/orders': () =>
        ++ordersCalls === 1 ? signedOut : { body: { orders: [], total: 0, limit: 50, offset: 0 } },
      'POST /session': { body: testSession() },
    });
    render(<App />);
    await screen.findByRole('heading', { name: 'Bei Baukasten anmelden' });
    expect(screen.queryByText('Angemeldet als Ines')).toBeNull();
    expect(new URLSearchParams(window.location.search).get('weiter')).toBe(
      '/config/sites/site-1/bestellungen?status=open',
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'ines@example.de');
    await user.type(screen.getByLabelText('Passwort'), 'sehr-geheimes-passwort');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('heading', { name: 'Bestellungen', level: 1 })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe(
      '/config/sites/site-1/bestellungen?status=open',
    );
    expect(await screen.findByText('Keine Ergebnisse.')).toBeTruthy();
  });

  it('signs out', async () => {
    window.history.replaceState(null, '', '/config');
    const { sent } = fakeApi({
      'GET /session': { body: testSession() },
      'DELETE /session': { body: { signedIn: false } },
    });
    render(<App />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Abmelden' }));
    await waitFor(() => expect(window.location.pathname).toBe('/config/anmelden'));
    expect(sent.some((r) => r.method === 'DELETE' && r.path === '/session')).toBe(true);
    expect(screen.queryByText('Angemeldet als Ines')).toBeNull();
  });
});
