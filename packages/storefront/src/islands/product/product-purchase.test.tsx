// @vitest-environment happy-dom
import {
  ADD_TO_CART_ALERT_TITLES,
  ADD_TO_CART_BUTTON_TEXTS,
  ADD_TO_CART_MESSAGES,
  SESSION_MESSAGES,
} from '@baukasten/commerce';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_CHANGED_EVENT } from './cart-request.js';
import {
  coffeeItem,
  giftCardItem,
  itemContext,
  mugItem,
  purchaseProps,
  shirtItem,
  variantContext,
} from './fixtures.js';
import { ProductPurchase } from './product-purchase.js';
import {
  advance,
  cartAnswer,
  clearCookies,
  sentHeader,
  setCookie,
  settle,
  stubFetch,
} from './test-helpers.js';
import type { ProductPurchaseProps } from './types.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  setCookie('crumb=crumb-from-cookie; path=/');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearCookies();
});

function renderPurchase(props: ProductPurchaseProps) {
  const view = render(<ProductPurchase {...props} />);
  const addButton = () => view.container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const choose = (option: string, value: string) => fireEvent.click(optionRadio(option, value));
  const typeQuantity = (value: string) =>
    fireEvent.change(screen.getByLabelText('Anzahl'), { target: { value } });
  return { ...view, addButton, choose, typeQuantity };
}

/** A value button of an option group: its name is the value, with " (ausverkauft)" when sold out. */
const optionRadio = (option: string, value: string) =>
  within(screen.getByRole('group', { name: option })).getByRole('radio', {
    name: new RegExp(`^${value}( \\(|$)`),
  }) as HTMLInputElement;

/** A product with more values than a row of buttons takes. */
const ringItem = itemContext('ring', 'Silberring', {
  variantOptionOrdering: ['Ringgröße'],
  variants: ['48', '50', '52', '54', '56', '58', '60', '62', '64'].map((size) =>
    variantContext(`RING-${size}`, { Ringgröße: size }, 4900, 2),
  ),
});

const alertDialog = () => screen.queryByRole('alertdialog');
/** Intl puts a no-break space between amount and symbol. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');
const postedBody = (fetchSpy: ReturnType<typeof stubFetch>, call = 0) =>
  JSON.parse(String(fetchSpy.mock.calls[call][1]?.body));

describe('ProductPurchase: variant selectors', () => {
  it('R5.3.2 R2.2.6 shows each option as a named radio group of value buttons, in the option ordering', () => {
    const { container } = renderPurchase(purchaseProps(shirtItem));
    const groups = screen.getAllByRole('group');
    expect(groups.map((group) => group.querySelector('legend')?.textContent)).toEqual(['Größe', 'Farbe']);
    const sizes = within(groups[0]).getAllByRole('radio') as HTMLInputElement[];
    expect(sizes.map((radio) => radio.value)).toEqual(['S', 'M', 'L']);
    expect(new Set(sizes.map((radio) => radio.name))).toEqual(new Set(['option-Größe']));
    expect(sizes.every((radio) => !radio.checked)).toBe(true);
    expect(container.querySelector('select')).toBeNull();
  });

  it('R5.3.1 an option with more than 8 values keeps its dropdown with the placeholder first', () => {
    renderPurchase(purchaseProps(ringItem));
    const select = screen.getByRole('combobox', { name: 'Ringgröße' }) as HTMLSelectElement;
    expect(select.options).toHaveLength(10);
    expect(select.options[0].textContent).toBe('Ringgröße auswählen');
    expect(select.options[0].value).toBe('');
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('colour values the swatch table knows show their colour beside the name; others stay text buttons', () => {
    const scarf = itemContext('schal', 'Schal', {
      variantOptionOrdering: ['Farbe'],
      variants: [
        variantContext('SCHAL-SALBEI', { Farbe: 'Salbeigrün' }, 3900, 2),
        variantContext('SCHAL-NACHT', { Farbe: 'Nachthimmel' }, 3900, 2),
      ],
    });
    const { container } = renderPurchase(purchaseProps(scarf));
    const swatches = [...container.querySelectorAll<HTMLElement>('.option-button__swatch')];
    expect(swatches).toHaveLength(1);
    expect(swatches[0].closest('label')?.textContent).toBe('Salbeigrün');
    expect(swatches[0].style.backgroundColor).not.toBe('');
    expect(swatches[0].getAttribute('aria-hidden')).toBe('true');
    expect(
      optionRadio('Farbe', 'Nachthimmel').closest('label')?.querySelector('.option-button__swatch'),
    ).toBeNull();
  });

  it('WCAG 1.3.1 4.1.2 a value sold out with the other choice says "ausverkauft" in its name and stays choosable in the Tab order', () => {
    const { addButton, choose, container } = renderPurchase(purchaseProps(shirtItem));
    expect(optionRadio('Farbe', 'Rot').labels?.[0].textContent).toBe('Rot');
    choose('Größe', 'M');
    const red = screen.getByRole('radio', { name: 'Rot (ausverkauft)' }) as HTMLInputElement;
    expect(red.closest('label')?.className).toContain('option-button--sold-out');
    expect(red.disabled).toBe(false);
    expect(red.tabIndex).not.toBe(-1);
    expect(screen.getByRole('radio', { name: 'Blau' })).toBeTruthy();
    choose('Farbe', 'Rot');
    expect(red.checked).toBe(true);
    expect(addButton().textContent).toBe('Ausverkauft');
    // S is made only in Blau: with Rot chosen it is marked as not made.
    expect(screen.getByRole('radio', { name: 'S (nicht erhältlich)' })).toBeTruthy();
    expect(container.querySelectorAll('.option-button--unavailable')).toHaveLength(1);
  });

  it('R5.3.3 shows no selectors for a product with one variant', () => {
    renderPurchase(purchaseProps(mugItem));
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
  });

  it('R4.7.11 shows the from price before a choice, then the chosen variant, with the struck original while on sale', () => {
    const { choose, container } = renderPurchase(purchaseProps(shirtItem));
    expect(plain(container.querySelector('.product-purchase__price')?.textContent)).toBe('ab 19,90 €');
    choose('Größe', 'L');
    choose('Farbe', 'Rot');
    const price = container.querySelector('.product-purchase__price')!;
    expect(plain(price.querySelector('del')?.textContent)).toBe('24,90 €');
    expect(plain(price.textContent)).toContain('19,90 €');
  });
});

describe('ProductPurchase: price block', () => {
  const onSaleMug = itemContext('becher', 'Becher', {
    variants: [
      variantContext('B', {}, 1490, 4, {
        onSale: true,
        salePrice: 990,
        salePriceMoney: { value: '9.90', currency: 'EUR' },
      }),
    ],
  });

  it('R4.7.14 R9.9.1 R9.9.2 an on-sale product shows the sale price and the struck original, each with a hidden label', () => {
    const { container } = renderPurchase(purchaseProps(onSaleMug));
    const price = container.querySelector('.product-purchase__price')!;
    const hidden = [...price.querySelectorAll('.visually-hidden')].map((label) => label.textContent?.trim());
    expect(hidden).toEqual(['Sonderpreis:', 'Ursprünglicher Preis:']);
    expect(plain(price.querySelector('.product-purchase__price-current')?.textContent)).toBe('9,90 €');
    expect(plain(price.querySelector('del')?.textContent)).toBe('14,90 €');
  });

  it('R4.7.15 a product not on sale shows its normal price, without labels or a struck price', () => {
    const { container } = renderPurchase(purchaseProps(mugItem));
    const price = container.querySelector('.product-purchase__price')!;
    expect(plain(price.textContent)).toBe('14,00 €');
    expect(price.querySelector('del, .visually-hidden')).toBeNull();
  });
});

describe('ProductPurchase: adding', () => {
  it('R4.1.1 R4.1.2 R9.1.2 R7.1.2 R3.3.1 posts the chosen variant with the crumb, shows Adding ... then Added!, and is idle again after 2 s', async () => {
    const fetchSpy = stubFetch(cartAnswer);
    const { addButton, choose } = renderPurchase(purchaseProps(shirtItem));
    expect(addButton().textContent).toBe('Add To Cart');
    choose('Größe', 'M');
    choose('Farbe', 'Blau');
    fireEvent.click(addButton());
    expect(addButton().textContent).toBe(ADD_TO_CART_BUTTON_TEXTS.adding);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0];
    expect(url).toBe('/api/commerce/shopping-cart/entries');
    expect(init?.method).toBe('POST');
    expect(sentHeader(init, 'X-CSRF-Token')).toBe('crumb-from-cookie');
    expect(postedBody(fetchSpy)).toEqual({ itemId: 'item-bio-t-shirt', sku: 'TS-M-BLAU', quantity: 1 });

    await settle();
    expect(addButton().textContent).toBe(ADD_TO_CART_BUTTON_TEXTS.added);
    await advance(1999);
    expect(addButton().textContent).toBe(ADD_TO_CART_BUTTON_TEXTS.added);
    await advance(1);
    expect(addButton().textContent).toBe('Add To Cart');
    expect(addButton().dataset.state).toBe('idle');
  });

  it('R4.1.4 ignores clicks while adding and while added', async () => {
    const fetchSpy = stubFetch(cartAnswer);
    const { addButton } = renderPurchase(purchaseProps(mugItem));
    fireEvent.click(addButton());
    fireEvent.click(addButton());
    await settle();
    expect(addButton().textContent).toBe(ADD_TO_CART_BUTTON_TEXTS.added);
    fireEvent.click(addButton());
    fireEvent.keyDown(addButton(), { key: 'Enter', keyCode: 13 });
    await settle();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await advance(2000);
    fireEvent.click(addButton());
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('R4.1.12 R4.1.13 R9.1.4 R4.2.2 shows the added-item popover for 3 s and tells the page the cart changed', async () => {
    stubFetch(cartAnswer);
    const changed = vi.fn();
    window.addEventListener(CART_CHANGED_EVENT, changed);
    const { addButton, choose } = renderPurchase(purchaseProps(shirtItem));
    choose('Größe', 'L');
    choose('Farbe', 'Rot');
    fireEvent.click(addButton());
    await settle();
    window.removeEventListener(CART_CHANGED_EVENT, changed);

    expect(changed).toHaveBeenCalledTimes(1);
    expect((changed.mock.calls[0][0] as CustomEvent).detail).toEqual(cartAnswer.body.shoppingCart);
    const popover = screen.getByRole('status');
    expect(popover.textContent).toContain('Zum Warenkorb hinzugefügt');
    expect(popover.textContent).toContain('Bio-T-Shirt „Baukasten“ – L / Rot');
    expect(plain(popover.textContent)).toContain('19,90 €');
    expect(within(popover).getByRole('link').getAttribute('href')).toBe('/cart');
    await advance(2999);
    expect(screen.getByRole('status').textContent).toContain('Zum Warenkorb hinzugefügt');
    await advance(1);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('R4.1.5 Enter (key 13) activates the add button', async () => {
    const fetchSpy = stubFetch(cartAnswer);
    const { addButton } = renderPurchase(purchaseProps(mugItem));
    fireEvent.keyDown(addButton(), { key: 'Tab', keyCode: 9 });
    expect(fetchSpy).not.toHaveBeenCalled();
    fireEvent.keyDown(addButton(), { key: 'Enter', keyCode: 13 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(addButton().textContent).toBe(ADD_TO_CART_BUTTON_TEXTS.adding);
    await settle();
  });

  it('R4.1.6 Space (key 32) activates the add button', async () => {
    const fetchSpy = stubFetch(cartAnswer);
    const { addButton } = renderPurchase(purchaseProps(mugItem));
    fireEvent.keyDown(addButton(), { key: ' ', keyCode: 32 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await settle();
    expect(addButton().textContent).toBe(ADD_TO_CART_BUTTON_TEXTS.added);
  });

  it('R1.2.2 R5.2.4 posts the typed quantity; submitting the form (Enter in the field) adds too', async () => {
    const fetchSpy = stubFetch(cartAnswer);
    const { typeQuantity, container } = renderPurchase(purchaseProps(mugItem));
    typeQuantity('3');
    fireEvent.submit(container.querySelector('form')!);
    expect(postedBody(fetchSpy)).toEqual({ itemId: 'item-emaille-becher', sku: 'BK-BECHER', quantity: 3 });
    await settle();
  });

  it('R1.1.4 shows the site translations of the button states, dropdown placeholder and quantity label', async () => {
    stubFetch(cartAnswer);
    const translated = purchaseProps(shirtItem, {
      localizedStrings: {
        productAddToCartText: 'In den Warenkorb',
        productAddingText: 'Wird hinzugefügt …',
        productAddedText: 'Hinzugefügt!',
        productVariantSelectText: 'Bitte {variantName} wählen',
        productQuantityInputLabel: 'Menge',
      },
    });
    // The placeholder is the dropdown's, on the page without script.
    expect(renderToString(<ProductPurchase {...translated} />)).toContain('Bitte Größe wählen');
    const { addButton } = renderPurchase(translated);
    expect(addButton().textContent).toBe('In den Warenkorb');
    expect(screen.getByLabelText('Menge')).toBeTruthy();
    fireEvent.click(optionRadio('Größe', 'S'));
    fireEvent.click(optionRadio('Farbe', 'Blau'));
    fireEvent.click(addButton());
    expect(addButton().textContent).toBe('Wird hinzugefügt …');
    await settle();
    expect(addButton().textContent).toBe('Hinzugefügt!');
    await advance(2000);
    expect(addButton().textContent).toBe('In den Warenkorb');
  });

  it('R1.2.4 R2.5.2 R3.3.2 R7.1.4 R7.1.5 a subscription says Subscribe, has no quantity input, starts a subscription cart and opens its checkout', async () => {
    const fetchSpy = stubFetch({ status: 200, body: { data: { cartToken: 'tok-123' } } });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const { addButton, choose } = renderPurchase(purchaseProps(coffeeItem));
    expect(addButton().textContent).toBe('Subscribe');
    expect(screen.queryByLabelText('Anzahl')).toBeNull();
    choose('Mahlgrad', 'Filter');
    fireEvent.click(addButton());
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/3/commerce/cart/subscription');
    expect(postedBody(fetchSpy)).toEqual({
      itemId: 'item-kaffee-abo',
      sku: 'KA-FILTER',
      qty: 1,
      subscriptionOptionId: 'abo-monatlich-12',
    });
    await settle();
    expect(assign).toHaveBeenCalledWith('/checkout/subscribe?cartToken=tok-123');
  });

  it('R2.1.9 R2.5.3 a gift card opens the gift-card checkout for the chosen denomination, without the cart', async () => {
    const fetchSpy = stubFetch(cartAnswer);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const { addButton, choose } = renderPurchase(purchaseProps(giftCardItem, { websiteId: 'site 1' }));
    choose('Wert', '50 €');
    fireEvent.click(addButton());
    await settle();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith(
      '/checkout/giftcard?websiteId=site%201&giftCardProductId=item-gutschein&sku=GC-50',
    );
  });

  it('R4.1.10 R4.1.11 in express-checkout mode a successful add goes to checkout when a cart cookie exists', async () => {
    stubFetch(cartAnswer);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const props = purchaseProps(mugItem, { storeSettings: { expressCheckout: true } });

    const first = renderPurchase(props);
    fireEvent.click(first.addButton());
    await settle();
    expect(assign).not.toHaveBeenCalled();
    expect(first.addButton().textContent).toBe(ADD_TO_CART_BUTTON_TEXTS.added);
    first.unmount();

    setCookie('hasCart=true; path=/');
    const second = renderPurchase(props);
    fireEvent.click(second.addButton());
    await settle();
    expect(assign).toHaveBeenCalledWith('/commerce/goto-checkout');
  });
});

describe('ProductPurchase: missing options and validation', () => {
  it('R4.1.7 R4.1.8 R5.1.1 R5.1.2 R8.1.1 R8.1.4 R2.2.8 with an option missing the button shows Option auswählen, disabled, for 2 s and the alert names the option', async () => {
    const fetchSpy = stubFetch(cartAnswer);
    const { addButton, choose } = renderPurchase(purchaseProps(shirtItem));
    choose('Farbe', 'Blau');
    fireEvent.click(addButton());
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(addButton().textContent).toBe('Option auswählen');
    expect(addButton().getAttribute('aria-disabled')).toBe('true');
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Artikel kann nicht hinzugefügt werden');
    expect(dialog.textContent).toContain('Bitte wähle die Option Größe.');
    await advance(1999);
    expect(addButton().getAttribute('aria-disabled')).toBe('true');
    await advance(1);
    expect(addButton().getAttribute('aria-disabled')).toBeNull();
    expect(addButton().textContent).toBe('Add To Cart');
  });

  it('R5.1.3 R8.1.5 with no option chosen the alert names both options', () => {
    stubFetch(cartAnswer);
    const { addButton } = renderPurchase(purchaseProps(shirtItem));
    fireEvent.click(addButton());
    expect(alertDialog()?.textContent).toContain('Bitte wähle die Optionen Größe und Farbe.');
  });

  it('R5.1.5 R8.1.7 a combination that does not exist is refused without a call', () => {
    const fetchSpy = stubFetch(cartAnswer);
    const { addButton, choose } = renderPurchase(purchaseProps(shirtItem));
    choose('Größe', 'S');
    choose('Farbe', 'Rot');
    fireEvent.click(addButton());
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(alertDialog()?.textContent).toContain(ADD_TO_CART_MESSAGES.variantUnavailable);
  });

  it('R5.1.6 R8.1.8 more than the stock holds is refused without a call', () => {
    const fetchSpy = stubFetch(cartAnswer);
    const { addButton, choose, typeQuantity } = renderPurchase(purchaseProps(shirtItem));
    choose('Größe', 'M');
    choose('Farbe', 'Blau');
    typeQuantity('4');
    fireEvent.click(addButton());
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(alertDialog()?.textContent).toContain(ADD_TO_CART_MESSAGES.notEnoughStock);
  });

  it('R5.1.7 R8.1.9 R4.1.3 R9.1.3 an empty quantity is not a number; the button is idle again after 1 s', async () => {
    const fetchSpy = stubFetch(cartAnswer);
    const { addButton, typeQuantity } = renderPurchase(purchaseProps(mugItem));
    typeQuantity('');
    fireEvent.click(addButton());
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(alertDialog()?.textContent).toContain('Anzahl muss eine Zahl sein.');
    expect(addButton().dataset.state).toBe('error');
    await advance(999);
    expect(addButton().dataset.state).toBe('error');
    await advance(1);
    expect(addButton().dataset.state).toBe('idle');
  });

  it('R5.1.8 R8.1.10 a fractional quantity must be a whole number', () => {
    stubFetch(cartAnswer);
    const { addButton, typeQuantity } = renderPurchase(purchaseProps(mugItem));
    typeQuantity('1.5');
    fireEvent.click(addButton());
    expect(alertDialog()?.textContent).toContain('Die Menge muss eine ganze Zahl sein');
  });

  it('R5.2.1 R5.2.2 a quantity outside 1 to 9999 is refused', () => {
    const fetchSpy = stubFetch(cartAnswer);
    const { addButton, typeQuantity } = renderPurchase(purchaseProps(mugItem));
    typeQuantity('0');
    fireEvent.click(addButton());
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(alertDialog()?.textContent).toContain(ADD_TO_CART_MESSAGES.quantityOutOfRange);
  });

  it('R8.1.2 in express-checkout mode the alert title says the item cannot be bought', () => {
    stubFetch(cartAnswer);
    const { addButton } = renderPurchase(
      purchaseProps(shirtItem, { storeSettings: { expressCheckout: true } }),
    );
    fireEvent.click(addButton());
    expect(within(alertDialog()!).getByRole('heading').textContent).toBe(
      ADD_TO_CART_ALERT_TITLES.expressCheckout,
    );
  });

  it('R5.1.10 R8.1.3 R8.1.11 R1.2.5 a gift card without an amount asks for a denomination', () => {
    const fetchSpy = stubFetch(cartAnswer);
    const giftCard = itemContext('gutschein', 'Geschenkgutschein', {
      productType: 4,
      variantOptionOrdering: ['Betrag'],
      variants: [
        variantContext('GS-25', { Betrag: '25 €' }, 2500, 0, { unlimited: true }),
        variantContext('GS-50', { Betrag: '50 €' }, 5000, 0, { unlimited: true }),
      ],
    });
    const { addButton } = renderPurchase(purchaseProps(giftCard));
    fireEvent.click(addButton());
    expect(fetchSpy).not.toHaveBeenCalled();
    const dialog = alertDialog()!;
    expect(within(dialog).getByRole('heading').textContent).toBe('Gutschein kann nicht gekauft werden');
    expect(dialog.textContent).toContain('Eine Bezeichnung für den Gutschein auswählen');
  });
});

describe('ProductPurchase: sold out', () => {
  it('R4.1.9 R4.7.1 a sold-out product shows Ausverkauft and cannot be added', () => {
    const fetchSpy = stubFetch(cartAnswer);
    const soldOut = itemContext('vase', 'Keramikvase', {
      variantOptionOrdering: ['Farbe'],
      variants: [
        variantContext('V-W', { Farbe: 'Weiß' }, 5900, 0),
        variantContext('V-S', { Farbe: 'Schwarz' }, 5900, 0),
      ],
    });
    const { addButton } = renderPurchase(purchaseProps(soldOut));
    expect(addButton().textContent).toBe('Ausverkauft');
    expect(addButton().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(addButton());
    fireEvent.keyDown(addButton(), { key: 'Enter', keyCode: 13 });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(alertDialog()).toBeNull();
  });

  it('R4.1.9 R5.1.6 choosing a sold-out variant shows Ausverkauft until another is chosen', () => {
    stubFetch(cartAnswer);
    const { addButton, choose } = renderPurchase(purchaseProps(shirtItem));
    choose('Größe', 'M');
    choose('Farbe', 'Rot');
    expect(addButton().textContent).toBe('Ausverkauft');
    expect(addButton().getAttribute('aria-disabled')).toBe('true');
    choose('Farbe', 'Blau');
    expect(addButton().textContent).toBe('Add To Cart');
    expect(addButton().getAttribute('aria-disabled')).toBeNull();
  });

  it('WCAG 2.4.3 4.1.3 a sold-out combination keeps the button in the Tab order and is announced', () => {
    stubFetch(cartAnswer);
    const { addButton, choose } = renderPurchase(purchaseProps(shirtItem));
    choose('Größe', 'M');
    choose('Farbe', 'Rot');
    expect(addButton().disabled).toBe(false);
    expect(addButton().tabIndex).toBe(0);
    const live = document.querySelector('.add-to-cart-button__status');
    expect(live?.getAttribute('aria-live')).toBe('polite');
    expect(live?.textContent).toBe(
      'Diese Auswahl ist ausverkauft und kann nicht in den Warenkorb gelegt werden.',
    );
    choose('Farbe', 'Blau');
    expect(live?.textContent).toBe('');
  });
});

describe('ProductPurchase: quantity input', () => {
  it('R5.2.1 R5.2.2 R5.2.3 R5.2.4 R5.2.5 R5.2.6 has min 1, max 9999, step 1, default 1 and width 4', () => {
    renderPurchase(purchaseProps(mugItem));
    const input = screen.getByLabelText('Anzahl') as HTMLInputElement;
    expect(input.name).toBe('quantity');
    expect(input.type).toBe('number');
    expect(input.min).toBe('1');
    expect(input.max).toBe('9999');
    expect(input.step).toBe('1');
    expect(input.value).toBe('1');
    expect(input.getAttribute('size')).toBe('4');
  });

  it('R5.2.12 is hidden when at most one unit is left, and one piece is posted', async () => {
    const fetchSpy = stubFetch(cartAnswer);
    const lastOne = itemContext('unikat', 'Unikat', { variants: [variantContext('U-1', {}, 9900, 1)] });
    const { addButton } = renderPurchase(purchaseProps(lastOne));
    expect(screen.queryByLabelText('Anzahl')).toBeNull();
    fireEvent.click(addButton());
    expect(postedBody(fetchSpy).quantity).toBe(1);
    await settle();
  });

  it('R5.2.9 is hidden for a service when the store allows only one', () => {
    const service = itemContext('beratung', 'Beratung', {
      productType: 3,
      variants: [variantContext('B-1', {}, 9900, 0, { unlimited: true })],
    });
    renderPurchase(purchaseProps(service, { storeSettings: { multipleQuantityAllowedForServices: false } }));
    expect(screen.queryByLabelText('Anzahl')).toBeNull();
    cleanup();
    renderPurchase(purchaseProps(service));
    expect(screen.getByLabelText('Anzahl')).toBeTruthy();
  });
});

describe('ProductPurchase: server answers', () => {
  async function addMugAnswering(answer: Parameters<typeof stubFetch>[0]) {
    stubFetch(answer);
    const view = renderPurchase(purchaseProps(mugItem));
    fireEvent.click(view.addButton());
    await settle();
    return view;
  }

  it('R2.2.8 R4.1.3 a 4xx answer shows its message in the alert and the button resets after 1 s', async () => {
    const { addButton } = await addMugAnswering({
      status: 409,
      body: { error: { type: 'OUT_OF_STOCK', message: ADD_TO_CART_MESSAGES.notEnoughStock } },
    });
    expect(alertDialog()?.textContent).toContain(ADD_TO_CART_MESSAGES.notEnoughStock);
    expect(addButton().textContent).toBe('Add To Cart');
    expect(addButton().dataset.state).toBe('error');
    await advance(1000);
    expect(addButton().dataset.state).toBe('idle');
  });

  it('R8.1.14 a 429 answer asks to try again in a few seconds', async () => {
    await addMugAnswering({ status: 429, body: { error: { type: 'RATE_LIMITED', message: 'zu viele' } } });
    expect(alertDialog()?.textContent).toContain('Bitte versuche es in einigen Sekunden erneut.');
  });

  it('R8.1.12 a refused crumb (403) says the session expired', async () => {
    await addMugAnswering({ status: 403, body: { error: { type: 'CRUMB_FAILED', message: 'x' } } });
    expect(alertDialog()?.textContent).toContain(SESSION_MESSAGES.sessionExpired);
  });

  it('R8.1.13 a refused crumb with cookies off asks to turn cookies on', async () => {
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    await addMugAnswering({ status: 403, body: null });
    expect(alertDialog()?.textContent).toContain(SESSION_MESSAGES.cookiesDisabled);
  });

  it('R2.2.8 a server error or no answer at all gives the generic text, never a stack', async () => {
    await addMugAnswering({
      status: 500,
      body: { error: { type: 'INTERNAL', message: 'TypeError at x.js:1' } },
    });
    expect(alertDialog()?.textContent).toContain(ADD_TO_CART_MESSAGES.apiFailure);
    cleanup();
    await addMugAnswering(new TypeError('Failed to fetch'));
    expect(alertDialog()?.textContent).toContain(ADD_TO_CART_MESSAGES.apiFailure);
  });
});

describe('ProductPurchase: alert dialog', () => {
  async function openQuantityAlert() {
    stubFetch(cartAnswer);
    const view = renderPurchase(purchaseProps(mugItem));
    view.typeQuantity('abc');
    view.addButton().focus();
    fireEvent.click(view.addButton());
    return view;
  }

  it('R2.2.8 is a labelled modal alertdialog that takes focus and keeps Tab inside', async () => {
    const { addButton } = await openQuantityAlert();
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe(
      'Artikel kann nicht hinzugefügt werden',
    );
    const close = within(dialog).getByRole('button', { name: 'Schließen' });
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    expect(document.activeElement).toBe(close);
    ok.focus();
    fireEvent.keyDown(ok, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(ok);
    act(() => addButton().focus());
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('R2.2.8 Escape closes it and focus returns to the add button', async () => {
    const { addButton } = await openQuantityAlert();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(alertDialog()).toBeNull();
    expect(document.activeElement).toBe(addButton());
  });

  it('R2.2.8 the close button closes it and focus returns to the add button', async () => {
    const { addButton } = await openQuantityAlert();
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(alertDialog()).toBeNull();
    expect(document.activeElement).toBe(addButton());
  });

  it('R5.1.1 after a missing-option alert focus goes to the first option still to choose', () => {
    stubFetch(cartAnswer);
    const { addButton, choose } = renderPurchase(purchaseProps(shirtItem));
    choose('Größe', 'M');
    fireEvent.click(addButton());
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(alertDialog()).toBeNull();
    expect(document.activeElement).toBe(optionRadio('Farbe', 'Blau'));
  });
});
