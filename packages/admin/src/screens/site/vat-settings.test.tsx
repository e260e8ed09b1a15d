// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { VatSettings } from './vat-settings.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const path = '/sites/site-1/vat';
const euRates = {
  checkedOn: '2026-11-27',
  rates: [
    { country: 'AT', standard: 2000, reduced: 1000, otherReduced: [1300] },
    { country: 'DE', standard: 1900, reduced: 700, otherReduced: [] },
    { country: 'IE', standard: 2300, reduced: 1350, otherReduced: [900, 480] },
  ],
};
const answer = (vat: object) => ({
  vat: { smallBusiness: false, oss: true, taxNumber: '', countryRates: [], ...vat },
  euRates,
});

describe('§ 3c UStG: own VAT rates per EU country in the VAT settings', () => {
  it("lists the owner's rates with German country names and the table's rate beside each, and saves them with a comma", async () => {
    const api = fakeApi({
      [`GET ${path}`]: {
        body: answer({ countryRates: [{ country: 'IE', taxClass: 'reduced', ratePercent: 0 }] }),
      },
      [`PATCH ${path}`]: {
        body: answer({
          countryRates: [
            { country: 'AT', taxClass: 'reduced', ratePercent: 20 },
            { country: 'IE', taxClass: 'reduced', ratePercent: 0 },
          ],
        }),
      },
    });
    renderInSite(<VatSettings siteId="site-1" />);
    const ireland = await screen.findByRole('group', { name: /^Irland/ });
    expect((within(ireland).getByLabelText('Land') as HTMLSelectElement).value).toBe('IE');
    expect(within(ireland).getByText('Laut EU-Tabelle: 13,5 %')).toBeTruthy();
    expect((within(ireland).getByLabelText(/Satz in Prozent/) as HTMLInputElement).value).toBe('0');

    await userEvent.click(screen.getByRole('button', { name: 'Land hinzufügen' }));
    const added = screen.getAllByRole('group', { name: /, ermäßigt$/ })[1];
    await userEvent.selectOptions(within(added).getByLabelText('Land'), 'AT');
    expect(within(added).getByText('Laut EU-Tabelle: 10 %')).toBeTruthy();
    await userEvent.type(within(added).getByLabelText(/Satz in Prozent/), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Umsatzsteuer speichern' }));
    expect(await screen.findByText('Die Umsatzsteuer-Einstellungen wurden gespeichert.')).toBeTruthy();
    expect(api.sent.find((r) => r.method === 'PATCH')!.body).toEqual({
      smallBusiness: false,
      oss: true,
      taxNumber: '',
      countryRates: [
        { country: 'IE', taxClass: 'reduced', ratePercent: '0' },
        { country: 'AT', taxClass: 'reduced', ratePercent: '20' },
      ],
    });
    // The saved list comes back sorted by country: Österreich first.
    expect(
      screen.getAllByRole('group', { name: /ermäßigt/ }).map((g) => g.getAttribute('aria-label')),
    ).toEqual(['Österreich, ermäßigt', 'Irland, ermäßigt']);
  });

  it("shows the server's German message at the row and field it names, and a row can be removed", async () => {
    fakeApi({
      [`GET ${path}`]: {
        body: answer({ countryRates: [{ country: 'IE', taxClass: 'reduced', ratePercent: 0 }] }),
      },
      [`PATCH ${path}`]: {
        status: 400,
        body: {
          error: {
            type: 'INVALID_INPUT',
            message: 'Bitte gib den Steuersatz in Prozent ein, zwischen 0 und 30, z. B. 0 oder 13,5.',
            fields: {
              'countryRates.0.ratePercent':
                'Bitte gib den Steuersatz in Prozent ein, zwischen 0 und 30, z. B. 0 oder 13,5.',
            },
          },
        },
      },
    });
    renderInSite(<VatSettings siteId="site-1" />);
    const ireland = await screen.findByRole('group', { name: /^Irland/ });
    const rate = within(ireland).getByLabelText(/Satz in Prozent/);
    await userEvent.clear(rate);
    await userEvent.type(rate, '190');
    await userEvent.click(screen.getByRole('button', { name: 'Umsatzsteuer speichern' }));
    await within(ireland).findByText(/zwischen 0 und 30/);
    expect(rate.getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(within(ireland).getByRole('button', { name: 'Entfernen (Irland)' }));
    expect(screen.queryByRole('group', { name: /^Irland/ })).toBeNull();
    expect(screen.getByText('Noch keine eigenen Sätze: es gilt die EU-Tabelle.')).toBeTruthy();
  });

  it('without OSS and without own rates the rows stay away', async () => {
    fakeApi({ [`GET ${path}`]: { body: answer({ oss: false }) } });
    renderInSite(<VatSettings siteId="site-1" />);
    await screen.findByRole('heading', { name: 'Umsatzsteuer und Rechnungen' });
    expect(screen.queryByText('Eigene Steuersätze je EU-Land')).toBeNull();
  });
});
