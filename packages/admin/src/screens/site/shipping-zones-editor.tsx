import type { Dispatch, SetStateAction } from 'react';
import type { ShippingZone, ZoneRate } from '../../api/admin-types.js';
import { Button, Checkbox, SelectField, TextField } from '../../ui/controls.js';
import { amountText, parseAmount } from '../../ui/format.js';

/*
 * Shipping zones and their rates (issue 23), part of the store settings form. A zone is a list of
 * countries (or "alle übrigen Länder"); each rate is flat, by weight or by order value, may be free from
 * an amount, may be limited to an order value, and tells its delivery time. The rows are text; the
 * server checks them and answers German messages by field (shippingZones.<i>.rates.<j>.<field>).
 */

const TEXT = {
  legend: 'Versandzonen und Versandarten',
  intro:
    'Jede Zone gilt für ihre Länder. Im Checkout erscheinen nur die Versandarten, die zum Land und zum Warenkorb passen; die günstigste ist vorausgewählt.',
  defaults: 'Es gilt noch die Voreinstellung.',
  zoneName: 'Name der Zone',
  countries: 'Länder (Ländercodes, mit Komma getrennt, z. B. DE, AT)',
  restOfWorld: 'Gilt für alle übrigen Länder',
  removeZone: 'Zone entfernen',
  addZone: 'Versandzone hinzufügen',
  rateName: 'Name der Versandart',
  kind: 'Berechnung',
  kinds: { flat: 'Pauschal', weight: 'Nach Gewicht', value: 'Nach Bestellwert' } as Record<
    ZoneRate['kind'],
    string
  >,
  price: 'Preis',
  freeFrom: 'Kostenlos ab Bestellwert (optional)',
  min: 'Nur ab Bestellwert (optional)',
  max: 'Nur bis Bestellwert (optional)',
  deliveryTime: 'Lieferzeit (z. B. 2–4 Werktage)',
  removeRate: 'Versandart entfernen',
  addRate: 'Versandart hinzufügen',
  bracketUpToWeight: 'Bis Gramm (leer: darüber)',
  bracketUpToValue: 'Bis Bestellwert (leer: darüber)',
  addBracket: 'Stufe hinzufügen',
  removeBracket: 'Stufe entfernen',
  unknownCountry: 'unbekannt',
};

interface BracketRow {
  key: number;
  upTo: string;
  price: string;
}
interface RateRow {
  key: number;
  id?: string;
  name: string;
  kind: ZoneRate['kind'];
  price: string;
  brackets: BracketRow[];
  freeFrom: string;
  min: string;
  max: string;
  deliveryTime: string;
}
export interface ZoneRow {
  key: number;
  id?: string;
  name: string;
  countries: string;
  restOfWorld: boolean;
  rates: RateRow[];
}

let nextKey = 1;
const key = () => nextKey++;

const germanNames = new Intl.DisplayNames(['de'], { type: 'region' });
const countryList = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
function countryNames(text: string): string {
  return countryList(text)
    .map((code) => {
      try {
        const name = /^[A-Z]{2}$/.test(code) ? germanNames.of(code) : undefined;
        return name && name !== code ? name : `${code} (${TEXT.unknownCountry})`;
      } catch {
        return `${code} (${TEXT.unknownCountry})`;
      }
    })
    .join(', ');
}

export function zoneRowsOf(zones: readonly ShippingZone[], currency: string): ZoneRow[] {
  const money = (minor: number | null | undefined) => amountText(minor ?? undefined, currency);
  return zones.map((zone) => ({
    key: key(),
    id: zone.id,
    name: zone.name,
    countries: zone.countries.join(', '),
    restOfWorld: zone.restOfWorld === true,
    rates: zone.rates.map((rate) => ({
      key: key(),
      id: rate.id,
      name: rate.name,
      kind: rate.kind,
      price: money(rate.priceMinor),
      brackets: (rate.brackets ?? []).map((b) => ({
        key: key(),
        // Weight steps are grams; value steps are money.
        upTo: b.upTo === undefined ? '' : rate.kind === 'weight' ? String(b.upTo) : money(b.upTo),
        price: money(b.priceMinor),
      })),
      freeFrom: money(rate.freeFromMinor),
      min: money(rate.minMinor),
      max: money(rate.maxMinor),
      deliveryTime: rate.deliveryTime ?? '',
    })),
  }));
}

/** The rows as the API takes them; a text that is no number becomes NaN, which the server refuses by field. */
export function zonesRequestOf(rows: readonly ZoneRow[], currency: string): ShippingZone[] {
  const amount = (text: string) =>
    text.trim() === '' ? undefined : (parseAmount(text, currency) ?? Number.NaN);
  const grams = (text: string) =>
    text.trim() === '' ? undefined : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  return rows.map((zone) => ({
    ...(zone.id ? { id: zone.id } : {}),
    name: zone.name.trim(),
    countries: countryList(zone.countries),
    ...(zone.restOfWorld ? { restOfWorld: true } : {}),
    rates: zone.rates.map((rate) => ({
      ...(rate.id ? { id: rate.id } : {}),
      name: rate.name.trim(),
      kind: rate.kind,
      ...(rate.kind === 'flat'
        ? { priceMinor: amount(rate.price) ?? Number.NaN }
        : {
            brackets: rate.brackets.map((b) => {
              const upTo = rate.kind === 'weight' ? grams(b.upTo) : amount(b.upTo);
              return { ...(upTo !== undefined ? { upTo } : {}), priceMinor: amount(b.price) ?? Number.NaN };
            }),
          }),
      freeFromMinor: amount(rate.freeFrom) ?? null,
      minMinor: amount(rate.min) ?? null,
      maxMinor: amount(rate.max) ?? null,
      ...(rate.deliveryTime.trim() ? { deliveryTime: rate.deliveryTime.trim() } : {}),
    })),
  }));
}

export function ShippingZonesFieldset({
  zones,
  setZones,
  fields,
  currency,
  areDefaults,
}: {
  zones: ZoneRow[];
  setZones: Dispatch<SetStateAction<ZoneRow[]>>;
  fields: Record<string, string>;
  currency: string;
  areDefaults: boolean;
}) {
  const setZone = (i: number, change: Partial<ZoneRow>) =>
    setZones((all) => all.map((z, k) => (k === i ? { ...z, ...change } : z)));
  const setRate = (i: number, j: number, change: Partial<RateRow>) =>
    setZones((all) =>
      all.map((z, k) =>
        k === i ? { ...z, rates: z.rates.map((r, l) => (l === j ? { ...r, ...change } : r)) } : z,
      ),
    );
  /** The first message for a field or anything below it (countries.0, brackets.1.upTo, ...). */
  const error = (path: string) =>
    fields[path] ?? Object.entries(fields).find(([name]) => name.startsWith(`${path}.`))?.[1];

  return (
    <fieldset className="field-group shipping-zones">
      <legend>{TEXT.legend}</legend>
      <p className="muted">{TEXT.intro}</p>
      {areDefaults ? <p className="muted">{TEXT.defaults}</p> : null}
      {zones.map((zone, i) => {
        const at = `shippingZones.${i}`;
        return (
          <div className="sub-card" key={zone.key}>
            <div className="row-fields">
              <TextField
                label={TEXT.zoneName}
                value={zone.name}
                onChange={(e) => setZone(i, { name: e.target.value })}
                error={error(`${at}.name`) ?? error(`${at}.id`)}
              />
              <TextField
                label={TEXT.countries}
                value={zone.countries}
                autoCapitalize="characters"
                onChange={(e) => setZone(i, { countries: e.target.value })}
                hint={zone.countries.trim() ? countryNames(zone.countries) : undefined}
                error={error(`${at}.countries`)}
              />
            </div>
            <Checkbox
              label={TEXT.restOfWorld}
              checked={zone.restOfWorld}
              onChange={(e) => setZone(i, { restOfWorld: e.target.checked })}
            />
            {error(`${at}.restOfWorld`) ? (
              <span className="field-error">{error(`${at}.restOfWorld`)}</span>
            ) : null}
            {zone.rates.map((rate, j) => {
              const rat = `${at}.rates.${j}`;
              return (
                <div className="sub-card" key={rate.key}>
                  <div className="row-fields">
                    <TextField
                      label={TEXT.rateName}
                      value={rate.name}
                      onChange={(e) => setRate(i, j, { name: e.target.value })}
                      error={error(`${rat}.name`) ?? error(`${rat}.id`)}
                    />
                    <SelectField
                      label={TEXT.kind}
                      value={rate.kind}
                      onChange={(e) => {
                        const kind = e.target.value as ZoneRate['kind'];
                        // A rate by steps starts with one step, so it has a price at all.
                        setRate(i, j, {
                          kind,
                          brackets:
                            kind !== 'flat' && rate.brackets.length === 0
                              ? [{ key: key(), upTo: '', price: rate.price }]
                              : rate.brackets,
                        });
                      }}
                    >
                      {Object.entries(TEXT.kinds).map(([kind, label]) => (
                        <option key={kind} value={kind}>
                          {label}
                        </option>
                      ))}
                    </SelectField>
                    {rate.kind === 'flat' ? (
                      <TextField
                        label={`${TEXT.price} (${currency})`}
                        inputMode="decimal"
                        value={rate.price}
                        onChange={(e) => setRate(i, j, { price: e.target.value })}
                        error={error(`${rat}.priceMinor`)}
                      />
                    ) : null}
                    <TextField
                      label={TEXT.deliveryTime}
                      value={rate.deliveryTime}
                      maxLength={60}
                      onChange={(e) => setRate(i, j, { deliveryTime: e.target.value })}
                      error={error(`${rat}.deliveryTime`)}
                    />
                  </div>
                  {rate.kind !== 'flat' ? (
                    <div className="tiers">
                      {rate.brackets.map((b, k) => (
                        <div className="row-fields" key={b.key}>
                          <TextField
                            label={`${rate.kind === 'weight' ? TEXT.bracketUpToWeight : `${TEXT.bracketUpToValue} (${currency})`} – Stufe ${k + 1}`}
                            inputMode={rate.kind === 'weight' ? 'numeric' : 'decimal'}
                            value={b.upTo}
                            onChange={(e) =>
                              setRate(i, j, {
                                brackets: rate.brackets.map((x, l) =>
                                  l === k ? { ...x, upTo: e.target.value } : x,
                                ),
                              })
                            }
                          />
                          <TextField
                            label={`${TEXT.price} (${currency}) – Stufe ${k + 1}`}
                            inputMode="decimal"
                            value={b.price}
                            onChange={(e) =>
                              setRate(i, j, {
                                brackets: rate.brackets.map((x, l) =>
                                  l === k ? { ...x, price: e.target.value } : x,
                                ),
                              })
                            }
                          />
                          <Button
                            variant="quiet"
                            onClick={() =>
                              setRate(i, j, { brackets: rate.brackets.filter((_, l) => l !== k) })
                            }
                            aria-label={`${TEXT.removeBracket}: ${k + 1}`}
                          >
                            {TEXT.removeBracket}
                          </Button>
                        </div>
                      ))}
                      {error(`${rat}.brackets`) ? (
                        <span className="field-error">{error(`${rat}.brackets`)}</span>
                      ) : null}
                      <Button
                        onClick={() =>
                          setRate(i, j, { brackets: [...rate.brackets, { key: key(), upTo: '', price: '' }] })
                        }
                      >
                        {TEXT.addBracket}
                      </Button>
                    </div>
                  ) : null}
                  <div className="row-fields">
                    <TextField
                      label={`${TEXT.freeFrom} (${currency})`}
                      inputMode="decimal"
                      value={rate.freeFrom}
                      onChange={(e) => setRate(i, j, { freeFrom: e.target.value })}
                      error={error(`${rat}.freeFromMinor`)}
                    />
                    <TextField
                      label={`${TEXT.min} (${currency})`}
                      inputMode="decimal"
                      value={rate.min}
                      onChange={(e) => setRate(i, j, { min: e.target.value })}
                      error={error(`${rat}.minMinor`)}
                    />
                    <TextField
                      label={`${TEXT.max} (${currency})`}
                      inputMode="decimal"
                      value={rate.max}
                      onChange={(e) => setRate(i, j, { max: e.target.value })}
                      error={error(`${rat}.maxMinor`)}
                    />
                  </div>
                  <Button
                    variant="quiet"
                    onClick={() => setZone(i, { rates: zone.rates.filter((_, l) => l !== j) })}
                    aria-label={`${TEXT.removeRate}: ${rate.name || j + 1}`}
                  >
                    {TEXT.removeRate}
                  </Button>
                </div>
              );
            })}
            <div className="row-fields">
              <Button
                onClick={() =>
                  setZone(i, {
                    rates: [
                      ...zone.rates,
                      {
                        key: key(),
                        name: '',
                        kind: 'flat',
                        price: '',
                        brackets: [],
                        freeFrom: '',
                        min: '',
                        max: '',
                        deliveryTime: '',
                      },
                    ],
                  })
                }
              >
                {TEXT.addRate}
              </Button>
              <Button
                variant="quiet"
                onClick={() => setZones((all) => all.filter((_, k) => k !== i))}
                aria-label={`${TEXT.removeZone}: ${zone.name || i + 1}`}
              >
                {TEXT.removeZone}
              </Button>
            </div>
          </div>
        );
      })}
      <Button
        onClick={() =>
          setZones((all) => [...all, { key: key(), name: '', countries: '', restOfWorld: false, rates: [] }])
        }
      >
        {TEXT.addZone}
      </Button>
    </fieldset>
  );
}
