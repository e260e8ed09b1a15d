import { type FormEvent, useEffect, useState } from 'react';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useAction, useLoad } from '../../ui/async.js';
import {
  Button,
  ConfirmButton,
  ErrorBox,
  Loading,
  NotAvailable,
  SelectField,
  StatusMessage,
  TextArea,
  TextField,
} from '../../ui/controls.js';
import { PageTitle } from '../../ui/page-title.js';
import { type NotFoundPage, type Redirect, type RedirectInput, redirects } from './redirects-api.js';

/*
 * /config/sites/:siteId/weiterleitungen — old addresses that lead to new ones (the owner's 301/302 list,
 * with the automatic entries written when a page, product or post was renamed), and the 404 page's text.
 */

const R = {
  title: 'Weiterleitungen',
  intro:
    'Besucher und Suchmaschinen, die eine alte Adresse aufrufen, landen auf der neuen. Ein * am Ende steht für alles darunter: /alt/* → /neu/* leitet /alt/a/b nach /neu/a/b weiter. Weiterleitungen greifen nur, wo es keine Seite gibt.',
  none: 'Noch keine Weiterleitungen.',
  from: 'Alte Adresse',
  fromHint: 'Ein Pfad dieser Website, z. B. /alte-seite oder /alt/*',
  to: 'Ziel',
  toHint: 'Ein Pfad (/neue-seite, /neu/*) oder eine Adresse mit https://',
  status: 'Art',
  permanent: '301 – dauerhaft',
  temporary: '302 – vorübergehend',
  add: 'Weiterleitung anlegen',
  newTitle: 'Neue Weiterleitung',
  editTitle: 'Weiterleitung bearbeiten',
  save: 'Speichern',
  cancel: 'Abbrechen',
  edit: 'Bearbeiten',
  remove: 'Löschen',
  removeQuestion: 'Diese Weiterleitung löschen? Die alte Adresse zeigt dann die 404-Seite.',
  automatic: 'automatisch',
  saved: 'Die Weiterleitung wurde gespeichert.',
  removed: 'Die Weiterleitung wurde gelöscht.',
  fromMissing: 'Bitte gib die alte Adresse ein.',
  toMissing: 'Bitte gib ein Ziel ein.',
  notFoundTitle: '404-Seite',
  notFoundIntro: 'Was Besucher sehen, wenn es eine Adresse nicht gibt. Leer lassen für den Standardtext.',
  heading: 'Überschrift',
  text: 'Text',
  notFoundSaved: 'Die 404-Seite wurde gespeichert.',
};

const empty: RedirectInput = { fromPath: '', toTarget: '', status: 301 };

function RedirectForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing?: Redirect;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const { site } = useSite();
  const action = useAction();
  const [value, setValue] = useState<RedirectInput>(empty);
  const [problems, setProblems] = useState<{ fromPath?: string; toTarget?: string }>({});
  useEffect(() => {
    setValue(
      editing ? { fromPath: editing.fromPath, toTarget: editing.toTarget, status: editing.status } : empty,
    );
    setProblems({});
  }, [editing]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = { ...value, fromPath: value.fromPath.trim(), toTarget: value.toTarget.trim() };
    const found = {
      fromPath: input.fromPath ? undefined : R.fromMissing,
      toTarget: input.toTarget ? undefined : R.toMissing,
    };
    setProblems(found);
    if (found.fromPath || found.toTarget) return;
    const answer = await action.run(() =>
      editing ? redirects.update(site.id, editing.id, input) : redirects.create(site.id, input),
    );
    if (answer) {
      setValue(empty);
      onSaved(R.saved);
    }
  };
  const fields = action.error?.fields ?? {};
  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby="redirect-form-title">
      <h2 id="redirect-form-title">{editing ? R.editTitle : R.newTitle}</h2>
      <ErrorBox error={action.error} />
      <TextField
        label={R.from}
        hint={R.fromHint}
        value={value.fromPath}
        maxLength={500}
        spellCheck={false}
        onChange={(e) => setValue({ ...value, fromPath: e.target.value })}
        error={problems.fromPath ?? fields.fromPath}
      />
      <TextField
        label={R.to}
        hint={R.toHint}
        value={value.toTarget}
        maxLength={500}
        spellCheck={false}
        onChange={(e) => setValue({ ...value, toTarget: e.target.value })}
        error={problems.toTarget ?? fields.toTarget}
      />
      <SelectField
        label={R.status}
        value={String(value.status)}
        onChange={(e) => setValue({ ...value, status: e.target.value === '302' ? 302 : 301 })}
      >
        <option value="301">{R.permanent}</option>
        <option value="302">{R.temporary}</option>
      </SelectField>
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={action.busy}>
          {editing ? R.save : R.add}
        </Button>
        {editing ? <Button onClick={onCancel}>{R.cancel}</Button> : null}
      </div>
    </form>
  );
}

function NotFoundPageForm({ page, onSaved }: { page: NotFoundPage; onSaved: (message: string) => void }) {
  const { site } = useSite();
  const action = useAction();
  const [value, setValue] = useState(page);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await action.run(() => redirects.saveNotFoundPage(site.id, value))) onSaved(R.notFoundSaved);
  };
  const fields = action.error?.fields ?? {};
  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby="not-found-title">
      <h2 id="not-found-title">{R.notFoundTitle}</h2>
      <p className="muted">{R.notFoundIntro}</p>
      <ErrorBox error={action.error} />
      <TextField
        label={R.heading}
        value={value.title}
        maxLength={120}
        placeholder="Seite nicht gefunden"
        onChange={(e) => setValue({ ...value, title: e.target.value })}
        error={fields.title}
      />
      <TextArea
        label={R.text}
        value={value.text}
        maxLength={2000}
        rows={4}
        placeholder="Die angeforderte Seite existiert nicht."
        onChange={(e) => setValue({ ...value, text: e.target.value })}
        error={fields.text}
      />
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={action.busy}>
          {R.save}
        </Button>
      </div>
    </form>
  );
}

export function RedirectsScreen() {
  const { site } = useSite();
  const list = useLoad(() => redirects.list(site.id), [site.id]);
  const action = useAction();
  const [editing, setEditing] = useState<Redirect>();
  const [note, setNote] = useState('');
  if (isMissingRoute(list.error)) return <NotAvailable title={R.title} />;
  const entries = list.data?.redirects ?? [];
  const saved = (message: string) => {
    setNote(message);
    setEditing(undefined);
    list.reload();
  };
  const remove = async (entry: Redirect) => {
    if (await action.run(() => redirects.remove(site.id, entry.id))) saved(R.removed);
  };
  return (
    <div>
      <PageTitle>{R.title}</PageTitle>
      <p className="muted">{R.intro}</p>
      <ErrorBox error={list.error ?? action.error} />
      <StatusMessage>{note}</StatusMessage>
      {list.loading && !list.data ? <Loading /> : null}
      {list.data && entries.length === 0 ? <p className="empty">{R.none}</p> : null}
      {entries.length > 0 ? (
        <ul className="card-list">
          {entries.map((entry) => (
            <li key={entry.id} className="card" data-testid="redirect">
              <p className="redirect-route">
                <code>{entry.fromPath}</code> → <code>{entry.toTarget}</code>
                <span className="badge">{entry.status}</span>
                {entry.automatic ? <span className="badge">{R.automatic}</span> : null}
              </p>
              <div className="form-actions">
                <Button onClick={() => setEditing(entry)}>
                  {R.edit}
                  <span className="visually-hidden">: {entry.fromPath}</span>
                </Button>
                <ConfirmButton
                  label={`${R.remove}: ${entry.fromPath}`}
                  question={R.removeQuestion}
                  confirmLabel={R.remove}
                  onConfirm={() => void remove(entry)}
                  busy={action.busy}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {list.data ? (
        <>
          <RedirectForm editing={editing} onSaved={saved} onCancel={() => setEditing(undefined)} />
          <NotFoundPageForm page={list.data.notFoundPage} onSaved={setNote} />
        </>
      ) : null}
    </div>
  );
}
