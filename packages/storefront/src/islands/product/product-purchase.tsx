import {
  type AddToCartError,
  findVariant,
  isSoldOut,
  itemVariantOptions,
  missingOptions,
  QUANTITY_INPUT,
} from '@baukasten/commerce';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { InstalmentTeaser } from '../instalments/instalment-teaser.js';
import { useIslandId } from '../island-id.js';
import { AddToCartAlertSlot } from './add-to-cart-alert-slot.js';
import { AddToCartButton } from './add-to-cart-button.js';
import { AddedPopover } from './added-popover.js';
import { CART_ENTRIES_URL } from './cart-request.js';
import { MAX_BUTTON_VALUES, optionValueStates } from './option-value-states.js';
import { PriceNote } from './price-note.js';
import { PRODUCT_ISLAND_TEXTS, purchaseTexts, selectPlaceholder } from './texts.js';
import type { ProductPurchaseProps, PurchasePrice, PurchasePriceNote, PurchaseVariant } from './types.js';
import { purchaseProduct, useAddToCart, variantSoldOut } from './use-add-to-cart.js';
import { VariantOptionButtons } from './variant-option-buttons.js';

/** Form fields every product form posts (the no-JavaScript contract with the server). */
export function PurchaseHiddenFields({ props, sku }: { props: ProductPurchaseProps; sku?: string }) {
  return (
    <>
      <input type="hidden" name="itemId" value={props.itemId} />
      <input type="hidden" name="crumb" value={props.crumb} />
      <input type="hidden" name="returnTo" value={props.returnTo} />
      {sku !== undefined && <input type="hidden" name="sku" value={sku} />}
      {props.subscribable && props.subscriptionOptionId && (
        <input type="hidden" name="subscriptionOptionId" value={props.subscriptionOptionId} />
      )}
    </>
  );
}

/**
 * The price (spec 4): the chosen variant's, else the product's (from price, or sale price with the
 * original struck); a sale price carries hidden labels for both prices (spec 9).
 */
const PRICE_REFERENCE_TEXT = 'Durchgestrichen: niedrigster Preis der letzten 30 Tage';

/**
 * Beside every price (§ 1 and § 4 PAngV): the Grundpreis of the price shown, then "inkl. MwSt." (or the
 * § 19 UStG note) and "zzgl. Versandkosten" linking to the shipping page. Apart from the price itself, so
 * the price's own text stays the amount alone.
 */
function PriceNotes({
  unitPriceText,
  note,
  struck,
}: {
  unitPriceText?: string;
  note?: PurchasePriceNote;
  /** A struck price is shown: it is the lowest of the 30 days before the reduction (§ 11 PAngV). */
  struck: boolean;
}) {
  if (!unitPriceText && !note && !struck) return null;
  return (
    <p className="product-purchase__price-notes">
      {struck && <small className="reference-price">{PRICE_REFERENCE_TEXT}</small>}
      {unitPriceText && <small className="unit-price">{unitPriceText}</small>}
      {note && <PriceNote note={note} />}
    </p>
  );
}

function PriceBlock({ price }: { price: PurchasePrice | undefined }) {
  if (!price) return null;
  return (
    <p className="product-purchase__price" aria-live="polite">
      {price.originalText && <span className="visually-hidden">{PRODUCT_ISLAND_TEXTS.salePriceLabel} </span>}
      <span className="product-purchase__price-current">{price.text}</span>
      {price.originalText && (
        <>
          {' '}
          <span className="visually-hidden">{PRODUCT_ISLAND_TEXTS.originalPriceLabel} </span>
          <del>{price.originalText}</del>
        </>
      )}
    </p>
  );
}

/** `option-Größe`: the form field of one variant option. */
export const optionFieldName = (optionName: string) => `option-${optionName}`;

/**
 * The purchase form of a product page: variant buttons (dropdowns without script), quantity, add button,
 * added-item popover and the alert dialog. Rendered on the server it is a plain form that posts; hydrated,
 * it validates with the commerce rules and adds through the API without leaving the page.
 */
export function ProductPurchase(props: ProductPurchaseProps) {
  const texts = purchaseTexts(props.texts);
  const product = useMemo(() => purchaseProduct(props), [props]);
  const options = useMemo(() => itemVariantOptions(product), [product]);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [quantity, setQuantity] = useState(String(QUANTITY_INPUT.default));
  const [hydrated, setHydrated] = useState(false);
  const idPrefix = useIslandId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const optionFocusTargets = useRef(new Map<string, HTMLElement>());
  const chosenRef = useRef(chosen);
  chosenRef.current = chosen;

  useEffect(() => setHydrated(true), []);

  const complete = options.length > 0 && missingOptions(product, chosen).length === 0;
  const chosenVariant = complete ? (findVariant(product, chosen) as PurchaseVariant | undefined) : undefined;
  const soldOut = isSoldOut(product) || variantSoldOut(product, chosenVariant);
  const singleSku = props.variants.length === 1 ? props.variants[0].sku : undefined;
  const noteVariant = chosenVariant ?? (props.variants.length === 1 ? props.variants[0] : undefined);
  const scarcityNote =
    props.scarcity &&
    (props.placement === 'quick view' ? props.scarcity.quickView : props.scarcity.productDetail)
      ? noteVariant
        ? props.scarcity.bySku[noteVariant.sku]
        : props.scarcity.beforeChoice
      : undefined;

  // After the alert: a missing option is where the shopper has to act; anything else returns to the
  // button that opened it.
  const afterAlert = useCallback(
    (error: AddToCartError) => {
      if (error.type === 'NO_VARIANT_SELECTED') {
        const [first] = missingOptions(product, chosenRef.current);
        const target = first === undefined ? undefined : optionFocusTargets.current.get(first);
        if (target) {
          target.focus();
          return;
        }
      }
      buttonRef.current?.focus();
    },
    [product],
  );
  const focusButton = useCallback(() => buttonRef.current?.focus(), []);
  const flow = useAddToCart(props, soldOut, afterAlert, focusButton);
  const activate = () =>
    flow.activate({ chosenOptions: chosen, quantity: props.showQuantity ? quantity : undefined });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    activate();
  };

  return (
    <form
      className="product-purchase"
      method="post"
      action={CART_ENTRIES_URL}
      noValidate={hydrated}
      onSubmit={onSubmit}
      data-hydrated={hydrated ? 'true' : undefined}
      data-item-id={props.itemId}
      data-add-to-cart-page-type={props.placement}
    >
      <PurchaseHiddenFields props={props} sku={singleSku} />
      {options.length > 0 && (
        <div className="product-purchase__variants">
          {options.map((option, index) => {
            const fieldName = optionFieldName(option.name);
            const rememberFocusTarget = (element: HTMLElement | null) => {
              if (element) optionFocusTargets.current.set(option.name, element);
              else optionFocusTargets.current.delete(option.name);
            };
            const choose = (value: string) =>
              setChosen((previous) => ({ ...previous, [option.name]: value }));
            // Buttons need the script (they show what is sold out with the other choices); the page without
            // it, and an option with a long list of values, keep the dropdown.
            if (hydrated && option.values.length <= MAX_BUTTON_VALUES) {
              return (
                <VariantOptionButtons
                  key={option.name}
                  option={option}
                  fieldName={fieldName}
                  chosenValue={chosen[option.name]}
                  states={optionValueStates(product, props.variants, option, chosen)}
                  onChoose={choose}
                  firstRadioRef={rememberFocusTarget}
                />
              );
            }
            const id = `${idPrefix}-option-${index}`;
            const placeholder = selectPlaceholder(texts.select, option.name);
            return (
              <div className="variant-option" key={option.name}>
                <label className="variant-option__title" htmlFor={id}>
                  {option.name}
                </label>
                <select
                  id={id}
                  name={fieldName}
                  required
                  value={chosen[option.name] ?? ''}
                  ref={rememberFocusTarget}
                  onChange={(event) => choose(event.currentTarget.value)}
                >
                  <option value="">{placeholder}</option>
                  {option.values.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </div>
            );
          })}
        </div>
      )}
      <PriceBlock
        price={
          chosenVariant
            ? { text: chosenVariant.priceText, originalText: chosenVariant.originalPriceText }
            : props.price
        }
      />
      <PriceNotes
        unitPriceText={chosenVariant ? chosenVariant.unitPriceText : props.price?.unitPriceText}
        note={props.priceNote}
        struck={Boolean(chosenVariant ? chosenVariant.originalPriceText : props.price?.originalText)}
      />
      {props.instalments && (
        <InstalmentTeaser
          teaser={props.instalments}
          text={chosenVariant?.instalmentText ?? props.instalments.text}
        />
      )}
      {scarcityNote && (
        <p className="product-scarcity" aria-live="polite">
          {scarcityNote}
        </p>
      )}
      {props.showQuantity ? (
        <div className="product-quantity-input">
          <label htmlFor={`${idPrefix}-quantity`}>{texts.quantity}</label>
          <input
            id={`${idPrefix}-quantity`}
            type="number"
            name="quantity"
            inputMode="numeric"
            min={QUANTITY_INPUT.min}
            max={QUANTITY_INPUT.max}
            step={QUANTITY_INPUT.step}
            size={QUANTITY_INPUT.width}
            required
            value={quantity}
            onChange={(event) => setQuantity(event.currentTarget.value)}
          />
        </div>
      ) : (
        <input type="hidden" name="quantity" value={QUANTITY_INPUT.default} />
      )}
      {/* On a phone's product page the price and the button stay at the bottom of the screen (theme.css,
          "Product page on phones"); the bar's price is a copy for the eye, said once by the block above. */}
      <div
        className={
          props.placement === 'quick view'
            ? 'product-purchase__buy'
            : 'product-purchase__buy product-purchase__bar'
        }
      >
        {props.placement !== 'quick view' && (
          <span className="product-purchase__bar-price" aria-hidden="true">
            {chosenVariant ? chosenVariant.priceText : props.price?.text}
          </span>
        )}
        <AddToCartButton
          state={flow.state}
          soldOut={soldOut}
          idleText={props.buttonText}
          texts={texts}
          onActivate={activate}
          buttonRef={buttonRef}
        />
      </div>
      <AddedPopover added={flow.added} note={props.priceNote} />
      <AddToCartAlertSlot error={flow.alert} onClose={flow.closeAlert} />
    </form>
  );
}
