import { type RefObject, useEffect, useRef } from 'react';

/** What Tab can reach inside a dialog: one list for every dialog of the storefront (summary: the site menu's button). */
export const FOCUSABLE =
  'summary, button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

export interface DialogFocusOptions {
  /** Escape was pressed while the dialog owns the keyboard. */
  onEscape: () => void;
  /** Where focus starts and where it returns when it tries to leave; the first focusable when absent. */
  home?: () => HTMLElement | null | undefined;
  /** True while another dialog above this one owns the keyboard (this one then ignores keys). */
  yieldsKeyboard?: () => boolean;
  /** Elements outside the dialog that may hold focus (a dialog opened above it). */
  allowsFocusOn?: (target: Element) => boolean;
  /** Further keys of the dialog (arrows of a lightbox); true when the key was used. */
  onKey?: (event: KeyboardEvent) => boolean;
  /** The page behind does not scroll while the dialog is open. */
  lockScroll?: boolean;
  /**
   * Focus moved out by other means is brought back (default). Off for a dialog whose closing hands focus
   * to its opener while it is still mounted.
   */
  bringsFocusBack?: boolean;
}

/**
 * Keeps focus inside a modal dialog while it is open: focus starts at its home, Tab and Shift+Tab wrap
 * around, focus moved out by other means (a click behind, a script) is brought back, and Escape goes
 * to the caller. Set up once per opening; the latest options are read at each event.
 */
export function useDialogFocus(dialogRef: RefObject<HTMLElement | null>, options: DialogFocusOptions): void {
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    return holdFocus(dialog, () => latest.current);
  }, [dialogRef]);
}

/**
 * The same without React, for markup the server rendered (the site menu's drawer): holds focus in
 * `dialog` until the returned function is called. `options` is read at each event.
 */
export function holdFocus(dialog: HTMLElement, options: () => DialogFocusOptions): () => void {
  const focusables = () => [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const home = () => options().home?.() ?? focusables()[0];
  home()?.focus();

  const onKeyDown = (event: KeyboardEvent) => {
    const o = options();
    if (o.yieldsKeyboard?.()) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      o.onEscape();
      return;
    }
    if (o.onKey?.(event)) {
      event.preventDefault();
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
    if (options().bringsFocusBack === false) return;
    const target = event.target as Element | null;
    if (dialog.contains(target) || (target && options().allowsFocusOn?.(target))) return;
    home()?.focus();
  };

  const overflow = document.body.style.overflow;
  if (options().lockScroll) document.body.style.overflow = 'hidden';
  document.addEventListener('keydown', onKeyDown);
  document.addEventListener('focusin', onFocusIn);
  return () => {
    document.removeEventListener('keydown', onKeyDown);
    document.removeEventListener('focusin', onFocusIn);
    document.body.style.overflow = overflow;
  };
}
