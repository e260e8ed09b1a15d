import { FORM_MESSAGES } from '@baukasten/commerce';
import { useEffect, useState } from 'react';
import { NEWSLETTER_SUBSCRIBED_EVENT } from '../../analytics/page-events.js';
import { useIslandId } from '../island-id.js';
import { CaptchaContainer } from './captcha-status.js';
import { NEWSLETTER_SUBSCRIBE_URL } from './form-request.js';
import { NEWSLETTER_TEXTS } from './texts.js';
import { answerMessage, useEmailSignup } from './use-email-signup.js';

export interface NewsletterBlockProps {
  title?: string | null;
  description?: string | null;
  submitText?: string | null;
  /** The mailing list the block subscribes to; without one the server uses the site's first list. */
  listId?: string;
  /** The website has captchaSettings.siteKey: the server asks for a token (NEWSLETTER_BLOCK_SUBMISSION). */
  captchaEnabled?: boolean;
}

/**
 * Newsletter block: email (+ captcha when the site has a key), POST /api/newsletter/subscribe, then the
 * double opt-in note that a confirmation mail is on its way; refusals show the server's text.
 */
export function NewsletterBlock(props: NewsletterBlockProps) {
  const id = useIslandId();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const signup = useEmailSignup({
    action: 'NEWSLETTER_BLOCK_SUBMISSION',
    captchaEnabled: props.captchaEnabled === true,
    url: NEWSLETTER_SUBSCRIBE_URL,
    payload: (email, token) => ({
      email,
      ...(token ? { captchaToken: token } : {}),
      ...(props.listId ? { listId: props.listId } : {}),
    }),
    successText: (body) => answerMessage(body) ?? NEWSLETTER_TEXTS.confirmationSent,
    failureText: NEWSLETTER_TEXTS.failed,
  });

  // Announced for the ad pixels (they run only after cookie consent).
  const subscribed = signup.phase === 'success';
  useEffect(() => {
    if (subscribed) window.dispatchEvent(new Event(NEWSLETTER_SUBSCRIBED_EVENT));
  }, [subscribed]);

  const submitting = signup.phase === 'submitting';
  const emailId = `${id}-email`;
  const emailErrorId = `${emailId}-error`;
  return (
    <div
      className={`newsletter-block newsletter-block--${signup.phase}`}
      data-hydrated={hydrated ? 'true' : undefined}
    >
      {props.title ? <h2 className="newsletter-block__title">{props.title}</h2> : null}
      {props.description ? <p className="newsletter-block__description">{props.description}</p> : null}
      {signup.phase === 'success' ? (
        <p className="newsletter-block__success" role="status">
          {signup.successMessage}
        </p>
      ) : (
        <>
          {signup.errorMessage ? (
            <p className="newsletter-block__error" role="alert">
              {signup.errorMessage}
            </p>
          ) : null}
          <form
            className="newsletter-block__form"
            method="post"
            noValidate
            aria-label={props.title || undefined}
            aria-busy={submitting || undefined}
            onSubmit={signup.submit}
            onFocus={signup.captcha.prepare}
          >
            <fieldset className="newsletter-block__fields" disabled={submitting}>
              {signup.emailError ? (
                <p className="newsletter-block__field-error" id={emailErrorId}>
                  {signup.emailError}
                </p>
              ) : null}
              <label htmlFor={emailId}>{NEWSLETTER_TEXTS.emailLabel}</label>
              <input
                id={emailId}
                name="email"
                type="email"
                autoComplete="email"
                value={signup.email}
                aria-invalid={signup.emailError ? true : undefined}
                aria-describedby={signup.emailError ? emailErrorId : undefined}
                onChange={(e) => signup.setEmail(e.target.value)}
              />
              {signup.captcha.enabled ? (
                <CaptchaContainer captcha={signup.captcha} className="newsletter-block__captcha" />
              ) : null}
              <button className="newsletter-block__submit" type="submit" disabled={!hydrated || submitting}>
                {submitting ? FORM_MESSAGES.submitting : props.submitText?.trim() || NEWSLETTER_TEXTS.submit}
              </button>
            </fieldset>
          </form>
        </>
      )}
    </div>
  );
}
