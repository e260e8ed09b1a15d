import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';

/*
 * Keeps the keyboard inside a modal dialog: focus moves in when it opens, Tab and Shift+Tab wrap at its
 * ends, Escape closes it, and focus returns to what opened it when it closes (unless the page moved focus
 * somewhere on purpose meanwhile, e.g. to a block just added).
 */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function useDialogFocus(
  dialog: RefObject<HTMLElement | null>,
  onClose: () => void,
  /** Where focus goes first (a CSS selector inside the dialog); else its first focusable element. */
  initial?: string,
) {
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    opener.current = document.activeElement;
    const first = initial ? dialog.current?.querySelector<HTMLElement>(initial) : undefined;
    (first ?? dialog.current?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => {
      const back = opener.current;
      // Only when focus was left in the closing dialog or on the page's body.
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected;
      if (lost && back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, [dialog, initial]);

  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
