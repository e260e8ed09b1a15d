import { type FormEvent, useState } from 'react';
import { navigate } from '../../routing/router.js';
import { paths } from '../../routing/routes.js';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useAction, useLoad } from '../../ui/async.js';
import {
  Button,
  Checkbox,
  ConfirmButton,
  ErrorBox,
  Loading,
  NotAvailable,
  SelectField,
  StatusMessage,
  TextArea,
  TextField,
} from '../../ui/controls.js';
import { PageTitle } from '../../ui/page-title.js';
import { B, FIELD_TYPES } from './builder-texts.js';
import { type BuilderField, forms, type SiteFormDefinition, type SiteFormInput } from './forms-api.js';

/*
 * The form builder (/formulare?formular=<id>|neu): a form's name, its fields in order (every field type
 * of spec 3, required, description, placeholder, character limit, choices, likert statements, the value
 * a hidden field sends), what
 * happens after sending (text or HTML, redirect), the disclaimer, and the captcha. Saving sends the whole
 * form (PATCH replaces it); fields keep their ids, so earlier answers stay with their field.
 */

const CHOICES = new Set(['checkbox', 'radio', 'select']);
const LIMITED = new Set(['text', 'textarea']);
const PLACEHOLDER = new Set(['text', 'textarea', 'email', 'website', 'number']);
const NO_ANSWER = new Set(['section', 'line']);

interface FieldDraft {
  key: number;
  id?: string;
  type: string;
  title: string;
  required: boolean;
  description: string;
  placeholder: string;
  maxLength: string;
  options: string;
  questions: string;
  /** The value a hidden field sends. */
  value: string;
}

let nextKey = 1;

const draftOf = (field: BuilderField): FieldDraft => ({
  key: nextKey++,
  id: field.id,
  type: field.type,
  title: field.title ?? '',
  required: field.required === true,
  description: field.description ?? '',
  placeholder: field.placeholder ?? '',
  maxLength: field.maxLength ? String(field.maxLength) : '',
  options: (field.options ?? []).join('\n'),
  questions: (field.questions ?? []).join('\n'),
  value: field.value ?? '',
});

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

const typeName = (type: string) => FIELD_TYPES.find(([value]) => value === type)?.[1] ?? type;

/** The request for one field, or the problems (by field name) that keep it from being sent. */
function fieldInput(draft: FieldDraft): { field: BuilderField; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const field: BuilderField = { type: draft.type, title: draft.title.trim() };
  if (draft.id) field.id = draft.id;
  if (draft.type !== 'line' && field.title === '') problems.title = B.titleMissing;
  if (!NO_ANSWER.has(draft.type) && draft.type !== 'hidden') field.required = draft.required;
  if (draft.description.trim()) field.description = draft.description.trim();
  if (PLACEHOLDER.has(draft.type) && draft.placeholder.trim()) field.placeholder = draft.placeholder.trim();
  if (LIMITED.has(draft.type) && draft.maxLength.trim()) {
    const limit = Number(draft.maxLength.trim());
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) problems.maxLength = B.maxLengthInvalid;
    else field.maxLength = limit;
  }
  if (CHOICES.has(draft.type)) {
    field.options = lines(draft.options);
    if (field.options.length === 0) problems.options = B.choicesMissing;
  }
  if (draft.type === 'likert') {
    field.questions = lines(draft.questions);
    if (field.questions.length === 0) problems.questions = B.questionsMissing;
  }
  if (draft.type === 'hidden' && draft.value.trim()) {
    if (draft.value.trim().length > 1000) problems.value = B.hiddenValueTooLong;
    else field.value = draft.value.trim();
  }
  return { field, problems };
}

function FieldEditor({
  draft,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  draft: FieldDraft;
  index: number;
  count: number;
  errors: Record<string, string>;
  onChange: (change: Partial<FieldDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const error = (name: string) => errors[`fields.${index}.${name}`];
  return (
    <fieldset className="field-group builder-field">
      <legend>{B.field(n, draft.title.trim() || typeName(draft.type))}</legend>
      <SelectField
        label={B.type(n)}
        value={draft.type}
        error={error('type')}
        onChange={(e) => onChange({ type: e.target.value })}
      >
        {FIELD_TYPES.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      {draft.type !== 'line' ? (
        <TextField
          label={B.title(n)}
          value={draft.title}
          maxLength={200}
          error={error('title')}
          onChange={(e) => onChange({ title: e.target.value })}
        />
      ) : null}
      {!NO_ANSWER.has(draft.type) && draft.type !== 'hidden' ? (
        <Checkbox
          label={B.required(n)}
          checked={draft.required}
          onChange={(e) => onChange({ required: e.target.checked })}
        />
      ) : null}
      {draft.type !== 'line' && draft.type !== 'hidden' ? (
        <TextField
          label={B.description(n)}
          value={draft.description}
          error={error('description')}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      ) : null}
      {PLACEHOLDER.has(draft.type) ? (
        <TextField
          label={B.placeholder(n)}
          value={draft.placeholder}
          error={error('placeholder')}
          onChange={(e) => onChange({ placeholder: e.target.value })}
        />
      ) : null}
      {LIMITED.has(draft.type) ? (
        <TextField
          label={B.maxLength(n)}
          inputMode="numeric"
          value={draft.maxLength}
          error={error('maxLength')}
          onChange={(e) => onChange({ maxLength: e.target.value })}
        />
      ) : null}
      {CHOICES.has(draft.type) ? (
        <TextArea
          label={B.options(n)}
          rows={4}
          value={draft.options}
          error={error('options')}
          onChange={(e) => onChange({ options: e.target.value })}
        />
      ) : null}
      {draft.type === 'likert' ? (
        <TextArea
          label={B.questions(n)}
          rows={4}
          value={draft.questions}
          error={error('questions')}
          onChange={(e) => onChange({ questions: e.target.value })}
        />
      ) : null}
      {draft.type === 'hidden' ? (
        <TextField
          label={B.hiddenValue(n)}
          hint={B.hiddenValueHint}
          value={draft.value}
          maxLength={1000}
          error={error('value')}
          onChange={(e) => onChange({ value: e.target.value })}
        />
      ) : null}
      {error('id') ? <span className="field-error">{error('id')}</span> : null}
      <div className="row-actions">
        <Button variant="quiet" disabled={index === 0} onClick={() => onMove(-1)} aria-label={B.moveUp(n)}>
          ↑
        </Button>
        <Button
          variant="quiet"
          disabled={index === count - 1}
          onClick={() => onMove(1)}
          aria-label={B.moveDown(n)}
        >
          ↓
        </Button>
        <Button variant="quiet" onClick={onRemove}>
          {B.remove(n)}
        </Button>
      </div>
    </fieldset>
  );
}

const emptyForm: SiteFormDefinition = {
  id: '',
  name: '',
  fields: [],
  submissionMessage: '',
  submissionHTML: '',
  successRedirect: '',
  disclaimerMessage: '',
  captchaEnabled: true,
  captchaTheme: null,
  captchaAlignment: null,
  notificationEmail: '',
  createdAt: 0,
};

function BuilderForm({ form, canEdit }: { form: SiteFormDefinition; canEdit: boolean }) {
  const { site } = useSite();
  const action = useAction();
  const removal = useAction();
  const isNew = form.id === '';
  const [name, setName] = useState(form.name);
  const [fields, setFields] = useState<FieldDraft[]>(() => form.fields.map(draftOf));
  const [settings, setSettings] = useState({
    submissionMessage: form.submissionMessage,
    submissionHTML: form.submissionHTML,
    successRedirect: form.successRedirect,
    disclaimerMessage: form.disclaimerMessage,
    captchaEnabled: form.captchaEnabled,
    captchaTheme: form.captchaTheme,
    captchaAlignment: form.captchaAlignment,
    notificationEmail: form.notificationEmail,
  });
  const [newType, setNewType] = useState('text');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const set = (change: Partial<typeof settings>) => setSettings((s) => ({ ...s, ...change }));

  const changeField = (index: number, change: Partial<FieldDraft>) =>
    setFields((list) => list.map((f, i) => (i === index ? { ...f, ...change } : f)));
  const moveField = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= fields.length) return;
    const next = [...fields];
    const [moved] = next.splice(index, 1);
    next.splice(target, 0, moved!);
    setFields(next);
    setProblems({});
    setNote(B.moved(moved!.title.trim() || typeName(moved!.type), target + 1));
  };
  const removeField = (index: number) => {
    const gone = fields[index]!;
    setFields(fields.filter((_, i) => i !== index));
    setProblems({});
    setNote(B.removed(gone.title.trim() || typeName(gone.type)));
  };
  const addField = () => setFields((list) => [...list, draftOf({ type: newType, title: '' })]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = B.nameMissing;
    if (fields.length === 0) found.fields = B.fieldsMissing;
    const built = fields.map((draft, i) => {
      const { field, problems: own } = fieldInput(draft);
      for (const [key, message] of Object.entries(own)) found[`fields.${i}.${key}`] = message;
      return field;
    });
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setNote(B.fixProblems);
      return;
    }
    const input: SiteFormInput = { ...settings, name: name.trim(), fields: built };
    const answer = await action.run(() =>
      isNew ? forms.create(site.id, input) : forms.update(site.id, form.id, input),
    );
    if (!answer) return;
    setFields(answer.form.fields.map(draftOf));
    setNote(isNew ? B.created : B.saved);
    if (isNew) navigate(`${paths.forms(site.id)}?formular=${encodeURIComponent(answer.form.id)}`);
  };

  const remove = async () => {
    if (await removal.run(() => forms.delete(site.id, form.id))) navigate(paths.forms(site.id));
  };

  const errors = { ...action.error?.fields, ...problems };
  return (
    <form className="form card form-builder" onSubmit={submit} noValidate aria-label={name || B.newTitle}>
      <ErrorBox error={action.error} />
      <fieldset disabled={!canEdit} className="plain-fieldset">
        <TextField
          label={B.name}
          value={name}
          maxLength={200}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
        />
        {isNew ? null : (
          <p className="muted">
            {B.formId}: <code>{form.id}</code> – {B.formIdHint}
          </p>
        )}
        <h2>{B.fields}</h2>
        {fields.length === 0 ? <p className="muted">{B.noFields}</p> : null}
        {errors.fields ? <span className="field-error">{errors.fields}</span> : null}
        {fields.map((draft, i) => (
          <FieldEditor
            key={draft.key}
            draft={draft}
            index={i}
            count={fields.length}
            errors={errors}
            onChange={(change) => changeField(i, change)}
            onMove={(by) => moveField(i, by)}
            onRemove={() => removeField(i)}
          />
        ))}
        <div className="row-fields">
          <SelectField label={B.addType} value={newType} onChange={(e) => setNewType(e.target.value)}>
            {FIELD_TYPES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <Button onClick={addField}>{B.addField}</Button>
        </div>

        <fieldset className="field-group">
          <legend>{B.afterSubmit}</legend>
          <TextArea
            label={B.submissionMessage}
            hint={B.submissionMessageHint}
            rows={2}
            value={settings.submissionMessage}
            error={errors.submissionMessage}
            onChange={(e) => set({ submissionMessage: e.target.value })}
          />
          <TextArea
            label={B.submissionHTML}
            hint={B.submissionHTMLHint}
            rows={3}
            value={settings.submissionHTML}
            error={errors.submissionHTML}
            onChange={(e) => set({ submissionHTML: e.target.value })}
          />
          <TextField
            label={B.successRedirect}
            hint={B.successRedirectHint}
            value={settings.successRedirect}
            error={errors.successRedirect}
            onChange={(e) => set({ successRedirect: e.target.value })}
          />
          <TextArea
            label={B.disclaimer}
            hint={B.disclaimerHint}
            rows={2}
            value={settings.disclaimerMessage}
            error={errors.disclaimerMessage}
            onChange={(e) => set({ disclaimerMessage: e.target.value })}
          />
          <TextField
            label={B.notificationEmail}
            hint={B.notificationEmailHint}
            type="email"
            value={settings.notificationEmail}
            error={errors.notificationEmail}
            onChange={(e) => set({ notificationEmail: e.target.value })}
          />
        </fieldset>

        <fieldset className="field-group">
          <legend>{B.captcha}</legend>
          <Checkbox
            label={B.captchaEnabled}
            checked={settings.captchaEnabled}
            onChange={(e) => set({ captchaEnabled: e.target.checked })}
          />
          <SelectField
            label={B.captchaTheme}
            value={settings.captchaTheme === null ? '' : String(settings.captchaTheme)}
            error={errors.captchaTheme}
            onChange={(e) => set({ captchaTheme: e.target.value ? Number(e.target.value) : null })}
          >
            {B.themes.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={B.captchaAlignment}
            value={settings.captchaAlignment === null ? '' : String(settings.captchaAlignment)}
            error={errors.captchaAlignment}
            onChange={(e) => set({ captchaAlignment: e.target.value ? Number(e.target.value) : null })}
          >
            {B.alignments.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        </fieldset>
      </fieldset>
      <StatusMessage>{note}</StatusMessage>
      {canEdit ? (
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={action.busy}>
            {action.busy ? B.saving : B.save}
          </Button>
          {isNew ? null : (
            <ConfirmButton
              label={B.deleteForm}
              question={B.deleteQuestion}
              onConfirm={remove}
              busy={removal.busy}
            />
          )}
        </div>
      ) : null}
      <ErrorBox error={removal.error} />
    </form>
  );
}

/** The builder for an existing form (by id) or a new one (`formId` 'neu'). */
export function FormBuilder({ formId }: { formId: string }) {
  const { site, can } = useSite();
  const isNew = formId === 'neu';
  const loaded = useLoad(
    () => (isNew ? Promise.resolve({ form: emptyForm }) : forms.get(site.id, formId)),
    [site.id, formId],
  );
  if (isMissingRoute(loaded.error)) return <NotAvailable title={B.newTitle} />;
  const form = loaded.data?.form;
  const title = isNew ? B.newTitle : form ? B.editTitle(form.name) : B.newTitle;
  return (
    <div>
      <p>
        <a
          href={paths.forms(site.id)}
          onClick={(e) => {
            e.preventDefault();
            navigate(paths.forms(site.id));
          }}
        >
          {B.backToList}
        </a>
      </p>
      <PageTitle text={title}>{title}</PageTitle>
      <ErrorBox error={loaded.error} />
      {loaded.loading && !form ? <Loading /> : null}
      {form && !loaded.loading ? (
        <BuilderForm key={form.id || 'neu'} form={form} canEdit={can('forms.edit')} />
      ) : null}
    </div>
  );
}
