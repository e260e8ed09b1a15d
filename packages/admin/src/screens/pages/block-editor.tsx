import { type KeyboardEvent, useEffect, useId, useReducer, useRef, useState } from 'react';
import { pages } from '../../api/admin-api.js';
import type { Collection, CollectionDetail } from '../../api/admin-types.js';
import { t } from '../../messages.js';
import { useAction } from '../../ui/async.js';
import { Button, ErrorBox, StatusMessage } from '../../ui/controls.js';
import { BLOCK_KINDS, BlockFields, blockLabel, newBlock } from './block-fields.js';
import { blockReducer, blocksToSave, initialHistory, newKey } from './block-history.js';
import { BlockLibraryDialog } from './block-library-dialog.js';
import { usePageLock } from './page-lock.js';
import { BlockSortArea, dragTexts, SortableBlock } from './sortable-blocks.js';

/*
 * The blocks of one page: add (from the block library, block-library-dialog.tsx), edit, move (buttons, Alt+↑/↓ on a block, or drag and drop by pointer or
 * keyboard on its grip, sortable-blocks.tsx), duplicate, remove, undo
 * (button, or Ctrl+Z outside a text field), save as draft and publish. Moves and removals are
 * announced in a live region; the moved block keeps the focus.
 */

export interface BlockEditorProps {
  siteId: string;
  detail: CollectionDetail;
  collections: readonly Collection[];
  canEdit: boolean;
  canPublish: boolean;
  /** Called with what the server answered after a save or publish. */
  onSaved?: (detail: CollectionDetail) => void;
}

const isTextInput = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Field messages of the server for block `index` ("blocks.3.text" → {text: ...}). */
function errorsOf(fields: Readonly<Record<string, string>>, index: number): Record<string, string> {
  const prefix = `blocks.${index}.`;
  const mine: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields))
    if (path.startsWith(prefix)) mine[path.slice(prefix.length)] = message;
    else if (path === `blocks.${index}`) mine._ = message;
  return mine;
}

/** Mount with `key={page.id}`: another page starts a new history. */
export function BlockEditor({
  siteId,
  detail,
  collections,
  canEdit: mayEdit,
  canPublish: mayPublish,
  onSaved,
}: BlockEditorProps) {
  const page = detail.collection;
  // While another member edits the page it opens read-only, saying who has it (R8.7.12).
  const { lockedMessage } = usePageLock(siteId, page.id, mayEdit);
  const canEdit = mayEdit && !lockedMessage;
  const canPublish = mayPublish && !lockedMessage;
  const [state, dispatch] = useReducer(blockReducer, detail.blocks.draft, initialHistory);
  const [selected, setSelected] = useState<string | undefined>(state.blocks[0]?.key);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const action = useAction();
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterRender = useRef<string | undefined>(undefined);
  const hintId = useId();

  useEffect(() => {
    const key = focusAfterRender.current;
    if (key) {
      focusAfterRender.current = undefined;
      handles.current.get(key)?.focus();
    }
  });

  const count = state.blocks.length;

  const move = (key: string, by: number) => {
    const index = state.blocks.findIndex((b) => b.key === key);
    const to = index + by;
    if (index < 0 || to < 0 || to >= count) return;
    dispatch({ type: 'move', key, by });
    setSelected(key);
    focusAfterRender.current = key;
    setAnnouncement(t.blockMoved(blockLabel(state.blocks[index].block), to + 1, count));
  };

  const remove = (key: string) => {
    const index = state.blocks.findIndex((b) => b.key === key);
    if (index < 0) return;
    setAnnouncement(t.blockRemoved(blockLabel(state.blocks[index].block)));
    dispatch({ type: 'remove', key });
    const neighbour = state.blocks[index + 1] ?? state.blocks[index - 1];
    setSelected(neighbour?.key);
    if (neighbour) focusAfterRender.current = neighbour.key;
  };

  const undo = () => {
    if (state.past.length === 0) return;
    dispatch({ type: 'undo' });
    setAnnouncement(t.undone);
  };

  const add = (kind: string) => {
    setLibraryOpen(false);
    const at = selected ? state.blocks.findIndex((b) => b.key === selected) + 1 : count;
    const key = newKey();
    dispatch({ type: 'add', block: newBlock(kind, collections), at, newKey: key });
    setSelected(key);
    focusAfterRender.current = key;
  };

  const duplicate = (key: string) => {
    const copy = newKey();
    dispatch({ type: 'duplicate', key, newKey: copy });
    setSelected(copy);
    focusAfterRender.current = copy;
  };

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, key: string) => {
    if (!canEdit || !event.altKey) return;
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(key, -1);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(key, 1);
    }
  };

  const onEditorKey = (event: KeyboardEvent<HTMLElement>) => {
    if (!canEdit) return;
    if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'z') {
      if (isTextInput(event.target)) return; // the field's own undo
      event.preventDefault();
      undo();
    }
  };

  const saveDraft = async () => {
    const answer = await action.run(() => pages.saveDraft(siteId, page.id, blocksToSave(state)));
    if (answer) {
      dispatch({ type: 'saved' });
      setAnnouncement(t.draftSaved);
      onSaved?.(answer);
    }
    return answer;
  };

  const publish = async () => {
    const answer = await action.run(async () => {
      // What is on screen is what gets published: unsaved edits are saved first.
      if (state.dirty && canEdit) await pages.saveDraft(siteId, page.id, blocksToSave(state));
      return pages.publish(siteId, page.id);
    });
    if (answer) {
      dispatch({ type: 'saved' });
      setAnnouncement(t.published);
      onSaved?.(answer);
    }
  };

  const fields = action.error?.fields ?? {};

  return (
    <section className="block-editor" aria-labelledby="block-editor-title" onKeyDown={onEditorKey}>
      <h2 id="block-editor-title">{t.blockEditor(page.title)}</h2>
      {canEdit ? (
        <div className="toolbar" role="toolbar" aria-label={t.blocks}>
          <Button onClick={() => setLibraryOpen(true)} disabled={action.busy} aria-haspopup="dialog">
            {t.addBlock}
          </Button>
          <Button
            onClick={undo}
            disabled={state.past.length === 0 || action.busy}
            aria-keyshortcuts="Control+Z"
          >
            {t.undo}
          </Button>
          <Button onClick={saveDraft} busy={action.busy} disabled={!state.dirty}>
            {t.saveDraft}
          </Button>
          {canPublish ? (
            <Button variant="primary" onClick={publish} busy={action.busy}>
              {t.publish}
            </Button>
          ) : null}
          {state.dirty ? <span className="badge">{t.unsavedChanges}</span> : null}
        </div>
      ) : null}
      {libraryOpen && canEdit ? (
        <BlockLibraryDialog kinds={BLOCK_KINDS} onPick={add} onClose={() => setLibraryOpen(false)} />
      ) : null}
      <ErrorBox error={lockedMessage} />
      <ErrorBox error={action.error} />
      <StatusMessage>{announcement}</StatusMessage>
      {canEdit ? (
        <p className="muted" id={hintId}>
          {t.reorderHint}
        </p>
      ) : null}
      {count === 0 ? <p className="empty">{t.noBlocks}</p> : null}
      <BlockSortArea
        ids={state.blocks.map((b) => b.key)}
        labelOf={(key) => blockLabel(state.blocks.find((b) => b.key === key)?.block ?? state.blocks[0].block)}
        onMove={(key, from, to) => move(key, to - from)}
        onDragStart={() => setSelected(undefined)}
      >
        <ol className="blocks">
          {state.blocks.map(({ key, block }, index) => {
            const label = blockLabel(block);
            const isSelected = key === selected;
            const errors = errorsOf(fields, index);
            return (
              <SortableBlock
                key={key}
                id={key}
                disabled={!canEdit}
                className={`block ${isSelected ? 'block--selected' : ''} ${Object.keys(errors).length ? 'block--invalid' : ''}`}
              >
                {(grip) => (
                  <>
                    <div className="block__bar">
                      {grip ? (
                        <button
                          type="button"
                          className="block__grip"
                          aria-label={dragTexts.grip(label)}
                          {...grip}
                        >
                          <span aria-hidden="true">⠿</span>
                        </button>
                      ) : null}
                      <button
                        type="button"
                        className="block__handle"
                        ref={(node) => {
                          if (node) handles.current.set(key, node);
                          else handles.current.delete(key);
                        }}
                        aria-expanded={isSelected}
                        aria-describedby={canEdit ? hintId : undefined}
                        aria-keyshortcuts={canEdit ? 'Alt+ArrowUp Alt+ArrowDown' : undefined}
                        onClick={() => setSelected(isSelected ? undefined : key)}
                        onKeyDown={(e) => onHandleKey(e, key)}
                      >
                        <span className="block__position">{index + 1}.</span> {label}
                      </button>
                      {canEdit ? (
                        <span className="block__actions">
                          <Button
                            variant="quiet"
                            onClick={() => move(key, -1)}
                            disabled={index === 0}
                            aria-label={`${t.moveUp}: ${label}`}
                          >
                            ↑
                          </Button>
                          <Button
                            variant="quiet"
                            onClick={() => move(key, 1)}
                            disabled={index === count - 1}
                            aria-label={`${t.moveDown}: ${label}`}
                          >
                            ↓
                          </Button>
                          <Button
                            variant="quiet"
                            onClick={() => duplicate(key)}
                            aria-label={`${t.duplicate}: ${label}`}
                          >
                            {t.duplicate}
                          </Button>
                          <Button
                            variant="quiet"
                            onClick={() => remove(key)}
                            aria-label={`${t.remove}: ${label}`}
                          >
                            {t.remove}
                          </Button>
                        </span>
                      ) : null}
                    </div>
                    {errors._ ? <span className="field-error">{errors._}</span> : null}
                    {isSelected ? (
                      <fieldset className="block__fields" disabled={!canEdit || action.busy}>
                        <legend className="visually-hidden">{label}</legend>
                        <BlockFields
                          block={block}
                          blockKey={key}
                          errors={errors}
                          collections={collections}
                          disabled={!canEdit}
                          onChange={(changes, field) => dispatch({ type: 'update', key, changes, field })}
                        />
                      </fieldset>
                    ) : null}
                  </>
                )}
              </SortableBlock>
            );
          })}
        </ol>
      </BlockSortArea>
    </section>
  );
}
