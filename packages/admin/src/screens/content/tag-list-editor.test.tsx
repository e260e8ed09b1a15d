// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TagListEditor } from './tag-list-editor.js';

afterEach(cleanup);

const submitted = vi.fn();

/** As in the post's form: the editor sits inside a form that must not be sent by its Enter key. */
function Tags({ initial }: { initial: string[] }) {
  const [tags, setTags] = useState(initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submitted();
      }}
    >
      <TagListEditor tags={tags} onChange={setTags} />
      <output data-testid="tags">{tags.join(', ')}</output>
    </form>
  );
}

describe('tag list editor', () => {
  it('renames a tag in place and removes another', async () => {
    render(<Tags initial={['Becher', 'Glasur', 'Ton']} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Schlagwort „Glasur“ bearbeiten' }));
    const field = screen.getByLabelText('Neuer Name für „Glasur“');
    expect(document.activeElement).toBe(field);
    await user.clear(field);
    await user.type(field, 'Glasuren{Enter}');
    await user.click(screen.getByRole('button', { name: 'Schlagwort „Ton“ entfernen' }));
    expect(screen.getByTestId('tags').textContent).toBe('Becher, Glasuren');
    expect(submitted).not.toHaveBeenCalled();
  });

  it('R5.12.13 while one tag is being edited, starting to edit another says only one tag can be edited at a time', async () => {
    render(<Tags initial={['Becher', 'Glasur']} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Schlagwort „Becher“ bearbeiten' }));
    await user.type(screen.getByLabelText('Neuer Name für „Becher“'), 'n');
    await user.click(screen.getByRole('button', { name: 'Schlagwort „Glasur“ bearbeiten' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Es kann immer nur ein Schlagwort gleichzeitig bearbeitet werden.',
    );
    // What was typed stays, and the open tag keeps the focus.
    const open = screen.getByLabelText('Neuer Name für „Becher“') as HTMLInputElement;
    expect(open.value).toBe('Bechern');
    expect(document.activeElement).toBe(open);
    expect(screen.queryByLabelText('Neuer Name für „Glasur“')).toBeNull();
  });

  it('R5.12.14 refuses renaming a tag to one the list already has', async () => {
    render(<Tags initial={['Becher', 'Glasur']} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Schlagwort „Glasur“ bearbeiten' }));
    const field = screen.getByLabelText('Neuer Name für „Glasur“');
    await user.clear(field);
    await user.type(field, 'becher{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Das Schlagwort „becher“ gibt es schon.');
    expect(screen.getByTestId('tags').textContent).toBe('Becher, Glasur');
  });
});
