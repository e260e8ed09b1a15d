import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { QUICK_VIEW_TEXTS } from './texts.js';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
  const titleId = useId();
  // The latest onClose, so the set-up below runs once per opening.
  const close = useRef(onClose);
  close.current = onClose;

  // Focus starts on the close button, and returns there whenever what held it went away (the retry
  // button once loading starts again).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.contains(document.activeElement)) closeRef.current?.focus();
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const focusables = () => [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const onKeyDown = (event: KeyboardEvent) => {
      if (dialog.querySelector(NESTED_DIALOG) || document.querySelector(MODAL_ABOVE)) return;
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
    // Focus that leaves by other means (a script, a click on the page behind) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Element | null;
      if (dialog.contains(target) || target?.closest?.(MODAL_ABOVE)) return;
      closeRef.current?.focus();
    };
    // The page behind does not scroll while the overlay is open.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      document.body.style.overflow = overflow;
    };
  }, []);

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
