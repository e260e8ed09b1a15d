import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../api/api-client.js';
import { useSite } from '../../site-context.js';
import { useAction, useLoad } from '../../ui/async.js';
import { Button, ErrorBox, Loading, SelectField, StatusMessage, TextField } from '../../ui/controls.js';
import { PageTitle } from '../../ui/page-title.js';

/*
 * "Rechtliches": the owner's legal data, from which the shop writes its Impressum, Datenschutzerklärung,
 * AGB, Widerrufsbelehrung, Versand und Zahlung and Erklärung zur Barrierefreiheit, and the go-live
 * checklist "Bereit zum Verkaufen" (GET/PATCH /sites/:id/legal, site.settings). The server checks every
 * field and answers in German by field.
 */

type LegalForm = Record<string, string | number | undefined>;

interface ChecklistItem {
  key: string;
  title: string;
  done: boolean;
  missing: string[];
}

interface LegalAnswer {
  legal: LegalForm;
  legalForms: string[];
  labels: Record<string, string>;
  checklist: ChecklistItem[];
}

export const L = {
  title: 'Rechtliches',
  intro:
    'Aus diesen Angaben schreibt dein Shop Impressum, Datenschutzerklärung, AGB, Widerrufsbelehrung, „Versand und Zahlung“ und die Erklärung zur Barrierefreiheit. Die Texte sind ein sorgfältiger Ausgangspunkt, aber keine Rechtsberatung – lass sie im Zweifel prüfen.',
  checklist: 'Bereit zum Verkaufen',
  allDone: 'Alles erledigt.',
  company: 'Anbieter',
  contact: 'Kontakt',
  register: 'Register und Steuer',
  sale: 'Widerruf und Versand',
  save: 'Speichern',
  saving: 'Wird gespeichert …',
  saved: 'Die rechtlichen Angaben wurden gespeichert. Die Rechtstexte sind sofort aktuell.',
  chooseForm: 'Bitte wählen',
  returnCustomer: 'Kundin oder Kunde trägt die Rücksendekosten',
  returnShop: 'Wir tragen die Rücksendekosten',
  daysHint: 'Gesetzlich sind es 14 Tage; du kannst mehr gewähren.',
  vatHint: 'Nur wenn du eine hast, z. B. DE123456789.',
  responsibleHint: 'Nur für redaktionelle Inhalte wie einen Blog (§ 18 Abs. 2 MStV): Name und Anschrift.',
} as const;

/** Address and contact fields with the browser's autocomplete names. */
const ADDRESS_FIELDS: [string, string][] = [
  ['street', 'street-address'],
  ['postalCode', 'postal-code'],
  ['city', 'address-level2'],
  ['country', 'country-name'],
];
const CONTACT_FIELDS: [string, string][] = [
  ['email', 'email'],
  ['phone', 'tel'],
];

export function LegalSettings() {
  const { site } = useSite();
  const path = `/sites/${encodeURIComponent(site.id)}/legal`;
  const loaded = useLoad(() => api.get<LegalAnswer>(path), [path]);
  const action = useAction();
  const [answer, setAnswer] = useState<LegalAnswer>();
  const [form, setForm] = useState<LegalForm>({});
  const [note, setNote] = useState('');

  useEffect(() => {
    if (loaded.data) {
      setAnswer(loaded.data);
      setForm(loaded.data.legal);
    }
  }, [loaded.data]);

  if (loaded.error) return <ErrorBox error={loaded.error} />;
  if (!answer) return <Loading />;

  const fields = action.error?.fields ?? {};
  const set = (name: string, value: string | number | undefined) => setForm((f) => ({ ...f, [name]: value }));
  const text = (name: string, autoComplete?: string, hint?: string) => (
    <TextField
      key={name}
      label={answer.labels[name] ?? name}
      hint={hint}
      value={String(form[name] ?? '')}
      autoComplete={autoComplete}
      error={fields[name]}
      onChange={(e) => set(name, e.target.value)}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    const body: LegalForm = {};
    for (const [key, value] of Object.entries(form)) {
      if (value === undefined || value === '') continue;
      body[key] = key === 'withdrawalPeriodDays' ? Number(value) : value;
    }
    const saved = await action.run(() => api.patch<LegalAnswer>(path, body));
    if (saved) {
      setAnswer(saved);
      setForm(saved.legal);
      setNote(L.saved);
    }
  };

  return (
    <div className="legal-settings">
      <PageTitle>{L.title}</PageTitle>
      <p className="muted">{L.intro}</p>
      <section className="card" aria-labelledby="checklist-title">
        <h2 id="checklist-title">{L.checklist}</h2>
        <ul className="checklist">
          {answer.checklist.map((item) => (
            <li key={item.key} data-done={item.done ? 'true' : 'false'}>
              <strong>
                {item.done ? '✓ ' : '✗ '}
                {item.title}
              </strong>
              {item.done ? (
                <span> – {L.allDone}</span>
              ) : (
                <ul>
                  {item.missing.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </section>
      <form className="form card" onSubmit={submit} noValidate aria-labelledby="legal-form-title">
        <h2 id="legal-form-title">{L.company}</h2>
        <ErrorBox error={action.error} />
        {text('companyName', 'organization')}
        <SelectField
          label={answer.labels.legalForm ?? 'Rechtsform'}
          value={String(form.legalForm ?? '')}
          error={fields.legalForm}
          onChange={(e) => set('legalForm', e.target.value)}
        >
          <option value="">{L.chooseForm}</option>
          {answer.legalForms.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </SelectField>
        {text('representative', 'name')}
        {ADDRESS_FIELDS.map(([name, auto]) => text(name, auto))}
        <h2>{L.contact}</h2>
        {CONTACT_FIELDS.map(([name, auto]) => text(name, auto))}
        <h2>{L.register}</h2>
        {text('registerCourt')}
        {text('registerNumber')}
        {text('vatId', undefined, L.vatHint)}
        {text('contentResponsible', undefined, L.responsibleHint)}
        <h2>{L.sale}</h2>
        <TextField
          label={answer.labels.withdrawalPeriodDays ?? 'Widerrufsfrist in Tagen'}
          hint={L.daysHint}
          type="number"
          inputMode="numeric"
          min={14}
          value={String(form.withdrawalPeriodDays ?? 14)}
          error={fields.withdrawalPeriodDays}
          onChange={(e) => set('withdrawalPeriodDays', e.target.value)}
        />
        <SelectField
          label={answer.labels.returnCosts ?? 'Kosten der Rücksendung'}
          value={String(form.returnCosts ?? 'customer')}
          error={fields.returnCosts}
          onChange={(e) => set('returnCosts', e.target.value)}
        >
          <option value="customer">{L.returnCustomer}</option>
          <option value="shop">{L.returnShop}</option>
        </SelectField>
        {text('deliveryTime')}
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={action.busy}>
            {action.busy ? L.saving : L.save}
          </Button>
        </div>
        <StatusMessage>{note}</StatusMessage>
      </form>
    </div>
  );
}
