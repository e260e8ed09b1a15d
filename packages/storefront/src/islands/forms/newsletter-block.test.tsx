// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIsland } from '../../server-render.js';
import {
  type ApiStub,
  apiStub,
  challengeHandler,
  type Handler,
  jsonResponse,
  signatureOf,
} from './api-stub.js';
import { NewsletterBlock, type NewsletterBlockProps } from './newsletter-block.js';

const SUBSCRIBE = 'POST /api/newsletter/subscribe';
const CHALLENGE = 'GET /api/captcha/challenge';

let api: ApiStub;

function stubApi(overrides: Record<string, Handler> = {}) {
  api = apiStub({
    [CHALLENGE]: challengeHandler(8),
    [SUBSCRIBE]: () => jsonResponse({ success: true }),
    ...overrides,
  });
  vi.stubGlobal('fetch', api.fetch);
}

async function renderBlock(props: NewsletterBlockProps = {}) {
  const view = render(<NewsletterBlock title="Newsletter" {...props} />);
  await waitFor(() => expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(false));
  return view;
}

const emailInput = () => screen.getByLabelText('E-Mail-Adresse') as HTMLInputElement;
const subscribe = (email: string) => {
  fireEvent.change(emailInput(), { target: { value: email } });
  fireEvent.click(screen.getByRole('button'));
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('newsletter block', () => {
  it('R1.3.4 renders a labelled email field and its button on the server', () => {
    const root = document.createElement('div');
    root.innerHTML = renderIsland('newsletter-block', { title: 'Newsletter', captchaEnabled: true });
    const email = root.querySelector('input[type="email"]') as HTMLInputElement;
    expect(root.querySelector(`label[for="${email.id}"]`)?.textContent).toBe('E-Mail-Adresse');
    expect(root.querySelector('button')?.textContent).toBe('Anmelden');
    expect(root.querySelector('.newsletter-block__captcha')).not.toBeNull();
  });

  it('R1.3.4 says a confirmation mail is on its way after the sign-up', async () => {
    stubApi();
    const { container } = await renderBlock();
    subscribe('leserin@example.de');
    await screen.findByText(/Wir haben dir eine E-Mail geschickt/);
    expect(container.querySelector('form')).toBeNull();
    expect(api.callsTo(SUBSCRIBE)[0].body).toEqual({ email: 'leserin@example.de' });
  });

  it("R1.3.4 shows the server's own success text (already subscribed)", async () => {
    stubApi({
      [SUBSCRIBE]: () =>
        jsonResponse({ success: true, message: 'Du bist bereits für den Newsletter angemeldet.' }),
    });
    await renderBlock();
    subscribe('leserin@example.de');
    await screen.findByText('Du bist bereits für den Newsletter angemeldet.');
  });

  it('R7.8.2 sends a solved captcha token for NEWSLETTER_BLOCK_SUBMISSION when the site has a key', async () => {
    stubApi();
    await renderBlock({ captchaEnabled: true });
    subscribe('leserin@example.de');
    await screen.findByText(/Wir haben dir eine E-Mail geschickt/);
    expect(api.callsTo(CHALLENGE)[0].url).toContain('action=NEWSLETTER_BLOCK_SUBMISSION');
    const body = api.callsTo(SUBSCRIBE)[0].body as { captchaToken: string };
    expect(signatureOf(body.captchaToken)).toBe('c1.signature');
  });

  it('R5.4.4 R5.4.5 checks the email before sending anything', async () => {
    stubApi();
    await renderBlock();
    subscribe('');
    await screen.findByText('E-Mail-Adresse darf nicht leer sein');
    subscribe('leserin@');
    await screen.findByText('E-Mail-Adresse ist ungültig');
    expect(api.calls).toHaveLength(0);
  });

  it('shows the refusal of the server, or a general text when it gives none, and keeps the form', async () => {
    stubApi({
      [SUBSCRIBE]: () =>
        jsonResponse(
          { error: { type: 'RATE_LIMITED', message: 'Bitte versuche es in einigen Sekunden erneut.' } },
          429,
        ),
    });
    await renderBlock();
    subscribe('leserin@example.de');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Bitte versuche es in einigen Sekunden erneut.',
    );
    expect(emailInput().value).toBe('leserin@example.de');

    cleanup();
    stubApi({ [SUBSCRIBE]: () => new Response('', { status: 502 }) });
    await renderBlock();
    subscribe('leserin@example.de');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Die Anmeldung hat nicht geklappt. Bitte versuche es später erneut.',
    );
  });
});
