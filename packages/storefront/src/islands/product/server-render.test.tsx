// @vitest-environment happy-dom
import { act, cleanup, fireEvent } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIsland } from '../../server-render.js';
import { islandElement } from '../island-id.js';
import { AddButton } from './add-button.js';
import { coffeeItem, mugItem, purchaseProps, shirtItem, soldOutMugItem } from './fixtures.js';
import { ProductPurchase } from './product-purchase.js';
import { cartAnswer, chooseOption, clearCookies, setCookie, settle, stubFetch } from './test-helpers.js';

const mounted: HTMLElement[] = [];

/** The server's HTML, as a browser without JavaScript would get it. */
function serverPage(island: string, props: object): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = renderIsland(island, props as Record<string, unknown>);
  document.body.append(host);
  mounted.push(host);
  return host.firstElementChild as HTMLElement;
}

const fieldNames = (form: HTMLFormElement) => [...new FormData(form).keys()];

afterEach(() => {
  for (const host of mounted.splice(0)) host.remove();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearCookies();
});

describe('product islands without JavaScript', () => {
  it('R1.2.3 R1.2.2 R5.3.1 the product form is a real form posting itemId, crumb, returnTo, one field per option and the quantity', () => {
    const root = serverPage('product-purchase', purchaseProps(shirtItem));
    const form = root.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/api/commerce/shopping-cart/entries');
    expect(form.hasAttribute('novalidate')).toBe(false);
    expect(fieldNames(form)).toEqual([
      'itemId',
      'crumb',
      'returnTo',
      'option-Größe',
      'option-Farbe',
      'quantity',
    ]);
    const data = new FormData(form);
    expect(data.get('itemId')).toBe('item-bio-t-shirt');
    expect(data.get('crumb')).toBe('crumb-from-page');
    expect(data.get('returnTo')).toBe('/shop/p/bio-t-shirt');
    expect(data.get('quantity')).toBe('1');
    expect(root.querySelector('select[name="option-Größe"]')?.hasAttribute('required')).toBe(true);
    const submit = form.querySelector('button[type="submit"]')!;
    expect(submit.textContent).toBe('Add To Cart');
    expect(submit.hasAttribute('disabled')).toBe(false);
  });

  it('R5.3.3 a one-variant product posts its sku instead of options', () => {
    const form = serverPage('product-purchase', purchaseProps(mugItem)).querySelector('form')!;
    expect(fieldNames(form)).toEqual(['itemId', 'crumb', 'returnTo', 'sku', 'quantity']);
    expect(new FormData(form).get('sku')).toBe('BK-BECHER');
  });

  it('R5.2.11 R3.3.2 a subscription posts one piece and its subscription option', () => {
    const form = serverPage('product-purchase', purchaseProps(coffeeItem)).querySelector('form')!;
    const data = new FormData(form);
    expect(data.get('quantity')).toBe('1');
    expect(data.get('subscriptionOptionId')).toBe('abo-monatlich-12');
    expect(form.querySelector('input[name="quantity"]')?.getAttribute('type')).toBe('hidden');
  });

  it('R4.1.9 a sold-out product renders a disabled Ausverkauft button', () => {
    const form = serverPage('product-purchase', purchaseProps(soldOutMugItem)).querySelector('form')!;
    const submit = form.querySelector('button[type="submit"]')!;
    expect(submit.textContent).toBe('Ausverkauft');
    expect(submit.hasAttribute('disabled')).toBe(true);
  });

  it('R2.2.3 the list button posts one piece of a one-variant product, and links to the page otherwise', () => {
    const form = serverPage('add-button', purchaseProps(mugItem)).querySelector('form')!;
    expect(form.getAttribute('action')).toBe('/api/commerce/shopping-cart/entries');
    expect(fieldNames(form)).toEqual(['itemId', 'crumb', 'returnTo', 'sku', 'quantity']);
    const link = serverPage('add-button', purchaseProps(shirtItem)).querySelector('a')!;
    expect(link.textContent).toBe('Optionen wählen');
    expect(link.getAttribute('href')).toBe('/shop/p/bio-t-shirt');
  });

  it('carries only the props the island needs, not the product description', () => {
    const root = serverPage('product-purchase', purchaseProps(shirtItem));
    const props = JSON.parse(root.dataset.props ?? '{}');
    expect(props.itemId).toBe('item-bio-t-shirt');
    expect(root.dataset.props).not.toContain('lange Beschreibung');
    expect(root.dataset.props).not.toContain('optionValues');
  });
});

describe('hydration', () => {
  it('R1.2.3 the server markup hydrates without mismatch and then adds through the API', async () => {
    const fetchSpy = stubFetch(cartAnswer);
    setCookie('crumb=crumb-from-cookie; path=/');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable = vi.fn();
    const props = purchaseProps(shirtItem);
    const root = serverPage('product-purchase', props);
    const formBefore = root.querySelector('form');
    // Wrapped as browser.tsx does, so the island's ids are the ones the server rendered.
    const reactRoot = await act(async () =>
      hydrateRoot(root, islandElement(ProductPurchase, props, root.dataset.idPrefix ?? ''), {
        onRecoverableError: recoverable,
      }),
    );
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    const form = root.querySelector('form')!;
    expect(form).toBe(formBefore);
    expect(form.noValidate).toBe(true);

    // Hydrated, the dropdowns of the page without script give way to the value buttons.
    expect(root.querySelector('select')).toBeNull();
    chooseOption('Größe', 'S');
    chooseOption('Farbe', 'Blau');
    fireEvent.click(form.querySelector('button[type="submit"]')!);
    await settle();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchSpy.mock.calls[0][1]?.body)).sku).toBe('TS-S-BLAU');
    act(() => reactRoot.unmount());
  });

  it('R2.2.3 the list button hydrates without mismatch', async () => {
    const recoverable = vi.fn();
    const props = purchaseProps(mugItem);
    const root = serverPage('add-button', props);
    const reactRoot = await act(async () =>
      hydrateRoot(root, islandElement(AddButton, props, root.dataset.idPrefix ?? ''), {
        onRecoverableError: recoverable,
      }),
    );
    expect(recoverable).not.toHaveBeenCalled();
    act(() => reactRoot.unmount());
  });
});
