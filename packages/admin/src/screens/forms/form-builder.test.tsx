// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeApi, renderInSite, setCookie, testSite } from '../../test-kit.js';
import { FormPicker } from './form-picker.js';
import { FormList } from './forms-screen.js';

beforeEach(() => setCookie('crumb', 'c1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const contact = {
  id: 'f1',
  name: 'Kontakt',
  fields: [
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'thema', type: 'select', title: 'Thema', options: ['Bestellung', 'Sonstiges'] },
    { id: 'nachricht', type: 'textarea', title: 'Nachricht', maxLength: 500 },
  ],
  submissionMessage: 'Danke!',
  submissionHTML: '',
  successRedirect: '',
  disclaimerMessage: '',
  captchaEnabled: true,
  captchaTheme: null,
  captchaAlignment: null,
  notificationEmail: '',
  createdAt: 0,
};

const open = (formId: string) =>
  history.replaceState(null, '', `/config/sites/site-1/formulare?formular=${formId}`);

describe('form builder', () => {
  it('R3.15.1 R3.15.2 builds a new form with choice and likert fields, captcha and success settings', async () => {
    history.replaceState(null, '', '/config/sites/site-1/formulare');
    const api = fakeApi({
      'GET /sites/site-1/forms': { body: { forms: [] } },
      'POST /sites/site-1/forms': (request) => ({
        status: 201,
        body: { form: { ...contact, ...request.body, id: 'neu-1' } },
      }),
      'GET /sites/site-1/forms/neu-1': { body: { form: { ...contact, id: 'neu-1', name: 'Umfrage' } } },
    });
    const user = userEvent.setup();
    renderInSite(<FormList />);
    await user.click(await screen.findByRole('link', { name: 'Neues Formular' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Neues Formular' })).toBeTruthy();

    await user.type(screen.getByLabelText('Name des Formulars'), 'Umfrage');
    await user.selectOptions(screen.getByLabelText('Art des neuen Felds'), 'radio');
    await user.click(screen.getByRole('button', { name: 'Feld hinzufügen' }));
    await user.type(screen.getByLabelText('Beschriftung von Feld 1'), 'Wie oft?');
    await user.click(screen.getByLabelText('Feld 1 ist ein Pflichtfeld'));
    await user.type(
      screen.getByLabelText('Auswahlmöglichkeiten von Feld 1, eine pro Zeile'),
      'Täglich{enter}Wöchentlich{enter}',
    );
    await user.selectOptions(screen.getByLabelText('Art des neuen Felds'), 'likert');
    await user.click(screen.getByRole('button', { name: 'Feld hinzufügen' }));
    await user.type(screen.getByLabelText('Beschriftung von Feld 2'), 'Zufriedenheit');
    await user.type(
      screen.getByLabelText('Aussagen zum Bewerten in Feld 2, eine pro Zeile'),
      'Preis{enter}Service',
    );
    await user.type(screen.getByLabelText('Danke-Text'), 'Danke fürs Mitmachen!');
    await user.type(screen.getByLabelText('Weiterleitung nach dem Absenden (optional)'), '/danke');
    await user.click(screen.getByLabelText('Captcha vor dem Absenden verlangen (empfohlen gegen Spam)'));
    await user.selectOptions(screen.getByLabelText('Aussehen des Captchas'), 'Dunkel');
    // The second field moves up with the keyboard-reachable button and says so.
    await user.click(screen.getByRole('button', { name: 'Feld 2 nach oben' }));
    expect(screen.getByRole('status').textContent).toBe('„Zufriedenheit“ steht jetzt an Stelle 1.');
    await user.click(screen.getByRole('button', { name: 'Formular speichern' }));

    await waitFor(() => expect(api.sent.some((r) => r.method === 'POST')).toBe(true));
    const sent = api.sent.find((r) => r.method === 'POST')!;
    expect(sent.body).toMatchObject({
      name: 'Umfrage',
      fields: [
        { type: 'likert', title: 'Zufriedenheit', required: false, questions: ['Preis', 'Service'] },
        { type: 'radio', title: 'Wie oft?', required: true, options: ['Täglich', 'Wöchentlich'] },
      ],
      submissionMessage: 'Danke fürs Mitmachen!',
      successRedirect: '/danke',
      captchaEnabled: false,
      captchaTheme: 2,
    });
    expect(sent.headers['x-csrf-token']).toBe('c1');
    // The new form opens for editing under its id.
    await waitFor(() => expect(window.location.search).toBe('?formular=neu-1'));
  });

  it('checks choices and labels before sending, and shows the server’s messages at their fields', async () => {
    open('f1');
    const api = fakeApi({
      'GET /sites/site-1/forms/f1': { body: { form: contact } },
      'PATCH /sites/site-1/forms/f1': {
        status: 400,
        body: {
          error: {
            type: 'INVALID_INPUT',
            message:
              'Die Weiterleitung muss eine https://-Adresse oder ein Pfad der Website wie /danke sein.',
            fields: {
              successRedirect:
                'Die Weiterleitung muss eine https://-Adresse oder ein Pfad der Website wie /danke sein.',
            },
          },
        },
      },
    });
    const user = userEvent.setup();
    renderInSite(<FormList />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Formular bearbeiten: Kontakt' }),
    ).toBeTruthy();
    expect(screen.getByText('f1')).toBeTruthy();
    const choices = screen.getByLabelText('Auswahlmöglichkeiten von Feld 2, eine pro Zeile');
    await user.clear(choices);
    await user.click(screen.getByRole('button', { name: 'Formular speichern' }));
    expect(screen.getByText('Bitte gib mindestens eine Auswahlmöglichkeit an.')).toBeTruthy();
    expect(api.sent.filter((r) => r.method === 'PATCH')).toHaveLength(0);

    await user.type(choices, 'Lieferung');
    await user.type(screen.getByLabelText('Weiterleitung nach dem Absenden (optional)'), 'javascript:x');
    await user.click(screen.getByRole('button', { name: 'Formular speichern' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Die Weiterleitung muss');
    const redirect = screen.getByLabelText('Weiterleitung nach dem Absenden (optional)');
    expect(redirect.getAttribute('aria-invalid')).toBe('true');
    // Existing fields keep their ids, so earlier answers stay with them.
    const patch = api.sent.find((r) => r.method === 'PATCH')!;
    expect(patch.body.fields.map((f: { id: string }) => f.id)).toEqual(['name', 'thema', 'nachricht']);
    expect(patch.body.fields[2].maxLength).toBe(500);
  });

  it('R3.15.2 sets the value a hidden field sends, and shows the one already stored', async () => {
    open('f1');
    const withHidden = {
      ...contact,
      fields: [...contact.fields, { id: 'quelle', type: 'hidden', title: 'Quelle', value: 'Flyer' }],
    };
    const api = fakeApi({
      'GET /sites/site-1/forms/f1': { body: { form: withHidden } },
      'PATCH /sites/site-1/forms/f1': (request) => ({ body: { form: { ...withHidden, ...request.body } } }),
    });
    const user = userEvent.setup();
    renderInSite(<FormList />);
    const stored = (await screen.findByLabelText('Wert von Feld 4')) as HTMLInputElement;
    expect(stored.value).toBe('Flyer');
    // Only hidden fields have a value to set.
    expect(screen.queryByLabelText('Wert von Feld 3')).toBeNull();
    await user.clear(stored);
    await user.type(stored, 'Sommeraktion');
    await user.selectOptions(screen.getByLabelText('Art des neuen Felds'), 'hidden');
    await user.click(screen.getByRole('button', { name: 'Feld hinzufügen' }));
    await user.type(screen.getByLabelText('Beschriftung von Feld 5'), 'Kanal');
    await user.type(screen.getByLabelText('Wert von Feld 5'), ' Newsletter ');
    await user.click(screen.getByRole('button', { name: 'Formular speichern' }));
    expect(await screen.findByText('Das Formular wurde gespeichert.')).toBeTruthy();
    const patch = api.sent.find((r) => r.method === 'PATCH')!;
    expect(patch.body.fields.slice(3)).toEqual([
      { id: 'quelle', type: 'hidden', title: 'Quelle', value: 'Sommeraktion' },
      { type: 'hidden', title: 'Kanal', value: 'Newsletter' },
    ]);
  });

  it('removes a field and deletes the whole form after asking once more', async () => {
    open('f1');
    const api = fakeApi({
      'GET /sites/site-1/forms/f1': { body: { form: contact } },
      'PATCH /sites/site-1/forms/f1': (request) => ({ body: { form: { ...contact, ...request.body } } }),
      'DELETE /sites/site-1/forms/f1': { body: { deleted: true } },
      'GET /sites/site-1/forms': { body: { forms: [] } },
    });
    const user = userEvent.setup();
    renderInSite(<FormList />);
    await user.click(await screen.findByRole('button', { name: 'Feld 3 entfernen' }));
    await user.click(screen.getByRole('button', { name: 'Formular speichern' }));
    expect(await screen.findByText('Das Formular wurde gespeichert.')).toBeTruthy();
    expect(api.sent.find((r) => r.method === 'PATCH')!.body.fields).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Formular löschen' }));
    const question = screen.getByRole('group', {
      name: 'Formular und alle seine Antworten wirklich löschen?',
    });
    await user.click(within(question).getByRole('button', { name: 'Ja, löschen' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(api.sent.some((r) => r.method === 'DELETE')).toBe(true);
  });

  it('shows the form read-only to people without forms.edit', async () => {
    open('f1');
    fakeApi({ 'GET /sites/site-1/forms/f1': { body: { form: contact } } });
    renderInSite(<FormList />, testSite({ roles: [10] }));
    const name = await screen.findByLabelText('Name des Formulars');
    // Inside a disabled fieldset: the browser greys out and skips every control of the form.
    expect(name.closest('fieldset')?.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Formular speichern' })).toBeNull();
  });
});

describe('form picker of form blocks', () => {
  it('offers the site’s forms by name instead of an id to type', async () => {
    fakeApi({
      'GET /sites/site-1/forms': {
        body: {
          forms: [
            { id: 'f1', name: 'Kontakt', fieldCount: 3 },
            { id: 'f2', name: 'Umfrage', fieldCount: 2 },
          ],
        },
      },
    });
    const chosen = vi.fn();
    renderInSite(<FormPicker value="" onChange={chosen} />);
    const select = await screen.findByRole('combobox', { name: 'Formular' });
    await userEvent.setup().selectOptions(select, 'Umfrage');
    expect(chosen).toHaveBeenCalledWith('f2');
  });
});
