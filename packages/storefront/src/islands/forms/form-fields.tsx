import {
  ANSWER_PARTS,
  addressLabel,
  characterCounter,
  GERMAN_LIKERT_LABELS,
  regionLabelKey,
  regionsFor,
} from '@baukasten/commerce';
import type { ReactNode } from 'react';
import type { FieldValue, SiteFormField } from './form-types.js';
import { FORM_ISLAND_TEXTS } from './texts.js';

/** Types that hold no answer: rendered as structure (or not at all) and never sent. */
const STRUCTURE_TYPES = new Set(['section', 'line', 'hidden', 'captcha']);
const COMPOUND_TYPES = new Set(['address', 'date', 'name', 'phone', 'time']);

export const isAnswerField = (field: SiteFormField) => !STRUCTURE_TYPES.has(field.type);

/** What a form block submits: the visitor's answers and the owner's values of hidden fields. */
export const isSentField = (field: SiteFormField) => isAnswerField(field) || field.type === 'hidden';

/**
 * The starting value of a field: '' for text, [] for checkboxes, empty parts for compound answers, and
 * for a hidden field the value its owner set.
 */
export function initialFieldValue(field: SiteFormField): FieldValue {
  if (field.type === 'hidden') return field.value ?? '';
  if (field.type === 'checkbox') return [];
  if (field.type === 'likert') return {};
  if (COMPOUND_TYPES.has(field.type)) {
    const parts = ANSWER_PARTS[field.type as keyof typeof ANSWER_PARTS];
    return Object.fromEntries(parts.map((part) => [part, '']));
  }
  return '';
}

const LIKERT_VALUES = ['-2', '-1', '0', '1', '2'] as const;

const asText = (value: FieldValue | undefined) => (typeof value === 'string' ? value : '');
const asList = (value: FieldValue | undefined) => (Array.isArray(value) ? value : []);
const asParts = (value: FieldValue | undefined): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

export interface FormFieldProps {
  field: SiteFormField;
  /** Unique per form on the page (React useId), so every label points at its own control. */
  idPrefix: string;
  value: FieldValue | undefined;
  /** German message shown above the field. */
  error?: string;
  onChange(value: FieldValue): void;
}

function RequiredMark({ required }: { required?: boolean }) {
  if (!required) return null;
  return <span className="form-field__required"> {FORM_ISLAND_TEXTS.requiredMark}</span>;
}

function textInputType(type: string): string {
  if (type === 'email') return 'email';
  if (type === 'website' || type === 'url') return 'url';
  if (type === 'number') return 'number';
  return 'text';
}

interface PartInput {
  part: string;
  label: string;
  /** Choices for a select; a text input without. */
  choices?: readonly { value: string; label: string }[];
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
}

/** Compound fields (name, address, date, time, phone): one labelled input per answer part. */
function PartsFieldset(
  props: FormFieldProps & { controlId: string; describedBy?: string; inputs: PartInput[] },
) {
  const { field, controlId, describedBy, inputs, value, onChange } = props;
  const parts = asParts(value);
  return (
    <fieldset
      className="form-field__parts"
      aria-describedby={describedBy}
      aria-invalid={props.error ? true : undefined}
    >
      <legend className="form-field__title">
        {field.title}
        <RequiredMark required={field.required} />
      </legend>
      {field.description ? <p className="form-field__description">{field.description}</p> : null}
      {inputs.map((input) => {
        const id = `${controlId}-${input.part}`;
        const change = (next: string) => onChange({ ...parts, [input.part]: next });
        return (
          <div className={`form-field__part form-field__part--${input.part.toLowerCase()}`} key={input.part}>
            <label htmlFor={id}>{input.label}</label>
            {input.choices ? (
              <select
                id={id}
                name={id}
                aria-invalid={props.error ? true : undefined}
                aria-describedby={describedBy}
                value={parts[input.part] ?? ''}
                onChange={(e) => change(e.target.value)}
              >
                <option value="">{FORM_ISLAND_TEXTS.selectPlaceholder}</option>
                {input.choices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                name={id}
                type="text"
                inputMode={input.inputMode}
                autoComplete={input.autoComplete}
                // Each part carries the group's error too: a screen reader in "Vorname" hears it, not
                // only one that reads the fieldset (issue 22, WCAG 3.3.1).
                aria-invalid={props.error ? true : undefined}
                aria-describedby={describedBy}
                value={parts[input.part] ?? ''}
                onChange={(e) => change(e.target.value)}
              />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

function partInputs(field: SiteFormField, value: FieldValue | undefined): PartInput[] {
  const texts = FORM_ISLAND_TEXTS;
  switch (field.type) {
    case 'name':
      return [
        { part: 'First', label: texts.name.First, autoComplete: 'given-name' },
        { part: 'Last', label: texts.name.Last, autoComplete: 'family-name' },
      ];
    case 'date':
      return (['Month', 'Day', 'Year'] as const).map((part) => ({
        part,
        label: texts.date[part],
        inputMode: 'numeric',
      }));
    case 'time':
      return [
        ...(['Hour', 'Minute', 'Second'] as const).map(
          (part): PartInput => ({ part, label: texts.time[part], inputMode: 'numeric' }),
        ),
        {
          part: 'Ampm',
          label: texts.time.Ampm,
          choices: [
            { value: 'AM', label: 'AM' },
            { value: 'PM', label: 'PM' },
          ],
        },
      ];
    case 'phone':
      return (['Country', 'Areacode', 'Prefix', 'Line'] as const).map((part) => ({
        part,
        label: texts.phone[part],
        inputMode: 'tel',
      }));
    case 'address': {
      const country = asParts(value).Country ?? '';
      const regions = regionsFor(country);
      return [
        { part: 'Line1', label: addressLabel('address'), autoComplete: 'address-line1' },
        { part: 'Line2', label: addressLabel('addressLine2'), autoComplete: 'address-line2' },
        { part: 'City', label: addressLabel('city'), autoComplete: 'address-level2' },
        {
          part: 'State',
          label: addressLabel(regionLabelKey(country)),
          autoComplete: 'address-level1',
          choices: regions.length ? regions.map((r) => ({ value: r.code, label: r.name })) : undefined,
        },
        { part: 'Zip', label: addressLabel('postalCode'), autoComplete: 'postal-code' },
        { part: 'Country', label: texts.addressCountry, autoComplete: 'country' },
      ];
    }
    default:
      return [];
  }
}

function LikertFieldset(props: FormFieldProps & { controlId: string; describedBy?: string }) {
  const { field, controlId, describedBy, value, onChange } = props;
  const answers = asParts(value);
  return (
    <fieldset
      className="form-field__likert"
      aria-describedby={describedBy}
      aria-invalid={props.error ? true : undefined}
    >
      <legend className="form-field__title">
        {field.title}
        <RequiredMark required={field.required} />
      </legend>
      {field.description ? <p className="form-field__description">{field.description}</p> : null}
      {(field.questions ?? []).map((question, q) => (
        <fieldset className="form-field__likert-question" key={question}>
          <legend>{question}</legend>
          {LIKERT_VALUES.map((answer) => {
            const id = `${controlId}-${q}-${answer}`;
            return (
              <span className="form-field__likert-answer" key={answer}>
                <input
                  id={id}
                  type="radio"
                  name={`${controlId}-${q}`}
                  value={answer}
                  checked={answers[question] === answer}
                  onChange={() => onChange({ ...answers, [question]: answer })}
                />
                <label htmlFor={id}>{GERMAN_LIKERT_LABELS[answer]}</label>
              </span>
            );
          })}
        </fieldset>
      ))}
    </fieldset>
  );
}

function ChoiceFieldset(props: FormFieldProps & { controlId: string; describedBy?: string }) {
  const { field, controlId, describedBy, value, onChange } = props;
  const multiple = field.type === 'checkbox';
  // A checkbox field without options is one box that says yes.
  const options = field.options?.length ? field.options : multiple ? [FORM_ISLAND_TEXTS.checkboxYes] : [];
  const chosen = multiple ? asList(value) : [asText(value)];
  const single = multiple && !field.options?.length;
  return (
    <fieldset
      className="form-field__choices"
      aria-describedby={describedBy}
      aria-invalid={props.error ? true : undefined}
    >
      <legend className="form-field__title">
        {field.title}
        <RequiredMark required={field.required} />
      </legend>
      {field.description ? <p className="form-field__description">{field.description}</p> : null}
      {options.map((option, i) => {
        const id = `${controlId}-${i}`;
        const checked = chosen.includes(option);
        const toggle = () => {
          if (!multiple) return onChange(option);
          onChange(checked ? chosen.filter((c) => c !== option) : [...chosen, option]);
        };
        return (
          <span className="form-field__choice" key={option}>
            <input
              id={id}
              type={multiple ? 'checkbox' : 'radio'}
              name={multiple ? id : controlId}
              value={option}
              checked={checked}
              onChange={toggle}
            />
            <label htmlFor={id}>{single ? field.title : option}</label>
          </span>
        );
      })}
    </fieldset>
  );
}

/** One field of a site form with its label(s), its message above it and, for textareas, the counter. */
export function FormField(props: FormFieldProps) {
  const { field, idPrefix, value, error, onChange } = props;
  if (field.type === 'captcha') return null;
  if (field.type === 'hidden') return <input type="hidden" name={field.id} value={field.value ?? ''} />;
  if (field.type === 'line') return <hr className="form-block__line" />;
  if (field.type === 'section') {
    return (
      <div className="form-block__section">
        <h3>{field.title}</h3>
        {field.description ? <p>{field.description}</p> : null}
      </div>
    );
  }

  const controlId = `${idPrefix}-${field.id}`;
  const errorId = `${controlId}-error`;
  const describedBy = error ? errorId : undefined;
  let body: ReactNode;

  if (COMPOUND_TYPES.has(field.type)) {
    body = (
      <PartsFieldset
        {...props}
        controlId={controlId}
        describedBy={describedBy}
        inputs={partInputs(field, value)}
      />
    );
  } else if (field.type === 'likert') {
    body = <LikertFieldset {...props} controlId={controlId} describedBy={describedBy} />;
  } else if (field.type === 'checkbox' || field.type === 'radio') {
    body = <ChoiceFieldset {...props} controlId={controlId} describedBy={describedBy} />;
  } else {
    const text = asText(value);
    const counter =
      field.type === 'textarea' && field.maxLength ? characterCounter(text, field.maxLength) : null;
    const common = {
      id: controlId,
      name: field.id,
      value: text,
      placeholder: field.placeholder ?? undefined,
      'aria-required': field.required || undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
    };
    let control: ReactNode;
    if (field.type === 'textarea') {
      control = <textarea {...common} rows={5} onChange={(e) => onChange(e.target.value)} />;
    } else if (field.type === 'select') {
      control = (
        <select {...common} onChange={(e) => onChange(e.target.value)}>
          <option value="">{FORM_ISLAND_TEXTS.selectPlaceholder}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    } else {
      control = (
        <input
          {...common}
          type={textInputType(field.type)}
          autoComplete={field.type === 'email' ? 'email' : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    }
    body = (
      <>
        <label className="form-field__title" htmlFor={controlId}>
          {field.title}
          <RequiredMark required={field.required} />
        </label>
        {field.description ? <p className="form-field__description">{field.description}</p> : null}
        {control}
        {counter ? (
          <p
            className={`form-field__counter${counter.overLimit ? ' form-field__counter--error' : ''}`}
            data-over-limit={counter.overLimit ? 'true' : undefined}
          >
            {counter.text}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <div
      className={`form-field form-field--${field.type}${error ? ' form-field--error' : ''}`}
      data-field-id={field.id}
    >
      {error ? (
        <p className="form-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      {body}
    </div>
  );
}
