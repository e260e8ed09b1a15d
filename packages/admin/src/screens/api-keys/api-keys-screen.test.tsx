// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { ApiKeysScreen } from './api-keys-screen.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const scopes = [
  { scope: 'catalog.read', label: 'Produkte und Lagerbestand lesen' },
  { scope: 'orders.read', label: 'Bestellungen lesen' },
  { scope: 'inventory.write', label: 'Lagerbestand ändern' },
];
const key = (changes = {}) => ({
  id: 'k1',
  name: 'Warenwirtschaft',
  prefix: 'bk_AbCdEf',
  scopes: ['catalog.read'],
  createdAt: Date.UTC(2026, 10, 1, 9),
  lastUsedAt: null,
  revokedAt: null,
  ...changes,
});

describe('API keys', () => {
  it('asks for a name and a scope before sending, then shows the new key once', async () => {
    const secret = `bk_${'x'.repeat(43)}`;
    const api = fakeApi({
      'GET /sites/site-1/api-keys': { body: { apiKeys: [], scopes } },
      'POST /sites/site-1/api-keys': (req) => ({
        status: 201,
        body: { apiKey: key({ name: req.body.name, scopes: req.body.scopes }), key: secret },
      }),
    });
    renderInSite(<ApiKeysScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Schlüssel erstellen' }));
    expect(screen.getByText('Bitte gib dem Schlüssel einen Namen.')).toBeTruthy();
    expect(screen.getByText('Bitte wähle mindestens einen Bereich aus.')).toBeTruthy();
    expect(api.sent.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('Name'), 'Buchhaltung');
    await user.click(screen.getByLabelText('Bestellungen lesen'));
    await user.click(screen.getByRole('button', { name: 'Schlüssel erstellen' }));
    expect((await screen.findByTestId('api-key-secret')).textContent).toBe(secret);
    expect(api.sent.find((r) => r.method === 'POST')!.body).toEqual({
      name: 'Buchhaltung',
      scopes: ['orders.read'],
    });
    const row = screen.getByRole('row', { name: /Buchhaltung/ });
    expect(within(row).getByText('Bestellungen lesen')).toBeTruthy();
    expect(within(row).getByText('noch nie')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Ich habe ihn gespeichert' }));
    expect(screen.queryByText(secret)).toBeNull();
  });

  it('revokes a key after asking once more', async () => {
    let revoked = false;
    const api = fakeApi({
      'GET /sites/site-1/api-keys': () => ({
        body: { apiKeys: [key(revoked ? { revokedAt: Date.UTC(2026, 10, 2, 9) } : {})], scopes },
      }),
      'DELETE /sites/site-1/api-keys/k1': () => {
        revoked = true;
        return { body: { revoked: true } };
      },
    });
    renderInSite(<ApiKeysScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Widerrufen: Warenwirtschaft' }));
    await user.click(screen.getByRole('button', { name: 'Widerrufen' }));
    expect(await screen.findByText('„Warenwirtschaft“ wurde widerrufen.')).toBeTruthy();
    expect(await screen.findByText(/^Widerrufen \d/)).toBeTruthy();
    expect(api.sent.some((r) => r.method === 'DELETE' && r.path === '/sites/site-1/api-keys/k1')).toBe(true);
  });
});
