import { ACTIVATION_KEY_CODES, ADD_TO_CART_BUTTON_TEXTS } from '@baukasten/commerce';
import type { KeyboardEvent, Ref } from 'react';
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
  // Adding, added and the error pause ignore activation but keep focus; sold out and the option hint
  // are disabled outright (spec 4).
  const inert = shown === 'adding' || shown === 'added' || shown === 'error';
  return (
    <button
      ref={props.buttonRef}
      type="submit"
      className={`${props.className ?? 'add-to-cart-button'} add-to-cart-button--${shown}`}
      data-state={shown}
      disabled={shown === 'sold-out' || shown === 'choose-option'}
      aria-disabled={inert || undefined}
      aria-busy={shown === 'adding' || undefined}
      onClick={(event) => {
        event.preventDefault();
        props.onActivate();
      }}
      onKeyDown={(event) => {
        if (!isActivationKey(event)) return;
        event.preventDefault();
        props.onActivate();
      }}
    >
      {label}
    </button>
  );
}
