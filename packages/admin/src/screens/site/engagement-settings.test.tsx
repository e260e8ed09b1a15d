// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie, testSite } from '../../test-kit.js';
import { EngagementSettings } from './engagement-settings.js';
import { SiteSettings } from './site-settings.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

describe('locale, share buttons and captcha keys', () => {
  it('R3.11.1 saves the locale, share buttons, Disqus name and the enterprise captcha key', async () => {
    const { sent } = fakeApi({
      'PATCH /sites/site-1': (request) => ({
        body: { site: testSite({ locale: request.body.locale, settings: request.body.settings }) },
      }),
    });
    renderInSite(
      <EngagementSettings />,
      testSite({ settings: { shareButtonOptions: { twitter: true, email: true } } }),
    );
    const user = userEvent.setup();
    // An older 'twitter' setting shows as the X box.
    const x = screen.getByLabelText('Teilen über X (Twitter) anbieten') as HTMLInputElement;
    expect(x.checked).toBe(true);
    await user.click(x);
    await user.click(screen.getByLabelText('Teilen über Facebook anbieten'));
    await user.selectOptions(screen.getByLabelText('Sprache und Region'), 'Deutsch (Schweiz)');
    await user.type(screen.getByLabelText('Disqus-Kurzname (optional)'), 'mein-laden');
    await user.type(
      screen.getByLabelText('Websiteschlüssel für reCAPTCHA Enterprise (optional)'),
      ' 6Lc-abc ',
    );
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Die Einstellungen wurden gespeichert.'),
    );
    const patch = sent.find((r) => r.method === 'PATCH')!;
    expect(patch.body).toEqual({
      locale: 'de-CH',
      settings: {
        shareButtonOptions: { email: true, x: false, facebook: true },
        disqusShortname: 'mein-laden',
        recaptchaEnterpriseContext: { recaptchaEnterpriseSiteKey: '6Lc-abc' },
      },
    });
    expect(patch.headers['x-csrf-token']).toBe('crumb-1');
  });

  it('shows the server’s German message at the locale', async () => {
    fakeApi({
      'PATCH /sites/site-1': {
        status: 400,
        body: {
          error: {
            type: 'INVALID_INPUT',
            message: 'Diese Sprache und Region werden nicht unterstützt, z. B. de-DE oder en-US.',
            fields: { locale: 'Diese Sprache und Region werden nicht unterstützt, z. B. de-DE oder en-US.' },
          },
        },
      },
    });
    renderInSite(<EngagementSettings />, testSite({ locale: 'pt-BR' }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Speichern' }));
    expect((await screen.findByRole('alert')).textContent).toContain('nicht unterstützt');
    expect(screen.getByLabelText('Sprache und Region').getAttribute('aria-invalid')).toBe('true');
  });

  it('is part of the settings screen for people with site.settings only', async () => {
    fakeApi({
      'GET /sites/site-1/store-settings': {
        status: 403,
        body: { error: { type: 'FORBIDDEN', message: 'x' } },
      },
    });
    renderInSite(<SiteSettings />);
    const form = screen.getByRole('heading', { name: 'Sprache, Teilen und Captcha' }).closest('form')!;
    expect(within(form).getByLabelText('Sprache und Region')).toBeTruthy();
    cleanup();
    renderInSite(<SiteSettings />, testSite({ roles: [8] }));
    expect(screen.queryByRole('heading', { name: 'Sprache, Teilen und Captcha' })).toBeNull();
  });
});
