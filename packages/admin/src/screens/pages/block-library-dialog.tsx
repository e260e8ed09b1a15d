import { useId, useMemo, useRef, useState } from 'react';
import { TextField } from '../../ui/controls.js';
import { type LibraryGroup, libraryGroups, searchLibrary } from './block-library.js';
import { BlockPreview } from './block-previews.js';
import { useDialogFocus } from './use-dialog-focus.js';
import './block-library.css';

/*
 * The "add block" library (issue 22): a modal dialog with every kind of block in groups, each with a
 * sketch and a description, searchable. Picking an entry adds the block and closes the dialog; Escape or
 * "Schließen" closes it without adding. Keyboard focus stays inside while it is open.
 */

export const L = {
  title: 'Block hinzufügen',
  search: 'Blöcke durchsuchen',
  searchHint: 'Zum Beispiel „Bild“, „Produkt“ oder „Fragen“.',
  close: 'Schließen',
  found: (n: number) => (n === 1 ? '1 Block gefunden.' : `${n} Blöcke gefunden.`),
  none: (query: string) => `Kein Block passt zu „${query}“.`,
} as const;

export function BlockLibraryDialog({
  kinds,
  onPick,
  onClose,
}: {
  kinds: readonly string[];
  onPick: (kind: string) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  const onKeyDown = useDialogFocus(dialog, onClose, 'input[type="search"]');
  const titleId = useId();
  const [query, setQuery] = useState('');
  const all = useMemo(() => libraryGroups(kinds), [kinds]);
  const groups: LibraryGroup[] = useMemo(() => searchLibrary(all, query), [all, query]);
  const count = groups.reduce((n, g) => n + g.entries.length, 0);

  return (
    <div className="block-library__backdrop">
      <div
        ref={dialog}
        className="block-library"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <div className="block-library__head">
          <h2 id={titleId}>{L.title}</h2>
          <button type="button" className="button button--quiet" onClick={onClose}>
            {L.close}
          </button>
        </div>
        <TextField
          label={L.search}
          hint={L.searchHint}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <p className="visually-hidden" role="status">
          {query.trim() ? (count > 0 ? L.found(count) : L.none(query.trim())) : ''}
        </p>
        {count === 0 ? <p className="empty">{L.none(query.trim())}</p> : null}
        <div className="block-library__groups">
          {groups.map((group) => (
            <section
              key={group.id}
              className="block-library__group"
              aria-labelledby={`${titleId}-${group.id}`}
            >
              <h3 id={`${titleId}-${group.id}`}>{group.title}</h3>
              <ul className="block-library__list">
                {group.entries.map((entry) => (
                  <li key={entry.kind} className="block-library__entry">
                    <BlockPreview kind={entry.kind} />
                    <button
                      type="button"
                      className="block-library__pick"
                      aria-describedby={`${titleId}-${entry.kind}`}
                      onClick={() => onPick(entry.kind)}
                    >
                      {entry.name}
                    </button>
                    <p id={`${titleId}-${entry.kind}`} className="block-library__description">
                      {entry.description}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
