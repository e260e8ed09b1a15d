import { type FormEvent, useEffect, useState } from 'react';
import { api, apiUrl } from '../../api/api-client.js';
import { useAction, useLoad } from '../../ui/async.js';
import {
  Button,
  Checkbox,
  ErrorBox,
  SelectField,
  StatusMessage,
  TextArea,
  TextField,
} from '../../ui/controls.js';
import { dateTime, money, parseAmount } from '../../ui/format.js';

/*
 * After the sale, on the order page: "Versand" (ship all or some lines with a carrier and tracking number;
 * the shopper gets a mail with the tracking link; the packing slip), "Rücksendung" (record returned pieces
 * with a reason, back to stock, refund through the same refund service as "Erstatten") and "Verlauf" (the
 * order's timeline with the owner's notes). One load of GET …/fulfilment feeds all three.
 */

export interface FulfilmentAnswer {
  order: { status: string; statusText: string };
  fulfilment: {
    fulfilmentStatus: string;
    fulfilmentStatusText: string;
    shipments: {
      id: string;
      carrierName: string;
      trackingNumber: string | null;
      trackingUrl: string | null;
      shippedAt: number;
      itemsText: string;
    }[];
    unshipped: { orderItemId: string; productName: string; quantity: number }[];
    returns: {
      id: string;
      createdAt: number;
      itemsText: string;
      restocked: boolean;
      refundId: string | null;
    }[];
    returnable: { orderItemId: string; productName: string; quantity: number; unitPriceMinor: number }[];
    withdrawals: { id: string; declaredAt: number; itemIds: string[] }[];
    timeline: { id: string; kind: string; text: string; createdAt: number }[];
    carriers: { id: string; name: string }[];
    returnReasons: { id: string; text: string }[];
  };
}

export const A = {
  shippingTitle: 'Versand',
  carrier: 'Versanddienstleister',
  trackingNumber: 'Sendungsnummer (optional)',
  trackingHint: 'Wird in der Versand-E-Mail als Link zur Sendungsverfolgung verschickt.',
  quantityOf: (name: string) => `Menge „${name}“`,
  ship: 'Versenden',
  /** The order page's main action: it opens this form, so every parcel gets its shipping mail (issue 23). */
  openShipping: 'Versand erfassen',
  shipped: 'Versandt. Die Kundin oder der Kunde bekommt eine E-Mail mit der Sendungsverfolgung.',
  track: 'Sendung verfolgen',
  noShipments: 'Noch nichts versandt.',
  packingSlip: 'Lieferschein (PDF)',
  returnsTitle: 'Rücksendung',
  returnedOf: (name: string) => `Zurück: „${name}“`,
  reasonOf: (name: string) => `Grund „${name}“`,
  withdrawal: 'Gehört zum Widerruf',
  noWithdrawal: 'Kein Widerruf',
  restock: 'Zurückgekommene Ware wieder in den Bestand buchen',
  refund: (currency: string) => `Erstattung (${currency})`,
  refundHint: 'Vorschlag: der Preis der zurückgekommenen Artikel. Leer lassen für keine Erstattung.',
  iban: 'IBAN der Kundin oder des Kunden',
  recordReturn: 'Rücksendung erfassen',
  returned: 'Die Rücksendung ist erfasst.',
  noReturns: 'Noch keine Rücksendungen.',
  timelineTitle: 'Verlauf',
  note: 'Notiz',
  addNote: 'Notiz speichern',
  noteSaved: 'Notiz gespeichert.',
  amountInvalid: 'Bitte gib einen Betrag wie 12,50 ein.',
} as const;

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;

type Props = {
  siteId: string;
  orderId: string;
  currency: string;
  paymentMethod: string | null;
  paid: boolean;
  canManage: boolean;
  timeZone: string;
  /** The order's status changed (shipped in full). */
  onOrder: (order: FulfilmentAnswer['order']) => void;
  /** How many lines are still to be shipped, once known: the order page chooses its main action by it. */
  onUnshipped?: (count: number) => void;
};

export function AfterSale(props: Props) {
  const base = `/sites/${encodeURIComponent(props.siteId)}/orders/${encodeURIComponent(props.orderId)}`;
  const loaded = useLoad(() => api.get<FulfilmentAnswer>(`${base}/fulfilment`), [base]);
  const unshipped = loaded.data?.fulfilment.unshipped.length;
  const { onUnshipped } = props;
  useEffect(() => {
    if (unshipped !== undefined) onUnshipped?.(unshipped);
  }, [unshipped, onUnshipped]);
  if (!loaded.data) return loaded.error ? <p className="muted">{loaded.error.message}</p> : null;
  const update = (answer: FulfilmentAnswer) => {
    loaded.set(answer);
    props.onOrder(answer.order);
  };
  const shared = { ...props, base, data: loaded.data.fulfilment, update };
  return (
    <>
      <ShippingPanel {...shared} />
      {props.canManage &&
      (loaded.data.fulfilment.returnable.length > 0 || loaded.data.fulfilment.returns.length > 0) ? (
        <ReturnPanel {...shared} />
      ) : null}
      <TimelinePanel {...shared} />
    </>
  );
}

type PanelProps = Props & {
  base: string;
  data: FulfilmentAnswer['fulfilment'];
  update: (a: FulfilmentAnswer) => void;
};

export const SHIPPING_FORM_ID = 'versand-erfassen';

/** Brings the owner to the shipping form: scrolled into view, the carrier chosen first. */
export function openShippingForm() {
  const form = document.getElementById(SHIPPING_FORM_ID);
  form?.scrollIntoView?.({ block: 'start' });
  form?.querySelector<HTMLElement>('select, input')?.focus();
}

function ShippingPanel({ base, data, update, canManage, timeZone }: PanelProps) {
  const action = useAction();
  const [carrier, setCarrier] = useState('dhl');
  const [tracking, setTracking] = useState('');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const fields = action.error?.fields ?? {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    const lines = data.unshipped.map((line) => ({
      orderItemId: line.orderItemId,
      quantity: Number(quantities[line.orderItemId] ?? line.quantity),
    }));
    const answer = await action.run(() =>
      api.post<FulfilmentAnswer>(`${base}/shipments`, { carrier, trackingNumber: tracking, lines }),
    );
    if (answer) {
      update(answer);
      setTracking('');
      setQuantities({});
      setNote(A.shipped);
    }
  };

  return (
    <section className="card" aria-labelledby="shipping-title">
      <h2 id="shipping-title">{A.shippingTitle}</h2>
      <p>
        <span className="badge">{data.fulfilmentStatusText}</span>{' '}
        <a href={apiUrl(`${base}/packing-slip.pdf`)} download>
          {A.packingSlip}
        </a>
      </p>
      {data.shipments.length === 0 ? (
        <p className="muted">{A.noShipments}</p>
      ) : (
        <ul className="shipments">
          {data.shipments.map((s) => (
            <li key={s.id}>
              {dateTime(s.shippedAt, timeZone)}
              {s.carrierName ? ` · ${s.carrierName}` : ''}
              {s.trackingNumber ? ` · ${s.trackingNumber}` : ''} · {s.itemsText}
              {s.trackingUrl ? (
                <>
                  {' '}
                  <a href={s.trackingUrl} target="_blank" rel="noopener noreferrer">
                    {A.track}
                  </a>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <StatusMessage>{note}</StatusMessage>
      {canManage && data.unshipped.length > 0 ? (
        <form className="form" id={SHIPPING_FORM_ID} onSubmit={submit} noValidate>
          <ErrorBox error={action.error} />
          <SelectField
            label={A.carrier}
            value={carrier}
            error={fields.carrier}
            onChange={(e) => setCarrier(e.target.value)}
          >
            {data.carriers.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label={A.trackingNumber}
            hint={A.trackingHint}
            value={tracking}
            autoComplete="off"
            spellCheck={false}
            error={fields.trackingNumber}
            onChange={(e) => setTracking(e.target.value)}
          />
          {data.unshipped.map((line) => (
            <TextField
              key={line.orderItemId}
              label={A.quantityOf(line.productName)}
              hint={`Noch ${line.quantity} zu versenden`}
              inputMode="numeric"
              className="field--narrow"
              value={quantities[line.orderItemId] ?? String(line.quantity)}
              onChange={(e) => setQuantities({ ...quantities, [line.orderItemId]: e.target.value })}
            />
          ))}
          {fields.lines ? <p className="field-error">{fields.lines}</p> : null}
          <div className="form-actions">
            <Button type="submit" variant="primary" busy={action.busy}>
              {A.ship}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

function ReturnPanel({ base, data, update, currency, paymentMethod, paid, timeZone }: PanelProps) {
  const action = useAction();
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [withdrawalId, setWithdrawalId] = useState(data.withdrawals[0]?.id ?? '');
  const [restock, setRestock] = useState(true);
  const [amount, setAmount] = useState<string>();
  const [iban, setIban] = useState('');
  const [note, setNote] = useState('');
  const [amountError, setAmountError] = useState('');
  const fields = action.error?.fields ?? {};
  const defaultReason = data.withdrawals.length > 0 ? 'withdrawal' : 'other';
  const chosen = data.returnable
    .map((line) => ({ line, quantity: Number(quantities[line.orderItemId] ?? '0') }))
    .filter((c) => Number.isInteger(c.quantity) && c.quantity > 0);
  const suggested = chosen.reduce(
    (sum, c) => sum + c.line.unitPriceMinor * Math.min(c.quantity, c.line.quantity),
    0,
  );
  const amountText = amount ?? (paid && suggested > 0 ? (suggested / 100).toFixed(2).replace('.', ',') : '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    const refundMinor = amountText.trim() === '' ? 0 : parseAmount(amountText, currency);
    if (refundMinor === null || refundMinor < 0) {
      setAmountError(A.amountInvalid);
      return;
    }
    setAmountError('');
    const answer = await action.run(() =>
      api.post<FulfilmentAnswer>(`${base}/returns`, {
        lines: data.returnable.map((line) => ({
          orderItemId: line.orderItemId,
          quantity: Number(quantities[line.orderItemId] ?? '0') || 0,
          reason: reasons[line.orderItemId] ?? defaultReason,
        })),
        ...(withdrawalId ? { withdrawalId } : {}),
        restock,
        ...(refundMinor > 0
          ? {
              refund: {
                amountMinor: refundMinor,
                idempotencyKey: newKey(),
                ...(paymentMethod === 'bank-transfer' ? { iban } : {}),
              },
            }
          : {}),
      }),
    );
    if (answer) {
      update(answer);
      setQuantities({});
      setAmount(undefined);
      setNote(A.returned);
    }
  };

  return (
    <section className="card" aria-labelledby="returns-title">
      <h2 id="returns-title">{A.returnsTitle}</h2>
      {data.returns.length === 0 ? (
        <p className="muted">{A.noReturns}</p>
      ) : (
        <ul>
          {data.returns.map((r) => (
            <li key={r.id}>
              {dateTime(r.createdAt, timeZone)} · {r.itemsText}
              {r.restocked ? ' · zurück in den Bestand gebucht' : ''}
              {r.refundId ? ' · erstattet' : ''}
            </li>
          ))}
        </ul>
      )}
      <StatusMessage>{note}</StatusMessage>
      {data.returnable.length > 0 ? (
        <form className="form" id={SHIPPING_FORM_ID} onSubmit={submit} noValidate>
          <ErrorBox error={action.error} />
          {data.returnable.map((line) => (
            <fieldset key={line.orderItemId} className="fieldset">
              <legend>{line.productName}</legend>
              <TextField
                label={A.returnedOf(line.productName)}
                hint={`Höchstens ${line.quantity}`}
                inputMode="numeric"
                className="field--narrow"
                value={quantities[line.orderItemId] ?? '0'}
                onChange={(e) => {
                  setQuantities({ ...quantities, [line.orderItemId]: e.target.value });
                  setAmount(undefined);
                }}
              />
              <SelectField
                label={A.reasonOf(line.productName)}
                value={reasons[line.orderItemId] ?? defaultReason}
                onChange={(e) => setReasons({ ...reasons, [line.orderItemId]: e.target.value })}
              >
                {data.returnReasons.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.text}
                  </option>
                ))}
              </SelectField>
            </fieldset>
          ))}
          {fields.lines ? <p className="field-error">{fields.lines}</p> : null}
          {data.withdrawals.length > 0 ? (
            <SelectField
              label={A.withdrawal}
              value={withdrawalId}
              onChange={(e) => setWithdrawalId(e.target.value)}
            >
              <option value="">{A.noWithdrawal}</option>
              {data.withdrawals.map((w) => (
                <option key={w.id} value={w.id}>
                  Widerruf vom {dateTime(w.declaredAt, timeZone)}
                </option>
              ))}
            </SelectField>
          ) : null}
          <Checkbox label={A.restock} checked={restock} onChange={(e) => setRestock(e.target.checked)} />
          {paid ? (
            <TextField
              label={A.refund(currency)}
              hint={suggested > 0 ? `${A.refundHint} (${money(suggested, currency)})` : A.refundHint}
              inputMode="decimal"
              value={amountText}
              error={amountError || fields.amountMinor}
              onChange={(e) => setAmount(e.target.value)}
            />
          ) : null}
          {paid && paymentMethod === 'bank-transfer' ? (
            <TextField
              label={A.iban}
              value={iban}
              autoComplete="off"
              spellCheck={false}
              error={fields.iban}
              onChange={(e) => setIban(e.target.value)}
            />
          ) : null}
          <div className="form-actions">
            <Button type="submit" variant="primary" busy={action.busy}>
              {A.recordReturn}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

function TimelinePanel({ base, data, update, canManage, timeZone }: PanelProps) {
  const action = useAction();
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    const answer = await action.run(() => api.post<FulfilmentAnswer>(`${base}/notes`, { text }));
    if (answer) {
      update(answer);
      setText('');
      setNote(A.noteSaved);
    }
  };
  return (
    <section className="card" aria-labelledby="timeline-title">
      <h2 id="timeline-title">{A.timelineTitle}</h2>
      <ol className="timeline">
        {data.timeline.map((entry) => (
          <li key={entry.id} className={`timeline__entry timeline__entry--${entry.kind}`}>
            <span className="muted">{dateTime(entry.createdAt, timeZone)}</span> {entry.text}
          </li>
        ))}
      </ol>
      <StatusMessage>{note}</StatusMessage>
      {canManage ? (
        <form className="form" id={SHIPPING_FORM_ID} onSubmit={submit} noValidate>
          <ErrorBox error={action.error} />
          <TextArea
            label={A.note}
            value={text}
            rows={2}
            maxLength={2000}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="form-actions">
            <Button type="submit" busy={action.busy}>
              {A.addNote}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
