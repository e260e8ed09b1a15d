import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../api/api-client.js';
import { useAction, useLoad } from '../../ui/async.js';
import { Button, Checkbox, ErrorBox, StatusMessage, TextField } from '../../ui/controls.js';
import { type CountryRateRow, CountryRatesEditor, type EuRates, rowOf } from './country-rates-editor.js';

/*
 * The shop's VAT settings (issue 21) as a section of the store settings: Kleinunternehmer (§ 19 UStG),
 * One-Stop-Shop (§ 3c UStG) with the owner's own rates per member state, and the Steuernummer printed on invoices (GET/PATCH /sites/:id/vat,
 * commerce.settings). The USt-IdNr. belongs to the legal data.
 */

export const VAT_TEXTS = {
  title: 'Umsatzsteuer und Rechnungen',
  smallBusiness: 'Ich bin Kleinunternehmer (§ 19 UStG) und weise keine Umsatzsteuer aus',
  oss: 'Ich nehme am One-Stop-Shop-Verfahren teil (Umsatzsteuer des Bestimmungslandes in der EU)',
  taxNumber: 'Steuernummer (für Rechnungen)',
  taxNumberHint: 'Z. B. 22/815/08154. Die USt-IdNr. trägst du bei den Rechtstexten ein.',
  save: 'Umsatzsteuer speichern',
  saved: 'Die Umsatzsteuer-Einstellungen wurden gespeichert.',
} as const;

interface VatAnswer {
  vat: {
    smallBusiness: boolean;
    oss: boolean;
    taxNumber: string;
    countryRates?: { country: string; taxClass: string; ratePercent: number }[];
  };
  euRates?: { rates: EuRates[] };
}

type VatForm = Omit<VatAnswer['vat'], 'countryRates'>;

export function VatSettings({ siteId }: { siteId: string }) {
  const path = `/sites/${encodeURIComponent(siteId)}/vat`;
  const loaded = useLoad(() => api.get<VatAnswer>(path), [path]);
  const action = useAction();
  const [vat, setVat] = useState<VatForm>({ smallBusiness: false, oss: false, taxNumber: '' });
  const [countryRates, setCountryRates] = useState<CountryRateRow[]>([]);
  const [note, setNote] = useState('');
  const show = (answer: VatAnswer) => {
    const { countryRates: rows, ...rest } = answer.vat;
    setVat(rest);
    setCountryRates((rows ?? []).map(rowOf));
  };
  useEffect(() => {
    if (loaded.data) show(loaded.data);
  }, [loaded.data]);
  if (!loaded.data) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    const saved = await action.run(() => api.patch<VatAnswer>(path, { ...vat, countryRates }));
    if (saved) {
      show(saved);
      setNote(VAT_TEXTS.saved);
    }
  };
  const fields = action.error?.fields ?? {};

  return (
    <section className="card" aria-labelledby="vat-settings-title">
      <h2 id="vat-settings-title">{VAT_TEXTS.title}</h2>
      <form className="form" onSubmit={submit} noValidate>
        <ErrorBox error={action.error} />
        <Checkbox
          label={VAT_TEXTS.smallBusiness}
          checked={vat.smallBusiness}
          onChange={(e) => setVat({ ...vat, smallBusiness: e.target.checked })}
        />
        <Checkbox
          label={VAT_TEXTS.oss}
          checked={vat.oss}
          onChange={(e) => setVat({ ...vat, oss: e.target.checked })}
        />
        {vat.oss || countryRates.length > 0 ? (
          <CountryRatesEditor
            rows={countryRates}
            euRates={loaded.data.euRates?.rates ?? []}
            errors={fields}
            onChange={setCountryRates}
          />
        ) : null}
        <TextField
          label={VAT_TEXTS.taxNumber}
          hint={VAT_TEXTS.taxNumberHint}
          value={vat.taxNumber}
          error={fields.taxNumber}
          onChange={(e) => setVat({ ...vat, taxNumber: e.target.value })}
        />
        <div className="form-actions">
          <Button type="submit" busy={action.busy}>
            {VAT_TEXTS.save}
          </Button>
        </div>
        <StatusMessage>{note}</StatusMessage>
      </form>
    </section>
  );
}
