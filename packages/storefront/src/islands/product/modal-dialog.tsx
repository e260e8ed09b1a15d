import { type ReactNode, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialogFocus } from '../dialog-focus.js';
import { useIslandId } from '../island-id.js';

/** Its own label, so the modals' chunks need not carry the product texts. */
const CLOSE_LABEL = 'Schließen';

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
  const titleId = useIslandId();
  // The latest callbacks, so the set-up below runs once per opening.
  const close = useRef(onClose);
  close.current = onClose;
  const firstFocus = useRef(initialFocus);

  useDialogFocus(dialogRef, {
    home: () => firstFocus.current?.() ?? closeRef.current,
    onEscape: () => close.current(),
    yieldsKeyboard: () => document.querySelector(NESTED_DIALOG) !== null,
    allowsFocusOn: (target) => target.closest(NESTED_DIALOG) !== null,
    lockScroll: true,
  });

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
