// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app.js';
import { clearCookies, fakeApi, setCookie, testSession } from '../test-kit.js';

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

describe('Sign-up enumeration (#18): the editor sign-up', () => {
  it('asks to check the mailbox instead of signing in, and passes a waiting invitation on to the link', async () => {
    window.history.replaceState(null, '', '/config/registrieren?weiter=%2Fconfig%2Finvitations%2Fabc');
    const { sent } = fakeApi({
      'GET /session': signedOut,
      'POST /accounts': { status: 202, body: { checkMail: true, message: 'Fast geschafft!' } },
    });
    render(<App />);
    await screen.findByRole('heading', { name: 'Konto anlegen' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Ines');
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'ines@example.de');
    await user.type(screen.getByLabelText('Passwort'), 'sehr-geheimes-passwort');
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));

    await screen.findByRole('heading', { name: 'Prüfe dein Postfach' });
    expect(screen.getByRole('status').textContent).toBe(
      'Wir haben eine E-Mail an ines@example.de geschickt.',
    );
    // Still signed out and still here: nothing told the browser whether the address was new.
    expect(window.location.pathname).toBe('/config/registrieren');
    expect(screen.queryByText(/Angemeldet als/)).toBeNull();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Ines',
      email: 'ines@example.de',
      password: 'sehr-geheimes-passwort',
      returnTo: '/config/invitations/abc',
    });
  });

  it('WCAG 3.3.1 4.1.3 a refused sign-up moves focus to the first field with a problem, which names its message', async () => {
    window.history.replaceState(null, '', '/config/registrieren');
    const { sent } = fakeApi({ 'GET /session': signedOut });
    render(<App />);
    await screen.findByRole('heading', { name: 'Konto anlegen' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Ines');
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'ines@example');
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    const email = screen.getByLabelText('E-Mail-Adresse');
    await vi.waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const described = (email.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(described).not.toBe('');
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });

  it('signs in from the mail link with one click and goes on to creating a first site', async () => {
    window.history.replaceState(null, '', '/config/konto-bestaetigen?token=tok-123');
    const { sent } = fakeApi({
      'GET /session': signedOut,
      'POST /accounts/verify': { status: 201, body: testSession() },
    });
    render(<App />);
    await screen.findByRole('heading', { name: 'E-Mail-Adresse bestätigen' });
    // Opening the page alone spends nothing (mail scanners open links too).
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Konto anlegen' }));
    await vi.waitFor(() => expect(window.location.pathname).toBe('/config/sites/neu'));
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ token: 'tok-123' });
    expect(await screen.findByText('Angemeldet als Ines')).toBeTruthy();
  });

  it('explains a spent or expired link in German and offers sign-in and signing up again', async () => {
    window.history.replaceState(null, '', '/config/konto-bestaetigen?token=alt');
    fakeApi({
      'GET /session': signedOut,
      'POST /accounts/verify': {
        status: 410,
        body: { error: { type: 'LINK_INVALID', message: 'Dieser Bestätigungslink ist ungültig.' } },
      },
    });
    render(<App />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Konto anlegen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Dieser Bestätigungslink ist ungültig.');
    expect(screen.getByRole('link', { name: 'Noch einmal registrieren' }).getAttribute('href')).toBe(
      '/config/registrieren',
    );
  });
});
