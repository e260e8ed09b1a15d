import { type ReactNode, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialogFocus } from '../dialog-focus.js';
import { useIslandId } from '../island-id.js';
import { QUICK_VIEW_TEXTS } from './texts.js';

/** The add-to-cart alert can open inside the overlay; while it is up, it owns the keyboard. */
const NESTED_DIALOG = '[role="alertdialog"]';
/** A modal the overlay's purchase form opens (the custom product form) sits above it, outside it. */
const MODAL_ABOVE = '.modal__dialog';

export interface QuickViewDialogProps {
  /** Names the dialog (aria-labelledby). */
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The quick-view overlay: a modal dialog at the end of the body, labelled by the product's title.
 * Focus moves to its close button and stays inside; Escape, the close button and a click on the
 * backdrop close it. Where focus goes afterwards is the opener's business.
 */
export function QuickViewDialog({ title, onClose, children }: QuickViewDialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useIslandId();
  // The latest onClose, so the set-up below runs once per opening.
  const close = useRef(onClose);
  close.current = onClose;

  // Focus starts on the close button, and returns there whenever what held it went away (the retry
  // button once loading starts again).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.contains(document.activeElement)) closeRef.current?.focus();
  });

  useDialogFocus(dialogRef, {
    home: () => closeRef.current,
    onEscape: () => close.current(),
    yieldsKeyboard: () =>
      dialogRef.current?.querySelector(NESTED_DIALOG) != null || document.querySelector(MODAL_ABOVE) !== null,
    allowsFocusOn: (target) => target.closest(MODAL_ABOVE) !== null,
    lockScroll: true,
  });

  return createPortal(
    <div className="quick-view">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the backdrop is a pointer shortcut; keyboards close with Escape or the close button */}
      <div className="quick-view__backdrop" onClick={onClose} />
      <div
        ref={dialogRef}
        className="quick-view__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <button
          ref={closeRef}
          type="button"
          className="quick-view__close"
          aria-label={QUICK_VIEW_TEXTS.close}
          onClick={onClose}
        >
          ×
        </button>
        <h2 id={titleId} className="quick-view__title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
