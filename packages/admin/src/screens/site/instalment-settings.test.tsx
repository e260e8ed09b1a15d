// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteSettings } from '../../api/admin-types.js';
import { clearCookies, fakeApi, renderInSite, setCookie, testSite } from '../../test-kit.js';
import { SiteSettings as SiteSettingsScreen } from './site-settings.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const storeSettings = {
  currency: 'USD',
  taxRates: [],
  taxRatesAreDefaults: true,
  shippingZones: [],
  shippingZonesAreDefaults: true,
  coupons: [],
};

function renderSettings(settings: SiteSettings & { instalments?: unknown } = {}) {
  const api = fakeApi({
    'GET /sites/site-1/store-settings': { body: { storeSettings } },
    'PATCH /sites/site-1': (request) => ({
      body: { site: testSite({ currency: 'USD', settings: request.body.settings }) },
    }),
  });
  renderInSite(<SiteSettingsScreen />, testSite({ currency: 'USD', settings }));
  const general = within(screen.getByRole('heading', { name: 'Allgemein' }).closest('form')!);
  return { ...api, general, user: userEvent.setup() };
}

const patchBody = (sent: { method: string; body?: any }[]) => sent.find((r) => r.method === 'PATCH')?.body;

describe('instalment settings', () => {
  it('R1.4.1 R1.4.3 the owner switches the teaser on with a price range and the account country', async () => {
    const { sent, general, user } = renderSettings();
    await user.click(general.getByLabelText('Ratenzahlung auf Produktseiten anbieten'));
    await user.type(general.getByLabelText('Ab Preis (ausschließlich) (USD)'), '1');
    await user.type(general.getByLabelText('Bis Preis (einschließlich) (USD)'), '2000');
    await user.type(general.getByLabelText('Land des Zahlungskontos (z. B. US)'), 'gb');
    // The provider follows the country: Clearpay in GB.
    expect(general.getByText('Anbieter: Clearpay')).toBeTruthy();
    await user.click(general.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(general.getByRole('status').textContent).toBe('Gespeichert.'));
    expect(patchBody(sent).settings.instalments).toEqual({
      afterPayAvailable: true,
      afterPayMin: 100,
      afterPayMax: 200_000,
      stripeAccountCountry: 'GB',
    });
  });

  it('shows stored settings, and refuses a range that is no range and a country that is no code before sending', async () => {
    const { sent, general, user } = renderSettings({
      instalments: {
        afterPayAvailable: true,
        afterPayMin: 100,
        afterPayMax: 200_000,
        stripeAccountCountry: 'US',
      },
    } as SiteSettings);
    const max = general.getByLabelText('Bis Preis (einschließlich) (USD)') as HTMLInputElement;
    expect(
      (general.getByLabelText('Ratenzahlung auf Produktseiten anbieten') as HTMLInputElement).checked,
    ).toBe(true);
    expect(general.getByText('Anbieter: Afterpay')).toBeTruthy();
    await user.clear(max);
    await user.type(max, '0,50');
    const country = general.getByLabelText('Land des Zahlungskontos (z. B. US)');
    await user.clear(country);
    await user.type(country, 'U');
    await user.click(general.getByRole('button', { name: 'Speichern' }));
    expect(general.getByText('Der Höchstbetrag muss größer als der Mindestbetrag sein.')).toBeTruthy();
    expect(general.getByText('Bitte gib das Land als Code aus zwei Buchstaben an, z. B. „US“.')).toBeTruthy();
    expect(sent.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('switched off, the stored range and country are kept; never set, nothing is sent', async () => {
    const on = renderSettings({
      instalments: {
        afterPayAvailable: true,
        afterPayMin: 100,
        afterPayMax: 200_000,
        stripeAccountCountry: 'US',
      },
    } as SiteSettings);
    await on.user.click(on.general.getByLabelText('Ratenzahlung auf Produktseiten anbieten'));
    await on.user.click(on.general.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(patchBody(on.sent)).toBeDefined());
    expect(patchBody(on.sent).settings.instalments).toEqual({
      afterPayAvailable: false,
      afterPayMin: 100,
      afterPayMax: 200_000,
      stripeAccountCountry: 'US',
    });
    cleanup();

    const never = renderSettings();
    await never.user.click(never.general.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(patchBody(never.sent)).toBeDefined());
    expect(patchBody(never.sent).settings).not.toHaveProperty('instalments');
  });
});
