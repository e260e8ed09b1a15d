import { type FormEvent, useRef, useState } from 'react';
import { ACCOUNT_RESTOCK_SIGNUP_URL, postJson, serverMessage } from './form-request.js';
import type { SignupPhase } from './use-email-signup.js';

export interface AccountRestockOptions {
  payload(): Record<string, unknown>;
  /** The success text for the server's answer body. */
  successText(body: unknown): string;
  /** Shown when a refusal carries no text of the server's. */
  failureText: string;
  /**
   * The server did not know the session (it ran out while the readable flag stayed): the visitor's
   * form with email and captcha takes over.
   */
  onSignedOut(): void;
}

export interface AccountRestockSignup {
  phase: SignupPhase;
  successMessage: string | null;
  errorMessage: string | null;
  submit(event: FormEvent<HTMLFormElement>): Promise<void>;
}

/**
 * A signed-in customer's restock sign-up (spec 7, `POST /api/site-users/account/notifications/restock`):
 * one click, no email and no captcha; the server takes the account's address.
 */
export function useAccountRestock(options: AccountRestockOptions): AccountRestockSignup {
  const [phase, setPhase] = useState<SignupPhase>('editing');
  const [successMessage, setSuccessMessage] = useState<string | null>(null);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const busy = useRef(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setErrorMessage(null);
    setPhase('submitting');
    const answer = await postJson(ACCOUNT_RESTOCK_SIGNUP_URL, options.payload());
    busy.current = false;
    if (answer.ok) {
      setSuccessMessage(options.successText(answer.body));
      setPhase('success');
      return;
    }
    // Without a session the route answers as the visitor's sign-up, which misses the email.
    const type = (answer.body as { error?: { type?: unknown } } | null)?.error?.type;
    if (answer.status === 401 || type === 'INVALID_EMAIL') options.onSignedOut();
    else setErrorMessage(serverMessage(answer.body) ?? options.failureText);
    setPhase('editing');
  }

  return { phase, successMessage, errorMessage, submit };
}
