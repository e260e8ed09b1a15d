import { FORM_MESSAGES, RESTOCK_MESSAGES } from '@baukasten/commerce';
import { useEffect, useId, useState } from 'react';
import { CaptchaContainer } from './captcha-status.js';
import { RESTOCK_SIGNUP_URL } from './form-request.js';
import { RESTOCK_ISLAND_TEXTS } from './texts.js';
import { answerMessage, useEmailSignup } from './use-email-signup.js';

export interface RestockFormProps {
  /** The sold-out product (item id) and its variant (variant id) the visitor waits for. */
  productId: string;
  variantId: string;
  /** Merchandising context: offer the mailing-list checkbox, and whether it starts ticked. */
  mailingListSignUpEnabled?: boolean;
  mailingListOptInByDefault?: boolean;
  /** The website has captchaSettings.siteKey: captcha container shown, token sent (spec 5). */
  captchaEnabled?: boolean;
  /** The store's own success text; the server's answer, which carries it too, wins. */
  successMessage?: string | null;
  /** Text above the field, e.g. the store's restock notice. */
  title?: string | null;
  submitText?: string | null;
}

/**
 * Restock notice sign-up for a sold-out variant (spec 4 and 5): email, optional mailing-list opt-in,
 * captcha when the site has a key; submitting, then the success text in place of the form, or the
 * server's message (else the catalogue's) above the form.
 */
export function RestockForm(props: RestockFormProps) {
  const id = useId();
  const [joinMailingList, setJoinMailingList] = useState(props.mailingListOptInByDefault === true);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const mailingList = props.mailingListSignUpEnabled === true;

  const signup = useEmailSignup({
    action: 'PRODUCT_WAITLIST_SUBMISSION',
    captchaEnabled: props.captchaEnabled === true,
    url: RESTOCK_SIGNUP_URL,
    payload: (email, token) => ({
      isJoinMailingList: mailingList && joinMailingList,
      productId: props.productId,
      variantId: props.variantId,
      siteVisitorEmail: email,
      recaptchaEnterpriseV3Token: token ?? '',
    }),
    successText: (body) => answerMessage(body) ?? (props.successMessage?.trim() || RESTOCK_MESSAGES.success),
    failureText: RESTOCK_MESSAGES.submitFailed,
  });

  if (signup.phase === 'success') {
    return (
      <div className="restock-form restock-form--success" data-hydrated={hydrated ? 'true' : undefined}>
        <p className="restock-form__success" role="status">
          {signup.successMessage}
        </p>
      </div>
    );
  }

  const submitting = signup.phase === 'submitting';
  const emailId = `${id}-email`;
  const emailErrorId = `${emailId}-error`;
  return (
    <div
      className={`restock-form restock-form--${signup.phase}`}
      data-hydrated={hydrated ? 'true' : undefined}
    >
      {props.title ? <p className="restock-form__title">{props.title}</p> : null}
      {signup.errorMessage ? (
        <p className="restock-form__error" role="alert">
          {signup.errorMessage}
        </p>
      ) : null}
      <form
        className="restock-form__form"
        method="post"
        noValidate
        aria-busy={submitting || undefined}
        onSubmit={signup.submit}
        onFocus={signup.captcha.prepare}
      >
        <fieldset className="restock-form__fields" disabled={submitting}>
          {signup.emailError ? (
            <p className="restock-form__field-error" id={emailErrorId}>
              {signup.emailError}
            </p>
          ) : null}
          <label htmlFor={emailId}>{RESTOCK_ISLAND_TEXTS.emailLabel}</label>
          <input
            id={emailId}
            name="siteVisitorEmail"
            type="email"
            autoComplete="email"
            value={signup.email}
            aria-invalid={signup.emailError ? true : undefined}
            aria-describedby={signup.emailError ? emailErrorId : undefined}
            onChange={(e) => signup.setEmail(e.target.value)}
          />
          {mailingList ? (
            <span className="restock-form__mailing-list">
              <input
                id={`${id}-mailing-list`}
                name="isJoinMailingList"
                type="checkbox"
                checked={joinMailingList}
                onChange={(e) => setJoinMailingList(e.target.checked)}
              />
              <label htmlFor={`${id}-mailing-list`}>{RESTOCK_ISLAND_TEXTS.joinMailingList}</label>
            </span>
          ) : null}
          {signup.captcha.enabled ? (
            <CaptchaContainer captcha={signup.captcha} className="restock-form__captcha" />
          ) : null}
          <button className="restock-form__submit" type="submit" disabled={!hydrated || submitting}>
            {submitting ? FORM_MESSAGES.submitting : props.submitText?.trim() || RESTOCK_ISLAND_TEXTS.submit}
          </button>
        </fieldset>
      </form>
    </div>
  );
}
