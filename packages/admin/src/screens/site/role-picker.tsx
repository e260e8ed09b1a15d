import { t } from '../../messages.js';
import { ROLE_NAMES, UserRole } from '../../shop-rules.js';

/** Roles a person can be given: every role but "none", which is what having no membership means. */
export const GRANTABLE_ROLES: number[] = Object.values(UserRole)
  .filter((role) => role !== UserRole.NONE)
  .sort((a, b) => a - b);

export const roleName = (role: number) => ROLE_NAMES[role as keyof typeof ROLE_NAMES] ?? String(role);

export function RolePicker({
  legend = t.roles,
  value,
  onChange,
  error,
  disabled,
}: {
  legend?: string;
  value: readonly number[];
  onChange: (roles: number[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const toggle = (role: number, on: boolean) =>
    onChange(on ? [...value, role].sort((a, b) => a - b) : value.filter((r) => r !== role));
  return (
    <fieldset className="field role-picker" disabled={disabled}>
      <legend>{legend}</legend>
      <div className="role-picker__grid">
        {GRANTABLE_ROLES.map((role) => (
          <label key={role} className="choice">
            <input
              type="checkbox"
              checked={value.includes(role)}
              onChange={(e) => toggle(role, e.target.checked)}
            />{' '}
            {roleName(role)}
          </label>
        ))}
      </div>
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
