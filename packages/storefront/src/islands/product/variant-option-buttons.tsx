import type { VariantOption } from '@baukasten/commerce';
import { isColourOption, swatchColour } from './colour-swatches.js';
import type { OptionValueState } from './option-value-states.js';
import { PRODUCT_ISLAND_TEXTS } from './texts.js';

/**
 * One variant option as a radio group (WCAG 1.3.1, 2.1.1): a fieldset named by its legend, one native
 * radio per value, so arrow keys move the choice and Tab enters the group once, as browsers and screen
 * readers expect. The radio covers its button face unseen, so a tap anywhere on the face chooses it.
 * Colour values the swatch table knows show their colour beside the name (the name stays: colour alone
 * tells nothing to a colour-blind shopper).
 */
export function VariantOptionButtons({
  option,
  fieldName,
  chosenValue,
  states,
  onChoose,
  firstRadioRef,
}: {
  option: VariantOption;
  fieldName: string;
  chosenValue: string | undefined;
  states: Record<string, OptionValueState>;
  onChoose: (value: string) => void;
  /** The radio focus goes to when this option is still to choose (after the alert). */
  firstRadioRef: (element: HTMLInputElement | null) => void;
}) {
  const colours = isColourOption(option.name);
  return (
    <fieldset className="variant-option variant-option--buttons">
      <legend className="variant-option__title">{option.name}</legend>
      <div className="variant-option__values">
        {option.values.map((value, index) => {
          const state = states[value] ?? 'available';
          const swatch = colours ? swatchColour(value) : undefined;
          const checked = chosenValue === value;
          const focusTarget = chosenValue ? checked : index === 0;
          return (
            <label
              key={value}
              className={[
                'option-button',
                swatch ? 'option-button--swatch' : '',
                state !== 'available'
                  ? `option-button--${state === 'soldOut' ? 'sold-out' : 'unavailable'}`
                  : '',
              ]
                .filter(Boolean)
                .join(' ')}
            >
              <input
                type="radio"
                name={fieldName}
                value={value}
                checked={checked}
                onChange={() => onChoose(value)}
                ref={focusTarget ? firstRadioRef : undefined}
              />
              <span className="option-button__face">
                {swatch && (
                  <span
                    className="option-button__swatch"
                    style={{ backgroundColor: swatch }}
                    aria-hidden="true"
                  />
                )}
                <span className="option-button__text">{value}</span>
                {state !== 'available' && (
                  <span className="visually-hidden">
                    {state === 'soldOut'
                      ? PRODUCT_ISLAND_TEXTS.valueSoldOut
                      : PRODUCT_ISLAND_TEXTS.valueUnavailable}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
