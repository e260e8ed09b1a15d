import { useState } from 'react';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useAction, useLoad } from '../../ui/async.js';
import { Button, ConfirmButton, ErrorBox, Loading, NotAvailable, StatusMessage } from '../../ui/controls.js';
import { CreateWithChoicesForm, SecretOnce } from '../../ui/create-with-choices.js';
import { dateTime } from '../../ui/format.js';
import { PageTitle } from '../../ui/page-title.js';
import { type Webhook, type WebhookDelivery, webhooks } from './webhooks-api.js';

/*
 * /config/sites/:siteId/webhooks — addresses that hear of orders, products and stock: register one with its
 * events (the signing secret is shown once), delete it, and the delivery log with the receiver's answers
 * and "Erneut senden".
 */

const W = {
  title: 'Webhooks',
  intro:
    'Wir senden Ereignisse deines Shops als signierte POST-Anfrage (JSON) an deine Adressen. Die Signatur steht im Kopf „Baukasten-Signature“; wie du sie prüfst, steht in der Dokumentation unter /api/docs.',
  newWebhook: 'Neuer Webhook',
  url: 'Adresse (URL)',
  urlHint: 'z. B. https://warenwirtschaft.example.de/baukasten',
  events: 'Ereignisse',
  create: 'Webhook anlegen',
  urlMissing: 'Bitte gib eine Adresse an.',
  eventsMissing: 'Bitte wähle mindestens ein Ereignis aus.',
  secretTitle: 'Dein Signatur-Geheimnis',
  secretHint:
    'Kopiere es jetzt: Wir zeigen es nur dieses eine Mal. Damit prüfst du, dass eine Anfrage von uns kommt.',
  done: 'Fertig',
  none: 'Noch keine Webhooks.',
  remove: 'Löschen',
  removeQuestion: 'Diesen Webhook mit seinem Zustellprotokoll löschen?',
  removed: (url: string) => `Der Webhook an ${url} wurde gelöscht.`,
  log: 'Zustellprotokoll',
  noDeliveries: 'Noch keine Zustellungen.',
  event: 'Ereignis',
  status: 'Status',
  answer: 'Antwort',
  attempts: 'Versuche',
  time: 'Zeit',
  resend: 'Erneut senden',
  resent: 'Die Zustellung wird erneut gesendet.',
  statusTexts: {
    pending: 'wartet',
    sending: 'wird gesendet',
    delivered: 'zugestellt',
    failed: 'fehlgeschlagen',
  } as Record<WebhookDelivery['status'], string>,
};

export function WebhooksScreen() {
  const { site } = useSite();
  const list = useLoad(() => webhooks.list(site.id), [site.id]);
  const action = useAction();
  const [secret, setSecret] = useState<string>();
  const [note, setNote] = useState('');
  if (isMissingRoute(list.error)) return <NotAvailable title={W.title} />;
  const hooks = list.data?.webhooks ?? [];
  const deliveries = list.data?.deliveries ?? [];
  const labels = new Map((list.data?.events ?? []).map((e) => [e.event, e.label]));
  const urlOf = new Map(hooks.map((h) => [h.id, h.url]));
  const remove = async (hook: Webhook) => {
    if (await action.run(() => webhooks.remove(site.id, hook.id))) {
      setNote(W.removed(hook.url));
      list.reload();
    }
  };
  const resend = async (delivery: WebhookDelivery) => {
    if (await action.run(() => webhooks.resend(site.id, delivery.id))) {
      setNote(W.resent);
      list.reload();
    }
  };
  return (
    <div>
      <PageTitle>{W.title}</PageTitle>
      <p className="muted">{W.intro}</p>
      <ErrorBox error={list.error ?? action.error} />
      <StatusMessage>{note}</StatusMessage>
      <SecretOnce
        titleId="webhook-secret-title"
        title={W.secretTitle}
        hint={W.secretHint}
        testId="webhook-secret"
        secret={secret}
        doneLabel={W.done}
        onDone={() => setSecret(undefined)}
      />
      {list.loading && !list.data ? <Loading /> : null}
      {list.data && hooks.length === 0 ? <p className="empty">{W.none}</p> : null}
      {hooks.length > 0 ? (
        <ul className="card-list">
          {hooks.map((hook) => (
            <li key={hook.id} className="card">
              <p>
                <code>{hook.url}</code>
              </p>
              <p className="muted">{hook.events.map((e) => labels.get(e) ?? e).join(', ')}</p>
              <ConfirmButton
                label={`${W.remove}: ${hook.url}`}
                question={W.removeQuestion}
                confirmLabel={W.remove}
                onConfirm={() => void remove(hook)}
                busy={action.busy}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {list.data ? (
        <CreateWithChoicesForm
          titleId="new-webhook-title"
          title={W.newWebhook}
          text={{
            field: 'url',
            label: W.url,
            hint: W.urlHint,
            type: 'url',
            maxLength: 2000,
            missing: W.urlMissing,
          }}
          choices={{
            field: 'events',
            legend: W.events,
            options: list.data.events.map((e) => ({ value: e.event, label: e.label })),
            missing: W.eventsMissing,
          }}
          submitLabel={W.create}
          create={(url, events) => webhooks.create(site.id, { url, events })}
          onCreated={({ webhook, secret: value }) => {
            setSecret(value);
            list.set({ ...list.data!, webhooks: [...hooks, webhook] });
          }}
        />
      ) : null}
      <section aria-labelledby="webhook-log-title">
        <h2 id="webhook-log-title">{W.log}</h2>
        <Button onClick={() => list.reload()}>Aktualisieren</Button>
        {list.data && deliveries.length === 0 ? <p className="empty">{W.noDeliveries}</p> : null}
        {deliveries.length > 0 ? (
          <div className="table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">{W.log}</caption>
              <thead>
                <tr>
                  <th scope="col">{W.time}</th>
                  <th scope="col">{W.event}</th>
                  <th scope="col">{W.url}</th>
                  <th scope="col">{W.status}</th>
                  <th scope="col">{W.answer}</th>
                  <th scope="col">{W.attempts}</th>
                  <th scope="col">
                    <span className="visually-hidden">{W.resend}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {deliveries.map((d) => (
                  <tr key={d.id} data-testid="webhook-delivery">
                    <td>{dateTime(d.createdAt, site.timeZone)}</td>
                    <th scope="row">{labels.get(d.eventType) ?? d.eventType}</th>
                    <td>
                      <code>{urlOf.get(d.subscriptionId) ?? ''}</code>
                    </td>
                    <td>{W.statusTexts[d.status]}</td>
                    <td>{d.responseStatus ?? d.lastError ?? '–'}</td>
                    <td>{d.attempts}</td>
                    <td>
                      <Button onClick={() => void resend(d)} busy={action.busy}>
                        {W.resend}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </div>
  );
}
