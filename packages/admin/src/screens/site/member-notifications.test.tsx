// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie, testSite } from '../../test-kit.js';
import { MemberNotifications } from './member-notifications.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

describe('a member’s own shop mails (issue 23)', () => {
  it('switches "Neue Bestellungen per E-Mail" off and the daily summary on, each saved at once', async () => {
    let settings = { newOrders: true, dailySummary: false };
    const { sent } = fakeApi({
      'GET /sites/site-1/notifications': { body: { notifications: settings } },
      'PATCH /sites/site-1/notifications': ((request: { body: Partial<typeof settings> }) => {
        settings = { ...settings, ...request.body };
        return { body: { notifications: settings } };
      }) as never,
    });
    renderInSite(<MemberNotifications />);
    const user = userEvent.setup();
    const newOrders = (await screen.findByLabelText('Neue Bestellungen per E-Mail')) as HTMLInputElement;
    const summary = screen.getByLabelText('Tägliche Zusammenfassung') as HTMLInputElement;
    expect(newOrders.checked).toBe(true);
    expect(summary.checked).toBe(false);
    await user.click(newOrders);
    await waitFor(() =>
      expect((screen.getByLabelText('Neue Bestellungen per E-Mail') as HTMLInputElement).checked).toBe(false),
    );
    await user.click(screen.getByLabelText('Tägliche Zusammenfassung'));
    await waitFor(() =>
      expect((screen.getByLabelText('Tägliche Zusammenfassung') as HTMLInputElement).checked).toBe(true),
    );
    expect(screen.getByText('Gespeichert.')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { newOrders: false },
      { dailySummary: true },
    ]);
    expect(sent.find((r) => r.method === 'PATCH')?.headers['x-csrf-token']).toBe('crumb-1');
  });

  it('is not offered to a member who may not see the orders', async () => {
    const { sent } = fakeApi({});
    renderInSite(<MemberNotifications />, testSite({ roles: [4] }));
    expect(screen.queryByText('Benachrichtigungen')).toBeNull();
    expect(sent).toHaveLength(0);
  });
});
