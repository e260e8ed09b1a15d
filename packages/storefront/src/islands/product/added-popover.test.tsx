// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AddedPopover } from './added-popover.js';

afterEach(cleanup);

const mug = { id: 1, title: 'Emaille-Becher', variantText: '', quantity: 1, priceText: '14,00 €' };

describe('added-item popover', () => {
  it('stays while its link has focus after the 3 s are over, and goes once focus leaves', () => {
    const view = render(<AddedPopover added={mug} />);
    const link = screen.getByRole('link', { name: 'Warenkorb ansehen' });
    link.focus();
    fireEvent.focus(link);
    // The product island drops the item after 3 s; the focused link must not vanish under the keyboard.
    view.rerender(<AddedPopover added={null} />);
    expect(screen.getByRole('link', { name: 'Warenkorb ansehen' })).toBe(link);
    fireEvent.blur(link, { relatedTarget: document.body });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('stays while the pointer rests on it', () => {
    const view = render(<AddedPopover added={mug} />);
    fireEvent.pointerEnter(screen.getByRole('status'));
    view.rerender(<AddedPopover added={null} />);
    expect(screen.getByRole('status').textContent).toContain('Zum Warenkorb hinzugefügt');
    fireEvent.pointerLeave(screen.getByRole('status'));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
