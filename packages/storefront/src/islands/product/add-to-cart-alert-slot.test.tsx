// @vitest-environment happy-dom
import { ADD_TO_CART_ALERT_TITLES } from '@baukasten/commerce';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddToCartAlertSlot } from './add-to-cart-alert-slot.js';

afterEach(cleanup);

const error = {
  type: 'NO_VARIANT_SELECTED' as const,
  title: ADD_TO_CART_ALERT_TITLES.addToCart,
  message: 'Bitte wähle die Option Größe.',
};

describe('add-to-cart alert chunk', () => {
  it('R2.2.8 R8.1.1 loads the alert dialog on the first error and shows it then; nothing without an error', async () => {
    const { rerender } = render(<AddToCartAlertSlot error={null} onClose={vi.fn()} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    rerender(<AddToCartAlertSlot error={error} onClose={vi.fn()} />);
    // The dialog's chunk was not loaded before: it appears once it has come.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Artikel kann nicht hinzugefügt werden');
    expect(dialog.textContent).toContain('Bitte wähle die Option Größe.');
    // A second error shows at once.
    rerender(<AddToCartAlertSlot error={null} onClose={vi.fn()} />);
    rerender(
      <AddToCartAlertSlot error={{ ...error, message: 'Anzahl muss eine Zahl sein.' }} onClose={vi.fn()} />,
    );
    expect(screen.getByRole('alertdialog').textContent).toContain('Anzahl muss eine Zahl sein.');
  });
});
