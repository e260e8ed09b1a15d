// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie, testSite } from '../../test-kit.js';
import { PaymentSettings } from './payment-settings.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const provider = (name: 'stripe' | 'paypal', overrides: Record<string, unknown> = {}) => ({
  provider: name,
  connected: false,
  configured: false,
  mode: null,
  status: null,
  statusText: null,
  keyHints: {},
  webhookUrl: `https://laden.de/api/payments/${name}/webhook/site-1`,
  fields: name === 'stripe' ? ['secretKey', 'webhookSecret'] : ['clientId', 'clientSecret', 'webhookId'],
  ...overrides,
});
const answer = (stripe: Record<string, unknown> = {}) => ({
  providers: [provider('stripe', stripe), provider('paypal')],
  bankTransfer: null,
  bankTransferDays: 14,
  reservationMinutes: 30,
  renewalAttempts: 3,
  siteTestMode: false,
  canStoreKeys: true,
});
const connected = {
  connected: true,
  configured: true,
  mode: 'test',
  status: 'connected',
  statusText: 'verbunden',
  keyHints: { secretKey: 'sk_test_…4242' },
};

describe('Zahlungen', () => {
  it('connects Stripe: the key goes to the server once, the card then says "verbunden" and "Testmodus"', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/payments': { body: answer() },
      'POST /sites/site-1/payments/stripe': { body: answer(connected) },
    });
    renderInSite(<PaymentSettings />, testSite());
    const user = userEvent.setup();
    const card = within((await screen.findByRole('heading', { name: /Stripe/ })).closest('form')!);
    expect(card.getByTestId('status-stripe').textContent).toBe('nicht verbunden');
    await user.type(
      card.getByLabelText('Geheimer Schlüssel (sk_test_… oder sk_live_…)'),
      'sk_test_abcdefgh4242',
    );
    await user.click(card.getByRole('button', { name: 'Verbinden' }));
    await waitFor(() => expect(card.getByTestId('status-stripe').textContent).toBe('verbunden'));
    expect(card.getByText('Testmodus')).toBeTruthy();
    expect(card.getByText(/Gespeichert: sk_test_…4242/)).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ secretKey: 'sk_test_abcdefgh4242' });
    // The field is emptied: the full key is never shown again.
    expect((card.getByLabelText(/Geheimer Schlüssel/) as HTMLInputElement).value).toBe('');
  });

  it('shows the provider’s refusal of a wrong key in German next to the field', async () => {
    const message = 'Der Zahlungsanbieter hat die Zugangsdaten abgelehnt. Bitte prüfe die Schlüssel.';
    fakeApi({
      'GET /sites/site-1/payments': { body: answer() },
      'POST /sites/site-1/payments/stripe': {
        status: 400,
        body: { error: { type: 'INVALID_INPUT', message, fields: { secretKey: message } } },
      },
    });
    renderInSite(<PaymentSettings />, testSite());
    const user = userEvent.setup();
    const card = within((await screen.findByRole('heading', { name: /Stripe/ })).closest('form')!);
    await user.type(card.getByLabelText(/Geheimer Schlüssel/), 'sk_test_falsch');
    await user.click(card.getByRole('button', { name: 'Verbinden' }));
    await waitFor(() => expect(card.getByRole('alert').textContent).toBe(message));
  });

  it('saves the Vorkasse bank details and the owner-set times', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/payments': { body: answer() },
      'PATCH /sites/site-1/payments': (request: { body: Record<string, unknown> }) => ({
        body: {
          ...answer(),
          ...request.body,
          bankTransfer: { bic: '', bankName: '', ...(request.body.bankTransfer as object) },
        },
      }),
    });
    renderInSite(<PaymentSettings />, testSite());
    const user = userEvent.setup();
    const form = within(
      (await screen.findByRole('heading', { name: 'Vorkasse (Überweisung)' })).closest('form')!,
    );
    await user.type(form.getByLabelText('Kontoinhaber'), 'Testladen GmbH');
    await user.type(form.getByLabelText('IBAN'), 'DE89 3704 0044 0532 0130 00');
    await user.clear(form.getByLabelText(/Frist für die Überweisung/));
    await user.type(form.getByLabelText(/Frist für die Überweisung/), '7');
    await user.click(form.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(screen.getByText('Die Zahlungseinstellungen wurden gespeichert.')).toBeTruthy(),
    );
    expect(sent.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      bankTransfer: { accountHolder: 'Testladen GmbH', iban: 'DE89 3704 0044 0532 0130 00' },
      bankTransferDays: 7,
      reservationMinutes: 30,
    });
  });
});
