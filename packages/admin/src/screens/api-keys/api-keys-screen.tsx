import { useState } from 'react';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useAction, useLoad } from '../../ui/async.js';
import { ConfirmButton, ErrorBox, Loading, NotAvailable, StatusMessage } from '../../ui/controls.js';
import { CreateWithChoicesForm, SecretOnce } from '../../ui/create-with-choices.js';
import { dateTime } from '../../ui/format.js';
import { PageTitle } from '../../ui/page-title.js';
import { type ApiKey, apiKeys } from './api-keys-api.js';
import { K } from './texts.js';

/*
 * /config/sites/:siteId/api-schluessel — keys for the merchant API: create with scopes (the key is shown
 * once), list with their last use, revoke.
 */

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
      <SecretOnce
        titleId="key-secret-title"
        title={K.createdTitle}
        hint={K.createdHint}
        testId="api-key-secret"
        secret={secret?.key}
        doneLabel={K.done}
        onDone={() => setSecret(undefined)}
      />
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
        <CreateWithChoicesForm
          titleId="new-key-title"
          title={K.newKey}
          text={{ field: 'name', label: K.name, hint: K.nameHint, maxLength: 80, missing: K.nameMissing }}
          choices={{
            field: 'scopes',
            legend: K.scopes,
            options: list.data.scopes.map((s) => ({ value: s.scope, label: s.label })),
            missing: K.scopesMissing,
          }}
          submitLabel={K.create}
          create={(name, scopes) => apiKeys.create(site.id, { name, scopes })}
          onCreated={({ apiKey, key }) => {
            setSecret({ name: apiKey.name, key });
            list.set({ ...list.data!, apiKeys: [apiKey, ...keys] });
          }}
        />
      ) : null}
    </div>
  );
}
