// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderIsland } from '../../server-render.js';
import {
  type ApiStub,
  apiStub,
  challengeHandler,
  deferred,
  type Handler,
  jsonResponse,
  provenBits,
  setCrumbCookie,
  signatureOf,
} from './api-stub.js';
import { FormBlock, formNavigation } from './form-block.js';
import type { SiteFormDefinition } from './form-types.js';

const KEY = 'POST /api/form/FormSubmissionKey';
const SAVE = 'POST /api/form/SaveFormSubmission';
const CHALLENGE = 'GET /api/captcha/challenge';

const contactForm: SiteFormDefinition = {
  id: 'kontaktformular',
  name: 'Kontakt',
  captchaEnabled: true,
  submissionMessage: 'Danke für deine Nachricht!',
  disclaimerMessage: 'Wir verwenden deine Angaben nur für deine Anfrage.',
  fields: [
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'email', type: 'email', title: 'E-Mail-Adresse', required: true },
    { id: 'nachricht', type: 'textarea', title: 'Nachricht', required: true, maxLength: 20 },
  ],
};

/** One field of every kind a site form can have (spec 3). */
const everyField: SiteFormDefinition = {
  id: 'alles',
  name: 'Alles',
  captchaEnabled: false,
  fields: [
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'email', type: 'email', title: 'E-Mail', required: true },
    { id: 'text', type: 'text', title: 'Betreff' },
    { id: 'nachricht', type: 'textarea', title: 'Nachricht', maxLength: 200 },
    { id: 'abschnitt', type: 'section', title: 'Mehr über dich', description: 'Freiwillig' },
    { id: 'thema', type: 'select', title: 'Thema', options: ['Bestellung', 'Sonstiges'] },
    { id: 'weg', type: 'radio', title: 'Kontaktweg', options: ['E-Mail', 'Telefon'] },
    { id: 'interessen', type: 'checkbox', title: 'Interessen', options: ['Schuhe', 'Taschen'] },
    { id: 'agb', type: 'checkbox', title: 'Ich stimme den AGB zu', required: true },
    {
      id: 'umfrage',
      type: 'likert',
      title: 'Wie zufrieden bist du?',
      required: true,
      questions: ['Auswahl', 'Lieferung'],
    },
    { id: 'adresse', type: 'address', title: 'Adresse' },
    { id: 'telefon', type: 'phone', title: 'Telefon' },
    { id: 'datum', type: 'date', title: 'Wunschtermin' },
    { id: 'uhrzeit', type: 'time', title: 'Uhrzeit' },
    { id: 'quelle', type: 'hidden', title: 'Quelle', value: 'Flyer Sommer' },
    { id: 'leer', type: 'hidden', title: 'Ohne Wert' },
  ],
};

const okSave = () =>
  jsonResponse({
    data: { submissionMessage: 'Danke für deine Nachricht!', submissionHTML: null, successRedirect: null },
  });

let api: ApiStub;
let keys = 0;

function stubApi(overrides: Record<string, Handler> = {}) {
  api = apiStub({
    [KEY]: () => jsonResponse({ data: { key: `key-${++keys}` } }),
    [CHALLENGE]: challengeHandler(8),
    [SAVE]: okSave,
    ...overrides,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

const change = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillContactForm() {
  change('Vorname', 'Erika');
  change('Nachname', 'Muster');
  change(/^E-Mail-Adresse/, 'erika@example.de');
  change(/^Nachricht/, 'Hallo!');
}

const submitButton = () => screen.getByRole('button') as HTMLButtonElement;
const banners = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('.form-block__problem')).map((b) => b.textContent);
const form = (container: HTMLElement) => container.querySelector('form') as HTMLFormElement;
const fieldError = (container: HTMLElement, fieldId: string) =>
  container.querySelector(`[data-field-id="${fieldId}"] > .form-field__error`)?.textContent ?? null;

async function renderForm(definition: SiteFormDefinition = contactForm) {
  const view = render(<FormBlock form={definition} />);
  await waitFor(() => expect(submitButton().disabled).toBe(false));
  return view;
}

beforeEach(() => {
  keys = 0;
  setCrumbCookie('krume-123');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setCrumbCookie(null);
});

describe('form block: server-rendered markup', () => {
  it('R1.3.3 R3.15.2 renders a real form with a label for every control of every field type', () => {
    const html = renderIsland('form-block', { form: everyField });
    const root = document.createElement('div');
    root.innerHTML = html;
    expect(root.querySelector('[data-island="form-block"]')).not.toBeNull();
    const formElement = root.querySelector('form');
    expect(formElement).not.toBeNull();
    // Hidden fields carry the owner's value and need no label; every control a visitor uses has one.
    expect(root.querySelectorAll('input[type="hidden"]')).toHaveLength(2);
    const controls = Array.from(root.querySelectorAll('input:not([type="hidden"]), select, textarea'));
    // name 2, email, text, textarea, select, radio 2, checkbox 2 + 1, likert 2x5, address 6, phone 4, date 3, time 4
    expect(controls).toHaveLength(2 + 1 + 1 + 1 + 1 + 2 + 3 + 10 + 6 + 4 + 3 + 4);
    for (const control of controls) {
      const label = root.querySelector(`label[for="${control.id}"]`);
      expect(label?.textContent?.trim(), `label of ${control.id}`).toBeTruthy();
    }
    const ids = controls.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(root.textContent).toContain('Mehr über dich');
    expect(root.textContent).toContain('Stimme voll und ganz zu');
    expect(root.querySelector('input[type="email"]')).not.toBeNull();
  });

  it('R5.5.5 shows the textarea counter "n / max" and the disclaimer', () => {
    const html = renderToString(<FormBlock form={contactForm} />);
    expect(html).toContain('0 / 20');
    expect(html).toContain('Wir verwenden deine Angaben nur für deine Anfrage.');
    expect(html).toContain('Senden');
  });
});

describe('form block: captcha look', () => {
  it.each([
    [2, 2, ['captcha--dark', 'captcha--align-center']],
    [1, 3, ['captcha--light', 'captcha--align-right']],
    [null, 1, ['captcha--align-left']],
    [null, null, []],
  ] as const)(
    'R3.15.1 captchaTheme %s and captchaAlignment %s style the captcha container',
    async (theme, alignment, classes) => {
      stubApi();
      const { container } = await renderForm({
        ...contactForm,
        captchaTheme: theme,
        captchaAlignment: alignment,
      });
      const box = container.querySelector('.form-block__captcha');
      expect(box).not.toBeNull();
      const modifiers = Array.from(box!.classList).filter((c) => c.startsWith('captcha--'));
      expect(modifiers).toEqual(classes);
    },
  );

  it('R3.15.1 the default theme has a rule for every captcha theme and alignment', () => {
    const css = readFileSync(resolve(import.meta.dirname, '../../../../theme/templates/theme.css'), 'utf8');
    for (const modifier of ['dark', 'light', 'align-left', 'align-center', 'align-right'])
      expect(css).toMatch(new RegExp(`\\.form-block__captcha\\.captcha--${modifier}\\b`));
  });
});

describe('form block: submitting', () => {
  it('R4.6.1 R4.6.4 R4.6.5 R4.6.6 R2.2.15 R7.2.4 R7.2.5 R3.15.3 asks for a key, sends key, form JSON and captcha, then shows the submission text in place of the form', async () => {
    stubApi();
    const { container } = await renderForm();
    fillContactForm();
    fireEvent.click(submitButton());
    await screen.findByText('Danke für deine Nachricht!');

    expect(api.order()).toEqual([KEY, CHALLENGE, SAVE]);
    const [key] = api.callsTo(KEY);
    expect(key.body).toBeUndefined();
    expect(key.credentials).toBe('same-origin');
    const [save] = api.callsTo(SAVE);
    expect(save.credentials).toBe('same-origin');
    expect(save.headers['x-csrf-token']).toBe('krume-123');
    const body = save.body as { key: string; formId: string; form: string; captchaKey: string };
    expect(body.key).toBe('key-1');
    expect(body.formId).toBe('kontaktformular');
    expect(typeof body.form).toBe('string');
    expect(JSON.parse(body.form)).toEqual({
      name: { First: 'Erika', Last: 'Muster' },
      email: 'erika@example.de',
      nachricht: 'Hallo!',
    });
    expect(signatureOf(body.captchaKey)).toBe('c1.signature');
    expect(provenBits(body.captchaKey)).toBeGreaterThanOrEqual(8);

    expect(form(container).hidden).toBe(true);
    expect(banners(container)).toEqual([]);
    expect(container.querySelector('.form-block__success')?.getAttribute('role')).toBe('status');
  });

  it('R4.6.2 R4.6.3 is locked while submitting and the button reads "Wird gesendet …"', async () => {
    const answer = deferred<Response>();
    stubApi({ [SAVE]: () => answer.promise });
    const { container } = await renderForm();
    fillContactForm();
    fireEvent.click(submitButton());
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));

    expect(submitButton().textContent).toBe('Wird gesendet …');
    expect(submitButton().disabled).toBe(true);
    expect((container.querySelector('fieldset.form-block__fields') as HTMLFieldSetElement).disabled).toBe(
      true,
    );
    expect(form(container).getAttribute('aria-busy')).toBe('true');
    fireEvent.submit(form(container));
    await act(async () => {});
    expect(api.callsTo(KEY)).toHaveLength(1);

    await act(async () => answer.resolve(okSave()));
    await screen.findByText('Danke für deine Nachricht!');
  });

  it('R4.6.8 R2.2.15 shows the post-submit HTML without anything that runs code', async () => {
    stubApi({
      [SAVE]: () =>
        jsonResponse({
          data: {
            submissionMessage: null,
            submissionHTML:
              '<p><strong>Danke!</strong> <a href="javascript:alert(1)" onclick="alert(2)">Link</a></p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
            successRedirect: null,
          },
        }),
    });
    const { container } = await renderForm();
    fillContactForm();
    fireEvent.click(submitButton());
    await screen.findByText('Danke!');
    const html = container.querySelector('.form-block__submission-html') as HTMLElement;
    expect(html.querySelector('strong')?.textContent).toBe('Danke!');
    expect(html.querySelector('script')).toBeNull();
    expect(html.querySelector('a')?.getAttribute('href')).toBeNull();
    expect(html.querySelector('a')?.getAttribute('onclick')).toBeNull();
    expect(html.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('R4.6.7 redirects after success when the form has a redirect, and only to web addresses', async () => {
    const assign = vi.spyOn(formNavigation, 'assign').mockImplementation(() => {});
    stubApi({
      [SAVE]: () =>
        jsonResponse({
          data: { submissionMessage: 'Danke', submissionHTML: null, successRedirect: '/danke' },
        }),
    });
    await renderForm();
    fillContactForm();
    fireEvent.click(submitButton());
    await screen.findByText('Danke');
    expect(assign).toHaveBeenCalledWith('/danke');

    cleanup();
    assign.mockClear();
    stubApi({
      [SAVE]: () =>
        jsonResponse({
          data: { submissionMessage: 'Danke', submissionHTML: null, successRedirect: 'javascript:alert(1)' },
        }),
    });
    await renderForm();
    fillContactForm();
    fireEvent.click(submitButton());
    await screen.findByText('Danke');
    expect(assign).not.toHaveBeenCalled();
  });

  it('R2.2.15 shows a thank-you text when the form has none of its own', async () => {
    stubApi({ [SAVE]: () => jsonResponse({ data: {} }) });
    await renderForm();
    fillContactForm();
    fireEvent.click(submitButton());
    await screen.findByText('Vielen Dank! Deine Nachricht wurde gesendet.');
  });

  it('R3.15.2 R5.5.11 R5.5.15 sends every kind of answer in its parts and the owner’s hidden values; sections send nothing', async () => {
    stubApi();
    const { container } = await renderForm(everyField);
    const hidden = container.querySelector<HTMLInputElement>('input[type="hidden"][name="quelle"]');
    expect(hidden?.value).toBe('Flyer Sommer');
    change('Vorname', 'Erika');
    change('Nachname', 'Muster');
    change(/^E-Mail \(erforderlich\)/, 'erika@example.de');
    change('Thema', 'Sonstiges');
    fireEvent.click(screen.getByLabelText('Telefon', { selector: 'input[type="radio"]' }));
    fireEvent.click(screen.getByLabelText('Taschen'));
    fireEvent.click(screen.getByLabelText('Ich stimme den AGB zu'));
    const agree = screen.getAllByLabelText('Stimme zu');
    fireEvent.click(agree[0]);
    fireEvent.click(agree[1]);
    change('Stadt', 'Berlin');
    change('Land', 'DE');
    change('Adresse', 'Hauptstraße 1');
    change('Postleitzahl', '10115');
    change('Vorwahl', '030');
    change('Rufnummer', '123');
    change('Durchwahl', '4567');
    change('Monat', '5');
    change('Tag', '17');
    change('Jahr', '2025');
    fireEvent.click(submitButton());
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));
    const sent = JSON.parse((api.callsTo(SAVE)[0].body as { form: string }).form);
    expect(sent).toMatchObject({
      thema: 'Sonstiges',
      weg: 'Telefon',
      interessen: ['Taschen'],
      agb: ['Ja'],
      umfrage: { Auswahl: '1', Lieferung: '1' },
      adresse: { Line1: 'Hauptstraße 1', City: 'Berlin', Zip: '10115', Country: 'DE' },
      telefon: { Country: '', Areacode: '030', Prefix: '123', Line: '4567' },
      datum: { Month: '5', Day: '17', Year: '2025' },
    });
    expect(Object.keys(sent)).not.toContain('abschnitt');
    // Hidden fields send the value the owner set, which no visitor sees or types.
    expect(sent.quelle).toBe('Flyer Sommer');
    expect(sent.leer).toBe('');
    expect(screen.queryByText('Quelle')).toBeNull();
    // The captcha is off for this form: nothing was solved and no token was sent.
    expect(api.callsTo(CHALLENGE)).toHaveLength(0);
    expect((api.callsTo(SAVE)[0].body as { captchaKey: unknown }).captchaKey).toBeNull();
  });
});

describe('form block: validation in the browser', () => {
  it('R5.5.1 R5.5.2 R8.4.11 R8.4.12 R4.6.9 R4.6.10 puts "Erforderlich" above each empty required field and the banner above and below the form', async () => {
    stubApi();
    const { container } = await renderForm();
    fireEvent.click(submitButton());
    await waitFor(() => expect(fieldError(container, 'email')).toBe('Erforderlich'));
    expect(fieldError(container, 'name')).toBe('Erforderlich');
    expect(fieldError(container, 'nachricht')).toBe('Erforderlich');
    const banner =
      'Beim Senden des Formulars ist ein Problem aufgetreten. Bitte prüfe die markierten Felder.';
    expect(banners(container)).toEqual([banner, banner]);
    const [top, bottom] = Array.from(container.querySelectorAll('.form-block__problem'));
    expect(top.compareDocumentPosition(form(container)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(bottom.compareDocumentPosition(form(container)) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    // The message sits above its field's control and is tied to it.
    const email = screen.getByLabelText(/^E-Mail-Adresse/);
    const message = container.querySelector('[data-field-id="email"] > .form-field__error') as HTMLElement;
    expect(message.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(email.getAttribute('aria-describedby')).toBe(message.id);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    // Unlocked, and nothing was saved.
    expect(submitButton().textContent).toBe('Senden');
    expect(submitButton().disabled).toBe(false);
    expect(api.callsTo(SAVE)).toHaveLength(0);
  });

  it('WCAG 2.4.3 3.3.1 after a refused submit focus is on the first field with a problem and the Name error is tied to Vorname and Nachname', async () => {
    stubApi();
    const { container } = await renderForm();
    fireEvent.click(submitButton());
    await waitFor(() => expect(fieldError(container, 'name')).toBe('Erforderlich'));
    const first = screen.getByLabelText('Vorname');
    const message = container.querySelector('[data-field-id="name"] > .form-field__error') as HTMLElement;
    for (const part of [first, screen.getByLabelText('Nachname')]) {
      expect(part.getAttribute('aria-invalid')).toBe('true');
      expect(part.getAttribute('aria-describedby')).toBe(message.id);
    }
    // Not <body>: the first field in the form's order that has a problem.
    await waitFor(() => expect(document.activeElement).toBe(first));
  });

  it('R5.5.9 R8.4.13 says an email must look like user@domain and clears the message once edited', async () => {
    stubApi();
    const { container } = await renderForm();
    fillContactForm();
    change(/^E-Mail-Adresse/, 'erika@');
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(fieldError(container, 'email')).toBe('Die E-Mail-Adresse muss die Form nutzer@domain.de haben.'),
    );
    change(/^E-Mail-Adresse/, 'erika@example.de');
    expect(fieldError(container, 'email')).toBeNull();
  });

  it('R5.5.4 R5.5.6 flags a textarea over its limit in the counter and at the field', async () => {
    stubApi();
    const { container } = await renderForm();
    fillContactForm();
    change(/^Nachricht/, 'x'.repeat(21));
    const counter = container.querySelector('.form-field__counter') as HTMLElement;
    expect(counter.textContent).toBe('21 / 20');
    expect(counter.dataset.overLimit).toBe('true');
    fireEvent.click(submitButton());
    await waitFor(() => expect(fieldError(container, 'nachricht')).toBe('Zeichenbegrenzung überschritten'));
  });

  it('R5.5.3 a required survey with a question left open says the survey is invalid', async () => {
    stubApi();
    const { container } = await renderForm(everyField);
    fireEvent.click(screen.getAllByLabelText('Neutral')[0]);
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(fieldError(container, 'umfrage')).toBe(
        'Die Umfrage ist ungültig. Eine erforderliche Frage fehlt.',
      ),
    );
  });
});

describe('form block: refused submissions', () => {
  it('R8.4.5 R5.5.13 R5.5.14 R7.2.6 R4.6.11 shows the server field errors above their fields, the banner twice, and solves a new captcha for the retry', async () => {
    let saves = 0;
    stubApi({
      [SAVE]: () =>
        ++saves === 1
          ? jsonResponse(
              {
                data: { errors: { email: 'Diese Adresse nehmen wir nicht.' } },
                error: { type: 'FIELDS_INVALID', message: 'Ein oder mehrere Felder sind ungültig.' },
              },
              400,
            )
          : okSave(),
    });
    const { container } = await renderForm();
    fillContactForm();
    fireEvent.click(submitButton());
    await waitFor(() => expect(fieldError(container, 'email')).toBe('Diese Adresse nehmen wir nicht.'));
    expect(banners(container)).toHaveLength(2);
    expect(submitButton().disabled).toBe(false);
    // Captcha reset: a fresh challenge is fetched at once.
    await waitFor(() => expect(api.callsTo(CHALLENGE)).toHaveLength(2));

    fireEvent.click(submitButton());
    await screen.findByText('Danke für deine Nachricht!');
    const [first, second] = api.callsTo(SAVE).map((c) => c.body as { captchaKey: string; key: string });
    expect(signatureOf(first.captchaKey)).toBe('c1.signature');
    expect(signatureOf(second.captchaKey)).toBe('c2.signature');
    // The key was not spent by the refused try, so it serves the retry.
    expect(second.key).toBe(first.key);
    expect(api.callsTo(KEY)).toHaveLength(1);
  });

  it.each([
    [401, 'R8.4.1', 'Das Formular kann gerade nicht gesendet werden. Bitte versuche es später erneut.'],
    [404, 'R8.4.2', 'Dieses Formular ist noch nicht eingerichtet.'],
    [429, 'R8.4.3', 'Zu viele Übermittlungen. Bitte warte einen Moment und versuche es dann erneut.'],
    [500, 'R8.4.4', 'Das Formular kann gerade nicht gesendet werden. Bitte versuche es später erneut.'],
  ])(
    '%i %s R4.6.9 R4.6.11 shows the status message above and below, unlocks and resets the captcha',
    async (status, _id, message) => {
      stubApi({ [SAVE]: () => jsonResponse({ error: { type: 'X', message: 'Servertext' } }, status) });
      const { container } = await renderForm();
      fillContactForm();
      fireEvent.click(submitButton());
      await waitFor(() => expect(banners(container)).toEqual([message, message]));
      expect(container.querySelector('.form-block__problem')?.getAttribute('role')).toBe('alert');
      expect(form(container).hidden).toBe(false);
      expect(submitButton().textContent).toBe('Senden');
      expect(submitButton().disabled).toBe(false);
      await waitFor(() => expect(api.callsTo(CHALLENGE)).toHaveLength(2));
    },
  );

  it('R8.4.1 asks for a new key after the server refused the old one (401)', async () => {
    let saves = 0;
    stubApi({ [SAVE]: () => (++saves === 1 ? jsonResponse({}, 401) : okSave()) });
    await renderForm();
    fillContactForm();
    fireEvent.click(submitButton());
    await screen.findAllByText(
      'Das Formular kann gerade nicht gesendet werden. Bitte versuche es später erneut.',
    );
    fireEvent.click(submitButton());
    await screen.findByText('Danke für deine Nachricht!');
    expect(api.callsTo(SAVE).map((c) => (c.body as { key: string }).key)).toEqual(['key-1', 'key-2']);
  });

  it('R8.4.7 shows the server text of a refused captcha (400 without field errors)', async () => {
    stubApi({
      [SAVE]: () =>
        jsonResponse(
          { error: { type: 'CAPTCHA_FAILED', message: 'Bitte bestätige, dass du kein Roboter bist.' } },
          400,
        ),
    });
    const { container } = await renderForm();
    fillContactForm();
    fireEvent.click(submitButton());
    await waitFor(() => expect(banners(container)[0]).toBe('Bitte bestätige, dass du kein Roboter bist.'));
  });

  it('R8.4.6 falls back to the unknown-error text for an answer it cannot read', async () => {
    stubApi({ [SAVE]: () => new Response('kaputt', { status: 418 }) });
    const { container } = await renderForm();
    fillContactForm();
    fireEvent.click(submitButton());
    await waitFor(() => expect(banners(container)[0]).toBe('Ein unbekannter Fehler ist aufgetreten.'));
  });

  it('R8.4.7 stops before saving when no captcha can be had', async () => {
    stubApi({
      [CHALLENGE]: () =>
        jsonResponse(
          { error: { type: 'CAPTCHA_UNAVAILABLE', message: 'Enterprise V3 ReCaptcha site key not found' } },
          400,
        ),
    });
    const { container } = await renderForm();
    fillContactForm();
    fireEvent.click(submitButton());
    await waitFor(() => expect(banners(container)[0]).toBe('Enterprise V3 ReCaptcha site key not found'));
    expect(api.callsTo(SAVE)).toHaveLength(0);
  });

  it.each([
    [500, 'R8.4.8', 'Das Formular konnte nicht vorbereitet werden. Bitte lade die Seite neu.'],
    [429, 'R8.4.3', 'Zu viele Übermittlungen. Bitte warte einen Moment und versuche es dann erneut.'],
  ])('%i on the key call %s shows its message and saves nothing', async (status, _id, message) => {
    stubApi({ [KEY]: () => jsonResponse({}, status) });
    const { container } = await renderForm();
    fillContactForm();
    fireEvent.click(submitButton());
    await waitFor(() => expect(banners(container)).toEqual([message, message]));
    expect(api.callsTo(SAVE)).toHaveLength(0);
  });
});
