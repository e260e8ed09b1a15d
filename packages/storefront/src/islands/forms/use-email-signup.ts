import { restockEmailProblem } from '@baukasten/commerce';
import { type FormEvent, useRef, useState } from 'react';
import { type CaptchaAction, CaptchaError } from './captcha.js';
import { postJson, serverMessage } from './form-request.js';
import { type Captcha, useCaptcha } from './use-captcha.js';

export type SignupPhase = 'editing' | 'submitting' | 'success';

export interface EmailSignupOptions {
  action: CaptchaAction;
  /** The website has a captcha site key: a token is fetched and sent with the sign-up. */
  captchaEnabled: boolean;
  url: string;
  payload(email: string, captchaToken: string | null): Record<string, unknown>;
  /** The success text for the server's answer body. */
  successText(body: unknown): string;
  /** Shown when a refusal carries no text of the server's. */
  failureText: string;
}

export interface EmailSignup {
  email: string;
  setEmail(email: string): void;
  /** Empty or invalid email, shown at the field. */
  emailError: string | null;
  phase: SignupPhase;
  successMessage: string | null;
  errorMessage: string | null;
  captcha: Captcha;
  submit(event: FormEvent<HTMLFormElement>): Promise<void>;
}

/**
 * The email sign-ups (restock notice, newsletter): the email rule of spec 5 in the browser, then a
 * captcha token when the site asks for one, then the call; success text or the server's refusal.
 */
export function useEmailSignup(options: EmailSignupOptions): EmailSignup {
  const [email, setEmailValue] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [phase, setPhase] = useState<SignupPhase>('editing');
  const [successMessage, setSuccessMessage] = useState<string | null>(null);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const busy = useRef(false);
  const captcha = useCaptcha(options.action, options.captchaEnabled);

  const setEmail = (value: string) => {
    setEmailValue(value);
    setEmailError(null);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    setErrorMessage(null);
    const problem = restockEmailProblem(email);
    setEmailError(problem);
    if (problem) return;

    busy.current = true;
    setPhase('submitting');
    let token: string | null = null;
    let failure: string | null = null;
    try {
      token = await captcha.token();
    } catch (error) {
      failure = error instanceof CaptchaError ? error.message : options.failureText;
    }
    if (failure === null) {
      const answer = await postJson(options.url, options.payload(email.trim(), token));
      if (answer.ok) {
        busy.current = false;
        setSuccessMessage(options.successText(answer.body));
        setPhase('success');
        return;
      }
      failure = serverMessage(answer.body) ?? options.failureText;
    }
    busy.current = false;
    setErrorMessage(failure);
    setPhase('editing');
    captcha.reset();
  }

  return { email, setEmail, emailError, phase, successMessage, errorMessage, captcha, submit };
}

/** `message` of a sign-up answer ({success: true, message}), when the server names one. */
export function answerMessage(body: unknown): string | null {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}
