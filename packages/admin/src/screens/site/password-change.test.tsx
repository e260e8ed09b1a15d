// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeOf } from '../../routing/routes.js';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { AccountScreen } from './password-change.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

describe('password change', () => {
  it('checks the new password before sending and says how many other sign-ins ended', async () => {
    expect(routeOf('/config/konto')).toEqual({ name: 'account' });
    const api = fakeApi({ 'POST /account/password': { body: { changed: true, endedSessions: 2 } } });
    renderInSite(<AccountScreen />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Aktuelles Passwort'), 'alt-geheim-123');
    await user.type(screen.getByLabelText('Neues Passwort'), 'kurz');
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'anders');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(screen.getByText('Das neue Passwort muss mindestens 10 Zeichen lang sein.')).toBeTruthy();
    expect(screen.getByText('Die beiden neuen Passwörter stimmen nicht überein.')).toBeTruthy();
    expect(api.sent).toHaveLength(0);

    await user.clear(screen.getByLabelText('Neues Passwort'));
    await user.type(screen.getByLabelText('Neues Passwort'), 'neu-geheim-4567');
    await user.clear(screen.getByLabelText('Neues Passwort wiederholen'));
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'neu-geheim-4567');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(
      await screen.findByText('Dein Passwort wurde geändert. 2 andere Anmeldungen wurden beendet.'),
    ).toBeTruthy();
    expect(api.sent[0]!.body).toEqual({ currentPassword: 'alt-geheim-123', newPassword: 'neu-geheim-4567' });
    expect(api.sent[0]!.headers['x-csrf-token']).toBe('crumb-1');
  });

  it('shows the server’s refusal of a wrong current password', async () => {
    fakeApi({
      'POST /account/password': {
        status: 400,
        body: {
          error: {
            type: 'INVALID_INPUT',
            message: 'Das aktuelle Passwort ist falsch.',
            fields: { currentPassword: 'Das aktuelle Passwort ist falsch.' },
          },
        },
      },
    });
    renderInSite(<AccountScreen />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Aktuelles Passwort'), 'falsch-falsch');
    await user.type(screen.getByLabelText('Neues Passwort'), 'neu-geheim-4567');
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'neu-geheim-4567');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Das aktuelle Passwort ist falsch.');
    // …and at the field it concerns.
    expect(screen.getAllByText('Das aktuelle Passwort ist falsch.')).toHaveLength(2);
  });
});
