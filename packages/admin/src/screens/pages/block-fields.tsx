import { t } from '../../messages.js';
import { Button, Checkbox, SelectField, TextArea, TextField } from '../../ui/controls.js';
import { FormPicker } from '../forms/form-picker.js';
import { ImagePicker } from '../media/image-picker.js';
import { MailingListPicker } from '../newsletter/mailing-list-picker.js';
import { BLOCK_FIELDS, type FieldsProps } from './block-catalogue.js';
import { GalleryFields } from './gallery-block-fields.js';
import { AudioFields, VideoFields } from './media-block-fields.js';
import { sectionFields } from './section-block-fields.js';
import { TableFields } from './table-block-fields.js';

export { BLOCK_KINDS, blockLabel, newBlock } from './block-catalogue.js';

/*
 * The fields of one block in the block editor: the catalogue's simple fields, and the kinds with an
 * editor of their own (gallery, accordion, video, audio, form, the home-page sections).
 */

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
  if (block.type === 'table') return <TableFields {...props} />;
  // Hero, image with text, featured product, testimonials, FAQ (section-block-fields.tsx).
  const section = sectionFields(props);
  if (section) return section;
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
      {block.type === 'newsletter' ? (
        <MailingListPicker
          value={typeof block.listId === 'string' ? block.listId : ''}
          error={errors.listId}
          disabled={disabled}
          onChange={(listId) => onChange({ listId }, 'listId')}
        />
      ) : null}
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
