import { holdFocus } from './islands/dialog-focus.js';

/** Where the header shows its links in the row and the drawer goes away (theme.css, `.site-menu`). */
const WIDE = '(min-width: 60rem)';

/**
 * The header's "Menü" drawer is a details element, so it opens and closes without script. This makes the
 * open drawer modal on a phone: focus stays inside, Escape and a tap beside it close it and hand focus
 * back to the button, the page behind does not scroll. Loaded on the first opening only.
 */
export function enhanceSiteMenu(menu: HTMLDetailsElement): void {
  const button = menu.querySelector<HTMLElement>('summary');
  let release: (() => void) | undefined;
  const close = () => {
    // The toggle event comes a task later; give the page its scrolling back now, with the drawer gone.
    release?.();
    release = undefined;
    menu.open = false;
    button?.focus();
  };
  const onPointerDown = (event: PointerEvent) => {
    if (!menu.contains(event.target as Node)) close();
  };
  const update = () => {
    release?.();
    release = undefined;
    document.removeEventListener('pointerdown', onPointerDown);
    if (!menu.open || window.matchMedia(WIDE).matches) return;
    release = holdFocus(menu, () => ({ onEscape: close, home: () => button, lockScroll: true }));
    document.addEventListener('pointerdown', onPointerDown);
  };
  menu.addEventListener('toggle', update);
  // Turned into a wide screen (a rotated tablet), the drawer is gone and must not keep the keyboard.
  window.matchMedia(WIDE).addEventListener('change', () => {
    if (menu.open) menu.open = false;
  });
  update();
}
