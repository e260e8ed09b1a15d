// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { Members } from './members.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const owner = {
  accountId: 'acc-1',
  email: 'ines@example.de',
  name: 'Ines',
  roles: [1],
  roleNames: ['Administrator'],
  isYou: true,
  since: 0,
};
const helper = {
  accountId: 'acc-2',
  email: 'tom@example.de',
  name: 'Tom',
  roles: [4],
  roleNames: ['Inhalte bearbeiten'],
  isYou: false,
  since: 0,
};

describe('members and invitations', () => {
  it('invites a person with the chosen roles and lists the invitation with its link', async () => {
    const invitation = {
      id: 'inv-1',
      email: 'lea@example.de',
      roles: [8, 10],
      roleNames: ['Shop-Verwaltung', 'Nur ansehen'],
      createdAt: Date.UTC(2025, 4, 1),
      expiresAt: Date.UTC(2025, 4, 8),
    };
    const { sent } = fakeApi({
      'GET /sites/site-1/members': { body: { members: [owner], invitations: [] } },
      'POST /sites/site-1/invitations': {
        status: 201,
        body: { invitation, token: 'tok', acceptUrl: 'http://localhost:3000/config/invitations/tok' },
      },
    });
    renderInSite(<Members />);
    const user = userEvent.setup();
    const form = (await screen.findByRole('heading', { name: 'Person einladen' })).closest('form')!;
    const inForm = within(form);
    await user.type(inForm.getByLabelText('E-Mail-Adresse'), 'lea@example.de');
    // "Inhalte bearbeiten" is preselected; swap it for two others.
    await user.click(inForm.getByLabelText('Inhalte bearbeiten'));
    await user.click(inForm.getByLabelText('Nur ansehen'));
    await user.click(inForm.getByLabelText('Shop-Verwaltung'));
    await user.click(inForm.getByRole('button', { name: 'Einladen' }));

    expect(((await inForm.findByLabelText('Link zur Einladung')) as HTMLInputElement).value).toBe(
      'http://localhost:3000/config/invitations/tok',
    );
    const post = sent.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ email: 'lea@example.de', roles: [8, 10] });
    const pending = screen.getByRole('heading', { name: 'Offene Einladungen' }).closest('section')!;
    expect(within(pending).getByText('lea@example.de')).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Zurückziehen: lea@example.de' })).toBeTruthy();
  });

  it('asks for at least one role before inviting', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/members': { body: { members: [owner], invitations: [] } },
    });
    renderInSite(<Members />);
    const user = userEvent.setup();
    const form = (await screen.findByRole('heading', { name: 'Person einladen' })).closest('form')!;
    await user.type(within(form).getByLabelText('E-Mail-Adresse'), 'lea@example.de');
    await user.click(within(form).getByLabelText('Inhalte bearbeiten'));
    await user.click(within(form).getByRole('button', { name: 'Einladen' }));
    expect(within(form).getByText('Bitte wähle mindestens eine Rolle.')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('changes a member’s roles and shows the last-admin refusal', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/members': { body: { members: [owner, helper], invitations: [] } },
      'PATCH /sites/site-1/members/acc-2': (request) => ({
        body: { member: { ...helper, roles: request.body.roles } },
      }),
      'PATCH /sites/site-1/members/acc-1': {
        status: 409,
        body: {
          error: {
            type: 'LAST_ADMIN',
            message: 'Eine Website braucht mindestens einen Administrator. Ernenne zuerst jemand anderen.',
          },
        },
      },
    });
    renderInSite(<Members />);
    const user = userEvent.setup();
    const toms = within(await screen.findByRole('group', { name: 'Rollen: Tom' }));
    await user.click(toms.getByLabelText('Shop-Verwaltung'));
    const tomCard = screen.getByRole('heading', { name: 'Tom' }).closest('li')!;
    await user.click(within(tomCard).getByRole('button', { name: 'Rollen speichern' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
    expect(sent.find((r) => r.path === '/sites/site-1/members/acc-2')?.body).toEqual({ roles: [4, 8] });

    const mine = within(screen.getByRole('group', { name: 'Rollen: Ines' }));
    await user.click(mine.getByLabelText('Administrator'));
    await user.click(mine.getByLabelText('Nur ansehen'));
    const myCard = screen.getByRole('heading', { name: /Ines/ }).closest('li')!;
    await user.click(within(myCard).getByRole('button', { name: 'Rollen speichern' }));
    expect((await within(myCard).findByRole('alert')).textContent).toContain(
      'mindestens einen Administrator',
    );
  });
});
