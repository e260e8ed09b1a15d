import { type FormEvent, useState } from 'react';
import type { Site, SiteChanges, SiteSettings } from '../../api/admin-types.js';
import { api } from '../../api/api-client.js';
import { useSite } from '../../site-context.js';
import { useAction } from '../../ui/async.js';
import { Button, Checkbox, ErrorBox, SelectField, StatusMessage, TextField } from '../../ui/controls.js';

/*
 * The settings of spec 3's website context the general form leaves out: the locale money and dates are
 * written in, the share buttons under posts and products, the Disqus name, and the enterprise captcha's
 * site key (PATCH /sites/:id, site.settings).
 */

export const E = {
  title: 'Sprache, Teilen und Captcha',
  locale: 'Sprache und Region',
  localeHint: 'Bestimmt, wie Preise und Daten auf der Website geschrieben werden (z. B. 1.234,50 €).',
  locales: [
    ['de-DE', 'Deutsch (Deutschland)'],
    ['de-AT', 'Deutsch (Österreich)'],
    ['de-CH', 'Deutsch (Schweiz)'],
    ['en-US', 'Englisch (USA)'],
    ['en-GB', 'Englisch (Vereinigtes Königreich)'],
    ['fr-FR', 'Französisch (Frankreich)'],
    ['fr-CH', 'Französisch (Schweiz)'],
    ['it-IT', 'Italienisch (Italien)'],
    ['es-ES', 'Spanisch (Spanien)'],
    ['nl-NL', 'Niederländisch (Niederlande)'],
  ] as const,
  share: 'Teilen-Schaltflächen',
  shareHint: 'Einfache Links zu den Netzwerken: es lädt nichts von ihnen, bis jemand klickt.',
  services: [
    ['facebook', 'Facebook'],
    ['x', 'X (Twitter)'],
    ['pinterest', 'Pinterest'],
    ['linkedin', 'LinkedIn'],
    ['whatsapp', 'WhatsApp'],
    ['email', 'E-Mail'],
  ] as const,
  shareOn: (name: string) => `Teilen über ${name} anbieten`,
  disqus: 'Disqus-Kurzname (optional)',
  disqusHint: 'Nur wenn Kommentare über Disqus laufen sollen statt über die eigenen.',
  enterpriseKey: 'Websiteschlüssel für reCAPTCHA Enterprise (optional)',
  enterpriseKeyHint: 'Ohne Schlüssel prüft die Website Formulare mit dem eingebauten Captcha.',
  save: 'Speichern',
  saving: 'Wird gespeichert …',
  saved: 'Die Einstellungen wurden gespeichert.',
} as const;

type Settings = SiteSettings & { recaptchaEnterpriseContext?: { recaptchaEnterpriseSiteKey?: string } };

export function EngagementSettings() {
  const { site, replace } = useSite();
  const action = useAction();
  const s = site.settings as Settings;
  const [locale, setLocale] = useState(site.locale);
  const [share, setShare] = useState<Record<string, boolean>>(() => ({ ...(s.shareButtonOptions ?? {}) }));
  const [disqus, setDisqus] = useState(s.disqusShortname ?? '');
  const [enterpriseKey, setEnterpriseKey] = useState(
    s.recaptchaEnterpriseContext?.recaptchaEnterpriseSiteKey ?? '',
  );
  const [note, setNote] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    const settings: Settings = {
      shareButtonOptions: share,
      disqusShortname: disqus.trim(),
      recaptchaEnterpriseContext: { recaptchaEnterpriseSiteKey: enterpriseKey.trim() },
    };
    const changes: SiteChanges & { locale: string } = { locale, settings };
    const answer = await action.run(() =>
      api.patch<{ site: Site }>(`/sites/${encodeURIComponent(site.id)}`, changes),
    );
    if (answer) {
      replace(answer.site);
      setNote(E.saved);
    }
  };

  const fields = action.error?.fields ?? {};
  const known = E.locales.some(([code]) => code === locale);
  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby="engagement-title">
      <h2 id="engagement-title">{E.title}</h2>
      <ErrorBox error={action.error} />
      <SelectField
        label={E.locale}
        hint={E.localeHint}
        value={locale}
        error={fields.locale}
        onChange={(e) => setLocale(e.target.value)}
      >
        {known ? null : <option value={locale}>{locale}</option>}
        {E.locales.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectField>
      <fieldset className="field-group">
        <legend>{E.share}</legend>
        <p className="muted">{E.shareHint}</p>
        {E.services.map(([service, name]) => (
          <Checkbox
            key={service}
            label={E.shareOn(name)}
            checked={share[service] === true || (service === 'x' && share.twitter === true)}
            onChange={(e) => {
              const on = e.target.checked;
              setShare((current) => {
                // 'twitter' is what older settings call X: one box for both.
                const { twitter: _old, ...rest } = current;
                return service === 'x' ? { ...rest, x: on } : { ...current, [service]: on };
              });
            }}
          />
        ))}
      </fieldset>
      <TextField
        label={E.disqus}
        hint={E.disqusHint}
        value={disqus}
        maxLength={100}
        error={fields['settings.disqusShortname']}
        onChange={(e) => setDisqus(e.target.value)}
      />
      <TextField
        label={E.enterpriseKey}
        hint={E.enterpriseKeyHint}
        value={enterpriseKey}
        maxLength={500}
        error={fields['settings.recaptchaEnterpriseContext.recaptchaEnterpriseSiteKey']}
        onChange={(e) => setEnterpriseKey(e.target.value)}
      />
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={action.busy}>
          {action.busy ? E.saving : E.save}
        </Button>
      </div>
      <StatusMessage>{note}</StatusMessage>
    </form>
  );
}
