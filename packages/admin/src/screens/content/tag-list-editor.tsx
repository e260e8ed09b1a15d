import { useEffect, useRef, useState } from 'react';
import { t } from '../../messages.js';
import { Button, TextField } from '../../ui/controls.js';
import { C } from './texts.js';

/*
 * The tags of a post or event as a list, each renamed in place or removed. Only one tag is edited at a
 * time: starting another while one is open says so (R5.12.13) instead of dropping what was typed. A
 * rename to a tag the list already has is refused like a repeated tag in the field above (R5.12.14).
 */
export function TagListEditor({
  tags,
  disabled,
  onChange,
}: {
  tags: readonly string[];
  disabled?: boolean;
  onChange: (tags: string[]) => void;
}) {
  const [editing, setEditing] = useState<number>();
  const [value, setValue] = useState('');
  const [message, setMessage] = useState('');
  const field = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (editing !== undefined) field.current?.querySelector('input')?.focus();
  }, [editing]);

  if (tags.length === 0) return null;

  const start = (index: number) => {
    if (editing !== undefined && editing !== index) {
      setMessage(t.oneTagAtATime);
      field.current?.querySelector('input')?.focus();
      return;
    }
    setMessage('');
    setEditing(index);
    setValue(tags[index] ?? '');
  };
  const stop = () => {
    setEditing(undefined);
    setMessage('');
  };
  const save = () => {
    if (editing === undefined) return;
    const next = value.trim();
    if (next === '') return setMessage(C.tagEditor.tagMissing);
    const key = next.toLocaleLowerCase('de-DE');
    if (tags.some((tag, i) => i !== editing && tag.toLocaleLowerCase('de-DE') === key))
      return setMessage(C.fields.tagExists(next));
    onChange(tags.map((tag, i) => (i === editing ? next : tag)));
    stop();
  };

  return (
    <div className="tag-list">
      <p className="field-hint">{C.tagEditor.title}</p>
      {message ? (
        <p className="field-error" role="alert">
          {message}
        </p>
      ) : null}
      <ul className="tag-list__items">
        {tags.map((tag, index) =>
          index === editing ? (
            <li key={`${index}-${tag}`}>
              {/* Not a form of its own: it sits inside the post's form, and Enter here must not save the post. */}
              <div className="inline-form">
                <div ref={field}>
                  <TextField
                    label={C.tagEditor.rename(tag)}
                    value={value}
                    disabled={disabled}
                    onChange={(e) => setValue(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Escape' || e.key === 'Enter') {
                        e.preventDefault();
                        if (e.key === 'Enter') save();
                        else stop();
                      }
                    }}
                  />
                </div>
                <Button variant="primary" disabled={disabled} onClick={save}>
                  {C.tagEditor.apply}
                </Button>
                <Button variant="quiet" onClick={stop}>
                  {t.cancel}
                </Button>
              </div>
            </li>
          ) : (
            <li key={`${index}-${tag}`}>
              <span className="badge">{tag}</span>{' '}
              <Button
                variant="quiet"
                disabled={disabled}
                aria-label={C.tagEditor.edit(tag)}
                onClick={() => start(index)}
              >
                {t.edit}
              </Button>
              <Button
                variant="quiet"
                disabled={disabled || editing !== undefined}
                aria-label={C.tagEditor.remove(tag)}
                onClick={() => onChange(tags.filter((_, i) => i !== index))}
              >
                {t.remove}
              </Button>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
