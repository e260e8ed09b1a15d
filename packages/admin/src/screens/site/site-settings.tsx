import { type FormEvent, useMemo, useState } from 'react';
import { sites } from '../../api/admin-api.js';
import type { SiteSettings as Settings } from '../../api/admin-types.js';
import { t } from '../../messages.js';
import { navigate } from '../../routing/router.js';
import { paths } from '../../routing/routes.js';
import { useSession } from '../../session.js';
import { useSite } from '../../site-context.js';
import { useAction } from '../../ui/async.js';
import {
  Button,
  Checkbox,
  ConfirmButton,
  ErrorBox,
  SelectField,
  StatusMessage,
  TextField,
} from '../../ui/controls.js';
import { amountText, parseAmount } from '../../ui/format.js';
import { PageTitle } from '../../ui/page-title.js';
import { timeZones } from '../new-site.js';
import { EngagementSettings } from './engagement-settings.js';
import {
  InstalmentFields,
  type InstalmentSettings,
  instalmentRequestOf,
  instalmentRowsOf,
} from './instalment-settings.js';
import { StoreSettingsForm } from './store-settings.js';

/** The website's own settings (PATCH /sites/:id): title, time zone, shop, cookie and comment switches. */
function GeneralSettings() {
  const { site, replace } = useSite();
  const action = useAction();
  const zones = useMemo(timeZones, []);
  const s = site.settings;
  const [title, setTitle] = useState(site.title);
  const [timeZone, setTimeZone] = useState(site.timeZone);
  const [expressCheckout, setExpressCheckout] = useState(s.storeSettings?.expressCheckout ?? false);
  const [multipleServices, setMultipleServices] = useState(
    s.storeSettings?.multipleQuantityAllowedForServices ?? true,
  );
  const [minimumOrder, setMinimumOrder] = useState(
    amountText(s.storeSettings?.minimumOrderMinor, site.currency),
  );
  const [testMode, setTestMode] = useState(s.testMode ?? false);
  const [cookieBanner, setCookieBanner] = useState(s.cookieSettings?.isCookieBannerEnabled ?? false);
  const [restrictive, setRestrictive] = useState(s.cookieSettings?.isRestrictiveCookiePolicyEnabled ?? false);
  const [comments, setComments] = useState(s.commentsEnabled ?? false);
  const [likes, setLikes] = useState(s.simpleLikingEnabled ?? false);
  const [siteKey, setSiteKey] = useState(s.captchaSettings?.siteKey ?? '');
  const [metaPixelId, setMetaPixelId] = useState(s.adPixels?.metaPixelId ?? '');
  const [googleTagId, setGoogleTagId] = useState(s.adPixels?.googleTagId ?? '');
  // Not yet in the shared SiteSettings type: the instalment teaser's settings (instalment-settings.tsx).
  const storedInstalments = (s as { instalments?: Partial<InstalmentSettings> }).instalments;
  const [instalments, setInstalments] = useState(() => instalmentRowsOf(storedInstalments, site.currency));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    const minimum = minimumOrder.trim() === '' ? null : parseAmount(minimumOrder, site.currency);
    const problems: Record<string, string> = {};
    if (!title.trim()) problems.title = t.titleMissing;
    if (minimum === null && minimumOrder.trim() !== '')
      problems['settings.storeSettings.minimumOrderMinor'] = t.amountInvalid;
    const instalmentRequest = instalmentRequestOf(instalments, storedInstalments, site.currency);
    Object.assign(problems, instalmentRequest.problems);
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const settings: Settings & { instalments?: InstalmentSettings } = {
      storeSettings: {
        expressCheckout,
        multipleQuantityAllowedForServices: multipleServices,
        minimumOrderMinor: minimum,
      },
      testMode,
      cookieSettings: { isCookieBannerEnabled: cookieBanner, isRestrictiveCookiePolicyEnabled: restrictive },
      commentsEnabled: comments,
      simpleLikingEnabled: likes,
      captchaSettings: { siteKey: siteKey.trim() },
      adPixels: { metaPixelId: metaPixelId.trim(), googleTagId: googleTagId.trim() },
      ...(instalmentRequest.settings ? { instalments: instalmentRequest.settings } : {}),
    };
    const answer = await action.run(() => sites.update(site.id, { title: title.trim(), timeZone, settings }));
    if (answer) {
      replace(answer.site);
      setNote(t.saved);
    }
  };

  const fields = { ...action.error?.fields, ...fieldErrors };
  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby="general-title">
      <h2 id="general-title">{t.general}</h2>
      <ErrorBox error={action.error} />
      <TextField
        label={t.siteTitle}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={fields.title}
      />
      <TextField label={t.currency} value={site.currency} readOnly hint={t.currencyFixed} />
      {zones.length > 0 ? (
        <SelectField
          label={t.timeZone}
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
        <TextField label={t.timeZone} value={timeZone} onChange={(e) => setTimeZone(e.target.value)} />
      )}
      <fieldset className="field-group">
        <legend>{t.store}</legend>
        <Checkbox
          label={t.expressCheckout}
          checked={expressCheckout}
          onChange={(e) => setExpressCheckout(e.target.checked)}
        />
        <Checkbox
          label={t.multipleQuantityServices}
          checked={multipleServices}
          onChange={(e) => setMultipleServices(e.target.checked)}
        />
        <TextField
          label={`${t.minimumOrder} (${site.currency})`}
          inputMode="decimal"
          value={minimumOrder}
          onChange={(e) => setMinimumOrder(e.target.value)}
          error={fields['settings.storeSettings.minimumOrderMinor']}
        />
        <Checkbox
          label={t.testMode}
          hint={t.testModeHint}
          checked={testMode}
          onChange={(e) => setTestMode(e.target.checked)}
        />
      </fieldset>
      <InstalmentFields
        rows={instalments}
        currency={site.currency}
        errors={fields}
        onChange={setInstalments}
      />
      <fieldset className="field-group">
        <legend>{t.cookies}</legend>
        <Checkbox
          label={t.cookieBanner}
          checked={cookieBanner}
          onChange={(e) => setCookieBanner(e.target.checked)}
        />
        <Checkbox
          label={t.restrictiveCookies}
          checked={restrictive}
          onChange={(e) => setRestrictive(e.target.checked)}
        />
        <p className="muted">{t.cookieBannerHint}</p>
      </fieldset>
      <fieldset className="field-group">
        <legend>{t.adPixels}</legend>
        <p className="muted">{t.adPixelsHint}</p>
        <TextField
          label={t.metaPixelId}
          inputMode="numeric"
          value={metaPixelId}
          onChange={(e) => setMetaPixelId(e.target.value)}
          error={fields['settings.adPixels.metaPixelId']}
        />
        <TextField
          label={t.googleTagId}
          value={googleTagId}
          onChange={(e) => setGoogleTagId(e.target.value)}
          error={fields['settings.adPixels.googleTagId']}
        />
      </fieldset>
      <fieldset className="field-group">
        <legend>{t.community}</legend>
        <Checkbox
          label={t.commentsEnabled}
          checked={comments}
          onChange={(e) => setComments(e.target.checked)}
        />
        <Checkbox label={t.likesEnabled} checked={likes} onChange={(e) => setLikes(e.target.checked)} />
        <TextField
          label={t.captchaSiteKey}
          value={siteKey}
          onChange={(e) => setSiteKey(e.target.value)}
          error={fields['settings.captchaSettings.siteKey']}
        />
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

function DeleteSite() {
  const { site } = useSite();
  const { reload } = useSession();
  const action = useAction();
  const remove = async () => {
    if (await action.run(() => sites.delete(site.id))) {
      await reload();
      navigate(paths.home());
    }
  };
  return (
    <section className="card danger-zone" aria-labelledby="delete-site-title">
      <h2 id="delete-site-title">{t.deleteSite}</h2>
      <p>{t.deleteSiteHint}</p>
      <ErrorBox error={action.error} />
      <ConfirmButton label={t.deleteSite} onConfirm={remove} busy={action.busy} />
    </section>
  );
}

export function SiteSettings() {
  const { can } = useSite();
  return (
    <div>
      <PageTitle>{t.settingsTitle}</PageTitle>
      {can('site.settings') ? <GeneralSettings /> : null}
      {can('site.settings') ? <EngagementSettings /> : null}
      {can('commerce.settings') ? <StoreSettingsForm /> : null}
      {can('site.delete') ? <DeleteSite /> : null}
    </div>
  );
}
