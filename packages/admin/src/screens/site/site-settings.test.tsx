// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie, testSite } from '../../test-kit.js';
import { SiteSettings } from './site-settings.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const storeSettings = {
  currency: 'EUR',
  taxRates: [{ country: 'DE', ratePercent: 19, name: 'MwSt.' }],
  taxRatesAreDefaults: true,
  shippingZones: [
    {
      id: 'alle-laender',
      name: 'Alle Länder',
      countries: [],
      restOfWorld: true,
      rates: [
        { id: 'standard', name: 'Standard', kind: 'flat', priceMinor: 490, deliveryTime: '2–4 Werktage' },
      ],
    },
  ],
  shippingZonesAreDefaults: true,
  coupons: [
    {
      code: 'SOMMER',
      percentOff: 10,
      validFrom: null,
      validUntil: Date.UTC(2025, 7, 31, 22),
      activeNow: true,
    },
  ],
};

describe('site settings', () => {
  it('R3.9.1 R3.9.3 saves the general settings; services allow several pieces unless switched off', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/store-settings': { body: { storeSettings } },
      'PATCH /sites/site-1': (request) => ({ body: { site: testSite({ title: request.body.title }) } }),
    });
    renderInSite(<SiteSettings />);
    const user = userEvent.setup();
    const general = within(screen.getByRole('heading', { name: 'Allgemein' }).closest('form')!);
    expect(
      (general.getByLabelText('Mehrere Stück bei Dienstleistungen erlauben') as HTMLInputElement).checked,
    ).toBe(true);
    expect((general.getByLabelText('Währung') as HTMLInputElement).readOnly).toBe(true);
    await user.clear(general.getByLabelText('Titel der Website'));
    await user.type(general.getByLabelText('Titel der Website'), 'Laden am Markt');
    await user.click(general.getByLabelText('Express-Kasse anbieten'));
    await user.type(general.getByLabelText('Mindestbestellwert (leer für keinen) (EUR)'), '15,50');
    await user.click(general.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(general.getByRole('status').textContent).toBe('Gespeichert.'));
    const patch = sent.find((r) => r.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      title: 'Laden am Markt',
      timeZone: 'Europe/Berlin',
      settings: {
        storeSettings: {
          expressCheckout: true,
          multipleQuantityAllowedForServices: true,
          minimumOrderMinor: 1550,
        },
      },
    });
  });

  it('Finding 2 (#18): the owner switches the site into Testmodus and is told what it does', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/store-settings': { body: { storeSettings } },
      'PATCH /sites/site-1': { body: { site: testSite({ settings: { testMode: true } }) } },
    });
    renderInSite(<SiteSettings />);
    const user = userEvent.setup();
    const general = within(screen.getByRole('heading', { name: 'Allgemein' }).closest('form')!);
    const testMode = general.getByLabelText('Testmodus: Testzahlungen annehmen') as HTMLInputElement;
    expect(testMode.checked).toBe(false);
    expect(general.getByText(/jede Bestellung ist eine Testbestellung/)).toBeTruthy();
    await user.click(testMode);
    await user.click(general.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
    expect(sent.find((r) => r.method === 'PATCH')?.body).toMatchObject({ settings: { testMode: true } });
  });

  it('edits tax rates and coupons in the website’s time zone and sends the lists whole', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/store-settings': { body: { storeSettings } },
      'PATCH /sites/site-1/store-settings': { body: { storeSettings } },
    });
    renderInSite(<SiteSettings />);
    const user = userEvent.setup();
    const store = within(
      (await screen.findByRole('heading', { name: 'Steuern, Versand und Gutscheine' })).closest('form')!,
    );
    // Valid until the end of 31 August in Berlin (stored as the next midnight).
    expect((store.getByLabelText('Gültig bis') as HTMLInputElement).value).toBe('2025-08-31');
    await user.click(store.getByRole('button', { name: 'Steuersatz hinzufügen' }));
    const countries = store.getAllByLabelText('Land (z. B. DE)');
    await user.type(countries[1], 'at');
    await user.type(store.getAllByLabelText('Satz in %')[1], '20');
    await user.click(store.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({
      taxRates: [
        { country: 'DE', ratePercent: 19, name: 'MwSt.' },
        { country: 'AT', ratePercent: 20, name: 'MwSt.' },
      ],
      shippingZones: [
        {
          id: 'alle-laender',
          name: 'Alle Länder',
          countries: [],
          restOfWorld: true,
          rates: [
            {
              id: 'standard',
              name: 'Standard',
              kind: 'flat',
              priceMinor: 490,
              freeFromMinor: null,
              minMinor: null,
              maxMinor: null,
              deliveryTime: '2–4 Werktage',
            },
          ],
        },
      ],
      coupons: [{ code: 'SOMMER', percentOff: 10, validFrom: null, validUntil: '2025-08-31' }],
      replyToEmail: null,
      allowCombiningCoupons: false,
    });
  });

  it('Finding 5 (#18): one code per order unless the owner ticks “allow combining codes”', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/store-settings': { body: { storeSettings } },
      'PATCH /sites/site-1/store-settings': {
        body: { storeSettings: { ...storeSettings, allowCombiningCoupons: true } },
      },
    });
    renderInSite(<SiteSettings />);
    const user = userEvent.setup();
    const store = within(
      (await screen.findByRole('heading', { name: 'Steuern, Versand und Gutscheine' })).closest('form')!,
    );
    const box = store.getByLabelText(
      'Mehrere Gutscheincodes in einer Bestellung erlauben',
    ) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await user.click(box);
    await user.click(store.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
    expect(sent.find((r) => r.method === 'PATCH')?.body).toMatchObject({ allowCombiningCoupons: true });
  });

  it('shows a store manager only the shop settings', async () => {
    fakeApi({ 'GET /sites/site-1/store-settings': { body: { storeSettings } } });
    renderInSite(<SiteSettings />, testSite({ roles: [8] }));
    expect(await screen.findByRole('heading', { name: 'Steuern, Versand und Gutscheine' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Allgemein' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Website löschen' })).toBeNull();
  });
});

describe('shipping zones (issue 23)', () => {
  it('adds a zone for Switzerland with a rate by weight; a refused country shows its German message at the field', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        error: {
          type: 'VALIDATION',
          message: 'Bitte gib das Land als zweistelligen Ländercode an, z. B. DE.',
          fields: {
            'shippingZones.1.countries.0': 'Bitte gib das Land als zweistelligen Ländercode an, z. B. DE.',
          },
        },
      },
    };
    const { sent } = fakeApi({
      'GET /sites/site-1/store-settings': { body: { storeSettings } },
      'PATCH /sites/site-1/store-settings': () => answer,
    });
    renderInSite(<SiteSettings />);
    const user = userEvent.setup();
    const store = within(
      (await screen.findByRole('heading', { name: 'Steuern, Versand und Gutscheine' })).closest('form')!,
    );
    await user.click(store.getByRole('button', { name: 'Versandzone hinzufügen' }));
    await user.type(store.getAllByLabelText('Name der Zone')[1], 'Schweiz');
    await user.type(store.getAllByLabelText(/^Länder/)[1], 'ch');
    // The owner sees the country's German name under the codes.
    expect(store.getByText('Schweiz', { selector: '.field-hint' })).toBeTruthy();
    await user.click(store.getAllByRole('button', { name: 'Versandart hinzufügen' })[1]);
    await user.type(store.getAllByLabelText('Name der Versandart')[1], 'Paket CH');
    await user.selectOptions(store.getAllByLabelText('Berechnung')[1], 'weight');
    await user.type(store.getByLabelText('Bis Gramm (leer: darüber) – Stufe 1'), '2000');
    await user.type(store.getByLabelText('Preis (EUR) – Stufe 1'), '19,90');
    await user.type(store.getAllByLabelText('Lieferzeit (z. B. 2–4 Werktage)')[1], '5–8 Werktage');
    await user.click(store.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
    expect(sent.find((r) => r.method === 'PATCH')?.body.shippingZones[1]).toEqual({
      name: 'Schweiz',
      countries: ['CH'],
      rates: [
        {
          name: 'Paket CH',
          kind: 'weight',
          brackets: [{ upTo: 2000, priceMinor: 1990 }],
          freeFromMinor: null,
          minMinor: null,
          maxMinor: null,
          deliveryTime: '5–8 Werktage',
        },
      ],
    });
    expect(
      await store.findAllByText('Bitte gib das Land als zweistelligen Ländercode an, z. B. DE.'),
    ).not.toHaveLength(0);
    answer = { status: 200, body: { storeSettings } };
  });
});
