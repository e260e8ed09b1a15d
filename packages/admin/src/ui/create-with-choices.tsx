import { type FormEvent, type InputHTMLAttributes, useState } from 'react';
import { useAction } from './async.js';
import { Button, Checkbox, ErrorBox, TextField } from './controls.js';

/*
 * The pieces the API-key and webhook screens share: a card form with one text field and a set of
 * checkboxes (both required) that creates something whose secret the server returns once, and the card
 * that shows that secret until the owner clicks "Fertig".
 */

export interface Choice {
  value: string;
  label: string;
}

export function CreateWithChoicesForm<T>({
  titleId,
  title,
  text,
  choices,
  submitLabel,
  create,
  onCreated,
}: {
  titleId: string;
  title: string;
  /** field: the name the server uses for the text in its field errors. */
  text: {
    field: string;
    label: string;
    hint: string;
    type?: InputHTMLAttributes<HTMLInputElement>['type'];
    maxLength: number;
    missing: string;
  };
  choices: { field: string; legend: string; options: Choice[]; missing: string };
  submitLabel: string;
  create: (text: string, chosen: string[]) => Promise<T>;
  onCreated: (answer: T) => void;
}) {
  const action = useAction();
  const [value, setValue] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [problems, setProblems] = useState<{ text?: string; choices?: string }>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      text: value.trim() ? undefined : text.missing,
      choices: chosen.length ? undefined : choices.missing,
    };
    setProblems(found);
    if (found.text || found.choices) return;
    const answer = await action.run(() => create(value.trim(), chosen));
    if (answer) {
      setValue('');
      setChosen([]);
      onCreated(answer);
    }
  };
  const fields = action.error?.fields ?? {};
  const choicesError = problems.choices ?? fields[choices.field];
  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <ErrorBox error={action.error} />
      <TextField
        label={text.label}
        hint={text.hint}
        type={text.type}
        value={value}
        maxLength={text.maxLength}
        onChange={(e) => setValue(e.target.value)}
        error={problems.text ?? fields[text.field]}
      />
      <fieldset>
        <legend>{choices.legend}</legend>
        {choices.options.map((o) => (
          <Checkbox
            key={o.value}
            label={o.label}
            checked={chosen.includes(o.value)}
            onChange={(e) =>
              setChosen(e.target.checked ? [...chosen, o.value] : chosen.filter((c) => c !== o.value))
            }
          />
        ))}
        {choicesError ? <p className="field-error">{choicesError}</p> : null}
      </fieldset>
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={action.busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The secret the server shows only once, with a button that hides it. */
export function SecretOnce({
  titleId,
  title,
  hint,
  testId,
  secret,
  doneLabel,
  onDone,
}: {
  titleId: string;
  title: string;
  hint: string;
  testId: string;
  secret: string | undefined;
  doneLabel: string;
  onDone: () => void;
}) {
  if (!secret) return null;
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p>{hint}</p>
      <p>
        <code className="api-key-secret" data-testid={testId}>
          {secret}
        </code>
      </p>
      <Button onClick={onDone}>{doneLabel}</Button>
    </section>
  );
}
