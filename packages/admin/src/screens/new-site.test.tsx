// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../session.js';
import { clearCookies, fakeApi, setCookie, testSession, testSite } from '../test-kit.js';
import { NewSite, subdomainFromTitle } from './new-site.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const renderForm = () =>
  render(
    <SessionProvider initial={testSession()}>
      <NewSite />
    </SessionProvider>,
  );

describe('creating a website', () => {
  it('suggests the subdomain from the title, sends the form and shows the live address', async () => {
    const created = testSite({
      id: 'site-9',
      title: 'Bäckerei Müller',
      hostnames: ['baeckerei-mueller.localhost'],
      url: 'http://baeckerei-mueller.localhost:3000',
      currency: 'CHF',
    });
    const { sent } = fakeApi({
      'POST /sites': { status: 201, body: { site: created } },
      'GET /session': { body: testSession() },
    });
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Titel der Website'), 'Bäckerei Müller');
    expect((screen.getByLabelText('Subdomain') as HTMLInputElement).value).toBe('baeckerei-mueller');
    await user.selectOptions(screen.getByLabelText('Währung'), 'CHF');
    await user.selectOptions(screen.getByLabelText('Zeitzone'), 'Europe/Zurich');
    await user.click(screen.getByLabelText('Demo-Laden mit Beispielprodukten'));
    // Issue #22: the owner picks one of the three looks; „Werkstatt“ is chosen until then.
    expect((screen.getByLabelText(/^Werkstatt/) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByLabelText(/^Kantine/));
    await user.click(screen.getByRole('button', { name: 'Website anlegen' }));

    const link = await screen.findByRole('link', { name: 'http://baeckerei-mueller.localhost:3000' });
    expect(link.getAttribute('href')).toBe('http://baeckerei-mueller.localhost:3000');
    expect(screen.getByRole('link', { name: 'Zur Übersicht der Website' }).getAttribute('href')).toBe(
      '/config/sites/site-9',
    );
    const post = sent.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({
      title: 'Bäckerei Müller',
      subdomain: 'baeckerei-mueller',
      currency: 'CHF',
      timeZone: 'Europe/Zurich',
      starter: 'demo',
      template: 'kantine',
    });
    expect(post?.headers['x-csrf-token']).toBe('crumb-1');
  });

  it('shows a taken subdomain in the alert box and keeps the form', async () => {
    fakeApi({
      'POST /sites': {
        status: 409,
        body: {
          error: {
            type: 'SUBDOMAIN_TAKEN',
            message: 'Die Adresse „laden.localhost“ ist bereits vergeben. Bitte wähle eine andere.',
          },
        },
      },
    });
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Titel der Website'), 'Laden');
    await user.click(screen.getByRole('button', { name: 'Website anlegen' }));
    expect((await screen.findByRole('alert')).textContent).toContain('bereits vergeben');
    expect((screen.getByLabelText('Titel der Website') as HTMLInputElement).value).toBe('Laden');
  });

  it('refuses a subdomain that cannot be one before sending', async () => {
    const { sent } = fakeApi({});
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Titel der Website'), 'Laden');
    const subdomain = screen.getByLabelText('Subdomain');
    await user.clear(subdomain);
    await user.type(subdomain, '-laden-');
    await user.click(screen.getByRole('button', { name: 'Website anlegen' }));
    expect(subdomain.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('makes subdomains from German titles', () => {
    expect(subdomainFromTitle('Über uns & Söhne GmbH')).toBe('ueber-uns-soehne-gmbh');
    expect(subdomainFromTitle('  Café Crème  ')).toBe('cafe-creme');
  });
});
