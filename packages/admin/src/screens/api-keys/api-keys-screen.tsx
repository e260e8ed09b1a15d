import { type FormEvent, useState } from 'react';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useAction, useLoad } from '../../ui/async.js';
import {
  Button,
  Checkbox,
  ConfirmButton,
  ErrorBox,
  Loading,
  NotAvailable,
  StatusMessage,
  TextField,
} from '../../ui/controls.js';
import { dateTime } from '../../ui/format.js';
import { PageTitle } from '../../ui/page-title.js';
import { type ApiKey, type ApiKeyScope, apiKeys } from './api-keys-api.js';
import { K } from './texts.js';

/*
 * /config/sites/:siteId/api-schluessel — keys for the merchant API: create with scopes (the key is shown
 * once), list with their last use, revoke.
 */

function NewKeyForm({
  scopes,
  onCreated,
}: {
  scopes: ApiKeyScope[];
  onCreated: (key: ApiKey, secret: string) => void;
}) {
  const { site } = useSite();
  const action = useAction();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [problems, setProblems] = useState<{ name?: string; scopes?: string }>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      name: name.trim() ? undefined : K.nameMissing,
      scopes: chosen.length ? undefined : K.scopesMissing,
    };
    setProblems(found);
    if (found.name || found.scopes) return;
    const answer = await action.run(() => apiKeys.create(site.id, { name: name.trim(), scopes: chosen }));
    if (answer) {
      setName('');
      setChosen([]);
      onCreated(answer.apiKey, answer.key);
    }
  };
  const fields = action.error?.fields ?? {};
  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby="new-key-title">
      <h2 id="new-key-title">{K.newKey}</h2>
      <ErrorBox error={action.error} />
      <TextField
        label={K.name}
        hint={K.nameHint}
        value={name}
        maxLength={80}
        onChange={(e) => setName(e.target.value)}
        error={problems.name ?? fields.name}
      />
      <fieldset>
        <legend>{K.scopes}</legend>
        {scopes.map((s) => (
          <Checkbox
            key={s.scope}
            label={s.label}
            checked={chosen.includes(s.scope)}
            onChange={(e) =>
              setChosen(e.target.checked ? [...chosen, s.scope] : chosen.filter((c) => c !== s.scope))
            }
          />
        ))}
        {(problems.scopes ?? fields.scopes) ? (
          <p className="field-error">{problems.scopes ?? fields.scopes}</p>
        ) : null}
      </fieldset>
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={action.busy}>
          {K.create}
        </Button>
      </div>
    </form>
  );
}

export function ApiKeysScreen() {
  const { site } = useSite();
  const list = useLoad(() => apiKeys.list(site.id), [site.id]);
  const action = useAction();
  const [secret, setSecret] = useState<{ name: string; key: string }>();
  const [note, setNote] = useState('');
  if (isMissingRoute(list.error)) return <NotAvailable title={K.title} />;
  const keys = list.data?.apiKeys ?? [];
  const labels = new Map((list.data?.scopes ?? []).map((s) => [s.scope, s.label]));
  const revoke = async (key: ApiKey) => {
    if (await action.run(() => apiKeys.revoke(site.id, key.id))) {
      setNote(K.revokedNote(key.name));
      list.reload();
    }
  };
  return (
    <div>
      <PageTitle>{K.title}</PageTitle>
      <p className="muted">{K.intro}</p>
      <ErrorBox error={list.error ?? action.error} />
      <StatusMessage>{note}</StatusMessage>
      {secret ? (
        <section className="card" aria-labelledby="key-secret-title">
          <h2 id="key-secret-title">{K.createdTitle}</h2>
          <p>{K.createdHint}</p>
          <p>
            <code className="api-key-secret" data-testid="api-key-secret">
              {secret.key}
            </code>
          </p>
          <Button onClick={() => setSecret(undefined)}>{K.done}</Button>
        </section>
      ) : null}
      {list.loading && !list.data ? <Loading /> : null}
      {list.data && keys.length === 0 ? <p className="empty">{K.none}</p> : null}
      {keys.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">{K.title}</caption>
            <thead>
              <tr>
                <th scope="col">{K.name}</th>
                <th scope="col">{K.prefix}</th>
                <th scope="col">{K.scopes}</th>
                <th scope="col">{K.created}</th>
                <th scope="col">{K.lastUsed}</th>
                <th scope="col">{K.status}</th>
                <th scope="col">
                  <span className="visually-hidden">{K.revoke}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id}>
                  <th scope="row">{key.name}</th>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>{key.scopes.map((s) => labels.get(s) ?? s).join(', ')}</td>
                  <td>{dateTime(key.createdAt, site.timeZone)}</td>
                  <td>{key.lastUsedAt ? dateTime(key.lastUsedAt, site.timeZone) : K.never}</td>
                  <td>
                    {key.revokedAt ? `${K.revoked} ${dateTime(key.revokedAt, site.timeZone)}` : K.active}
                  </td>
                  <td>
                    {key.revokedAt ? null : (
                      <ConfirmButton
                        label={`${K.revoke}: ${key.name}`}
                        question={K.revokeQuestion}
                        confirmLabel={K.revoke}
                        onConfirm={() => void revoke(key)}
                        busy={action.busy}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list.data ? (
        <NewKeyForm
          scopes={list.data.scopes}
          onCreated={(key, value) => {
            setSecret({ name: key.name, key: value });
            list.set({ ...list.data!, apiKeys: [key, ...keys] });
          }}
        />
      ) : null}
    </div>
  );
}
