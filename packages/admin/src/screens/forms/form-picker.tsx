import { paths } from '../../routing/routes.js';
import { useSite } from '../../site-context.js';
import { useLoad } from '../../ui/async.js';
import { SelectField, TextField } from '../../ui/controls.js';
import { B } from './builder-texts.js';
import { forms } from './forms-api.js';

/*
 * Picks one of the site's forms for a form block (or a product's additional fields) instead of typing its
 * id. Without the list (no forms.view, or the route missing) the id can still be typed.
 */
export function FormPicker({
  value,
  onChange,
  error,
  disabled,
  label = B.pickForm,
  noneLabel = B.pickFormNone,
}: {
  value: string;
  onChange: (formId: string) => void;
  error?: string;
  disabled?: boolean;
  label?: string;
  noneLabel?: string;
}) {
  const { site } = useSite();
  const loaded = useLoad(() => forms.list(site.id), [site.id]);
  const list = loaded.data?.forms;
  if (!list)
    return (
      <TextField
        label={label}
        value={value}
        error={error}
        disabled={disabled || loaded.loading}
        onChange={(e) => onChange(e.target.value.trim())}
      />
    );
  const known = value === '' || list.some((f) => f.id === value);
  return (
    <SelectField
      label={label}
      value={value}
      error={error}
      disabled={disabled}
      hint={
        list.length === 0 ? (
          <>
            {B.noFormsYet} <a href={paths.forms(site.id)}>{B.manageForms}</a>
          </>
        ) : undefined
      }
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{noneLabel}</option>
      {known ? null : <option value={value}>{B.pickFormMissing(value)}</option>}
      {list.map((form) => (
        <option key={form.id} value={form.id}>
          {form.name}
        </option>
      ))}
    </SelectField>
  );
}
