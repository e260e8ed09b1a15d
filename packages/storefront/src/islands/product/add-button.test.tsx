// @vitest-environment happy-dom
import { ADD_TO_CART_BUTTON_TEXTS, SESSION_MESSAGES } from '@baukasten/commerce';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddButton } from './add-button.js';
import { CART_CHANGED_EVENT } from './cart-request.js';
import { mugItem, purchaseProps, shirtItem, soldOutMugItem } from './fixtures.js';
import {
  advance,
  cartAnswer,
  clearCookies,
  sentHeader,
  setCookie,
  settle,
  stubFetch,
} from './test-helpers.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  setCookie('crumb=list-crumb; path=/');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearCookies();
});

const button = () => document.querySelector<HTMLButtonElement>('button[type="submit"]')!;

describe('AddButton (product lists)', () => {
  it('R2.2.3 R2.2.4 R4.1.1 R4.1.2 R4.1.12 R9.1.4 adds one piece, shows the popover for 3 s and is idle again after 2 s', async () => {
    const fetchSpy = stubFetch(cartAnswer);
    const changed = vi.fn();
    window.addEventListener(CART_CHANGED_EVENT, changed);
    render(<AddButton {...purchaseProps(mugItem)} />);
    fireEvent.click(button());
    expect(button().textContent).toBe(ADD_TO_CART_BUTTON_TEXTS.adding);
    const [, init] = fetchSpy.mock.calls[0];
    expect(JSON.parse(String(init?.body))).toEqual({
      itemId: 'item-emaille-becher',
      sku: 'BK-BECHER',
      quantity: 1,
    });
    expect(sentHeader(init, 'X-CSRF-Token')).toBe('list-crumb');
    await settle();
    window.removeEventListener(CART_CHANGED_EVENT, changed);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(button().textContent).toBe(ADD_TO_CART_BUTTON_TEXTS.added);
    expect(screen.getByRole('status').textContent).toContain('Emaille-Becher „Bergsee“');
    await advance(2000);
    expect(button().textContent).toBe('Add To Cart');
    expect(screen.getByRole('status').textContent).not.toBe('');
    await advance(1000);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('R4.1.5 R4.1.6 Enter and Space activate it', async () => {
    const fetchSpy = stubFetch(cartAnswer);
    render(<AddButton {...purchaseProps(mugItem)} />);
    fireEvent.keyDown(button(), { key: 'Enter', keyCode: 13 });
    await settle();
    await advance(2000);
    fireEvent.keyDown(button(), { key: ' ', keyCode: 32 });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    await settle();
  });

  it('R5.3.3 a product with several variants gets a link to its page instead', () => {
    const fetchSpy = stubFetch(cartAnswer);
    render(<AddButton {...purchaseProps(shirtItem)} />);
    const link = screen.getByRole('link', { name: 'Optionen wählen' });
    expect(link.getAttribute('href')).toBe('/shop/p/bio-t-shirt');
    expect(document.querySelector('button')).toBeNull();
    fireEvent.click(link);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('R4.1.9 a sold-out product shows Ausverkauft, aria-disabled so it keeps focus', () => {
    const fetchSpy = stubFetch(cartAnswer);
    render(<AddButton {...purchaseProps(soldOutMugItem)} />);
    expect(button().textContent).toBe('Ausverkauft');
    expect(button().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button());
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('R8.1.12 R4.1.3 a refused crumb opens the alert, the button resets after 1 s and gets focus back', async () => {
    stubFetch({ status: 403, body: { error: { type: 'CRUMB_FAILED', message: 'x' } } });
    render(<AddButton {...purchaseProps(mugItem)} />);
    fireEvent.click(button());
    await settle();
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain(SESSION_MESSAGES.sessionExpired);
    await advance(1000);
    expect(button().dataset.state).toBe('idle');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(button());
  });
});
