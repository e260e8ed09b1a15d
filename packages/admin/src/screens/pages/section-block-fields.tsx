import { products } from '../../api/admin-api.js';
import type { Block } from '../../api/admin-types.js';
import { useSite } from '../../site-context.js';
import { useLoad } from '../../ui/async.js';
import { Button, SelectField, TextArea, TextField } from '../../ui/controls.js';
import { ImagePicker } from '../media/image-picker.js';
import type { FieldsProps } from './block-catalogue.js';

/*
 * The fields of the home-page sections (issue 22): hero, image with text, featured product,
 * testimonials and FAQ. The server checks them again (admin/pages/section-blocks.ts) and its messages
 * show at the field they name.
 */

export const S = {
  heading: 'Überschrift',
  headingOptional: 'Überschrift (optional)',
  text: 'Text',
  textMarkdown: 'Text (Markdown)',
  buttonLabel: 'Beschriftung des Buttons (optional)',
  buttonHref: 'Link des Buttons',
  buttonHrefHint: 'https://…, /shop, mailto:… oder tel:…',
  image: 'Bild',
  heroAlt: 'Alternativtext (optional)',
  heroAltHint: 'Leer lassen, wenn das Bild nur Hintergrund ist; sonst beschreibe, was es zeigt.',
  imageAlt: 'Alternativtext (beschreibt das Bild)',
  focusX: 'Bildausschnitt waagrecht (0 = links, 100 = rechts)',
  focusY: 'Bildausschnitt senkrecht (0 = oben, 100 = unten)',
  focusHint: 'Dieser Punkt bleibt sichtbar, wenn das Bild beschnitten wird.',
  focusPreview: 'Vorschau des Bildausschnitts',
  overlay: 'Abdunkelung für lesbaren Text',
  overlays: [
    ['dark', 'Dunkel, helle Schrift'],
    ['light', 'Hell, dunkle Schrift'],
  ],
  height: 'Höhe',
  heights: [
    ['small', 'Niedrig'],
    ['medium', 'Mittel'],
    ['large', 'Hoch'],
  ],
  imagePosition: 'Bild',
  imagePositions: [
    ['left', 'Links vom Text'],
    ['right', 'Rechts vom Text'],
  ],
  product: 'Produkt',
  chooseProduct: 'Bitte wählen …',
  kicker: 'Zeile über dem Produkt (optional)',
  productText: 'Eigener Text (optional)',
  quote: 'Zitat',
  quoteName: 'Name',
  quoteDetail: 'Zusatz (optional, z. B. „aus Leipzig“)',
  testimonial: (n: number) => `Kundenstimme ${n}`,
  addTestimonial: 'Kundenstimme hinzufügen',
  question: 'Frage',
  answer: 'Antwort (Markdown)',
  faqItem: (n: number) => `Frage ${n}`,
  addFaqItem: 'Frage hinzufügen',
  remove: 'Entfernen',
} as const;

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function ButtonFields({ block, errors, disabled, onChange }: FieldsProps) {
  return (
    <>
      <TextField
        label={S.buttonLabel}
        disabled={disabled}
        value={str(block.buttonLabel)}
        error={errors.buttonLabel}
        onChange={(e) => onChange({ buttonLabel: e.target.value }, 'buttonLabel')}
      />
      <TextField
        label={S.buttonHref}
        hint={S.buttonHrefHint}
        disabled={disabled}
        value={str(block.buttonHref)}
        error={errors.buttonHref}
        onChange={(e) => onChange({ buttonHref: e.target.value }, 'buttonHref')}
      />
    </>
  );
}

/** The library image of a section; a picked image brings its size, and its alt text if none is typed. */
function SectionImage({ block, errors, disabled, onChange }: FieldsProps) {
  if (disabled) return null;
  return (
    <ImagePicker
      label={S.image}
      value={block.assetUrl ? { assetUrl: str(block.assetUrl), altText: str(block.altText) } : null}
      error={errors.assetUrl}
      onChange={(image) =>
        onChange(
          image
            ? {
                assetUrl: image.assetUrl,
                originalSize: image.originalSize,
                altText: str(block.altText) || image.altText,
                ...(block.type === 'hero' ? { mediaFocalPoint: image.mediaFocalPoint } : {}),
              }
            : { assetUrl: '', originalSize: undefined },
          'assetUrl',
        )
      }
    />
  );
}

type FocalPoint = { x: number; y: number };
const focalPointOf = (block: Block): FocalPoint => {
  const point = (block.mediaFocalPoint ?? {}) as Partial<FocalPoint>;
  return { x: typeof point.x === 'number' ? point.x : 0.5, y: typeof point.y === 'number' ? point.y : 0.5 };
};

/** The focal point as percentages, as the owner thinks of it; stored as fractions like the library's. */
function FocalPointFields({ block, errors, disabled, onChange }: FieldsProps) {
  const point = focalPointOf(block);
  const set = (axis: 'x' | 'y', raw: string) => {
    const percent = Math.min(100, Math.max(0, Math.round(Number(raw.replace(',', '.')) || 0)));
    onChange({ mediaFocalPoint: { ...point, [axis]: percent / 100 } }, 'mediaFocalPoint');
  };
  const position = `${Math.round(point.x * 100)}% ${Math.round(point.y * 100)}%`;
  return (
    <div className="focal-point">
      <TextField
        label={S.focusX}
        type="number"
        min={0}
        max={100}
        step={5}
        inputMode="numeric"
        disabled={disabled}
        value={String(Math.round(point.x * 100))}
        error={errors['mediaFocalPoint.x']}
        onChange={(e) => set('x', e.target.value)}
      />
      <TextField
        label={S.focusY}
        type="number"
        min={0}
        max={100}
        step={5}
        inputMode="numeric"
        hint={S.focusHint}
        disabled={disabled}
        value={String(Math.round(point.y * 100))}
        error={errors['mediaFocalPoint.y']}
        onChange={(e) => set('y', e.target.value)}
      />
      {block.assetUrl ? (
        <figure className="focal-point__preview">
          <img
            src={str(block.assetUrl)}
            alt=""
            style={{ objectPosition: position }}
            data-object-position={position}
          />
          <figcaption className="muted">{S.focusPreview}</figcaption>
        </figure>
      ) : null}
    </div>
  );
}

function Choice({
  label,
  name,
  options,
  props,
}: {
  label: string;
  name: string;
  options: readonly (readonly [string, string])[];
  props: FieldsProps;
}) {
  const { block, errors, disabled, onChange } = props;
  return (
    <SelectField
      label={label}
      disabled={disabled}
      value={str(block[name]) || options[0][0]}
      error={errors[name]}
      onChange={(e) => onChange({ [name]: e.target.value }, name)}
    >
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </SelectField>
  );
}

export function HeroFields(props: FieldsProps) {
  const { block, errors, disabled, onChange } = props;
  return (
    <>
      <SectionImage {...props} />
      <TextField
        label={S.heroAlt}
        hint={S.heroAltHint}
        disabled={disabled}
        value={str(block.altText)}
        error={errors.altText}
        onChange={(e) => onChange({ altText: e.target.value }, 'altText')}
      />
      <FocalPointFields {...props} />
      <TextField
        label={S.heading}
        disabled={disabled}
        value={str(block.heading)}
        error={errors.heading}
        onChange={(e) => onChange({ heading: e.target.value }, 'heading')}
      />
      <TextArea
        label={S.text}
        rows={3}
        disabled={disabled}
        value={str(block.text)}
        error={errors.text}
        onChange={(e) => onChange({ text: e.target.value }, 'text')}
      />
      <ButtonFields {...props} />
      <Choice label={S.overlay} name="overlay" options={S.overlays} props={props} />
      <Choice label={S.height} name="height" options={S.heights} props={props} />
    </>
  );
}

export function ImageTextFields(props: FieldsProps) {
  const { block, errors, disabled, onChange } = props;
  return (
    <>
      <SectionImage {...props} />
      <TextField
        label={S.imageAlt}
        disabled={disabled}
        value={str(block.altText)}
        error={errors.altText}
        onChange={(e) => onChange({ altText: e.target.value }, 'altText')}
      />
      <Choice label={S.imagePosition} name="imagePosition" options={S.imagePositions} props={props} />
      <TextField
        label={S.headingOptional}
        disabled={disabled}
        value={str(block.heading)}
        error={errors.heading}
        onChange={(e) => onChange({ heading: e.target.value }, 'heading')}
      />
      <TextArea
        label={S.textMarkdown}
        rows={6}
        disabled={disabled}
        value={str(block.markdown)}
        error={errors.markdown}
        onChange={(e) => onChange({ markdown: e.target.value }, 'markdown')}
      />
      <ButtonFields {...props} />
    </>
  );
}

export function FeaturedProductFields({ block, errors, disabled, onChange }: FieldsProps) {
  const { site } = useSite();
  const loaded = useLoad(() => products.list(site.id, { limit: 200 }), [site.id]);
  const list = loaded.data?.products ?? [];
  const current = str(block.productId);
  return (
    <>
      <SelectField
        label={S.product}
        disabled={disabled || loaded.loading}
        value={current}
        error={errors.productId}
        onChange={(e) => onChange({ productId: e.target.value }, 'productId')}
      >
        <option value="">{S.chooseProduct}</option>
        {current && !loaded.loading && !list.some((p) => p.id === current) ? (
          <option value={current}>{current}</option>
        ) : null}
        {list.map((p) => (
          <option key={p.id} value={p.id}>
            {p.title}
          </option>
        ))}
      </SelectField>
      <TextField
        label={S.kicker}
        disabled={disabled}
        value={str(block.title)}
        error={errors.title}
        onChange={(e) => onChange({ title: e.target.value }, 'title')}
      />
      <TextArea
        label={S.productText}
        rows={3}
        disabled={disabled}
        value={str(block.text)}
        error={errors.text}
        onChange={(e) => onChange({ text: e.target.value }, 'text')}
      />
    </>
  );
}

type Entry = Record<string, string>;

/** A list of small entries (quotes, questions) with their fields, add and remove. */
function EntryList({
  props,
  fields,
  blank,
  legend,
  addLabel,
}: {
  props: FieldsProps;
  fields: readonly { name: string; label: string; long?: boolean }[];
  blank: Entry;
  legend: (n: number) => string;
  addLabel: string;
}) {
  const { block, errors, disabled, onChange } = props;
  const items = (Array.isArray(block.items) ? block.items : []) as Entry[];
  // Only the fields the owner edits go back; the server renders the rest (an answer's HTML) again.
  const keep = (item: Entry) => Object.fromEntries(fields.map((f) => [f.name, item[f.name] ?? '']));
  const set = (next: Entry[], field: string) => onChange({ items: next.map(keep) }, field);
  return (
    <>
      <TextField
        label={S.headingOptional}
        disabled={disabled}
        value={str(block.title)}
        error={errors.title}
        onChange={(e) => onChange({ title: e.target.value }, 'title')}
      />
      {items.map((item, i) => (
        <fieldset key={`${i}-${items.length}`} className="field-group">
          <legend>{legend(i + 1)}</legend>
          {fields.map((f) => {
            const common = {
              label: f.label,
              disabled,
              value: item[f.name] ?? '',
              error: errors[`items.${i}.${f.name}`],
            };
            const change = (value: string) =>
              set(
                items.map((x, k) => (k === i ? { ...x, [f.name]: value } : x)),
                `items.${i}.${f.name}`,
              );
            return f.long ? (
              <TextArea key={f.name} {...common} rows={3} onChange={(e) => change(e.target.value)} />
            ) : (
              <TextField key={f.name} {...common} onChange={(e) => change(e.target.value)} />
            );
          })}
          <Button
            variant="quiet"
            disabled={disabled}
            aria-label={`${S.remove}: ${legend(i + 1)}`}
            onClick={() =>
              set(
                items.filter((_, k) => k !== i),
                'items',
              )
            }
          >
            {S.remove}
          </Button>
        </fieldset>
      ))}
      {errors.items ? <span className="field-error">{errors.items}</span> : null}
      <Button disabled={disabled} onClick={() => set([...items, blank], 'items')}>
        {addLabel}
      </Button>
    </>
  );
}

export function TestimonialsFields(props: FieldsProps) {
  return (
    <EntryList
      props={props}
      fields={[
        { name: 'quote', label: S.quote, long: true },
        { name: 'name', label: S.quoteName },
        { name: 'detail', label: S.quoteDetail },
      ]}
      blank={{ quote: '', name: '', detail: '' }}
      legend={S.testimonial}
      addLabel={S.addTestimonial}
    />
  );
}

export function FaqFields(props: FieldsProps) {
  return (
    <EntryList
      props={props}
      fields={[
        { name: 'question', label: S.question },
        { name: 'markdown', label: S.answer, long: true },
      ]}
      blank={{ question: '', markdown: '' }}
      legend={S.faqItem}
      addLabel={S.addFaqItem}
    />
  );
}

/** The fields of a home-page section, or undefined for another kind. */
export function sectionFields(props: FieldsProps) {
  switch (props.block.type) {
    case 'hero':
      return <HeroFields {...props} />;
    case 'image-text':
      return <ImageTextFields {...props} />;
    case 'featured-product':
      return <FeaturedProductFields {...props} />;
    case 'testimonials':
      return <TestimonialsFields {...props} />;
    case 'faq':
      return <FaqFields {...props} />;
    default:
      return undefined;
  }
}
