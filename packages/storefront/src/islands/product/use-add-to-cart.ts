import {
  ADD_TO_CART_MESSAGES,
  ADD_TO_CART_TIMINGS,
  type AddToCartError,
  addToCartAlertTitle,
  addToCartFailure,
  checkFormProductStock,
  isVariantInStock,
  type ProductLike,
  ProductType,
  type PurchaseMode,
  productTypeOf,
  type VariantLike,
  validateAddToCart,
} from '@baukasten/commerce';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { hasCartCookie } from '../../cookies.js';
import {
  announceCustomForm,
  announceItemAdded,
  type CartEntryPayload,
  currentCrumb,
  EXPRESS_CHECKOUT_URL,
  giftCardCheckoutUrl,
  postCartEntry,
  postSubscription,
  subscriptionCheckoutUrl,
} from './cart-request.js';
import type { ProductPurchaseProps, PurchaseCustomForm, PurchaseVariant } from './types.js';

/** States of the add button (spec 4). 'choose-option' is the disabled 'Option auswählen' hint. */
export type AddButtonState = 'idle' | 'adding' | 'added' | 'error' | 'choose-option';

/** What the added-item popover shows; `id` restarts its 3 s when the shopper adds again. */
export interface AddedItem {
  id: number;
  title: string;
  variantText: string;
  quantity: number;
  priceText: string;
}

export interface AddRequest {
  chosenOptions?: Readonly<Record<string, string>>;
  /** As typed; undefined when the product has no quantity input. */
  quantity?: string;
}

const RESET_AFTER_MS: Partial<Record<AddButtonState, number>> = {
  added: ADD_TO_CART_TIMINGS.addedStateMs,
  error: ADD_TO_CART_TIMINGS.errorResetMs,
  'choose-option': ADD_TO_CART_TIMINGS.chooseOptionHintMs,
};

/** The product as the commerce rules read it, rebuilt from the island's props. */
export function purchaseProduct(props: ProductPurchaseProps): ProductLike {
  return {
    productType: props.productType,
    isSubscribable: props.subscribable,
    variantOptionOrdering: props.variantOptionOrdering,
    variants: props.variants,
  };
}

/** Only physical and service products run out; a chosen variant of those may be gone. */
export function variantSoldOut(product: ProductLike, variant: VariantLike | undefined): boolean {
  const type = productTypeOf(product);
  const tracksStock = type === ProductType.PHYSICAL || type === ProductType.SERVICE;
  return !!variant && tracksStock && !isVariantInStock(variant);
}

function variantText(props: ProductPurchaseProps, variant: PurchaseVariant | undefined): string {
  if (!variant || props.variants.length < 2) return '';
  return props.variantOptionOrdering
    .map((name) => variant.attributes[name])
    .filter((value) => typeof value === 'string' && value !== '')
    .join(' / ');
}

function cookiesEnabled(): boolean | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.cookieEnabled;
}

export interface AddToCart {
  state: AddButtonState;
  alert: AddToCartError | null;
  added: AddedItem | null;
  activate: (request: AddRequest) => void;
  closeAlert: () => void;
}

/** The custom form's own chunk (stock read and modal), fetched the first time a product with a form is added. */
const loadCustomForm = () => import('../custom-form/custom-form-flow.js');

/**
 * The add-to-cart flow shared by the product form and the list button: validate with the commerce
 * rules, post, and run the button through its states and timings (spec 4 and 9).
 * `afterAlert` moves focus once the alert dialog closes.
 */
export function useAddToCart(
  props: ProductPurchaseProps,
  soldOut: boolean,
  afterAlert: (error: AddToCartError) => void,
  /** Focus back on the add button (after the custom form closes). */
  focusButton?: () => void,
): AddToCart {
  const product = useMemo(() => purchaseProduct(props), [props]);
  const [state, setState] = useState<AddButtonState>('idle');
  const [alert, setAlert] = useState<AddToCartError | null>(null);
  const [added, setAdded] = useState<AddedItem | null>(null);
  // Mirrors `state` synchronously, so a second activation in the same tick (Enter, then the
  // button's own click) is refused before React re-renders.
  const stateRef = useRef<AddButtonState>('idle');
  const moveTo = useCallback((next: AddButtonState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  useEffect(() => {
    const delay = RESET_AFTER_MS[state];
    if (delay === undefined) return;
    const timer = setTimeout(() => moveTo('idle'), delay);
    return () => clearTimeout(timer);
  }, [state, moveTo]);

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(null), ADD_TO_CART_TIMINGS.addedPopoverMs);
    return () => clearTimeout(timer);
  }, [added]);

  const mode: PurchaseMode = props.expressCheckout ? 'express-checkout' : 'cart';

  const fail = useCallback(
    (error: AddToCartError, next: AddButtonState = 'error') => {
      setAlert(error);
      moveTo(next);
    },
    [moveTo],
  );

  // Set while the custom form is up: the add button behind it does nothing.
  const formOpen = useRef(false);

  const failure = useCallback(
    (status: number, serverMessage: string | null, withForm: boolean): AddToCartError => {
      const error = addToCartFailure(product, {
        status,
        crumbFailed: status === 403,
        cookiesEnabled: cookiesEnabled(),
        subscription: props.subscribable,
        mode,
        serverMessage,
      });
      return withForm && props.subscribable ? { ...error, type: 'SUB_WITH_FORM_FAILURE' } : error;
    },
    [product, props.subscribable, mode],
  );

  /** Posts the add; `done` learns whether it went through (the custom form closes either way). */
  const send = useCallback(
    (payload: CartEntryPayload, variant: PurchaseVariant | undefined, done?: (ok: boolean) => void) => {
      const withForm = payload.additionalFields !== undefined;
      if (props.subscribable) {
        void postSubscription(payload, currentCrumb(props.crumb)).then((answer) => {
          done?.(answer.ok);
          if (answer.ok) {
            window.location.assign(subscriptionCheckoutUrl(answer.cartToken));
            return;
          }
          fail(failure(answer.status, answer.serverMessage, withForm));
        });
        return;
      }
      void postCartEntry(payload, currentCrumb(props.crumb)).then((answer) => {
        done?.(answer.ok);
        if (!answer.ok) {
          fail(failure(answer.status, answer.serverMessage, withForm));
          return;
        }
        announceItemAdded(answer.shoppingCart);
        if (mode === 'express-checkout' && hasCartCookie(document.cookie)) {
          window.location.assign(EXPRESS_CHECKOUT_URL);
          return;
        }
        moveTo('added');
        setAdded({
          id: Date.now() + Math.random(),
          title: props.title,
          variantText: variantText(props, variant),
          quantity: payload.quantity,
          priceText: variant?.priceText ?? '',
        });
      });
    },
    [props, mode, fail, failure, moveTo],
  );

  /**
   * Before the custom form opens (spec 5): its chunk is loaded and the stock checked against what
   * the cart holds; either failing is a tracked render error and the form stays shut.
   */
  /**
   * Before the custom form opens (spec 5): its chunk is loaded and the stock checked against what the
   * cart holds; either failing is a tracked render error and the form stays shut.
   */
  const openCustomForm = useCallback(
    (form: PurchaseCustomForm, payload: CartEntryPayload, variant: PurchaseVariant | undefined) => {
      moveTo('adding');
      formOpen.current = true;
      const failed = (error: AddToCartError | null) => {
        formOpen.current = false;
        fail(
          error ?? {
            type: 'CUSTOM_FORM_RENDER_ERROR',
            message: ADD_TO_CART_MESSAGES.customFormUnavailable,
            title: addToCartAlertTitle(product, mode),
          },
        );
      };
      loadCustomForm().then(
        (m) =>
          m.openCustomForm({
            form,
            productTitle: props.title,
            submitText: props.buttonText,
            itemId: props.itemId,
            sku: variant?.sku,
            hasCart: hasCartCookie(document.cookie),
            checkStock: (records, inCart) => checkFormProductStock(product, records, inCart, mode),
            onOpen: () => {
              moveTo('idle');
              announceCustomForm({ action: 'open', itemId: props.itemId });
            },
            add: (additionalFields, done) => {
              moveTo('adding');
              send({ ...payload, additionalFields }, variant, (ok) => {
                formOpen.current = false;
                if (ok) announceCustomForm({ action: 'save', itemId: props.itemId });
                done(ok);
              });
            },
            fail: failed,
            returnFocus: () => {
              formOpen.current = false;
              focusButton?.();
            },
          }),
        () => failed(null),
      );
    },
    [product, props.title, props.buttonText, props.itemId, mode, fail, moveTo, send, focusButton],
  );

  const activate = useCallback(
    (request: AddRequest) => {
      if (stateRef.current !== 'idle' || soldOut || formOpen.current) return;
      const checked = validateAddToCart({
        product,
        chosenOptions: request.chosenOptions,
        quantity: request.quantity ?? (props.subscribable ? undefined : 1),
        mode,
      });
      if (!checked.ok) {
        fail(checked.error, checked.error.type === 'NO_VARIANT_SELECTED' ? 'choose-option' : 'error');
        return;
      }
      const variant = props.variants.find((v) => v.sku === checked.variant?.sku);
      const payload: CartEntryPayload = {
        itemId: props.itemId,
        sku: variant?.sku,
        quantity: checked.quantity,
      };
      if (props.subscribable && props.subscriptionOptionId) {
        payload.subscriptionOptionId = props.subscriptionOptionId;
      }
      // Gift cards are bought on their own checkout page, one denomination (variant) at a time.
      if (props.productType === ProductType.GIFT_CARD && props.websiteId && variant) {
        window.location.assign(giftCardCheckoutUrl(props.websiteId, props.itemId, variant.sku));
        return;
      }
      if (props.customForm) {
        openCustomForm(props.customForm, payload, variant);
        return;
      }
      moveTo('adding');
      send(payload, variant);
    },
    [product, props, soldOut, mode, fail, moveTo, send, openCustomForm],
  );

  // Focus moves once the dialog has gone: while it is open it pulls focus back inside.
  const closedAlert = useRef<AddToCartError | null>(null);
  const closeAlert = useCallback(() => {
    if (!alert) return;
    closedAlert.current = alert;
    setAlert(null);
  }, [alert]);
  useEffect(() => {
    const closed = closedAlert.current;
    if (alert || !closed) return;
    closedAlert.current = null;
    afterAlert(closed);
  }, [alert, afterAlert]);

  return { state, alert, added, activate, closeAlert };
}
