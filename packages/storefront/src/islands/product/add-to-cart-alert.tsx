import type { AddToCartError } from '@baukasten/commerce';
import { useRef } from 'react';
import { useDialogFocus } from '../dialog-focus.js';
import { useIslandId } from '../island-id.js';

/** The dialog's own labels: it is a chunk of its own and need not carry the product texts. */
export const ALERT_TEXTS = { close: 'Schließen', ok: 'OK' } as const;

/**
 * The add-to-cart alert dialog (spec 2 and 8): modal, focus kept inside while it is open, closed by
 * Escape or its buttons. Where focus goes afterwards is the caller's choice (onClose).
 */
export function AddToCartAlert({ error, onClose }: { error: AddToCartError; onClose: () => void }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useIslandId();
  const messageId = useIslandId();
  // The latest onClose, so the focus set-up runs once per opening, not on every render.
  const close = useRef(onClose);
  close.current = onClose;

  useDialogFocus(dialogRef, { onEscape: () => close.current() });

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
