import type { AddToCartError } from '@baukasten/commerce';
import { useEffect, useId, useRef } from 'react';

/** The dialog's own labels: it is a chunk of its own and need not carry the product texts. */
export const ALERT_TEXTS = { close: 'Schließen', ok: 'OK' } as const;

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The add-to-cart alert dialog (spec 2 and 8): modal, focus kept inside while it is open, closed by
 * Escape or its buttons. Where focus goes afterwards is the caller's choice (onClose).
 */
export function AddToCartAlert({ error, onClose }: { error: AddToCartError; onClose: () => void }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const messageId = useId();
  // The latest onClose, so the focus set-up below runs once per opening, not on every render.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const focusables = () => [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const all = focusables();
      const first = all[0];
      const last = all[all.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first?.focus();
      }
    };
    // Focus that leaves by other means (a click behind the dialog, a script) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (!dialog.contains(event.target as Node)) focusables()[0]?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);

  return (
    <div className="add-to-cart-alert">
      <div className="add-to-cart-alert__backdrop" />
      <div
        ref={dialogRef}
        className="add-to-cart-alert__dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
      >
        <button
          type="button"
          className="add-to-cart-alert__close"
          aria-label={ALERT_TEXTS.close}
          onClick={onClose}
        >
          ×
        </button>
        <h2 id={titleId} className="add-to-cart-alert__title">
          {error.title}
        </h2>
        <p id={messageId} className="add-to-cart-alert__message" data-error-type={error.type}>
          {error.message}
        </p>
        <button type="button" className="add-to-cart-alert__ok" onClick={onClose}>
          {ALERT_TEXTS.ok}
        </button>
      </div>
    </div>
  );
}
