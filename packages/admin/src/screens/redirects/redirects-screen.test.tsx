// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { RedirectsScreen } from './redirects-screen.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const notFoundPage = { title: '', text: '' };

describe('Weiterleitungen', () => {
  it('adds a redirect, shows the server’s German refusal at its field, and lists automatic entries', async () => {
    let refuse = true;
    const api = fakeApi({
      'GET /sites/site-1/redirects': {
        body: {
          redirects: [
            {
              id: 'r1',
              fromPath: '/laden/p/tasse',
              toTarget: '/laden/p/becher',
              status: 301,
              automatic: true,
              updatedAt: 1,
            },
          ],
          notFoundPage,
        },
      },
      'POST /sites/site-1/redirects': () =>
        refuse
          ? {
              status: 400,
              body: {
                error: {
                  type: 'INVALID_INPUT',
                  message: 'Diese Weiterleitung würde Besucher im Kreis schicken.',
                  fields: { toTarget: 'Diese Weiterleitung würde Besucher im Kreis schicken.' },
                },
              },
            }
          : { status: 201, body: { redirect: {} } },
    });
    renderInSite(<RedirectsScreen />);
    const user = userEvent.setup();
    expect(await screen.findByText('automatisch')).toBeTruthy();

    await user.type(screen.getByLabelText('Alte Adresse'), '/alt/*');
    await user.type(screen.getByLabelText('Ziel'), '/alt/*');
    await user.click(screen.getByRole('button', { name: 'Weiterleitung anlegen' }));
    expect(
      (await screen.findAllByText('Diese Weiterleitung würde Besucher im Kreis schicken.')).length,
    ).toBeGreaterThan(0);

    refuse = false;
    await user.clear(screen.getByLabelText('Ziel'));
    await user.type(screen.getByLabelText('Ziel'), '/neu/*');
    await user.selectOptions(screen.getByLabelText('Art'), '302');
    await user.click(screen.getByRole('button', { name: 'Weiterleitung anlegen' }));
    expect(await screen.findByText('Die Weiterleitung wurde gespeichert.')).toBeTruthy();
    expect(api.sent.filter((r) => r.method === 'POST').at(-1)!.body).toEqual({
      fromPath: '/alt/*',
      toTarget: '/neu/*',
      status: 302,
    });
  });
});
