import { type FormEvent, useEffect, useState } from 'react';
import { storeSettings as storeSettingsApi } from '../../api/admin-api.js';
import type { Coupon, ShippingOption, StoreSettings, TaxRate } from '../../api/admin-types.js';
import { t } from '../../messages.js';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useAction, useLoad } from '../../ui/async.js';
import {
  Button,
  Checkbox,
  ErrorBox,
  Loading,
  NotAvailable,
  SelectField,
  StatusMessage,
  TextField,
} from '../../ui/controls.js';
import { amountText, parseAmount } from '../../ui/format.js';

/*
 * Tax rates, shipping options and coupons (GET/PATCH /sites/:id/store-settings). The rows are edited
 * as text and turned into the API's numbers on save; each list is sent whole and replaces the stored one.
 */

interface TaxRow {
  key: number;
  country: string;
  ratePercent: string;
  name: string;
}
interface TierRow {
  key: number;
  maxGrams: string;
  cost: string;
}
interface ShippingRow {
  key: number;
  id?: string;
  name: string;
  kind: ShippingOption['kind'];
  cost: string;
  freeFrom: string;
  tiers: TierRow[];
}
interface CouponRow {
  key: number;
  code: string;
  percentOff: string;
  amountOff: string;
  minimumSubtotal: string;
  validFrom: string;
  validUntil: string;
}

let nextKey = 1;
const key = () => nextKey++;

/** The day an instant falls on in the website's time zone, as an <input type=date> value. */
export function dayOf(epochMs: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(epochMs);
}

const validityText = (value: Coupon['validFrom'], timeZone: string, end: boolean) =>
  typeof value === 'number' ? dayOf(end ? value - 1 : value, timeZone) : (value ?? '');

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

function rowsOf(settings: StoreSettings, timeZone: string) {
  const currency = settings.currency;
  return {
    taxes: settings.taxRates.map<TaxRow>((r) => ({
      key: key(),
      country: r.country,
      ratePercent: String(r.ratePercent),
      name: r.name,
    })),
    shipping: settings.shippingOptions.map<ShippingRow>((o) => ({
      key: key(),
      id: o.id,
      name: o.name,
      kind: o.kind,
      cost: amountText(o.costMinor, currency),
      freeFrom: amountText(o.freeFromMinor, currency),
      tiers: (o.tiers ?? []).map((tier) => ({
        key: key(),
        maxGrams: String(tier.maxGrams),
        cost: amountText(tier.costMinor, currency),
      })),
    })),
    coupons: settings.coupons.map<CouponRow>((c) => ({
      key: key(),
      code: c.code,
      percentOff: c.percentOff === undefined ? '' : String(c.percentOff),
      amountOff: amountText(c.amountOffMinor, currency),
      minimumSubtotal: amountText(c.minimumSubtotalMinor, currency),
      validFrom: validityText(c.validFrom, timeZone, false),
      validUntil: validityText(c.validUntil, timeZone, true),
    })),
  };
}

/** Turns the rows into the request; a text that is no number becomes NaN, which the server refuses by field. */
function requestOf(rows: ReturnType<typeof rowsOf>, currency: string) {
  const amount = (text: string) =>
    text.trim() === '' ? undefined : (parseAmount(text, currency) ?? Number.NaN);
  const taxRates: TaxRate[] = rows.taxes.map((r) => ({
    country: r.country.trim().toUpperCase(),
    ratePercent: wholeNumber(r.ratePercent),
    name: r.name.trim(),
  }));
  const shippingOptions: ShippingOption[] = rows.shipping.map((o) => ({
    ...(o.id ? { id: o.id } : {}),
    name: o.name.trim(),
    kind: o.kind,
    costMinor: amount(o.cost) ?? 0,
    ...(o.kind === 'price' ? { freeFromMinor: amount(o.freeFrom) } : {}),
    ...(o.kind === 'weight' && o.tiers.length > 0
      ? {
          tiers: o.tiers.map((tier) => ({
            maxGrams: wholeNumber(tier.maxGrams),
            costMinor: amount(tier.cost) ?? 0,
          })),
        }
      : {}),
  }));
  const coupons: Coupon[] = rows.coupons.map((c) => ({
    code: c.code.trim().toUpperCase(),
    ...(c.percentOff.trim() ? { percentOff: wholeNumber(c.percentOff) } : {}),
    ...(c.amountOff.trim() ? { amountOffMinor: amount(c.amountOff) } : {}),
    ...(c.minimumSubtotal.trim() ? { minimumSubtotalMinor: amount(c.minimumSubtotal) } : {}),
    validFrom: c.validFrom || null,
    validUntil: c.validUntil || null,
  }));
  return { taxRates, shippingOptions, coupons };
}

function Form({ initial, onSaved }: { initial: StoreSettings; onSaved: (settings: StoreSettings) => void }) {
  const { site } = useSite();
  const action = useAction();
  const [rows, setRows] = useState(() => rowsOf(initial, site.timeZone));
  const [combining, setCombining] = useState(initial.allowCombiningCoupons === true);
  const [note, setNote] = useState('');
  useEffect(() => setRows(rowsOf(initial, site.timeZone)), [initial, site.timeZone]);
  useEffect(() => setCombining(initial.allowCombiningCoupons === true), [initial]);
  const currency = initial.currency;
  const fields = action.error?.fields ?? {};

  const patch = <K extends keyof typeof rows>(
    list: K,
    index: number,
    change: Partial<(typeof rows)[K][number]>,
  ) =>
    setRows((current) => ({
      ...current,
      [list]: current[list].map((row, i) => (i === index ? { ...row, ...change } : row)),
    }));
  const drop = (list: keyof typeof rows, index: number) =>
    setRows((current) => ({ ...current, [list]: current[list].filter((_, i) => i !== index) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    const answer = await action.run(() =>
      storeSettingsApi.update(site.id, { ...requestOf(rows, currency), allowCombiningCoupons: combining }),
    );
    if (answer) {
      onSaved(answer.storeSettings);
      setNote(t.saved);
    }
  };

  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby="store-settings-title">
      <h2 id="store-settings-title">{t.storeSettingsTitle}</h2>
      <ErrorBox error={action.error} />

      <fieldset className="field-group">
        <legend>{t.taxRates}</legend>
        {initial.taxRatesAreDefaults ? <p className="muted">{t.defaultsInUse}</p> : null}
        {rows.taxes.map((row, i) => (
          <div className="row-fields" key={row.key}>
            <TextField
              label={t.country}
              value={row.country}
              maxLength={2}
              onChange={(e) => patch('taxes', i, { country: e.target.value })}
              error={fields[`taxRates.${i}.country`]}
            />
            <TextField
              label={t.ratePercent}
              inputMode="numeric"
              value={row.ratePercent}
              onChange={(e) => patch('taxes', i, { ratePercent: e.target.value })}
              error={fields[`taxRates.${i}.ratePercent`]}
            />
            <TextField
              label={t.taxName}
              value={row.name}
              onChange={(e) => patch('taxes', i, { name: e.target.value })}
              error={fields[`taxRates.${i}.name`]}
            />
            <Button
              variant="quiet"
              onClick={() => drop('taxes', i)}
              aria-label={`${t.remove}: ${row.country || i + 1}`}
            >
              {t.remove}
            </Button>
          </div>
        ))}
        <Button
          onClick={() =>
            setRows((r) => ({
              ...r,
              taxes: [...r.taxes, { key: key(), country: '', ratePercent: '', name: 'MwSt.' }],
            }))
          }
        >
          {t.addTaxRate}
        </Button>
      </fieldset>

      <fieldset className="field-group">
        <legend>{t.shippingOptions}</legend>
        {initial.shippingOptionsAreDefaults ? <p className="muted">{t.defaultsInUse}</p> : null}
        {rows.shipping.map((row, i) => (
          <div className="sub-card" key={row.key}>
            <div className="row-fields">
              <TextField
                label={t.shippingName}
                value={row.name}
                onChange={(e) => patch('shipping', i, { name: e.target.value })}
                error={fields[`shippingOptions.${i}.name`]}
              />
              <SelectField
                label={t.shippingKind}
                value={row.kind}
                onChange={(e) => patch('shipping', i, { kind: e.target.value as ShippingOption['kind'] })}
              >
                {Object.entries(t.shippingKinds).map(([kind, label]) => (
                  <option key={kind} value={kind}>
                    {label}
                  </option>
                ))}
              </SelectField>
              <TextField
                label={`${row.kind === 'weight' ? 'Kosten über der letzten Stufe' : t.shippingCost} (${currency})`}
                inputMode="decimal"
                value={row.cost}
                onChange={(e) => patch('shipping', i, { cost: e.target.value })}
                error={fields[`shippingOptions.${i}.costMinor`]}
              />
              {row.kind === 'price' ? (
                <TextField
                  label={`${t.freeFrom} (${currency})`}
                  inputMode="decimal"
                  value={row.freeFrom}
                  onChange={(e) => patch('shipping', i, { freeFrom: e.target.value })}
                  error={fields[`shippingOptions.${i}.freeFromMinor`]}
                />
              ) : null}
              <Button
                variant="quiet"
                onClick={() => drop('shipping', i)}
                aria-label={`${t.remove}: ${row.name}`}
              >
                {t.remove}
              </Button>
            </div>
            {row.kind === 'weight' ? (
              <div className="tiers">
                {row.tiers.map((tier, j) => (
                  <div className="row-fields" key={tier.key}>
                    <TextField
                      label={`Bis Gramm (Stufe ${j + 1})`}
                      inputMode="numeric"
                      value={tier.maxGrams}
                      onChange={(e) =>
                        patch('shipping', i, {
                          tiers: row.tiers.map((x, k) => (k === j ? { ...x, maxGrams: e.target.value } : x)),
                        })
                      }
                    />
                    <TextField
                      label={`${t.shippingCost} (Stufe ${j + 1})`}
                      inputMode="decimal"
                      value={tier.cost}
                      onChange={(e) =>
                        patch('shipping', i, {
                          tiers: row.tiers.map((x, k) => (k === j ? { ...x, cost: e.target.value } : x)),
                        })
                      }
                    />
                    <Button
                      variant="quiet"
                      onClick={() => patch('shipping', i, { tiers: row.tiers.filter((_, k) => k !== j) })}
                      aria-label={`${t.remove}: Stufe ${j + 1}`}
                    >
                      {t.remove}
                    </Button>
                  </div>
                ))}
                {fields[`shippingOptions.${i}.tiers`] ? (
                  <span className="field-error">{fields[`shippingOptions.${i}.tiers`]}</span>
                ) : null}
                <Button
                  onClick={() =>
                    patch('shipping', i, { tiers: [...row.tiers, { key: key(), maxGrams: '', cost: '' }] })
                  }
                >
                  Gewichtsstufe hinzufügen
                </Button>
              </div>
            ) : null}
          </div>
        ))}
        <Button
          onClick={() =>
            setRows((r) => ({
              ...r,
              shipping: [
                ...r.shipping,
                { key: key(), name: '', kind: 'flat', cost: '', freeFrom: '', tiers: [] },
              ],
            }))
          }
        >
          {t.addShippingOption}
        </Button>
      </fieldset>

      <fieldset className="field-group">
        <legend>{t.coupons}</legend>
        <Checkbox
          label={t.allowCombiningCoupons}
          hint={t.allowCombiningCouponsHint}
          checked={combining}
          onChange={(e) => setCombining(e.target.checked)}
        />
        {rows.coupons.map((row, i) => (
          <div className="row-fields" key={row.key}>
            <TextField
              label={t.couponCode}
              value={row.code}
              onChange={(e) => patch('coupons', i, { code: e.target.value })}
              error={fields[`coupons.${i}.code`]}
            />
            <TextField
              label={t.percentOff}
              inputMode="numeric"
              value={row.percentOff}
              onChange={(e) => patch('coupons', i, { percentOff: e.target.value })}
              error={fields[`coupons.${i}.percentOff`]}
            />
            <TextField
              label={`${t.amountOff} (${currency})`}
              inputMode="decimal"
              value={row.amountOff}
              onChange={(e) => patch('coupons', i, { amountOff: e.target.value })}
              error={fields[`coupons.${i}.amountOffMinor`]}
            />
            <TextField
              label={`${t.minimumSubtotal} (${currency})`}
              inputMode="decimal"
              value={row.minimumSubtotal}
              onChange={(e) => patch('coupons', i, { minimumSubtotal: e.target.value })}
              error={fields[`coupons.${i}.minimumSubtotalMinor`]}
            />
            <TextField
              label={t.validFrom}
              type="date"
              value={row.validFrom}
              onChange={(e) => patch('coupons', i, { validFrom: e.target.value })}
              error={fields[`coupons.${i}.validFrom`]}
            />
            <TextField
              label={t.validUntilLabel}
              type="date"
              value={row.validUntil}
              onChange={(e) => patch('coupons', i, { validUntil: e.target.value })}
              error={fields[`coupons.${i}.validUntil`]}
            />
            <Button
              variant="quiet"
              onClick={() => drop('coupons', i)}
              aria-label={`${t.remove}: ${row.code}`}
            >
              {t.remove}
            </Button>
          </div>
        ))}
        <Button
          onClick={() =>
            setRows((r) => ({
              ...r,
              coupons: [
                ...r.coupons,
                {
                  key: key(),
                  code: '',
                  percentOff: '',
                  amountOff: '',
                  minimumSubtotal: '',
                  validFrom: '',
                  validUntil: '',
                },
              ],
            }))
          }
        >
          {t.addCoupon}
        </Button>
      </fieldset>

      <div className="form-actions">
        <Button type="submit" variant="primary" busy={action.busy}>
          {action.busy ? t.saving : t.save}
        </Button>
      </div>
      <StatusMessage>{note}</StatusMessage>
    </form>
  );
}

export function StoreSettingsForm() {
  const { site } = useSite();
  const loaded = useLoad(() => storeSettingsApi.get(site.id), [site.id]);
  if (isMissingRoute(loaded.error)) return <NotAvailable title={t.storeSettingsTitle} />;
  if (loaded.error) return <ErrorBox error={loaded.error} />;
  if (!loaded.data) return <Loading />;
  return (
    <Form initial={loaded.data.storeSettings} onSaved={(storeSettings) => loaded.set({ storeSettings })} />
  );
}
