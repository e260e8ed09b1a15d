// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app.js';
import { clearCookies, fakeApi, testSession, testSite } from '../../test-kit.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const navLinks = async () =>
  within(await screen.findByRole('navigation', { name: 'Bereiche der Website' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('site navigation by role', () => {
  it('R3.21.8 shows a draft editor only the pages', async () => {
    window.history.replaceState(null, '', '/config/sites/site-1');
    fakeApi({
      'GET /session': { body: testSession() },
      'GET /sites/site-1': { body: { site: testSite({ roles: [16], roleNames: ['Entwürfe bearbeiten'] }) } },
    });
    render(<App />);
    expect(await navLinks()).toEqual([
      'Laden am Eck',
      'Website ansehen',
      'Übersicht',
      'Seiten',
      'Beiträge & Termine',
      'Bilder',
    ]);
  });

  it('R3.21.8 shows a store manager the shop and its settings, an administrator everything', async () => {
    window.history.replaceState(null, '', '/config/sites/site-1');
    fakeApi({
      'GET /session': { body: testSession() },
      'GET /sites/site-1': { body: { site: testSite({ roles: [8] }) } },
    });
    render(<App />);
    expect(await navLinks()).toEqual([
      'Laden am Eck',
      'Website ansehen',
      'Übersicht',
      'Produkte',
      'Lager',
      'Bestellungen',
      'Kunden',
      'Einstellungen',
      'Zahlungen',
      'Statistik',
      'Bilder',
    ]);
    cleanup();

    fakeApi({
      'GET /session': { body: testSession() },
      'GET /sites/site-1': { body: { site: testSite({ roles: [1] }) } },
    });
    render(<App />);
    expect(await navLinks()).toEqual([
      'Laden am Eck',
      'Website ansehen',
      'Übersicht',
      'Seiten',
      'Beiträge & Termine',
      'Kommentare',
      'Newsletter',
      'Produkte',
      'Lager',
      'Bestellungen',
      'Kunden',
      'Einstellungen',
      'Rechtliches',
      'Zahlungen',
      'Mitglieder',
      'Statistik',
      'Formulare',
      'Bilder',
      'Design',
      'Domains',
      'Weiterleitungen',
      'Theme-Code',
      'API-Schlüssel',
      'Webhooks',
    ]);
  });

  it('R3.21.8 shows a moderator only the comment queue', async () => {
    window.history.replaceState(null, '', '/config/sites/site-1');
    fakeApi({
      'GET /session': { body: testSession() },
      'GET /sites/site-1': { body: { site: testSite({ roles: [6], roleNames: ['Moderation'] }) } },
    });
    render(<App />);
    expect(await navLinks()).toEqual(['Laden am Eck', 'Website ansehen', 'Übersicht', 'Kommentare']);
  });

  it('navigates in place, marks the current section and shows the site’s own error', async () => {
    window.history.replaceState(null, '', '/config/sites/site-1');
    fakeApi({
      'GET /session': { body: testSession() },
      'GET /sites/site-1': { body: { site: testSite() } },
      'GET /sites/site-1/collections': { body: { collections: [] } },
      'GET /sites/other': {
        status: 404,
        body: { error: { type: 'SITE_NOT_FOUND', message: 'Diese Website wurde nicht gefunden.' } },
      },
    });
    render(<App />);
    const user = userEvent.setup();
    await navLinks();
    const nav = within(screen.getByRole('navigation', { name: 'Bereiche der Website' }));
    await user.click(nav.getByRole('link', { name: 'Seiten' }));
    expect(window.location.pathname).toBe('/config/sites/site-1/seiten');
    expect(await screen.findByRole('heading', { name: 'Seiten', level: 1 })).toBeTruthy();
    expect(nav.getByRole('link', { name: 'Seiten' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Übersicht' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('Diese Website hat noch keine Seiten.')).toBeTruthy();

    cleanup();
    window.history.replaceState(null, '', '/config/sites/other');
    render(<App />);
    expect((await screen.findByRole('alert')).textContent).toBe('Diese Website wurde nicht gefunden.');
  });
});
