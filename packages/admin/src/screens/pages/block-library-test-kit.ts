import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Adds a block as an owner does: opens the block library and picks the kind by its name. */
export async function pickBlock(user: UserEvent, name: string) {
  await user.click(screen.getByRole('button', { name: 'Block hinzufügen' }));
  const library = screen.getByRole('dialog', { name: 'Block hinzufügen' });
  await user.click(within(library).getByRole('button', { name }));
}
