import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../api/api-client.js';
import { useSite } from '../../site-context.js';
import { useAction, useLoad } from '../../ui/async.js';
import { Button, ErrorBox, Loading, SelectField, StatusMessage, TextField } from '../../ui/controls.js';
import { PageTitle } from '../../ui/page-title.js';

/*
 * "Zahlungen": connect Stripe and PayPal (GET/POST/DELETE /sites/:id/payments[/:provider],
 * commerce.settings), the bank details of Vorkasse and the times the shop waits for money (PATCH). The
 * server checks keys with the provider before it stores them and answers in German; stored keys come back
 * only masked, so an empty key field means "keep the stored one".
 */

type ProviderName = 'stripe' | 'paypal';

interface ProviderState {
  provider: ProviderName;
  connected: boolean;
  configured: boolean;
  mode: 'test' | 'live' | null;
  status: 'connected' | 'unchecked' | 'error' | null;
  statusText: string | null;
  keyHints: Record<string, string>;
  webhookUrl: string;
  fields: string[];
}

interface PaymentsAnswer {
  providers: ProviderState[];
  bankTransfer: { accountHolder: string; iban: string; bic: string; bankName: string } | null;
  bankTransferDays: number;
  reservationMinutes: number;
  renewalAttempts: number;
  siteTestMode: boolean;
  canStoreKeys: boolean;
}

export const P = {
  title: 'Zahlungen',
  intro:
    'Hier verbindest du deinen Shop mit Stripe und PayPal. Deine Kundschaft zahlt auf der Seite des Anbieters – Kartendaten erreichen deinen Shop nie. Schlüssel werden verschlüsselt gespeichert und nur gekürzt wieder angezeigt.',
  names: { stripe: 'Stripe', paypal: 'PayPal' } as Record<ProviderName, string>,
  methods: {
    stripe:
      'Karte, SEPA-Lastschrift, Klarna, Apple Pay und Google Pay – je nachdem, was du im Stripe-Dashboard einschaltest.',
    paypal: 'PayPal: Deine Kundschaft bestätigt die Zahlung im PayPal-Fenster.',
  } as Record<ProviderName, string>,
  labels: {
    secretKey: 'Geheimer Schlüssel (sk_test_… oder sk_live_…)',
    webhookSecret: 'Webhook-Signaturschlüssel (whsec_…)',
    clientId: 'Client-ID',
    clientSecret: 'Client-Secret',
    webhookId: 'Webhook-ID',
  } as Record<string, string>,
  connected: 'verbunden',
  notConnected: 'nicht verbunden',
  testMode: 'Testmodus',
  live: 'Live',
  keepHint: (hint: string) => `Gespeichert: ${hint}. Leer lassen, um ihn zu behalten.`,
  webhook: 'Webhook-Adresse (im Dashboard des Anbieters eintragen)',
  mode: 'Umgebung',
  sandbox: 'Testmodus (Sandbox)',
  liveMode: 'Live',
  connect: 'Verbinden',
  connecting: 'Wird geprüft …',
  disconnect: 'Trennen',
  savedProvider: (name: string) => `${name} ist verbunden.`,
  removedProvider: (name: string) => `${name} wurde getrennt.`,
  noSecretsKey:
    'Der Server hat keinen SECRETS_KEY. Ohne ihn lassen sich keine Zahlungsschlüssel speichern – bitte den Betreiber, ihn zu setzen.',
  bankTitle: 'Vorkasse (Überweisung)',
  bankIntro:
    'Diese Bankverbindung sehen Kundinnen und Kunden nach der Bestellung, im Bestellstatus und in der Bestätigungsmail – mit einem GiroCode, den Banking-Apps scannen. Die Bestellnummer ist der Verwendungszweck.',
  accountHolder: 'Kontoinhaber',
  iban: 'IBAN',
  bic: 'BIC (optional)',
  bankName: 'Bank (optional)',
  days: 'Frist für die Überweisung in Tagen',
  daysHint: 'Danach verfällt eine unbezahlte Vorkasse-Bestellung.',
  minutes: 'Reservierung während der Zahlung in Minuten',
  minutesHint: 'So lange bleibt die Ware für eine offene Zahlung bei Stripe oder PayPal reserviert.',
  attempts: 'Versuche bei fehlgeschlagener Abo-Verlängerung',
  saveBank: 'Speichern',
  savedBank: 'Die Zahlungseinstellungen wurden gespeichert.',
} as const;

function ProviderCard({
  state,
  path,
  canStoreKeys,
  onChange,
}: {
  state: ProviderState;
  path: string;
  canStoreKeys: boolean;
  onChange: (answer: PaymentsAnswer, note: string) => void;
}) {
  const name = P.names[state.provider];
  const [keys, setKeys] = useState<Record<string, string>>({});
  const [mode, setMode] = useState<'test' | 'live'>(state.mode ?? 'test');
  const action = useAction();
  const fields = action.error?.fields ?? {};
  const titleId = `zahlung-${state.provider}`;

  const connect = async (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, string> = state.provider === 'paypal' ? { mode } : {};
    for (const [field, value] of Object.entries(keys)) if (value.trim() !== '') body[field] = value.trim();
    const answer = await action.run(() => api.post<PaymentsAnswer>(`${path}/${state.provider}`, body));
    if (answer) {
      setKeys({});
      onChange(answer, P.savedProvider(name));
    }
  };
  const disconnect = async () => {
    const answer = await action.run(() => api.delete<PaymentsAnswer>(`${path}/${state.provider}`));
    if (answer) onChange(answer, P.removedProvider(name));
  };

  const badge = state.connected ? P.connected : state.configured ? (state.statusText ?? '') : P.notConnected;
  return (
    <form className="form card" onSubmit={connect} noValidate aria-labelledby={titleId}>
      <h2 id={titleId}>
        {name}{' '}
        <span
          className={`badge ${state.connected ? 'badge--success' : ''}`}
          data-testid={`status-${state.provider}`}
        >
          {badge}
        </span>
        {state.mode ? <span className="badge">{state.mode === 'test' ? P.testMode : P.live}</span> : null}
      </h2>
      <p className="muted">{P.methods[state.provider]}</p>
      <ErrorBox error={action.error} />
      {state.provider === 'paypal' ? (
        <SelectField label={P.mode} value={mode} onChange={(e) => setMode(e.target.value as 'test' | 'live')}>
          <option value="test">{P.sandbox}</option>
          <option value="live">{P.liveMode}</option>
        </SelectField>
      ) : null}
      {state.fields.map((field) => (
        <TextField
          key={field}
          label={P.labels[field] ?? field}
          hint={state.keyHints[field] ? P.keepHint(state.keyHints[field]) : undefined}
          value={keys[field] ?? ''}
          autoComplete="off"
          spellCheck={false}
          error={fields[field]}
          disabled={!canStoreKeys}
          onChange={(e) => setKeys((k) => ({ ...k, [field]: e.target.value }))}
        />
      ))}
      <TextField label={P.webhook} value={state.webhookUrl} readOnly onFocus={(e) => e.target.select()} />
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={action.busy} disabled={!canStoreKeys}>
          {action.busy ? P.connecting : P.connect}
        </Button>
        {state.configured ? (
          <Button onClick={disconnect} disabled={action.busy}>
            {P.disconnect}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

export function PaymentSettings() {
  const { site } = useSite();
  const path = `/sites/${encodeURIComponent(site.id)}/payments`;
  const loaded = useLoad(() => api.get<PaymentsAnswer>(path), [path]);
  const action = useAction();
  const [answer, setAnswer] = useState<PaymentsAnswer>();
  const [bank, setBank] = useState({ accountHolder: '', iban: '', bic: '', bankName: '' });
  const [times, setTimes] = useState({
    bankTransferDays: '14',
    reservationMinutes: '30',
    renewalAttempts: '3',
  });
  const [note, setNote] = useState('');

  const take = (next: PaymentsAnswer) => {
    setAnswer(next);
    setBank(next.bankTransfer ?? { accountHolder: '', iban: '', bic: '', bankName: '' });
    setTimes({
      bankTransferDays: String(next.bankTransferDays),
      reservationMinutes: String(next.reservationMinutes),
      renewalAttempts: String(next.renewalAttempts),
    });
  };
  useEffect(() => {
    if (loaded.data) take(loaded.data);
  }, [loaded.data]);

  if (loaded.error) return <ErrorBox error={loaded.error} />;
  if (!answer) return <Loading />;
  const fields = action.error?.fields ?? {};

  const saveBank = async (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    const hasBank = Object.values(bank).some((v) => v.trim() !== '');
    const saved = await action.run(() =>
      api.patch<PaymentsAnswer>(path, {
        bankTransfer: hasBank
          ? {
              accountHolder: bank.accountHolder,
              iban: bank.iban,
              ...(bank.bic.trim() ? { bic: bank.bic } : {}),
              ...(bank.bankName.trim() ? { bankName: bank.bankName } : {}),
            }
          : null,
        bankTransferDays: Number(times.bankTransferDays),
        reservationMinutes: Number(times.reservationMinutes),
        renewalAttempts: Number(times.renewalAttempts),
      }),
    );
    if (saved) {
      take(saved);
      setNote(P.savedBank);
    }
  };

  return (
    <div className="payment-settings">
      <PageTitle>{P.title}</PageTitle>
      <p className="muted">{P.intro}</p>
      {answer.canStoreKeys ? null : <ErrorBox error={P.noSecretsKey} />}
      <StatusMessage>{note}</StatusMessage>
      {answer.providers.map((state) => (
        <ProviderCard
          key={state.provider}
          state={state}
          path={path}
          canStoreKeys={answer.canStoreKeys}
          onChange={(next, text) => {
            take(next);
            setNote(text);
          }}
        />
      ))}
      <form className="form card" onSubmit={saveBank} noValidate aria-labelledby="vorkasse-titel">
        <h2 id="vorkasse-titel">{P.bankTitle}</h2>
        <p className="muted">{P.bankIntro}</p>
        <ErrorBox error={action.error} />
        <TextField
          label={P.accountHolder}
          value={bank.accountHolder}
          autoComplete="organization"
          error={fields['bankTransfer.accountHolder']}
          onChange={(e) => setBank((b) => ({ ...b, accountHolder: e.target.value }))}
        />
        <TextField
          label={P.iban}
          value={bank.iban}
          autoComplete="off"
          spellCheck={false}
          error={fields['bankTransfer.iban']}
          onChange={(e) => setBank((b) => ({ ...b, iban: e.target.value }))}
        />
        <TextField
          label={P.bic}
          value={bank.bic}
          autoComplete="off"
          spellCheck={false}
          error={fields['bankTransfer.bic']}
          onChange={(e) => setBank((b) => ({ ...b, bic: e.target.value }))}
        />
        <TextField
          label={P.bankName}
          value={bank.bankName}
          error={fields['bankTransfer.bankName']}
          onChange={(e) => setBank((b) => ({ ...b, bankName: e.target.value }))}
        />
        <TextField
          label={P.days}
          hint={P.daysHint}
          type="number"
          inputMode="numeric"
          min={1}
          max={60}
          value={times.bankTransferDays}
          error={fields.bankTransferDays}
          onChange={(e) => setTimes((t) => ({ ...t, bankTransferDays: e.target.value }))}
        />
        <TextField
          label={P.minutes}
          hint={P.minutesHint}
          type="number"
          inputMode="numeric"
          min={5}
          max={1440}
          value={times.reservationMinutes}
          error={fields.reservationMinutes}
          onChange={(e) => setTimes((t) => ({ ...t, reservationMinutes: e.target.value }))}
        />
        <TextField
          label={P.attempts}
          type="number"
          inputMode="numeric"
          min={1}
          max={10}
          value={times.renewalAttempts}
          error={fields.renewalAttempts}
          onChange={(e) => setTimes((t) => ({ ...t, renewalAttempts: e.target.value }))}
        />
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={action.busy}>
            {P.saveBank}
          </Button>
        </div>
      </form>
    </div>
  );
}
