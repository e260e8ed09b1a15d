import { FORM_MESSAGES, RESTOCK_MESSAGES } from '@baukasten/commerce';
import { useEffect, useState } from 'react';
import { isAuthenticated } from '../../cookies.js';
import { useIslandId } from '../island-id.js';
import { CaptchaContainer } from './captcha-status.js';
import { RESTOCK_SIGNUP_URL } from './form-request.js';
import { RESTOCK_ISLAND_TEXTS } from './texts.js';
import { useAccountRestock } from './use-account-restock.js';
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

/** The page's language (spec 7: the signed-in sign-up adds the current language). */
function currentLanguage(): string | null {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang.trim();
  return lang === '' ? null : lang.slice(0, 20);
}

/**
 * Restock notice sign-up for a sold-out variant (spec 4 and 5): email, optional mailing-list opt-in,
 * captcha when the site has a key; submitting, then the success text in place of the form, or the
 * server's message (else the catalogue's) above the form. A signed-in customer (the readable
 * `authenticated` cookie of spec 3) signs up with one click instead: no email, no captcha, the
 * account's address and the page's language.
 */
export function RestockForm(props: RestockFormProps) {
  const id = useIslandId();
  const [joinMailingList, setJoinMailingList] = useState(props.mailingListOptInByDefault === true);
  const [hydrated, setHydrated] = useState(false);
  // The server renders the visitor's form; the cookie is read once the island runs in the browser.
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    setHydrated(true);
    setSignedIn(isAuthenticated(document.cookie));
  }, []);
  const mailingList = props.mailingListSignUpEnabled === true;
  const successText = (body: unknown) =>
    answerMessage(body) ?? (props.successMessage?.trim() || RESTOCK_MESSAGES.success);

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
    successText,
    failureText: RESTOCK_MESSAGES.submitFailed,
  });
  const account = useAccountRestock({
    payload: () => {
      const language = currentLanguage();
      return {
        isJoinMailingList: mailingList && joinMailingList,
        productId: props.productId,
        variantId: props.variantId,
        ...(language ? { language } : {}),
      };
    },
    successText,
    failureText: RESTOCK_MESSAGES.submitFailed,
    onSignedOut: () => setSignedIn(false),
  });

  const successMessage =
    signup.phase === 'success'
      ? signup.successMessage
      : account.phase === 'success'
        ? account.successMessage
        : null;
  if (successMessage !== null) {
    return (
      <div className="restock-form restock-form--success" data-hydrated={hydrated ? 'true' : undefined}>
        <p className="restock-form__success" role="status">
          {successMessage}
        </p>
      </div>
    );
  }

  const mailingListBox = mailingList ? (
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
  ) : null;
  const submitLabel = props.submitText?.trim() || RESTOCK_ISLAND_TEXTS.submit;

  if (signedIn) {
    const busy = account.phase === 'submitting';
    return (
      <div
        className={`restock-form restock-form--signed-in restock-form--${account.phase}`}
        data-hydrated="true"
      >
        {props.title ? <p className="restock-form__title">{props.title}</p> : null}
        {account.errorMessage ? (
          <p className="restock-form__error" role="alert">
            {account.errorMessage}
          </p>
        ) : null}
        <form
          className="restock-form__form"
          method="post"
          aria-busy={busy || undefined}
          onSubmit={account.submit}
        >
          <fieldset className="restock-form__fields" disabled={busy}>
            <p className="restock-form__account-hint">{RESTOCK_ISLAND_TEXTS.signedInHint}</p>
            {mailingListBox}
            <button className="restock-form__submit" type="submit" disabled={busy}>
              {busy ? FORM_MESSAGES.submitting : submitLabel}
            </button>
          </fieldset>
        </form>
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
          {mailingListBox}
          {signup.captcha.enabled ? (
            <CaptchaContainer captcha={signup.captcha} className="restock-form__captcha" />
          ) : null}
          <button className="restock-form__submit" type="submit" disabled={!hydrated || submitting}>
            {submitting ? FORM_MESSAGES.submitting : submitLabel}
          </button>
        </fieldset>
      </form>
    </div>
  );
}
