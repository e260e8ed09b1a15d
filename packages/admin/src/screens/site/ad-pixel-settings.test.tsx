// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie, testSite } from '../../test-kit.js';
import { SiteSettings } from './site-settings.js';

/* The cookie banner switch and the ad pixel ids in the site's general settings (issue 9). */

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const general = () => within(screen.getByRole('heading', { name: 'Allgemein' }).closest('form')!);

describe('cookie banner and ad pixels in the settings', () => {
  it('R7.9.3 R3.11.1 sends the banner switch and both pixel ids, trimmed', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/store-settings': { status: 404, body: {} },
      'PATCH /sites/site-1': { body: { site: testSite() } },
    });
    renderInSite(<SiteSettings />, testSite({ settings: { adPixels: { googleTagId: 'G-ALT1234' } } }));
    const user = userEvent.setup();
    expect((general().getByLabelText('Google-Tag-ID') as HTMLInputElement).value).toBe('G-ALT1234');
    await user.click(general().getByLabelText('Cookie-Banner anzeigen'));
    await user.type(general().getByLabelText('Meta-Pixel-ID'), ' 123456789012345 ');
    await user.click(general().getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(general().getByRole('status').textContent).toBe('Gespeichert.'));
    expect(sent.find((r) => r.method === 'PATCH')?.body.settings).toMatchObject({
      cookieSettings: { isCookieBannerEnabled: true },
      adPixels: { metaPixelId: '123456789012345', googleTagId: 'G-ALT1234' },
    });
  });

  it('R7.9.3 shows the server’s German message at a malformed pixel id', async () => {
    const message = 'Die Meta-Pixel-ID besteht aus 5 bis 20 Ziffern.';
    fakeApi({
      'GET /sites/site-1/store-settings': { status: 404, body: {} },
      'PATCH /sites/site-1': {
        status: 400,
        body: {
          error: { type: 'INVALID_INPUT', message, fields: { 'settings.adPixels.metaPixelId': message } },
        },
      },
    });
    renderInSite(<SiteSettings />);
    const user = userEvent.setup();
    await user.type(general().getByLabelText('Meta-Pixel-ID'), 'abc');
    await user.click(general().getByRole('button', { name: 'Speichern' }));
    const input = await waitFor(() => {
      const field = general().getByLabelText('Meta-Pixel-ID');
      expect(field.getAttribute('aria-describedby')).toBeTruthy();
      return field;
    });
    const note = document.getElementById(input.getAttribute('aria-describedby')!.split(' ').at(-1)!);
    expect(note?.textContent).toBe(message);
  });
});
