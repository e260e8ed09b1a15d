import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { ApiError } from '../api/api-client.js';
import { t } from '../messages.js';

/*
 * The editor's form pieces: every control has a visible label, its hint and error are tied to it
 * with aria-describedby, and the server's refusal shows in one role="alert" box per form.
 */

export function ErrorBox({ error }: { error: ApiError | string | undefined | null }) {
  if (!error) return null;
  const message = typeof error === 'string' ? error : error.message;
  return (
    <div className="error-box" role="alert">
      {message}
    </div>
  );
}

/** A polite announcement (saved, moved ...). Always rendered so screen readers pick up changes. */
export function StatusMessage({ children }: { children?: ReactNode }) {
  return (
    <p className="status-message" role="status" aria-live="polite">
      {children}
    </p>
  );
}

export function Loading() {
  return (
    <p className="loading" role="status">
      {t.loading}
    </p>
  );
}

interface FieldFrame {
  label: ReactNode;
  hint?: ReactNode;
  /** The message shown at the field, e.g. from the server's `fields`. */
  error?: string;
  className?: string;
}

function describedBy(id: string, hint: unknown, error: unknown) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </>
  );
}

export function TextField({
  label,
  hint,
  error,
  className,
  ...input
}: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={input.id ?? id}>{label}</label>
      <input
        id={id}
        type="text"
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export function TextArea({
  label,
  hint,
  error,
  className,
  ...input
}: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export function SelectField({
  label,
  hint,
  error,
  className,
  children,
  ...select
}: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        {...select}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        {children}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export function Checkbox({
  label,
  hint,
  className,
  ...input
}: Omit<FieldFrame, 'error'> & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={`field field--checkbox ${className ?? ''}`}>
      <input id={id} type="checkbox" {...input} aria-describedby={hint ? `${id}-hint` : undefined} />
      <label htmlFor={id}>{label}</label>
      <FieldNotes id={id} hint={hint} />
    </div>
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  ref?: Ref<HTMLButtonElement>;
  variant?: 'primary' | 'secondary' | 'danger' | 'quiet';
  /** Disables the button and says so while the form saves. */
  busy?: boolean;
};

export function Button({ variant = 'secondary', busy, disabled, className, children, ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={`button button--${variant} ${className ?? ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}

/**
 * A delete (or other irreversible) button that asks once more in place instead of a browser dialog.
 * The focus moves to the question's confirming button and back when the question is dismissed.
 */
export function ConfirmButton({
  label,
  question = t.confirmDelete,
  confirmLabel = t.yesDelete,
  onConfirm,
  busy,
  disabled,
}: {
  label: string;
  question?: string;
  confirmLabel?: string;
  onConfirm: () => void;
  busy?: boolean;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const confirmer = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    (asking ? confirmer : opener).current?.focus();
  }, [asking]);
  const ask = (next: boolean) => {
    moved.current = true;
    setAsking(next);
  };
  if (!asking)
    return (
      <Button ref={opener} variant="danger" onClick={() => ask(true)} busy={busy} disabled={disabled}>
        {label}
      </Button>
    );
  return (
    <fieldset className="confirm">
      <legend className="confirm__question">{question}</legend>
      <Button
        ref={confirmer}
        variant="danger"
        busy={busy}
        onClick={() => {
          ask(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </Button>
      <Button variant="quiet" onClick={() => ask(false)}>
        {t.cancel}
      </Button>
    </fieldset>
  );
}

/** The state of a screen whose server route does not exist yet (404 from the API for the route itself). */
export function NotAvailable({ title }: { title: string }) {
  return (
    <section className="not-available" aria-labelledby="not-available-title">
      <h2 id="not-available-title">{title}</h2>
      <p>{t.notAvailable}</p>
      <p className="muted">{t.notAvailableHint}</p>
    </section>
  );
}
