// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeOf } from '../../routing/routes.js';
import { clearCookies, fakeApi, renderInSite } from '../../test-kit.js';
import { FormList, FormSubmissions } from './forms-screen.js';

beforeEach(() => history.replaceState(null, '', '/config/sites/site-1/formulare'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const submission = (n: number) => ({
  id: `s${n}`,
  createdAt: Date.UTC(2026, 10, 2, 9, n % 60),
  answers: [
    { fieldId: 'name', title: 'Name', summary: `Person ${n}` },
    { fieldId: 'nachricht', title: 'Nachricht', summary: n === 1 ? 'Hallo,\nzweite Zeile' : '' },
  ],
});

describe('form submissions', () => {
  it('lists the site’s forms and leads to their submissions', async () => {
    fakeApi({
      'GET /sites/site-1/forms': {
        body: { forms: [{ id: 'kontakt', name: 'Kontakt', fieldCount: 5 }] },
      },
    });
    renderInSite(<FormList />);
    const link = await screen.findByRole('link', { name: 'Antworten von „Kontakt“ ansehen' });
    expect(link.getAttribute('href')).toBe('/config/sites/site-1/formulare/kontakt');
    expect(screen.getByText('5 Felder')).toBeTruthy();
    expect(routeOf('/config/sites/site-1/formulare/kontakt')).toEqual({
      name: 'site',
      siteId: 'site-1',
      section: 'formSubmissions',
      formId: 'kontakt',
    });
  });

  it('shows each submission’s answers in the site’s time zone, newest first, 50 at a time, and links the CSV export', async () => {
    const submissions = Array.from({ length: 60 }, (_, i) => submission(i + 1));
    fakeApi({
      'GET /sites/site-1/forms/kontakt/submissions': {
        body: { form: { id: 'kontakt', name: 'Kontakt' }, submissions },
      },
    });
    renderInSite(<FormSubmissions formId="kontakt" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Antworten: Kontakt' })).toBeTruthy();
    expect(screen.getByText('60 Antworten')).toBeTruthy();
    const csv = screen.getByRole('link', { name: 'Als CSV exportieren' });
    expect(csv.getAttribute('href')).toBe('/api/admin/sites/site-1/forms/kontakt/submissions.csv');
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
    // 09:01 UTC is 10:01 in Berlin.
    const first = screen.getAllByRole('listitem')[0]!;
    expect(first.textContent).toContain('10:01');
    expect(first.textContent).toContain('Person 1');
    expect(first.textContent).toContain('Hallo,\nzweite Zeile');
    // An empty answer says so instead of leaving a gap.
    expect(screen.getAllByRole('listitem')[1]!.textContent).toContain('—');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Weitere 10 anzeigen' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(60);
  });

  it('says so when a form has no submissions yet, and offers no empty export', async () => {
    fakeApi({
      'GET /sites/site-1/forms/kontakt/submissions': {
        body: { form: { id: 'kontakt', name: 'Kontakt' }, submissions: [] },
      },
    });
    renderInSite(<FormSubmissions formId="kontakt" />);
    expect(await screen.findByText('Für dieses Formular ist noch keine Antwort eingegangen.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Als CSV exportieren' })).toBeNull();
  });

  it('shows the server’s German refusal (an unknown form)', async () => {
    fakeApi({
      'GET /sites/site-1/forms/weg/submissions': {
        status: 404,
        body: {
          error: { type: 'FORM_NOT_FOUND', message: 'Dieses Formular gibt es auf dieser Website nicht.' },
        },
      },
    });
    renderInSite(<FormSubmissions formId="weg" />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Dieses Formular gibt es auf dieser Website nicht.',
    );
  });
});
