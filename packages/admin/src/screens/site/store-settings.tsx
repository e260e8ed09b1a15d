import { type FormEvent, useEffect, useState } from 'react';
import { storeSettings as storeSettingsApi } from '../../api/admin-api.js';
import type { Coupon, DiscountKind, StoreSettings, TaxRate } from '../../api/admin-types.js';
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
import { ShippingZonesFieldset, type ZoneRow, zoneRowsOf, zonesRequestOf } from './shipping-zones-editor.js';
import { VatSettings } from './vat-settings.js';

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
interface CouponRow {
  key: number;
  code: string;
  /** Issue 23: kind, automatic, conditions and limits of the discount. */
  id: string;
  automatic: boolean;
  name: string;
  kind: DiscountKind;
  buyQuantity: string;
  getQuantity: string;
  productIds: string;
  categoryIds: string;
  usageLimit: string;
  usageLimitPerCustomer: string;
  used: number;
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

const newCouponRow = (automatic: boolean): CouponRow => ({
  key: key(),
  code: '',
  id: '',
  automatic,
  name: '',
  kind: 'percent',
  buyQuantity: '',
  getQuantity: '',
  productIds: '',
  categoryIds: '',
  usageLimit: '',
  usageLimitPerCustomer: '',
  used: 0,
  percentOff: '',
  amountOff: '',
  minimumSubtotal: '',
  validFrom: '',
  validUntil: '',
});

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
    coupons: settings.coupons.map<CouponRow>((c) => ({
      key: key(),
      code: c.code ?? '',
      id: c.id ?? '',
      automatic: c.automatic === true,
      name: c.name ?? '',
      kind: c.kind ?? (c.percentOff !== undefined ? 'percent' : 'amount'),
      buyQuantity: c.buyQuantity === undefined ? '' : String(c.buyQuantity),
      getQuantity: c.getQuantity === undefined ? '' : String(c.getQuantity),
      productIds: (c.productIds ?? []).join(', '),
      categoryIds: (c.categoryIds ?? []).join(', '),
      usageLimit: c.usageLimit == null ? '' : String(c.usageLimit),
      usageLimitPerCustomer: c.usageLimitPerCustomer == null ? '' : String(c.usageLimitPerCustomer),
      used: c.used ?? 0,
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
  const list = (text: string) =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  const coupons: Coupon[] = rows.coupons.map((c) => ({
    ...(c.id ? { id: c.id } : {}),
    ...(c.automatic ? { automatic: true } : { code: c.code.trim().toUpperCase() }),
    ...(c.name.trim() ? { name: c.name.trim() } : {}),
    // Percent and amount follow from their field (as before kinds); the others are named.
    ...(c.kind === 'free-shipping' || c.kind === 'buy-x-get-y' ? { kind: c.kind } : {}),
    ...(c.kind === 'percent' && c.percentOff.trim() ? { percentOff: wholeNumber(c.percentOff) } : {}),
    ...(c.kind === 'amount' && c.amountOff.trim() ? { amountOffMinor: amount(c.amountOff) } : {}),
    ...(c.kind === 'buy-x-get-y'
      ? { buyQuantity: wholeNumber(c.buyQuantity), getQuantity: wholeNumber(c.getQuantity) }
      : {}),
    ...(list(c.productIds).length ? { productIds: list(c.productIds) } : {}),
    ...(list(c.categoryIds).length ? { categoryIds: list(c.categoryIds) } : {}),
    ...(c.usageLimit.trim() ? { usageLimit: wholeNumber(c.usageLimit) } : {}),
    ...(c.usageLimitPerCustomer.trim()
      ? { usageLimitPerCustomer: wholeNumber(c.usageLimitPerCustomer) }
      : {}),
    ...(c.minimumSubtotal.trim() ? { minimumSubtotalMinor: amount(c.minimumSubtotal) } : {}),
    validFrom: c.validFrom || null,
    validUntil: c.validUntil || null,
  }));
  return { taxRates, coupons };
}

function Form({ initial, onSaved }: { initial: StoreSettings; onSaved: (settings: StoreSettings) => void }) {
  const { site } = useSite();
  const action = useAction();
  const [rows, setRows] = useState(() => rowsOf(initial, site.timeZone));
  const [zones, setZones] = useState<ZoneRow[]>(() => zoneRowsOf(initial.shippingZones, initial.currency));
  useEffect(() => setZones(zoneRowsOf(initial.shippingZones, initial.currency)), [initial]);
  const [replyTo, setReplyTo] = useState(initial.replyToEmail ?? '');
  useEffect(() => setReplyTo(initial.replyToEmail ?? ''), [initial]);
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
      storeSettingsApi.update(site.id, {
        ...requestOf(rows, currency),
        shippingZones: zonesRequestOf(zones, currency),
        replyToEmail: replyTo.trim() || null,
        allowCombiningCoupons: combining,
      }),
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
        <legend>Mails des Shops</legend>
        <TextField
          label="Antwortadresse"
          type="email"
          value={replyTo}
          onChange={(e) => setReplyTo(e.target.value)}
          hint={`Bestellmails kommen mit dem Namen des Shops als Absender; Antworten gehen an diese Adresse${
            initial.replyToDefault ? ` (leer: ${initial.replyToDefault})` : ''
          }. Neue Bestellungen werden an sie gemeldet.`}
          error={fields.replyToEmail}
        />
      </fieldset>

      <ShippingZonesFieldset
        zones={zones}
        setZones={setZones}
        fields={fields}
        currency={currency}
        areDefaults={initial.shippingZonesAreDefaults}
      />

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
            <Checkbox
              label={t.discountAutomatic}
              hint={t.discountAutomaticHint}
              checked={row.automatic}
              onChange={(e) => patch('coupons', i, { automatic: e.target.checked })}
            />
            {row.automatic ? null : (
              <TextField
                label={t.couponCode}
                value={row.code}
                onChange={(e) => patch('coupons', i, { code: e.target.value })}
                error={fields[`coupons.${i}.code`]}
              />
            )}
            <TextField
              label={t.discountName}
              value={row.name}
              onChange={(e) => patch('coupons', i, { name: e.target.value })}
              error={fields[`coupons.${i}.name`]}
            />
            <SelectField
              label={t.discountKind}
              value={row.kind}
              onChange={(e) => patch('coupons', i, { kind: e.target.value as DiscountKind })}
              error={fields[`coupons.${i}.kind`]}
            >
              <option value="percent">{t.discountKindPercent}</option>
              <option value="amount">{t.discountKindAmount}</option>
              <option value="free-shipping">{t.discountKindFreeShipping}</option>
              <option value="buy-x-get-y">{t.discountKindBuyGet}</option>
            </SelectField>
            {row.kind === 'percent' ? (
              <TextField
                label={t.percentOff}
                inputMode="numeric"
                value={row.percentOff}
                onChange={(e) => patch('coupons', i, { percentOff: e.target.value })}
                error={fields[`coupons.${i}.percentOff`]}
              />
            ) : null}
            {row.kind === 'amount' ? (
              <TextField
                label={`${t.amountOff} (${currency})`}
                inputMode="decimal"
                value={row.amountOff}
                onChange={(e) => patch('coupons', i, { amountOff: e.target.value })}
                error={fields[`coupons.${i}.amountOffMinor`]}
              />
            ) : null}
            {row.kind === 'buy-x-get-y' ? (
              <>
                <TextField
                  label={t.discountBuy}
                  inputMode="numeric"
                  value={row.buyQuantity}
                  onChange={(e) => patch('coupons', i, { buyQuantity: e.target.value })}
                  error={fields[`coupons.${i}.buyQuantity`]}
                />
                <TextField
                  label={t.discountGet}
                  inputMode="numeric"
                  value={row.getQuantity}
                  onChange={(e) => patch('coupons', i, { getQuantity: e.target.value })}
                  error={fields[`coupons.${i}.getQuantity`]}
                />
              </>
            ) : null}
            <TextField
              label={t.discountProductIds}
              value={row.productIds}
              onChange={(e) => patch('coupons', i, { productIds: e.target.value })}
              error={fields[`coupons.${i}.productIds`]}
            />
            <TextField
              label={t.discountCategoryIds}
              value={row.categoryIds}
              onChange={(e) => patch('coupons', i, { categoryIds: e.target.value })}
              error={fields[`coupons.${i}.categoryIds`]}
            />
            <TextField
              label={t.discountUsageLimit}
              hint={t.discountUsed(row.used)}
              inputMode="numeric"
              value={row.usageLimit}
              onChange={(e) => patch('coupons', i, { usageLimit: e.target.value })}
              error={fields[`coupons.${i}.usageLimit`]}
            />
            <TextField
              label={t.discountUsageLimitPerCustomer}
              inputMode="numeric"
              value={row.usageLimitPerCustomer}
              onChange={(e) => patch('coupons', i, { usageLimitPerCustomer: e.target.value })}
              error={fields[`coupons.${i}.usageLimitPerCustomer`]}
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
              aria-label={`${t.remove}: ${row.automatic ? row.name : row.code}`}
            >
              {t.remove}
            </Button>
          </div>
        ))}
        <Button onClick={() => setRows((r) => ({ ...r, coupons: [...r.coupons, newCouponRow(false)] }))}>
          {t.addCoupon}
        </Button>
        <Button onClick={() => setRows((r) => ({ ...r, coupons: [...r.coupons, newCouponRow(true)] }))}>
          {t.addAutomaticDiscount}
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
    <>
      <Form initial={loaded.data.storeSettings} onSaved={(storeSettings) => loaded.set({ storeSettings })} />
      <VatSettings siteId={site.id} />
    </>
  );
}
