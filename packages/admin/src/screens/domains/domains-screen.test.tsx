// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { DomainsScreen } from './domains-screen.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const entry = (changes = {}) => ({
  domain: 'meinladen.de',
  verified: false,
  verifiedAt: null,
  primary: false,
  record: { type: 'TXT', name: '_baukasten-verify.meinladen.de', value: 'baukasten-abc123' },
  ...changes,
});

describe('Domains', () => {
  it('shows the TXT record to create, says in German what "Prüfen" found, and shows it verified', async () => {
    let found = false;
    const api = fakeApi({
      'GET /sites/site-1/domains': { body: { domains: [] } },
      'POST /sites/site-1/domains': { status: 201, body: { domain: entry(), domains: [entry()] } },
      'POST /sites/site-1/domains/meinladen.de/verify': () =>
        found
          ? { body: { domains: [entry({ verified: true, verifiedAt: 1, primary: true })] } }
          : {
              status: 400,
              body: {
                error: {
                  type: 'TXT_RECORD_MISSING',
                  message: 'Unter _baukasten-verify.meinladen.de wurde kein TXT-Eintrag gefunden.',
                },
              },
            },
    });
    renderInSite(<DomainsScreen />);
    const user = userEvent.setup();
    expect(await screen.findByText('Noch keine eigene Domain verbunden.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Domain hinzufügen' }));
    expect(screen.getByText('Bitte gib eine Domain ein.')).toBeTruthy();

    await user.type(screen.getByLabelText('Domain'), 'meinladen.de');
    await user.click(screen.getByRole('button', { name: 'Domain hinzufügen' }));
    const card = await screen.findByTestId('site-domain');
    expect(within(card).getByText('_baukasten-verify.meinladen.de')).toBeTruthy();
    expect(within(card).getByText('baukasten-abc123')).toBeTruthy();
    expect(api.sent.find((r) => r.method === 'POST')!.body).toEqual({ domain: 'meinladen.de' });

    await user.click(within(card).getByRole('button', { name: 'Prüfen' }));
    expect(await screen.findByText(/kein TXT-Eintrag gefunden/)).toBeTruthy();
    found = true;
    await user.click(within(card).getByRole('button', { name: 'Prüfen' }));
    expect(
      await screen.findByText('meinladen.de ist bestätigt und mit deiner Website verbunden.'),
    ).toBeTruthy();
    expect(within(screen.getByTestId('site-domain')).getByText('Hauptadresse')).toBeTruthy();
  });
});
