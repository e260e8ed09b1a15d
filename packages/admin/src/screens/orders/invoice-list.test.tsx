// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { TaxClassPanel } from '../products/tax-class-panel.js';
import { VatSettings } from '../site/vat-settings.js';
import { InvoiceList } from './invoice-list.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

describe('invoices and VAT in the editor (§14 UStG)', () => {
  it('§14 UStG: the order page links each invoice of the order to its PDF', async () => {
    fakeApi({
      'GET /sites/site-1/orders/o1/invoices': {
        body: {
          invoices: [
            { number: 7, numberText: 'RE-00007', kind: 'invoice', label: 'Rechnung RE-00007', issuedAt: 0 },
            {
              number: 9,
              numberText: 'KR-00009',
              kind: 'correction',
              label: 'Rechnungskorrektur KR-00009',
              issuedAt: 0,
            },
          ],
        },
      },
    });
    renderInSite(<InvoiceList siteId="site-1" orderId="o1" round={0} />);
    const link = await screen.findByRole('link', { name: 'Rechnung RE-00007 herunterladen (PDF)' });
    expect(link.getAttribute('href')).toContain('/sites/site-1/orders/o1/invoices/7.pdf');
    expect(
      screen.getByRole('link', { name: 'Rechnungskorrektur KR-00009 herunterladen (PDF)' }),
    ).toBeTruthy();
  });

  it('§14 UStG: a product’s tax class saves as soon as it is chosen', async () => {
    const path = '/sites/site-1/products/p1/tax-class';
    const taxClasses = [
      { id: 'standard', label: 'Regelsteuersatz' },
      { id: 'reduced', label: 'Ermäßigt' },
    ];
    const api = fakeApi({
      [`GET ${path}`]: { body: { taxClass: 'standard', taxClasses } },
      [`PATCH ${path}`]: { body: { taxClass: 'reduced' } },
    });
    renderInSite(<TaxClassPanel siteId="site-1" productId="p1" canEdit />);
    await userEvent.selectOptions(await screen.findByLabelText(/^Steuersatz/), 'reduced');
    expect(await screen.findByText('Gespeichert: Ermäßigt.')).toBeTruthy();
    expect(api.sent.find((r) => r.method === 'PATCH')?.body).toEqual({ taxClass: 'reduced' });
  });

  it('§19 UStG: the store settings save Kleinunternehmer, OSS and the Steuernummer', async () => {
    const vat = { smallBusiness: false, oss: false, taxNumber: '' };
    const api = fakeApi({
      'GET /sites/site-1/vat': { body: { vat } },
      'PATCH /sites/site-1/vat': {
        body: { vat: { ...vat, smallBusiness: true, taxNumber: '22/815/08154' } },
      },
    });
    renderInSite(<VatSettings siteId="site-1" />);
    await userEvent.click(await screen.findByLabelText(/Kleinunternehmer/));
    await userEvent.type(screen.getByLabelText(/^Steuernummer/), '22/815/08154');
    await userEvent.click(screen.getByRole('button', { name: 'Umsatzsteuer speichern' }));
    expect(await screen.findByText('Die Umsatzsteuer-Einstellungen wurden gespeichert.')).toBeTruthy();
    expect(api.sent.find((r) => r.method === 'PATCH')?.body).toEqual({
      smallBusiness: true,
      oss: false,
      taxNumber: '22/815/08154',
      // No own rates per EU country entered: an empty list (the form always sends its rows).
      countryRates: [],
    });
  });
});
