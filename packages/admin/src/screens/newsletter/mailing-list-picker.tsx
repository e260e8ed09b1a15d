import { t } from '../../messages.js';
import { paths } from '../../routing/routes.js';
import { useSite } from '../../site-context.js';
import { useLoad } from '../../ui/async.js';
import { SelectField } from '../../ui/controls.js';
import { mailingLists } from './newsletter-api.js';
import { N } from './texts.js';

/*
 * Picks the mailing list a newsletter block subscribes visitors to (R5.12.11). A site without any list
 * says that one is required and where to make it (R8.7.15), at the field, so it is read with it.
 */
export function MailingListPicker({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (listId: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { site, can } = useSite();
  const loaded = useLoad(() => mailingLists.list(site.id), [site.id]);
  const lists = loaded.data?.lists;
  const none = lists !== undefined && lists.length === 0;
  const manage = can('campaigns.edit') ? <a href={paths.newsletter(site.id)}>{N.manageLists}</a> : undefined;
  return (
    <SelectField
      label={N.pickList}
      value={value}
      disabled={disabled || loaded.loading}
      error={error ?? (none ? t.mailingListRequired : undefined)}
      hint={manage}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{N.chooseList}</option>
      {value && lists && !lists.some((l) => l.id === value) ? <option value={value}>{value}</option> : null}
      {(lists ?? []).map((list) => (
        <option key={list.id} value={list.id}>
          {list.name}
        </option>
      ))}
    </SelectField>
  );
}
