import { SITE_TEMPLATES, type TemplateId } from '@baukasten/commerce';
import { type FormEvent, useMemo, useState } from 'react';
import { sites } from '../api/admin-api.js';
import type { NewSite as NewSiteInput, Site } from '../api/admin-types.js';
import { t } from '../messages.js';
import { Link } from '../routing/router.js';
import { paths } from '../routing/routes.js';
import { useSession } from '../session.js';
import { SUPPORTED_CURRENCIES } from '../shop-rules.js';
import { useAction } from '../ui/async.js';
import { Button, ErrorBox, SelectField, TextField } from '../ui/controls.js';
import { siteAddress } from '../ui/format.js';
import { PageTitle } from '../ui/page-title.js';

const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A subdomain made from a title: 'Bäckerei Müller' → 'baeckerei-mueller'. */
export function subdomainFromTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

export function timeZones(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

export function NewSite() {
  const { reload } = useSession();
  const action = useAction();
  const [title, setTitle] = useState('');
  const [subdomain, setSubdomain] = useState('');
  const [subdomainEdited, setSubdomainEdited] = useState(false);
  const [currency, setCurrency] = useState('EUR');
  const [timeZone, setTimeZone] = useState('Europe/Berlin');
  const [starter, setStarter] = useState<NewSiteInput['starter']>('empty');
  const [template, setTemplate] = useState<TemplateId>('werkstatt');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<Site>();
  const zones = useMemo(timeZones, []);

  const shownSubdomain = subdomainEdited ? subdomain : subdomainFromTitle(title);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!title.trim()) problems.title = t.titleMissing;
    if (!SUBDOMAIN.test(shownSubdomain)) problems.subdomain = t.subdomainInvalid;
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const answer = await action.run(() =>
      sites.create({ title: title.trim(), subdomain: shownSubdomain, currency, timeZone, starter, template }),
    );
    if (answer) {
      setCreated(answer.site);
      void reload();
    }
  };

  if (created) {
    const address = created.url ?? siteAddress(created.hostnames[0]);
    return (
      <div className="narrow">
        <PageTitle>{t.siteCreated}</PageTitle>
        <div className="card">
          <p>
            {t.liveAddress}:{' '}
            <a href={address} target="_blank" rel="noreferrer" className="live-address">
              {address}
            </a>
          </p>
          <p>
            <Link className="button button--primary" to={paths.site(created.id)}>
              {t.openDashboard}
            </Link>
          </p>
        </div>
      </div>
    );
  }

  const fields = { ...action.error?.fields, ...fieldErrors };
  return (
    <div className="narrow">
      <PageTitle>{t.newSite}</PageTitle>
      <form className="form card" onSubmit={submit} noValidate>
        <ErrorBox error={action.error} />
        <TextField
          label={t.siteTitle}
          name="title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={fields.title}
          required
        />
        <TextField
          label={t.subdomain}
          name="subdomain"
          hint={t.subdomainHint}
          value={shownSubdomain}
          onChange={(e) => {
            setSubdomainEdited(true);
            setSubdomain(e.target.value.toLowerCase());
          }}
          error={fields.subdomain}
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <SelectField
          label={t.currency}
          name="currency"
          hint={t.currencyFixed}
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
          error={fields.currency}
        >
          {SUPPORTED_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
        {zones.length > 0 ? (
          <SelectField
            label={t.timeZone}
            name="timeZone"
            value={timeZone}
            onChange={(e) => setTimeZone(e.target.value)}
            error={fields.timeZone}
          >
            {(zones.includes(timeZone) ? zones : [timeZone, ...zones]).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            label={t.timeZone}
            name="timeZone"
            value={timeZone}
            onChange={(e) => setTimeZone(e.target.value)}
            error={fields.timeZone}
          />
        )}
        <fieldset className="field">
          <legend>{t.starter}</legend>
          {(['empty', 'demo'] as const).map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="starter"
                value={value}
                checked={starter === value}
                onChange={() => setStarter(value)}
              />{' '}
              {value === 'empty' ? t.starterEmpty : t.starterDemo}
            </label>
          ))}
          {fields.starter ? <span className="field-error">{fields.starter}</span> : null}
        </fieldset>
        {/* Issue #22: the look to start with; the Design screen switches it later without losing content. */}
        <fieldset className="field">
          <legend>{t.designTemplate}</legend>
          {SITE_TEMPLATES.map((choice) => (
            <label key={choice.id} className="choice">
              <input
                type="radio"
                name="template"
                value={choice.id}
                checked={template === choice.id}
                onChange={() => setTemplate(choice.id)}
              />{' '}
              <strong>{choice.label}</strong> – {choice.description}
            </label>
          ))}
          {fields.template ? <span className="field-error">{fields.template}</span> : null}
        </fieldset>
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={action.busy}>
            {action.busy ? t.saving : t.createSite}
          </Button>
        </div>
      </form>
    </div>
  );
}
