// Who may do what in a site's editing context (/config). The spec lists the roles (section 3) but not
// their permissions (section 6), so this matrix is ours; packages/server enforces it in one place and
// the README prints it. A person may hold several roles on one site: the permissions add up.

import { UserRole } from './enumerations.js';

export type UserRoleCode = (typeof UserRole)[keyof typeof UserRole];

/** What can be allowed; `*.view` is reading, the others change something. */
export const PERMISSIONS = [
  'config.enter',
  'site.settings',
  'site.members',
  'site.billing',
  'site.delete',
  'pages.view',
  'pages.editDrafts',
  'pages.publish',
  'theme.code',
  'commerce.view',
  'commerce.products',
  'commerce.inventory',
  'commerce.orders',
  'commerce.settings',
  'commerce.apiKeys',
  'forms.view',
  'forms.edit',
  'analytics.view',
  'comments.moderate',
  'comments.post',
  'campaigns.edit',
  'scheduling.view',
  'scheduling.edit',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const READ_ALL: Permission[] = [
  'config.enter',
  'pages.view',
  'commerce.view',
  'forms.view',
  'analytics.view',
];
const CONTENT: Permission[] = ['config.enter', 'pages.view', 'pages.editDrafts', 'pages.publish'];
const STORE: Permission[] = [
  'config.enter',
  'commerce.view',
  'commerce.products',
  'commerce.inventory',
  'commerce.orders',
  'commerce.settings',
  'analytics.view',
];
const OWNER_ONLY: Permission[] = ['site.members', 'site.billing', 'site.delete'];

/** The matrix: each role's permissions. */
export const ROLE_PERMISSIONS: Readonly<Record<UserRoleCode, readonly Permission[]>> = {
  [UserRole.ADMIN]: PERMISSIONS,
  [UserRole.BILLING]: ['config.enter', 'site.billing'],
  [UserRole.REPORTING]: ['config.enter', 'analytics.view'],
  [UserRole.EDITOR]: [...CONTENT, 'forms.view', 'forms.edit', 'comments.moderate'],
  [UserRole.MODERATOR]: ['config.enter', 'comments.moderate', 'comments.post'],
  [UserRole.COMMENTER]: ['comments.post'],
  [UserRole.STORE_MANAGER]: STORE,
  [UserRole.SCHEDULING]: ['config.enter', 'scheduling.view', 'scheduling.edit'],
  [UserRole.VIEWER]: READ_ALL,
  [UserRole.CAMPAIGNS_EDITOR]: ['config.enter', 'campaigns.edit'],
  [UserRole.SCHEDULING_VIEWER]: ['config.enter', 'scheduling.view'],
  [UserRole.SCHEDULING_EDITOR]: ['config.enter', 'scheduling.view', 'scheduling.edit'],
  [UserRole.NONE]: [],
  [UserRole.WEBSITE_MANAGER]: PERMISSIONS.filter((p) => !OWNER_ONLY.includes(p)),
  [UserRole.DRAFT_EDITOR]: ['config.enter', 'pages.view', 'pages.editDrafts'],
};

export function isUserRole(value: unknown): value is UserRoleCode {
  return typeof value === 'number' && Object.hasOwn(ROLE_PERMISSIONS, value);
}

/** True when any of the roles allows the permission. Unknown role codes allow nothing. */
export function rolesAllow(roles: readonly number[], permission: Permission): boolean {
  return roles.some((role) => isUserRole(role) && ROLE_PERMISSIONS[role].includes(permission));
}

/** German names of the roles, for the members panel. */
export const ROLE_NAMES: Readonly<Record<UserRoleCode, string>> = {
  [UserRole.ADMIN]: 'Administrator',
  [UserRole.BILLING]: 'Abrechnung',
  [UserRole.REPORTING]: 'Berichte',
  [UserRole.EDITOR]: 'Inhalte bearbeiten',
  [UserRole.MODERATOR]: 'Moderation',
  [UserRole.COMMENTER]: 'Kommentieren',
  [UserRole.STORE_MANAGER]: 'Shop-Verwaltung',
  [UserRole.SCHEDULING]: 'Terminplanung',
  [UserRole.VIEWER]: 'Nur ansehen',
  [UserRole.CAMPAIGNS_EDITOR]: 'Kampagnen bearbeiten',
  [UserRole.SCHEDULING_VIEWER]: 'Termine ansehen',
  [UserRole.SCHEDULING_EDITOR]: 'Termine bearbeiten',
  [UserRole.NONE]: 'Keine Rolle',
  [UserRole.WEBSITE_MANAGER]: 'Website-Verwaltung',
  [UserRole.DRAFT_EDITOR]: 'Entwürfe bearbeiten',
};
