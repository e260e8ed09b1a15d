import {
  FORM_MESSAGES,
  formSubmissionStatusMessage,
  serverFieldErrors,
  validateForm,
} from '@baukasten/commerce';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useIslandId } from '../island-id.js';
import { CaptchaError } from './captcha.js';
import { CaptchaContainer } from './captcha-status.js';
import { FormField, initialFieldValue, isSentField } from './form-fields.js';
import { FORM_KEY_URL, postJson, SAVE_FORM_SUBMISSION_URL, serverMessage } from './form-request.js';
import type { FieldValue, SiteFormDefinition } from './form-types.js';
import { safeRedirectUrl, safeSubmissionHtml } from './submission-html.js';
import { FORM_ISLAND_TEXTS } from './texts.js';
import { useCaptcha } from './use-captcha.js';

export interface FormBlockProps {
  /** The site form as GET /api/rest/forms/{id} gives it. */
  form: SiteFormDefinition;
  /** Label of the submit button; 'Senden' when not set. */
  submitText?: string | null;
}

/** Where the success redirect goes; an object so tests can watch it without leaving the page. */
export const formNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

type Phase = 'editing' | 'submitting' | 'success';

interface SuccessAnswer {
  submissionMessage: string | null;
  submissionHTML: string | null;
  successRedirect: string | null;
}

type Outcome =
  | { ok: true; answer: SuccessAnswer }
  | { ok: false; message: string; fieldErrors?: Record<string, string>; tokenSpent: boolean };

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

function successAnswer(body: unknown): SuccessAnswer {
  const data = (body as { data?: Record<string, unknown> } | null)?.data ?? {};
  return {
    submissionMessage: text(data.submissionMessage),
    submissionHTML: text(data.submissionHTML),
    successRedirect: text(data.successRedirect),
  };
}

/** The banner text for a refused submission (spec 8): the status mapping, else the server's own text. */
function refusalMessage(status: number, body: unknown): string {
  if (status === 0) return FORM_MESSAGES.cannotSubmit;
  const mapped =
    [401, 404, 429].includes(status) || status >= 500 ? formSubmissionStatusMessage(status) : null;
  return mapped ?? serverMessage(body) ?? FORM_MESSAGES.unknownError;
}

const CAPTCHA_THEMES: Record<number, string> = { 1: 'light', 2: 'dark' };
const CAPTCHA_ALIGNMENTS: Record<number, string> = { 1: 'left', 2: 'center', 3: 'right' };

/**
 * The captcha container's classes: the form's captchaTheme (1 light, 2 dark) and captchaAlignment
 * (1 left, 2 centre, 3 right) as modifiers the theme styles; an unset or unknown number adds none.
 */
export function captchaClassName(
  form: Pick<SiteFormDefinition, 'captchaTheme' | 'captchaAlignment'>,
): string {
  const theme = CAPTCHA_THEMES[form.captchaTheme ?? 0];
  const alignment = CAPTCHA_ALIGNMENTS[form.captchaAlignment ?? 0];
  return [
    'form-block__captcha',
    theme ? `captcha--${theme}` : null,
    alignment ? `captcha--align-${alignment}` : null,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * A site form block (spec 4 async form): editing, then submitting (locked, 'Wird gesendet …'), then the
 * submission text in place of the form and an optional redirect; on errors the form unlocks with the
 * messages above their fields, the problem banner above and below it, and a fresh captcha.
 */
export function FormBlock({ form, submitText }: FormBlockProps) {
  const idPrefix = useIslandId();
  const fields = form.fields ?? [];
  const [values, setValues] = useState<Record<string, FieldValue>>(() =>
    Object.fromEntries(fields.filter(isSentField).map((field) => [field.id, initialFieldValue(field)])),
  );
  const [phase, setPhase] = useState<Phase>('editing');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [success, setSuccess] = useState<SuccessAnswer | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const submissionKey = useRef<string | null>(null);
  const busy = useRef(false);
  const successRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  /** Counts refusals; each one moves focus once it has rendered. */
  const [refusals, setRefusals] = useState(0);
  const captcha = useCaptcha('FORM_BLOCK_SUBMISSION', form.captchaEnabled !== false);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (phase === 'success') successRef.current?.focus();
  }, [phase]);
  // After a refusal the locked fieldset had taken focus to <body>: it goes to the first field with a
  // problem, or to the banner when no field has one (issue 22, WCAG 2.4.3 / 3.3.1).
  useEffect(() => {
    if (refusals === 0) return;
    const firstInvalid = formRef.current?.querySelector<HTMLElement>(
      'input[aria-invalid="true"], select[aria-invalid="true"], textarea[aria-invalid="true"], fieldset[aria-invalid="true"] input',
    );
    (firstInvalid ?? problemRef.current)?.focus();
  }, [refusals]);

  const change = (fieldId: string, value: FieldValue) => {
    setValues((current) => ({ ...current, [fieldId]: value }));
    setFieldErrors((current) => {
      if (!(fieldId in current)) return current;
      const { [fieldId]: _fixed, ...rest } = current;
      return rest;
    });
  };

  async function send(): Promise<Outcome> {
    // A key is spent only by a stored submission, so one key serves every retry until then.
    if (!submissionKey.current) {
      const answer = await postJson(FORM_KEY_URL);
      const key = text((answer.body as { data?: { key?: unknown } } | null)?.data?.key);
      if (!answer.ok || !key) {
        const message = answer.status === 429 ? FORM_MESSAGES.rateLimited : FORM_MESSAGES.formKeyUnavailable;
        return { ok: false, message, tokenSpent: false };
      }
      submissionKey.current = key;
    }

    const checked = validateForm(fields, values);
    if (!checked.valid)
      return {
        ok: false,
        message: FORM_MESSAGES.problemBanner,
        fieldErrors: checked.fieldErrors,
        tokenSpent: false,
      };

    let captchaKey: string | null;
    try {
      captchaKey = await captcha.token();
    } catch (error) {
      const message = error instanceof CaptchaError ? error.message : FORM_MESSAGES.captchaIncomplete;
      return { ok: false, message, tokenSpent: true };
    }

    const answer = await postJson(SAVE_FORM_SUBMISSION_URL, {
      key: submissionKey.current,
      formId: form.id,
      form: JSON.stringify(values),
      captchaKey,
    });
    if (answer.ok) return { ok: true, answer: successAnswer(answer.body) };
    if (answer.status === 401) submissionKey.current = null;
    if (answer.status === 400) {
      const errors = serverFieldErrors((answer.body as { data?: { errors?: unknown } } | null)?.data?.errors);
      if (Object.keys(errors).length > 0)
        return { ok: false, message: FORM_MESSAGES.problemBanner, fieldErrors: errors, tokenSpent: true };
    }
    return { ok: false, message: refusalMessage(answer.status, answer.body), tokenSpent: true };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setPhase('submitting');
    setProblem(null);
    const outcome = await send();
    busy.current = false;
    if (outcome.ok) {
      setFieldErrors({});
      setSuccess(outcome.answer);
      setPhase('success');
      const redirect = safeRedirectUrl(outcome.answer.successRedirect);
      if (redirect) formNavigation.assign(redirect);
      return;
    }
    setFieldErrors(outcome.fieldErrors ?? {});
    setProblem(outcome.message);
    setPhase('editing');
    setRefusals((count) => count + 1);
    if (outcome.tokenSpent) captcha.reset();
  }

  const submitting = phase === 'submitting';

  return (
    <div className={`form-block form-block--${phase}`} data-hydrated={hydrated ? 'true' : undefined}>
      {phase === 'success' && success ? (
        <div className="form-block__success" role="status" tabIndex={-1} ref={successRef}>
          {success.submissionMessage || !success.submissionHTML ? (
            <p className="form-block__submission-message">
              {success.submissionMessage ?? FORM_ISLAND_TEXTS.defaultSuccess}
            </p>
          ) : null}
          {success.submissionHTML ? (
            <div
              className="form-block__submission-html"
              dangerouslySetInnerHTML={{ __html: safeSubmissionHtml(success.submissionHTML) }}
            />
          ) : null}
        </div>
      ) : null}
      {problem ? (
        <div
          className="form-block__problem form-block__problem--top"
          role="alert"
          tabIndex={-1}
          ref={problemRef}
        >
          {problem}
        </div>
      ) : null}
      <form
        ref={formRef}
        className="form-block__form"
        method="post"
        noValidate
        aria-label={form.name || undefined}
        aria-busy={submitting || undefined}
        hidden={phase === 'success'}
        onSubmit={submit}
        onFocus={captcha.prepare}
      >
        <fieldset className="form-block__fields" disabled={submitting}>
          {fields.map((field) => (
            <FormField
              key={field.id}
              field={field}
              idPrefix={idPrefix}
              value={values[field.id]}
              error={fieldErrors[field.id]}
              onChange={(value) => change(field.id, value)}
            />
          ))}
          {captcha.enabled ? <CaptchaContainer captcha={captcha} className={captchaClassName(form)} /> : null}
          {form.disclaimerMessage ? <p className="form-block__disclaimer">{form.disclaimerMessage}</p> : null}
          <button className="form-block__submit" type="submit" disabled={!hydrated || submitting}>
            {submitting ? FORM_MESSAGES.submitting : submitText?.trim() || FORM_ISLAND_TEXTS.submit}
          </button>
        </fieldset>
      </form>
      {problem ? <div className="form-block__problem form-block__problem--bottom">{problem}</div> : null}
    </div>
  );
}
