// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie, testSite } from '../../test-kit.js';
import { LegalSettings } from './legal-settings.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const labels = {
  companyName: 'Name oder Firma',
  legalForm: 'Rechtsform',
  representative: 'Vertretungsberechtigte Person',
  street: 'Straße und Hausnummer',
  postalCode: 'Postleitzahl',
  city: 'Ort',
  country: 'Land',
  email: 'E-Mail-Adresse',
  phone: 'Telefonnummer',
  registerCourt: 'Registergericht',
  registerNumber: 'Registernummer',
  vatId: 'Umsatzsteuer-Identifikationsnummer',
  contentResponsible: 'Verantwortlich für den Inhalt',
  withdrawalPeriodDays: 'Widerrufsfrist in Tagen',
  returnCosts: 'Kosten der Rücksendung',
  deliveryTime: 'Lieferzeit',
};
const answer = (legal: Record<string, unknown>, missing: string[]) => ({
  legal,
  legalForms: ['Einzelunternehmen', 'GmbH'],
  labels,
  checklist: [
    { key: 'legal', title: 'Rechtliche Angaben', done: missing.length === 0, missing },
    { key: 'tax', title: 'Steuern', done: true, missing: [] },
  ],
});

describe('Rechtliches', () => {
  it('§5 DDG lists what is missing in "Bereit zum Verkaufen", shows the German field message and saves', async () => {
    let attempt = 0;
    const { sent } = fakeApi({
      'GET /sites/site-1/legal': () => ({ body: answer({}, ['Name oder Firma fehlt.']) }),
      'PATCH /sites/site-1/legal': (request) =>
        ++attempt === 1
          ? {
              status: 400,
              body: {
                error: {
                  type: 'INVALID_INPUT',
                  message: 'Bitte gib eine gültige E-Mail-Adresse ein.',
                  fields: { email: 'Bitte gib eine gültige E-Mail-Adresse ein.' },
                },
              },
            }
          : { body: answer(request.body, []) },
    });
    renderInSite(<LegalSettings />, testSite());
    expect(await screen.findByText('Name oder Firma fehlt.')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name oder Firma'), 'Muster Laden');
    await user.selectOptions(screen.getByLabelText('Rechtsform'), 'Einzelunternehmen');
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'kein-mail');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(screen.getAllByText('Bitte gib eine gültige E-Mail-Adresse ein.').length).toBeGreaterThan(0),
    );

    await user.clear(screen.getByLabelText('E-Mail-Adresse'));
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'laden@example.de');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('gespeichert'));
    expect(sent.filter((r) => r.method === 'PATCH').at(-1)?.body).toMatchObject({
      companyName: 'Muster Laden',
      legalForm: 'Einzelunternehmen',
      email: 'laden@example.de',
    });
    expect(screen.queryByText('Name oder Firma fehlt.')).toBeNull();
  });
});
