// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
import { RestockForm, type RestockFormProps } from './restock-form.js';

const SIGNUP = 'POST /api/commerce/restock-notifications';
const CHALLENGE = 'GET /api/captcha/challenge';
const FALLBACK = 'Formular kann nicht gesendet werden. Bitte versuche es später nochmal.';

const product: RestockFormProps = { productId: 'item-1', variantId: 'variant-2' };

let api: ApiStub;

function stubApi(overrides: Record<string, Handler> = {}) {
  api = apiStub({
    [CHALLENGE]: challengeHandler(8),
    [SIGNUP]: () => jsonResponse({ success: true, message: 'Registriert!' }),
    ...overrides,
  });
  vi.stubGlobal('fetch', api.fetch);
}

async function renderRestock(props: Partial<RestockFormProps> = {}) {
  const view = render(<RestockForm {...product} {...props} />);
  await waitFor(() => expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(false));
  return view;
}

const emailInput = () => screen.getByLabelText('E-Mail-Adresse') as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button'));

beforeEach(() => {
  setCrumbCookie('krume-9');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setCrumbCookie(null);
});

describe('restock form: markup', () => {
  it('R2.2.9 R5.4.1 R5.4.2 R5.4.3 has a labelled email field, the mailing-list box and a captcha container when the site asks for them', () => {
    const root = document.createElement('div');
    root.innerHTML = renderIsland('restock-form', {
      ...product,
      mailingListSignUpEnabled: true,
      captchaEnabled: true,
    });
    const email = root.querySelector('input[type="email"]') as HTMLInputElement;
    expect(root.querySelector(`label[for="${email.id}"]`)?.textContent).toBe('E-Mail-Adresse');
    const box = root.querySelector('input[type="checkbox"]') as HTMLInputElement;
    expect(root.querySelector(`label[for="${box.id}"]`)?.textContent).toBe('Newsletter abonnieren');
    expect(root.querySelector('.restock-form__captcha')).not.toBeNull();
  });

  it('R5.4.2 R5.4.3 leaves out the mailing-list box and the captcha container when the site has neither', () => {
    const root = document.createElement('div');
    root.innerHTML = renderIsland('restock-form', product);
    expect(root.querySelector('input[type="email"]')).not.toBeNull();
    expect(root.querySelector('input[type="checkbox"]')).toBeNull();
    expect(root.querySelector('.captcha')).toBeNull();
  });
});

describe('restock form: email rules', () => {
  it('R5.4.4 an empty email gives "E-Mail-Adresse darf nicht leer sein" and sends nothing', async () => {
    stubApi();
    await renderRestock();
    submit();
    await screen.findByText('E-Mail-Adresse darf nicht leer sein');
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  it('R5.4.5 an invalid email gives "E-Mail-Adresse ist ungültig" and sends nothing', async () => {
    stubApi();
    await renderRestock();
    fireEvent.change(emailInput(), { target: { value: 'kein-at-zeichen' } });
    submit();
    await screen.findByText('E-Mail-Adresse ist ungültig');
    expect(api.calls).toHaveLength(0);
  });
});

describe('restock form: sign-up', () => {
  it('R4.3.1 R4.3.2 R8.3.3 R7.4.1 R3.4.1 is submitting while the call runs, then replaces the form with "Registriert!"', async () => {
    const answer = deferred<Response>();
    stubApi({ [SIGNUP]: () => answer.promise });
    const { container } = await renderRestock({ mailingListSignUpEnabled: true });
    fireEvent.change(emailInput(), { target: { value: ' kundin@example.de ' } });
    fireEvent.click(screen.getByLabelText('Newsletter abonnieren'));
    submit();
    await waitFor(() => expect(api.callsTo(SIGNUP)).toHaveLength(1));
    const button = screen.getByRole('button') as HTMLButtonElement;
    expect(button.textContent).toBe('Wird gesendet …');
    expect(button.disabled).toBe(true);
    expect(container.querySelector('.restock-form--submitting')).not.toBeNull();

    const [call] = api.callsTo(SIGNUP);
    expect(call.headers['x-csrf-token']).toBe('krume-9');
    expect(call.body).toEqual({
      isJoinMailingList: true,
      productId: 'item-1',
      variantId: 'variant-2',
      siteVisitorEmail: 'kundin@example.de',
      recaptchaEnterpriseV3Token: '',
    });

    await act(async () => answer.resolve(jsonResponse({ success: true, message: 'Registriert!' })));
    expect(await screen.findByText('Registriert!')).toBeTruthy();
    expect(container.querySelector('form')).toBeNull();
  });

  it("R8.3.4 shows the store's own success text", async () => {
    stubApi({ [SIGNUP]: () => jsonResponse({ success: true, message: 'Wir sagen dir Bescheid!' }) });
    await renderRestock();
    fireEvent.change(emailInput(), { target: { value: 'kundin@example.de' } });
    submit();
    await screen.findByText('Wir sagen dir Bescheid!');

    cleanup();
    stubApi({ [SIGNUP]: () => jsonResponse({ success: true }) });
    await renderRestock({ successMessage: 'Bald wieder da – wir melden uns.' });
    fireEvent.change(emailInput(), { target: { value: 'kundin@example.de' } });
    submit();
    await screen.findByText('Bald wieder da – wir melden uns.');
  });

  it('R3.4.1 sends the mailing-list opt-in as the store preset it', async () => {
    stubApi();
    await renderRestock({ mailingListSignUpEnabled: true, mailingListOptInByDefault: true });
    expect((screen.getByLabelText('Newsletter abonnieren') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(emailInput(), { target: { value: 'kundin@example.de' } });
    submit();
    await screen.findByText('Registriert!');
    expect((api.callsTo(SIGNUP)[0].body as { isJoinMailingList: boolean }).isJoinMailingList).toBe(true);
  });

  it('R7.4.2 R5.4.3 fetches and solves a captcha before the sign-up when the site has a key', async () => {
    stubApi();
    await renderRestock({ captchaEnabled: true });
    fireEvent.change(emailInput(), { target: { value: 'kundin@example.de' } });
    submit();
    await screen.findByText('Registriert!');
    expect(api.order()).toEqual([CHALLENGE, SIGNUP]);
    expect(api.callsTo(CHALLENGE)[0].url).toContain('action=PRODUCT_WAITLIST_SUBMISSION');
    const token = (api.callsTo(SIGNUP)[0].body as { recaptchaEnterpriseV3Token: string })
      .recaptchaEnterpriseV3Token;
    expect(signatureOf(token)).toBe('c1.signature');
    expect(provenBits(token)).toBeGreaterThanOrEqual(8);
  });
});

describe('restock form: failures', () => {
  it('R4.3.3 R8.3.1 shows the server message, keeps the form and resets the captcha', async () => {
    stubApi({
      [SIGNUP]: () =>
        jsonResponse({ error: { type: 'INVALID_EMAIL', message: 'E-Mail-Adresse ist ungültig' } }, 400),
    });
    await renderRestock({ captchaEnabled: true });
    fireEvent.change(emailInput(), { target: { value: 'kundin@example.de' } });
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('E-Mail-Adresse ist ungültig');
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(false);
    expect(emailInput().value).toBe('kundin@example.de');
    await waitFor(() => expect(api.callsTo(CHALLENGE)).toHaveLength(2));
  });

  it.each([
    ['a 500 without a message', () => new Response('', { status: 500 })],
    [
      'no answer at all',
      () => {
        throw new TypeError('offline');
      },
    ],
  ])('R4.3.3 R8.3.2 shows the fallback text for %s', async (_case, handler) => {
    stubApi({ [SIGNUP]: handler as Handler });
    await renderRestock();
    fireEvent.change(emailInput(), { target: { value: 'kundin@example.de' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(FALLBACK);
  });

  it('R8.3.5 shows "Enterprise V3 ReCaptcha site key not found" when the captcha provider has no key', async () => {
    stubApi({
      [CHALLENGE]: () =>
        jsonResponse(
          { error: { type: 'CAPTCHA_UNAVAILABLE', message: 'Enterprise V3 ReCaptcha site key not found' } },
          400,
        ),
    });
    await renderRestock({ captchaEnabled: true });
    fireEvent.change(emailInput(), { target: { value: 'kundin@example.de' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Enterprise V3 ReCaptcha site key not found');
    expect(api.callsTo(SIGNUP)).toHaveLength(0);
  });
});

describe('restock form: signed-in customer', () => {
  const ACCOUNT_SIGNUP = 'POST /api/site-users/account/notifications/restock';

  function signIn(signedIn: boolean) {
    // biome-ignore lint/suspicious/noDocumentCookie: the island reads the readable flag of spec 3.
    document.cookie = signedIn
      ? 'authenticated=true; path=/'
      : 'authenticated=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  }

  beforeEach(() => {
    signIn(true);
    document.documentElement.lang = 'de';
  });
  afterEach(() => {
    signIn(false);
    document.documentElement.lang = '';
  });

  async function renderSignedIn(props: Partial<RestockFormProps> = {}) {
    const view = render(<RestockForm {...product} {...props} />);
    await screen.findByText(
      'Du bist angemeldet: Wir schreiben dir an die E-Mail-Adresse deines Kundenkontos.',
    );
    return view;
  }

  it('R7.4.3 R7.4.4 R4.3.1 R4.3.2 R8.3.3 asks for no email and no captcha, signs up with one click and the page language, then shows "Registriert!"', async () => {
    const answer = deferred<Response>();
    stubApi({ [ACCOUNT_SIGNUP]: () => answer.promise });
    const { container } = await renderSignedIn({ captchaEnabled: true, mailingListSignUpEnabled: true });
    expect(container.querySelector('input[type="email"]')).toBeNull();
    expect(container.querySelector('.restock-form__captcha')).toBeNull();
    fireEvent.click(screen.getByLabelText('Newsletter abonnieren'));
    submit();
    await waitFor(() => expect(api.callsTo(ACCOUNT_SIGNUP)).toHaveLength(1));
    expect((screen.getByRole('button') as HTMLButtonElement).textContent).toBe('Wird gesendet …');
    const [call] = api.callsTo(ACCOUNT_SIGNUP);
    expect(call.headers['x-csrf-token']).toBe('krume-9');
    expect(call.body).toEqual({
      isJoinMailingList: true,
      productId: 'item-1',
      variantId: 'variant-2',
      language: 'de',
    });
    await act(async () => answer.resolve(jsonResponse({ success: true, message: 'Registriert!' })));
    expect(await screen.findByText('Registriert!')).toBeTruthy();
    expect(container.querySelector('form')).toBeNull();
    expect(api.callsTo(CHALLENGE)).toHaveLength(0);
    expect(api.callsTo(SIGNUP)).toHaveLength(0);
  });

  it("R8.3.4 shows the store's own success text after the one-click sign-up", async () => {
    stubApi({ [ACCOUNT_SIGNUP]: () => jsonResponse({ success: true }) });
    await renderSignedIn({ successMessage: 'Bald wieder da – wir melden uns.' });
    submit();
    await screen.findByText('Bald wieder da – wir melden uns.');
  });

  it('R4.3.3 R8.3.1 R8.3.2 shows the server message, else the fallback, and keeps the button', async () => {
    stubApi({
      [ACCOUNT_SIGNUP]: () =>
        jsonResponse({ error: { type: 'PRODUCT_NOT_FOUND', message: 'Diesen Artikel gibt es nicht.' } }, 404),
    });
    await renderSignedIn();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Diesen Artikel gibt es nicht.');
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(false);

    cleanup();
    stubApi({ [ACCOUNT_SIGNUP]: () => new Response('', { status: 500 }) });
    await renderSignedIn();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(FALLBACK);
  });

  it('falls back to the email form when the server no longer knows the session', async () => {
    stubApi({
      [ACCOUNT_SIGNUP]: () =>
        jsonResponse(
          { error: { type: 'INVALID_EMAIL', message: 'E-Mail-Adresse darf nicht leer sein' } },
          400,
        ),
    });
    await renderSignedIn();
    submit();
    await waitFor(() => expect(screen.getByLabelText('E-Mail-Adresse')).toBeTruthy());
    fireEvent.change(emailInput(), { target: { value: 'kundin@example.de' } });
    submit();
    await screen.findByText('Registriert!');
    expect(api.callsTo(SIGNUP)).toHaveLength(1);
  });

  it('R5.4.1 the server-rendered markup is the visitor form: the cookie only counts in the browser', () => {
    const root = document.createElement('div');
    root.innerHTML = renderIsland('restock-form', product);
    expect(root.querySelector('input[type="email"]')).not.toBeNull();
  });
});
