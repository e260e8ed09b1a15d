import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

/** Its own label, so the modals' chunks need not carry the product texts. */
const CLOSE_LABEL = 'Schließen';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** An alert opened above the modal owns the keyboard while it is up. */
const NESTED_DIALOG = '[role="alertdialog"]';

export interface ModalDialogProps {
  /** Names the dialog (aria-labelledby). */
  title: string;
  /** Class of the outer element; its parts get `__backdrop`, `__dialog`, `__close`, `__title`. */
  className: string;
  onClose: () => void;
  children: ReactNode;
  /** Where focus starts; the close button when not given. */
  initialFocus?: () => HTMLElement | null | undefined;
}

/**
 * A modal dialog at the end of the body (the custom product form and the instalment info): focus
 * starts inside and stays there, the page behind does not scroll, and the close button, Escape and a
 * click outside the dialog close it. Where focus goes afterwards is the opener's business.
 */
export function ModalDialog({ title, className, onClose, children, initialFocus }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  // The latest callbacks, so the set-up below runs once per opening.
  const close = useRef(onClose);
  close.current = onClose;
  const firstFocus = useRef(initialFocus);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    (firstFocus.current?.() ?? closeRef.current)?.focus();
    const focusables = () => [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const onKeyDown = (event: KeyboardEvent) => {
      if (document.querySelector(NESTED_DIALOG)) return;
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
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Element | null;
      if (dialog.contains(target) || target?.closest?.(NESTED_DIALOG)) return;
      closeRef.current?.focus();
    };
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
    <div className={`modal ${className}`}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the backdrop is a pointer shortcut; keyboards close with Escape or the close button */}
      <div
        className={`modal__backdrop ${className}__backdrop`}
        onClick={onClose}
        data-testid="modal-backdrop"
      />
      <div
        ref={dialogRef}
        className={`modal__dialog ${className}__dialog`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <button
          ref={closeRef}
          type="button"
          className={`modal__close ${className}__close`}
          aria-label={CLOSE_LABEL}
          onClick={onClose}
        >
          ×
        </button>
        <h2 id={titleId} className={`modal__title ${className}__title`}>
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
