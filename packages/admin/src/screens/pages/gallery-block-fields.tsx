import { Button, Checkbox, SelectField, TextField } from '../../ui/controls.js';
import { ImagePicker } from '../media/image-picker.js';
import type { PickedImage } from '../media/media-api.js';
import { check, type FieldSpec, type FieldsProps, num, select } from './block-catalogue.js';

/* The gallery block's editors: its images, picked from the media library, and its display settings. */

/** A gallery image as the block stores it (spec 3 Image): the library image with its own texts. */
interface GalleryImage {
  assetUrl: string;
  altText?: string;
  originalSize?: string;
  mediaFocalPoint?: { x: number; y: number };
  caption?: string;
  href?: string;
}

/** The picked library image in place of `own`, keeping the alt text, caption and link typed for it. */
function galleryImageOf(picked: PickedImage, own?: GalleryImage): GalleryImage {
  const image: GalleryImage = {
    ...own,
    assetUrl: picked.assetUrl,
    altText: own?.altText?.trim() ? own.altText : picked.altText,
    originalSize: picked.originalSize,
    mediaFocalPoint: picked.mediaFocalPoint,
  };
  return image;
}

/** The gallery's images: each picked from the media library, with its alt text and caption, in order. */
function GalleryImages({ block, errors, disabled, onChange }: FieldsProps) {
  const images = (Array.isArray(block.images) ? block.images : []) as GalleryImage[];
  const set = (next: GalleryImage[], field: string) => onChange({ images: next }, field);
  const change = (i: number, changes: Partial<GalleryImage>, field: string) =>
    set(
      images.map((image, k) => (k === i ? { ...image, ...changes } : image)),
      `images.${i}.${field}`,
    );
  const move = (i: number, by: -1 | 1) => {
    const next = [...images];
    const [moved] = next.splice(i, 1);
    next.splice(i + by, 0, moved!);
    set(next, 'images');
  };
  return (
    <div className="gallery-images">
      {images.length === 0 ? <p className="muted">Noch keine Bilder in der Galerie.</p> : null}
      {images.map((image, i) => {
        const n = i + 1;
        return (
          <fieldset key={`${i}-${image.assetUrl}`} className="field-group gallery-image">
            <legend>{`Bild ${n}`}</legend>
            {disabled ? (
              <p className="muted">{image.assetUrl}</p>
            ) : (
              <ImagePicker
                label={`Bild ${n} aus der Mediathek`}
                value={image}
                error={errors[`images.${i}.assetUrl`] ?? errors[`images.${i}.originalSize`]}
                onChange={(picked) =>
                  picked
                    ? change(i, galleryImageOf(picked, image), 'assetUrl')
                    : set(
                        images.filter((_, k) => k !== i),
                        'images',
                      )
                }
              />
            )}
            <TextField
              label={`Alternativtext von Bild ${n}`}
              hint="Beschreibt das Bild für Menschen, die es nicht sehen (höchstens 250 Zeichen)."
              maxLength={250}
              disabled={disabled}
              value={image.altText ?? ''}
              error={errors[`images.${i}.altText`]}
              onChange={(e) => change(i, { altText: e.target.value }, 'altText')}
            />
            <TextField
              label={`Bildunterschrift von Bild ${n} (optional)`}
              disabled={disabled}
              value={image.caption ?? ''}
              error={errors[`images.${i}.caption`]}
              onChange={(e) => change(i, { caption: e.target.value }, 'caption')}
            />
            {errors[`images.${i}.mediaFocalPoint.x`] || errors[`images.${i}.mediaFocalPoint.y`] ? (
              <span className="field-error">
                {errors[`images.${i}.mediaFocalPoint.x`] ?? errors[`images.${i}.mediaFocalPoint.y`]}
              </span>
            ) : null}
            {disabled ? null : (
              <div className="row-actions">
                <Button
                  variant="quiet"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={`Bild ${n} nach vorne`}
                >
                  ↑
                </Button>
                <Button
                  variant="quiet"
                  disabled={i === images.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`Bild ${n} nach hinten`}
                >
                  ↓
                </Button>
              </div>
            )}
          </fieldset>
        );
      })}
      {errors.images ? <span className="field-error">{errors.images}</span> : null}
      {disabled ? null : (
        <ImagePicker
          label="Bild zur Galerie hinzufügen"
          value={null}
          onChange={(picked) => {
            if (picked) set([...images, galleryImageOf(picked)], 'images');
          }}
        />
      )}
    </div>
  );
}

export function GalleryFields(props: FieldsProps) {
  const { block, errors, disabled, onChange } = props;
  const settings = (block.settings ?? {}) as Record<string, unknown>;
  return (
    <>
      <GalleryImages {...props} />
      <SelectField
        label="Darstellung"
        disabled={disabled}
        value={String(settings.design ?? 'grid')}
        onChange={(e) => onChange({ settings: { ...settings, design: e.target.value } }, 'settings.design')}
      >
        <option value="grid">Raster</option>
        <option value="slideshow">Diashow</option>
        <option value="slider">Slider</option>
        <option value="stacked">Gestapelt</option>
      </SelectField>
      <GallerySettingFields
        block={block}
        errors={errors}
        disabled={disabled}
        onChange={onChange}
        blockKey=""
        collections={[]}
      />
    </>
  );
}

/** Gallery settings of spec 3 with the ranges of spec 9 (server: admin/pages/page-blocks.ts). */
const GALLERY_SETTINGS: FieldSpec[] = [
  check('autoplay', 'Automatisch weiterblättern'),
  num('autoplay-duration', 'Sekunden pro Bild (1–10)'),
  check('controls', 'Pfeile zum Blättern'),
  check('thumbnails', 'Vorschaubilder'),
  num('thumbnail-strip-height', 'Höhe der Vorschauleiste in Pixeln (0–200)'),
  num('thumbnail-strip-margin', 'Abstand der Vorschauleiste in Pixeln (0–60)'),
  check('auto-crop', 'Bilder zuschneiden'),
  select('aspect-ratio', 'Seitenverhältnis', [
    ['3:2', '3:2'],
    ['4:3', '4:3'],
    ['1:1', '1:1'],
    ['16:9', '16:9'],
    ['2:3', '2:3'],
    ['3:4', '3:4'],
  ]),
  check('square-thumbs', 'Quadratische Kacheln'),
  num('thumbnails-per-row', 'Bilder pro Reihe (1–10)'),
  num('padding', 'Abstand zwischen Bildern in Pixeln (0–50)'),
  num('max-width', 'Größte Kachelbreite in Pixeln (100–300)'),
  select('active-alignment', 'Ausrichtung im Slider', [
    ['center', 'Mitte'],
    ['left', 'Links'],
    ['right', 'Rechts'],
  ]),
  check('show-meta', 'Titel und Beschreibung zeigen'),
  check('show-meta-basic', 'Nur einfache Angaben zeigen'),
  check('show-meta-only-title', 'Nur den Titel zeigen'),
  check('show-meta-on-hover', 'Angaben erst beim Darüberfahren zeigen'),
  select('meta-position', 'Position der Angaben', [
    ['bottom', 'Unten'],
    ['bottom-left', 'Unten links'],
    ['bottom-right', 'Unten rechts'],
    ['top', 'Oben'],
    ['top-left', 'Oben links'],
    ['top-right', 'Oben rechts'],
    ['center', 'Mitte'],
  ]),
  check('lightbox', 'Großansicht beim Anklicken (Lightbox)'),
  select('lightboxTheme', 'Farbe der Großansicht', [
    ['dark', 'Dunkel'],
    ['light', 'Hell'],
  ]),
  check('newWindow', 'Links in neuem Fenster öffnen'),
  check('transparentBackground', 'Durchsichtiger Hintergrund'),
];

/** The server's defaults, so an untouched box or field shows what the gallery does. */
const GALLERY_DEFAULTS: Record<string, unknown> = {
  'autoplay-duration': 5,
  controls: true,
  'auto-crop': true,
  'thumbnail-strip-height': 80,
  'thumbnail-strip-margin': 20,
  'thumbnails-per-row': 4,
  padding: 20,
  'max-width': 300,
};

/** A number as typed: kept as text while it is no number yet. */
const typedNumber = (raw: string) => {
  const text = raw.replace(',', '.');
  return text.trim() === '' || Number.isNaN(Number(text)) || text.endsWith('.') ? text : Number(text);
};

function GallerySettingFields({ block, errors, disabled, onChange }: FieldsProps) {
  const settings = (block.settings ?? {}) as Record<string, unknown>;
  const setSetting = (name: string, value: unknown) =>
    onChange({ settings: { ...settings, [name]: value } }, `settings.${name}`);
  return (
    <details className="field-group">
      <summary>Einstellungen der Galerie</summary>
      {GALLERY_SETTINGS.map((spec) => {
        const value = settings[spec.name] ?? GALLERY_DEFAULTS[spec.name];
        const error = errors[`settings.${spec.name}`];
        if (spec.kind === 'checkbox')
          return (
            <Checkbox
              key={spec.name}
              label={spec.label}
              disabled={disabled}
              checked={value === true}
              onChange={(e) => setSetting(spec.name, e.target.checked)}
            />
          );
        if (spec.kind === 'select')
          return (
            <SelectField
              key={spec.name}
              label={spec.label}
              error={error}
              disabled={disabled}
              value={value === undefined ? spec.options?.[0]?.[0] : String(value)}
              onChange={(e) => setSetting(spec.name, e.target.value)}
            >
              {(spec.options ?? []).map(([optionValue, label]) => (
                <option key={optionValue} value={optionValue}>
                  {label}
                </option>
              ))}
            </SelectField>
          );
        return (
          <TextField
            key={spec.name}
            label={spec.label}
            error={error}
            disabled={disabled}
            inputMode="numeric"
            value={value === undefined || value === null ? '' : String(value)}
            onChange={(e) => setSetting(spec.name, typedNumber(e.target.value))}
          />
        );
      })}
    </details>
  );
}
