import { ACTIVATION_KEY_CODES, ADD_TO_CART_BUTTON_TEXTS } from '@baukasten/commerce';
import { type KeyboardEvent, type Ref, useEffect, useState } from 'react';
import { PRODUCT_ISLAND_TEXTS } from './texts.js';
import type { PurchaseTexts } from './types.js';
import type { AddButtonState } from './use-add-to-cart.js';

const isActivationKey = (event: KeyboardEvent) =>
  (ACTIVATION_KEY_CODES as readonly number[]).includes(event.keyCode) ||
  event.key === 'Enter' ||
  event.key === ' ';

export interface AddToCartButtonProps {
  state: AddButtonState;
  soldOut: boolean;
  idleText: string;
  texts: PurchaseTexts;
  onActivate: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
  className?: string;
}

/**
 * The add button in its states (spec 4). It is the form's submit button, so it works without
 * JavaScript; once hydrated, clicks, Enter and Space run the island's flow instead.
 */
export function AddToCartButton(props: AddToCartButtonProps) {
  const { state, soldOut, texts } = props;
  const shown = soldOut ? 'sold-out' : state;
  const label = {
    'sold-out': ADD_TO_CART_BUTTON_TEXTS.soldOut,
    idle: props.idleText,
    error: props.idleText,
    adding: texts.adding,
    added: texts.added,
    'choose-option': ADD_TO_CART_BUTTON_TEXTS.chooseOption,
  }[shown];
  // Sold out and the option hint are disabled (spec 4). Once the island runs that is aria-disabled, not
  // `disabled` (issue 22, WCAG 2.4.3 / 4.1.3): a disabled button drops out of the Tab order and takes the
  // focus with it the moment a sold-out combination is chosen. Before hydration (and without
  // JavaScript) the server's `disabled` keeps the form from posting what cannot be bought.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const unavailable = shown === 'sold-out' || shown === 'choose-option';
  // Adding, added and the error pause ignore activation but keep focus.
  const inert = unavailable || shown === 'adding' || shown === 'added' || shown === 'error';
  const activate = () => {
    if (!unavailable) props.onActivate();
  };
  return (
    <>
      <button
        ref={props.buttonRef}
        type="submit"
        className={`${props.className ?? 'add-to-cart-button'} add-to-cart-button--${shown}`}
        data-state={shown}
        disabled={!hydrated && unavailable}
        aria-disabled={inert || undefined}
        aria-busy={shown === 'adding' || undefined}
        onClick={(event) => {
          event.preventDefault();
          activate();
        }}
        onKeyDown={(event) => {
          if (!isActivationKey(event)) return;
          event.preventDefault();
          activate();
        }}
      >
        {label}
      </button>
      {/* Choosing a combination that is sold out is said, not only shown by the button's text; a live
          region without the status role, so it does not compete with the added-item popover's. */}
      <span className="visually-hidden add-to-cart-button__status" aria-live="polite">
        {hydrated && shown === 'sold-out' ? PRODUCT_ISLAND_TEXTS.soldOutAnnouncement : ''}
      </span>
    </>
  );
}
