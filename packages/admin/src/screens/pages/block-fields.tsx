import type { Block, Collection } from '../../api/admin-types.js';
import { t } from '../../messages.js';
import { Button, Checkbox, SelectField, TextArea, TextField } from '../../ui/controls.js';
import { FormPicker } from '../forms/form-picker.js';
import { ImagePicker } from '../media/image-picker.js';
import type { PickedImage } from '../media/media-api.js';
import { newBlockId } from './block-history.js';

/*
 * What each kind of block lets the owner edit (packages/server/src/admin/pages/page-blocks.ts), as a
 * table of fields. Kinds with lists inside (gallery images, accordion entries) get a small editor of
 * their own; a kind this table does not know is kept as it is.
 */

type FieldKind = 'text' | 'textarea' | 'number' | 'select' | 'checkbox' | 'collection';

interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  options?: readonly (readonly [string, string])[];
  /** For 'collection': which pages may be picked. */
  pages?: 'products' | 'any';
  hint?: string;
}

const text = (name: string, label: string, hint?: string): FieldSpec => ({ name, label, kind: 'text', hint });
const area = (name: string, label: string, hint?: string): FieldSpec => ({
  name,
  label,
  kind: 'textarea',
  hint,
});
const num = (name: string, label: string): FieldSpec => ({ name, label, kind: 'number' });
const check = (name: string, label: string): FieldSpec => ({ name, label, kind: 'checkbox' });
const select = (name: string, label: string, options: readonly (readonly [string, string])[]): FieldSpec => ({
  name,
  label,
  kind: 'select',
  options,
});

export const BLOCK_FIELDS: Record<string, FieldSpec[]> = {
  heading: [
    text('text', 'Text der Überschrift'),
    select('level', 'Ebene', [
      ['1', 'Überschrift 1'],
      ['2', 'Überschrift 2'],
      ['3', 'Überschrift 3'],
      ['4', 'Überschrift 4'],
    ]),
  ],
  text: [area('markdown', 'Text', 'Markdown: **fett**, *kursiv*, [Link](https://…), Listen mit „- “.')],
  image: [
    text('assetUrl', 'Bildadresse', 'https://… oder ein Pfad wie /bilder/foto.jpg'),
    text('altText', 'Alternativtext (beschreibt das Bild)'),
    text('caption', 'Bildunterschrift'),
    text('href', 'Link beim Anklicken (optional)'),
  ],
  button: [
    text('label', 'Beschriftung'),
    text('href', 'Link', 'https://…, /kontakt, mailto:… oder tel:…'),
    select('style', 'Stil', [
      ['primary', 'Primär'],
      ['secondary', 'Sekundär'],
      ['tertiary', 'Tertiär'],
    ]),
    check('newWindow', 'In neuem Fenster öffnen'),
  ],
  spacer: [num('height', 'Höhe in Pixeln (8–400)')],
  html: [area('html', 'HTML-Code', 'Skripte und unsichere Attribute werden beim Speichern entfernt.')],
  embed: [
    text('url', 'Adresse des Inhalts (https://…)'),
    text('caption', 'Bildunterschrift'),
    select('aspectRatio', 'Seitenverhältnis', [
      ['16:9', '16:9'],
      ['4:3', '4:3'],
      ['1:1', '1:1'],
      ['9:16', '9:16'],
    ]),
  ],
  products: [
    { name: 'collectionUrlId', label: 'Produktseite', kind: 'collection', pages: 'products' },
    text('title', 'Titel (optional)'),
    num('limit', 'Anzahl (1–48)'),
  ],
  summary: [
    { name: 'collectionUrlId', label: 'Seite', kind: 'collection', pages: 'any' },
    text('title', 'Titel (optional)'),
    select('layout', 'Darstellung', [
      ['grid', 'Raster'],
      ['list', 'Liste'],
      ['carousel', 'Karussell'],
    ]),
    num('limit', 'Anzahl (1–30)'),
  ],
  'social-links': [
    text('title', 'Titel (optional)', 'Zeigt die Social-Media-Konten aus den Einstellungen der Website.'),
  ],
  form: [text('formId', 'Kennung des Formulars')],
  newsletter: [text('title', 'Titel'), area('description', 'Beschreibung')],
  map: [
    num('lat', 'Breitengrad'),
    num('lng', 'Längengrad'),
    num('zoom', 'Zoomstufe (1–20)'),
    text('address', 'Adresse'),
  ],
};

export const BLOCK_KINDS = Object.keys(t.blockKinds);

/** A new block of a kind, filled so that it mostly saves as it is. */
export function newBlock(kind: string, collections: readonly Collection[]): Block {
  const id = newBlockId();
  const productsPage = collections.find((c) => c.type === 'products');
  switch (kind) {
    case 'heading':
      return { type: 'heading', id, text: 'Neue Überschrift', level: 2 };
    case 'text':
      return { type: 'text', id, markdown: '' };
    case 'image':
      return { type: 'image', id, assetUrl: '', altText: '' };
    case 'button':
      return { type: 'button', id, label: 'Mehr erfahren', href: '/', style: 'primary', newWindow: false };
    case 'spacer':
      return { type: 'spacer', id, height: 40 };
    case 'html':
      return { type: 'html', id, html: '' };
    case 'embed':
      return { type: 'embed', id, url: '', aspectRatio: '16:9' };
    case 'products':
      return { type: 'products', id, collectionUrlId: productsPage?.urlId ?? '', limit: 8 };
    case 'summary':
      return { type: 'summary', id, collectionUrlId: collections[0]?.urlId ?? '', layout: 'grid', limit: 6 };
    case 'form':
      return { type: 'form', id, formId: '' };
    case 'newsletter':
      return { type: 'newsletter', id, title: 'Newsletter', description: '' };
    case 'gallery':
      return { type: 'gallery', id, images: [], settings: { design: 'grid' } };
    case 'social-links':
      return { type: 'social-links', id, title: '' };
    case 'video':
      return { type: 'video', id, title: '', url: '' };
    case 'audio':
      return { type: 'audio', id, audioAssetUrl: '', title: '', artist: '' };
    case 'accordion':
      return { type: 'accordion', id, items: [{ title: 'Frage', markdown: '' }] };
    case 'map':
      return { type: 'map', id, lat: 52.52, lng: 13.405, zoom: 14, address: '' };
    default:
      return { type: kind, id };
  }
}

/** A short name of a block for lists and announcements: its kind and the start of its text. */
export function blockLabel(block: Block): string {
  const kind = t.blockKinds[block.type] ?? block.type;
  const text = [block.text, block.label, block.title, block.altText, block.markdown].find(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
  const short = text ? text.trim().replace(/\s+/g, ' ').slice(0, 40) : '';
  return short ? `${kind}: ${short}` : kind;
}

interface FieldsProps {
  block: Block;
  blockKey: string;
  /** Server messages of this block, by field name. */
  errors: Record<string, string>;
  collections: readonly Collection[];
  disabled?: boolean;
  onChange: (changes: Partial<Block>, field: string) => void;
}

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

function GalleryFields(props: FieldsProps) {
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

function VideoFields({ block, errors, disabled, onChange }: FieldsProps) {
  const oembed = (block.oembed ?? {}) as { html?: string; providerName?: string };
  const overlay = (block.overlay ?? null) as {
    assetUrl?: string;
    altText?: string;
    originalSize?: string;
  } | null;
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  return (
    <>
      <TextField
        label="Titel des Videos"
        disabled={disabled}
        value={str(block.title)}
        error={errors.title}
        onChange={(e) => onChange({ title: e.target.value }, 'title')}
      />
      <TextField
        label="Adresse des Videos"
        hint="https://… einer Seite von YouTube oder Vimeo oder die Adresse eines Players."
        disabled={disabled}
        value={str(block.url)}
        error={errors.url}
        onChange={(e) => onChange({ url: e.target.value, oembed: { ...oembed, html: '' } }, 'url')}
      />
      <TextArea
        label="Oder Einbettungscode (oEmbed-HTML)"
        hint="Nur der Player (iframe mit https-Adresse) wird übernommen."
        rows={3}
        disabled={disabled}
        value={str(oembed.html)}
        error={errors['oembed.html']}
        onChange={(e) => onChange({ oembed: { ...oembed, html: e.target.value } }, 'oembed.html')}
      />
      <TextField
        label="Anbieter (optional)"
        disabled={disabled}
        value={str(oembed.providerName)}
        error={errors['oembed.providerName']}
        onChange={(e) =>
          onChange({ oembed: { ...oembed, providerName: e.target.value } }, 'oembed.providerName')
        }
      />
      <TextField
        label="Vorschaubild (Adresse, optional)"
        hint="Wird gezeigt, bis jemand das Video startet."
        disabled={disabled}
        value={str(overlay?.assetUrl)}
        error={errors['overlay.assetUrl']}
        onChange={(e) =>
          onChange(
            {
              overlay: e.target.value
                ? { ...overlay, assetUrl: e.target.value, altText: overlay?.altText ?? '' }
                : null,
            },
            'overlay.assetUrl',
          )
        }
      />
      {overlay?.assetUrl ? (
        <>
          <TextField
            label="Alternativtext des Vorschaubilds"
            disabled={disabled}
            value={str(overlay.altText)}
            error={errors['overlay.altText']}
            onChange={(e) =>
              onChange({ overlay: { ...overlay, altText: e.target.value } }, 'overlay.altText')
            }
          />
          <TextField
            label="Größe des Vorschaubilds (Breite x Höhe)"
            hint="z. B. 1600x900"
            disabled={disabled}
            value={str(overlay.originalSize)}
            error={errors['overlay.originalSize']}
            onChange={(e) =>
              onChange(
                { overlay: { ...overlay, originalSize: e.target.value.trim() || undefined } },
                'overlay.originalSize',
              )
            }
          />
        </>
      ) : null}
    </>
  );
}

function AudioFields({ block, errors, disabled, onChange }: FieldsProps) {
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  const seconds = typeof block.durationMs === 'number' ? String(Math.round(block.durationMs / 1000)) : '';
  return (
    <>
      <TextField
        label="Adresse der Audiodatei"
        hint="https://… oder ein Pfad wie /ton/folge-1.mp3"
        disabled={disabled}
        value={str(block.audioAssetUrl)}
        error={errors.audioAssetUrl}
        onChange={(e) => onChange({ audioAssetUrl: e.target.value }, 'audioAssetUrl')}
      />
      <TextField
        label="Titel"
        disabled={disabled}
        value={str(block.title)}
        error={errors.title}
        onChange={(e) => onChange({ title: e.target.value }, 'title')}
      />
      <TextField
        label="Künstler"
        disabled={disabled}
        value={str(block.artist)}
        error={errors.artist}
        onChange={(e) => onChange({ artist: e.target.value }, 'artist')}
      />
      <TextField
        label="Dauer in Sekunden (optional)"
        inputMode="numeric"
        disabled={disabled}
        value={seconds}
        error={errors.durationMs}
        onChange={(e) => {
          const value = e.target.value.trim();
          const n = Number(value);
          onChange(
            { durationMs: value === '' ? undefined : Number.isFinite(n) ? Math.round(n * 1000) : value },
            'durationMs',
          );
        }}
      />
    </>
  );
}

function AccordionFields({ block, errors, disabled, onChange }: FieldsProps) {
  const items = (Array.isArray(block.items) ? block.items : []) as { title: string; markdown?: string }[];
  const set = (next: typeof items, field: string) =>
    onChange({ items: next.map(({ title, markdown }) => ({ title, markdown: markdown ?? '' })) }, field);
  return (
    <div className="accordion-items">
      {items.map((item, i) => (
        <fieldset key={`${i}-${items.length}`} className="field-group">
          <legend>{t.accordionItem(i + 1)}</legend>
          <TextField
            label="Titel"
            disabled={disabled}
            value={item.title}
            error={errors[`items.${i}.title`]}
            onChange={(e) =>
              set(
                items.map((x, k) => (k === i ? { ...x, title: e.target.value } : x)),
                `items.${i}.title`,
              )
            }
          />
          <TextArea
            label="Text (Markdown)"
            disabled={disabled}
            value={item.markdown ?? ''}
            onChange={(e) =>
              set(
                items.map((x, k) => (k === i ? { ...x, markdown: e.target.value } : x)),
                `items.${i}.markdown`,
              )
            }
          />
          <Button
            variant="quiet"
            disabled={disabled}
            onClick={() =>
              set(
                items.filter((_, k) => k !== i),
                'items',
              )
            }
          >
            {t.remove}
          </Button>
        </fieldset>
      ))}
      {errors.items ? <span className="field-error">{errors.items}</span> : null}
      <Button disabled={disabled} onClick={() => set([...items, { title: '', markdown: '' }], 'items')}>
        {t.addAccordionItem}
      </Button>
    </div>
  );
}

export function BlockFields(props: FieldsProps) {
  const { block, errors, collections, disabled, onChange } = props;
  if (block.type === 'gallery') return <GalleryFields {...props} />;
  if (block.type === 'accordion') return <AccordionFields {...props} />;
  if (block.type === 'video') return <VideoFields {...props} />;
  if (block.type === 'audio') return <AudioFields {...props} />;
  if (block.type === 'form')
    return (
      <FormPicker
        value={typeof block.formId === 'string' ? block.formId : ''}
        error={props.errors.formId}
        disabled={props.disabled}
        onChange={(formId) => props.onChange({ formId }, 'formId')}
      />
    );
  const specs = BLOCK_FIELDS[block.type];
  if (!specs) return <p className="muted">{t.blockUnknown}</p>;
  return (
    <>
      {block.type === 'image' && !disabled ? (
        <ImagePicker
          label="Bild aus der Mediathek"
          value={typeof block.assetUrl === 'string' && block.assetUrl ? { assetUrl: block.assetUrl } : null}
          onChange={(image) =>
            onChange(
              image
                ? {
                    assetUrl: image.assetUrl,
                    originalSize: image.originalSize,
                    altText:
                      typeof block.altText === 'string' && block.altText ? block.altText : image.altText,
                  }
                : { assetUrl: '', originalSize: undefined },
              'assetUrl',
            )
          }
        />
      ) : null}
      {specs.map((spec) => {
        const value = block[spec.name];
        const error = errors[spec.name];
        const common = { label: spec.label, hint: spec.hint, error, disabled };
        switch (spec.kind) {
          case 'text':
            return (
              <TextField
                key={spec.name}
                {...common}
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => onChange({ [spec.name]: e.target.value }, spec.name)}
              />
            );
          case 'textarea':
            return (
              <TextArea
                key={spec.name}
                {...common}
                rows={spec.name === 'markdown' || spec.name === 'html' ? 8 : 3}
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => onChange({ [spec.name]: e.target.value }, spec.name)}
              />
            );
          case 'number':
            return (
              <TextField
                key={spec.name}
                {...common}
                inputMode="decimal"
                value={value === undefined || value === null ? '' : String(value)}
                onChange={(e) => {
                  const raw = e.target.value.replace(',', '.');
                  // Kept as typed while it is no number yet ("-", "52."), so typing is not fought.
                  const parsed =
                    raw.trim() === '' || Number.isNaN(Number(raw)) || raw.endsWith('.') ? raw : Number(raw);
                  onChange({ [spec.name]: parsed }, spec.name);
                }}
              />
            );
          case 'checkbox':
            return (
              <Checkbox
                key={spec.name}
                label={spec.label}
                disabled={disabled}
                checked={value === true}
                onChange={(e) => onChange({ [spec.name]: e.target.checked }, spec.name)}
              />
            );
          case 'select': {
            const options = spec.options ?? [];
            const current = value === undefined ? options[0]?.[0] : String(value);
            return (
              <SelectField
                key={spec.name}
                {...common}
                value={current}
                onChange={(e) => {
                  const numeric = spec.name === 'level';
                  onChange({ [spec.name]: numeric ? Number(e.target.value) : e.target.value }, spec.name);
                }}
              >
                {options.map(([optionValue, label]) => (
                  <option key={optionValue} value={optionValue}>
                    {label}
                  </option>
                ))}
              </SelectField>
            );
          }
          case 'collection': {
            const choices = collections.filter((c) => spec.pages !== 'products' || c.type === 'products');
            const current = typeof value === 'string' ? value : '';
            return (
              <SelectField
                key={spec.name}
                {...common}
                value={current}
                onChange={(e) => onChange({ [spec.name]: e.target.value }, spec.name)}
              >
                <option value="">Bitte wählen …</option>
                {current && !choices.some((c) => c.urlId === current) ? (
                  <option value={current}>/{current}</option>
                ) : null}
                {choices.map((c) => (
                  <option key={c.id} value={c.urlId}>
                    {c.title} ({c.fullUrl})
                  </option>
                ))}
              </SelectField>
            );
          }
        }
        return null;
      })}
    </>
  );
}
