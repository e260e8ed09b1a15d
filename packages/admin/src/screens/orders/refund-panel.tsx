import { type FormEvent, useState } from 'react';
import { api } from '../../api/api-client.js';
import { useAction, useLoad } from '../../ui/async.js';
import { Button, Checkbox, ErrorBox, StatusMessage, TextField } from '../../ui/controls.js';
import { dateTime, money, parseAmount } from '../../ui/format.js';

/*
 * "Erstatten" on the order page (POST /sites/:id/orders/:id/refunds, commerce.orders): all or part of a paid
 * order back through Stripe or PayPal, or for Vorkasse recorded as a transfer to the shopper's IBAN. Each
 * submit carries its own idempotency key, so a double click refunds once.
 */

interface RefundsAnswer {
  refunds: {
    id: string;
    amountMinor: number;
    status: 'pending' | 'succeeded' | 'failed';
    method: string;
    iban: string | null;
    restocked: boolean;
    createdAt: number;
  }[];
  refundedMinor: number;
  refundableMinor: number;
  restocked: boolean;
}

export const R = {
  title: 'Erstattungen',
  amount: (currency: string) => `Betrag (${currency})`,
  amountHint: (text: string) => `Höchstens ${text}. Leer lassen für den vollen Betrag.`,
  amountInvalid: 'Bitte gib einen Betrag wie 12,50 ein.',
  iban: 'IBAN der Kundin oder des Kunden',
  ibanHint: 'Vorkasse: Du überweist das Geld selbst zurück; hier wird die Erstattung festgehalten.',
  restock: 'Ware wieder in den Bestand buchen',
  submit: 'Erstatten',
  done: (text: string) => `${text} wurden erstattet. Die Kundin oder der Kunde bekommt eine E-Mail.`,
  none: 'Noch keine Erstattungen.',
  status: { pending: 'in Bearbeitung', succeeded: 'erstattet', failed: 'fehlgeschlagen' } as Record<
    string,
    string
  >,
  restocked: 'Ware zurückgebucht',
} as const;

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;

export function RefundPanel({
  siteId,
  orderId,
  currency,
  paymentMethod,
  timeZone,
}: {
  siteId: string;
  orderId: string;
  currency: string;
  paymentMethod: string | null;
  timeZone: string;
}) {
  const path = `/sites/${encodeURIComponent(siteId)}/orders/${encodeURIComponent(orderId)}/refunds`;
  const loaded = useLoad(() => api.get<RefundsAnswer>(path), [path]);
  const action = useAction();
  const [state, setState] = useState<RefundsAnswer>();
  const [amount, setAmount] = useState('');
  const [iban, setIban] = useState('');
  const [restock, setRestock] = useState(false);
  const [note, setNote] = useState('');
  const [amountError, setAmountError] = useState('');
  const shown = state ?? loaded.data;
  // The refunds are an addition to the order page: while they load, or when they cannot, the rest stands.
  if (!shown) return loaded.error ? <p className="muted">{loaded.error.message}</p> : null;
  const fields = action.error?.fields ?? {};
  const manual = paymentMethod === 'bank-transfer';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    const minor = amount.trim() === '' ? shown.refundableMinor : parseAmount(amount, currency);
    if (minor === null || minor <= 0) {
      setAmountError(R.amountInvalid);
      return;
    }
    setAmountError('');
    const answer = await action.run(() =>
      api.post<RefundsAnswer>(path, {
        amountMinor: minor,
        idempotencyKey: newKey(),
        ...(restock ? { restock: true } : {}),
        ...(manual ? { iban } : {}),
      }),
    );
    if (answer) {
      setState(answer);
      setAmount('');
      setRestock(false);
      setNote(R.done(money(minor, currency)));
    }
  };

  return (
    <section className="card" aria-labelledby="refunds-title">
      <h2 id="refunds-title">{R.title}</h2>
      {shown.refunds.length === 0 ? (
        <p className="muted">{R.none}</p>
      ) : (
        <ul>
          {shown.refunds.map((r) => (
            <li key={r.id}>
              {money(r.amountMinor, currency)} – {R.status[r.status]} ({dateTime(r.createdAt, timeZone)})
              {r.iban ? ` · ${r.iban}` : ''}
              {r.restocked ? ` · ${R.restocked}` : ''}
            </li>
          ))}
        </ul>
      )}
      <StatusMessage>{note}</StatusMessage>
      {shown.refundableMinor > 0 ? (
        <form className="form" onSubmit={submit} noValidate>
          <ErrorBox error={action.error} />
          <TextField
            label={R.amount(currency)}
            hint={R.amountHint(money(shown.refundableMinor, currency))}
            inputMode="decimal"
            value={amount}
            error={amountError || fields.amountMinor}
            onChange={(e) => setAmount(e.target.value)}
          />
          {manual ? (
            <TextField
              label={R.iban}
              hint={R.ibanHint}
              value={iban}
              autoComplete="off"
              spellCheck={false}
              error={fields.iban}
              onChange={(e) => setIban(e.target.value)}
            />
          ) : null}
          {shown.restocked ? null : (
            <Checkbox label={R.restock} checked={restock} onChange={(e) => setRestock(e.target.checked)} />
          )}
          <div className="form-actions">
            <Button type="submit" variant="danger" busy={action.busy}>
              {R.submit}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
