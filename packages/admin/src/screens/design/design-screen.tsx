import {
  BUTTON_SHAPE_LABELS,
  CONTENT_WIDTH_LABELS,
  PALETTE_LABELS,
  type Palette,
  paletteProblems,
  type SiteStyles,
  SPACING_LABELS,
} from '@baukasten/commerce';
import { type CSSProperties, type FormEvent, useEffect, useRef, useState } from 'react';
import { t } from '../../messages.js';
import { useSite } from '../../site-context.js';
import { useAction, useLoad } from '../../ui/async.js';
import { Button, ErrorBox, Loading, SelectField, StatusMessage, TextField } from '../../ui/controls.js';
import { PageTitle } from '../../ui/page-title.js';
import { type DesignData, design, type FontChoice, loadFontFaces } from './design-api.js';
import { D } from './texts.js';
import './design.css';

/*
 * The Design screen (issue #22, Squarespace's "Site Styles"): template, font pairing, palette with a live
 * contrast check, button shape, spacing and content width, and a live preview of the home page in phone,
 * tablet and desktop widths. The preview is the real storefront in a frame, rendered by the server with
 * the unsaved styles (a signed preview address), so what the owner sees is what visitors will get.
 */

const WIDTHS = { phone: 375, tablet: 768, desktop: 1280 } as const;
type PreviewWidth = keyof typeof WIDTHS;
/** Wait for a pause in typing or clicking before asking the server for a new preview. */
const PREVIEW_DELAY_MS = 350;

const samePalette = (a: Palette, b: Palette) =>
  (Object.keys(PALETTE_LABELS) as (keyof Palette)[]).every(
    (key) => a[key].toLowerCase() === b[key].toLowerCase(),
  );

export function DesignScreen() {
  const { site } = useSite();
  const loaded = useLoad(() => design.load(site.id), [site.id]);
  if (loaded.error) {
    // Without the list there is nothing to choose from: say which part is missing (R8.7.10).
    return (
      <div>
        <PageTitle>{D.title}</PageTitle>
        <ErrorBox error={t.fontsUnavailable} />
      </div>
    );
  }
  if (!loaded.data) return <Loading />;
  return <DesignForm siteId={site.id} data={loaded.data} />;
}

function DesignForm({ siteId, data }: { siteId: string; data: DesignData }) {
  const [styles, setStyles] = useState<SiteStyles>(data.styles);
  const [chosen, setChosen] = useState(data.chosen);
  const [status, setStatus] = useState('');
  const action = useAction();
  const problems = paletteProblems(styles.palette);
  const readable = Object.keys(problems).length === 0;

  const change = (next: Partial<SiteStyles>) => {
    setStatus('');
    setStyles((current) => ({ ...current, ...next }));
  };
  const changeColour = (key: keyof Palette, value: string) =>
    change({ palette: { ...styles.palette, [key]: value.trim().toLowerCase() } });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    // The server checks again and refuses a low contrast with the same German words.
    const answer = await action.run(() => design.save(siteId, styles));
    if (answer) {
      setChosen(true);
      setStatus(D.saved);
    }
  };

  const fields = action.error?.fields ?? {};
  return (
    <div className="design">
      <PageTitle>{D.title}</PageTitle>
      <p className="muted">{D.intro}</p>
      <div className="design__columns">
        <form className="form card design__form" onSubmit={submit} noValidate>
          <ErrorBox error={action.error} />
          <fieldset className="field">
            <legend>{D.template}</legend>
            <p className="field-hint">{chosen ? D.templateHint : `${D.plainLook} ${D.templateHint}`}</p>
            {data.templates.map((template) => (
              <label key={template.id} className="choice design__template">
                <input
                  type="radio"
                  name="template"
                  value={template.id}
                  checked={styles.template === template.id}
                  onChange={() => change(template.styles)}
                />{' '}
                <span>
                  <strong>{template.label}</strong> – {template.description}
                </span>
              </label>
            ))}
          </fieldset>
          <FontChoices
            fonts={data.fonts}
            value={styles.fontPairing}
            onChange={(fontPairing) => change({ fontPairing })}
          />
          <fieldset className="field">
            <legend>{D.colours}</legend>
            <p className="field-hint">{D.coloursHint}</p>
            {data.palettes && data.palettes.length > 0 && (
              <SelectField
                label={D.paletteChoice}
                hint={D.paletteHint}
                name="paletteChoice"
                value={data.palettes.find((choice) => samePalette(choice.palette, styles.palette))?.id ?? ''}
                onChange={(e) => {
                  const choice = data.palettes?.find((c) => c.id === e.target.value);
                  if (choice) change({ palette: { ...choice.palette } });
                }}
              >
                <option value="">{D.ownColours}</option>
                {data.palettes.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.label}
                  </option>
                ))}
              </SelectField>
            )}
            {(Object.keys(PALETTE_LABELS) as (keyof Palette)[]).map((key) => (
              <div key={key} className="design__colour">
                <TextField
                  label={PALETTE_LABELS[key]}
                  name={`palette.${key}`}
                  value={styles.palette[key]}
                  onChange={(e) => changeColour(key, e.target.value)}
                  error={problems[key] ?? fields[`palette.${key}`]}
                  spellCheck={false}
                  autoCapitalize="none"
                  maxLength={7}
                />
                <input
                  type="color"
                  className="design__swatch"
                  aria-label={D.colourPicker(PALETTE_LABELS[key])}
                  value={/^#[0-9a-f]{6}$/i.test(styles.palette[key]) ? styles.palette[key] : '#000000'}
                  onChange={(e) => changeColour(key, e.target.value)}
                />
              </div>
            ))}
          </fieldset>
          <SelectField
            label={D.buttonShape}
            name="buttonShape"
            value={styles.buttonShape}
            onChange={(e) => change({ buttonShape: e.target.value as SiteStyles['buttonShape'] })}
            error={fields.buttonShape}
          >
            {Object.entries(BUTTON_SHAPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={D.spacing}
            name="spacing"
            value={styles.spacing}
            onChange={(e) => change({ spacing: e.target.value as SiteStyles['spacing'] })}
            error={fields.spacing}
          >
            {Object.entries(SPACING_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={D.contentWidth}
            name="contentWidth"
            value={styles.contentWidth}
            onChange={(e) => change({ contentWidth: e.target.value as SiteStyles['contentWidth'] })}
            error={fields.contentWidth}
          >
            {Object.entries(CONTENT_WIDTH_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <div className="form-actions">
            <Button type="submit" variant="primary" busy={action.busy}>
              {action.busy ? t.saving : D.save}
            </Button>
          </div>
          <StatusMessage>{status}</StatusMessage>
        </form>
        <Preview siteId={siteId} styles={styles} readable={readable} />
      </div>
    </div>
  );
}

/** The pairings as radio buttons, each showing its heading and body face; loads the faces to do so. */
function FontChoices({
  fonts,
  value,
  onChange,
}: {
  fonts: FontChoice[];
  value: string;
  onChange: (id: string) => void;
}) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    Promise.all(fonts.map((font) => loadFontFaces(font.faces))).catch(() => {
      if (current) setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [fonts]);
  const family = (f: { family: string; fallback: string }) =>
    f.family === 'system-ui' ? f.fallback : `"${f.family}", ${f.fallback}`;
  return (
    <fieldset className="field">
      <legend>{D.fonts}</legend>
      {failed ? <ErrorBox error={t.fontsUnavailable} /> : null}
      <div className="design__fonts">
        {fonts.map((font) => (
          <label key={font.id} className="design__font">
            <input
              type="radio"
              name="fontPairing"
              value={font.id}
              checked={value === font.id}
              onChange={() => onChange(font.id)}
            />
            <span className="design__font-name">{font.label}</span>
            <span
              className="design__font-heading"
              style={{ fontFamily: family(font.heading), fontWeight: font.heading.weight } as CSSProperties}
              aria-hidden="true"
            >
              {D.headingSample}
            </span>
            <span className="design__font-body" style={{ fontFamily: family(font.body) }} aria-hidden="true">
              {D.bodySample}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The storefront's home page with the unsaved styles, in a frame of the chosen device width. */
function Preview({ siteId, styles, readable }: { siteId: string; styles: SiteStyles; readable: boolean }) {
  const [width, setWidth] = useState<PreviewWidth>('phone');
  const [url, setUrl] = useState<string>();
  const [error, setError] = useState<string>();
  const [scale, setScale] = useState(1);
  const stage = useRef<HTMLDivElement>(null);
  const key = JSON.stringify(styles);

  useEffect(() => {
    // An unreadable palette is not previewed (the server would refuse it); the last preview stays.
    if (!readable) return;
    let current = true;
    const timer = setTimeout(() => {
      design.preview(siteId, JSON.parse(key) as SiteStyles).then(
        (answer) => {
          if (!current) return;
          setError(undefined);
          setUrl(answer.previewUrl);
        },
        (problem: unknown) => {
          if (current) setError(problem instanceof Error ? problem.message : t.somethingWentWrong);
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [siteId, key, readable]);

  // Wider devices than the editor's column are shown scaled down, so the whole layout stays in view.
  useEffect(() => {
    const element = stage.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // A column not laid out yet (width 0) keeps the natural size rather than shrinking the frame to nothing.
    const fitToColumn = () =>
      setScale(element.clientWidth > 0 ? Math.min(1, element.clientWidth / WIDTHS[width]) : 1);
    fitToColumn();
    const observer = new ResizeObserver(fitToColumn);
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);

  const frameWidth = WIDTHS[width];
  return (
    <section className="design__preview card" aria-labelledby="design-preview-title">
      <h2 id="design-preview-title">{D.preview}</h2>
      <fieldset className="design__widths">
        <legend className="visually-hidden">{D.previewWidth}</legend>
        {(Object.keys(WIDTHS) as PreviewWidth[]).map((w) => (
          <Button key={w} aria-pressed={width === w} onClick={() => setWidth(w)}>
            {`${D.widths[w]} (${WIDTHS[w]} px)`}
          </Button>
        ))}
      </fieldset>
      {!readable ? <p className="muted">{D.previewPaused}</p> : null}
      <ErrorBox error={error} />
      <div className="design__stage" ref={stage} style={{ height: `${Math.round(720 * scale)}px` }}>
        {url ? (
          <iframe
            className="design__frame"
            src={url}
            title={D.previewFrame}
            data-preview-width={frameWidth}
            style={{ width: `${frameWidth}px`, transform: `scale(${scale})` }}
          />
        ) : (
          <p className="muted">{D.previewLoading}</p>
        )}
      </div>
    </section>
  );
}
