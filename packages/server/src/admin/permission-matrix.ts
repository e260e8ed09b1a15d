import { PERMISSIONS, ROLE_NAMES, ROLE_PERMISSIONS, UserRole, type UserRoleCode } from '@baukasten/commerce';

export const MATRIX_START =
  '<!-- permission-matrix:start (generated from ROLE_PERMISSIONS, see permission-matrix.test.ts) -->';
export const MATRIX_END = '<!-- permission-matrix:end -->';

/**
 * The role → permission matrix of @baukasten/commerce as a Markdown table: one row per permission,
 * one column per role (code and German name). The admin README carries it between the markers above.
 */
export function permissionMatrixMarkdown(): string {
  const roles = Object.values(UserRole) as UserRoleCode[];
  const header = `| Berechtigung | ${roles.map((role) => `${role} ${ROLE_NAMES[role]}`).join(' | ')} |`;
  const rule = `|---|${roles.map(() => ':-:').join('|')}|`;
  const rows = PERMISSIONS.map(
    (permission) =>
      `| \`${permission}\` | ${roles.map((role) => (ROLE_PERMISSIONS[role].includes(permission) ? '✓' : '')).join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}

/** The README text with the table between the markers replaced by the current matrix. */
export function withCurrentMatrix(readme: string): string {
  const start = readme.indexOf(MATRIX_START);
  const end = readme.indexOf(MATRIX_END);
  if (start < 0 || end < start) throw new Error('README has no permission-matrix markers');
  return `${readme.slice(0, start + MATRIX_START.length)}\n${permissionMatrixMarkdown()}\n${readme.slice(end)}`;
}
