import { describe, expect, it } from 'vitest';
import { UserRole } from './enumerations.js';
import { PERMISSIONS, ROLE_NAMES, ROLE_PERMISSIONS, rolesAllow } from './permissions.js';

describe('permission matrix', () => {
  it('R3.21.8 knows every role of the spec, each with a German name', () => {
    for (const role of Object.values(UserRole)) {
      expect(ROLE_PERMISSIONS[role]).toBeDefined();
      expect(ROLE_NAMES[role]).toMatch(/\p{L}/u);
    }
  });

  it('lets an admin do everything and a role of none nothing', () => {
    for (const p of PERMISSIONS) {
      expect(rolesAllow([UserRole.ADMIN], p)).toBe(true);
      expect(rolesAllow([UserRole.NONE], p)).toBe(false);
    }
  });

  it('keeps billing, members and deleting the site with admins', () => {
    for (const p of ['site.billing', 'site.members', 'site.delete'] as const) {
      expect(rolesAllow([UserRole.WEBSITE_MANAGER], p)).toBe(false);
    }
    expect(rolesAllow([UserRole.BILLING], 'site.billing')).toBe(true);
  });

  it('separates store, content and draft work', () => {
    expect(rolesAllow([UserRole.STORE_MANAGER], 'commerce.orders')).toBe(true);
    expect(rolesAllow([UserRole.STORE_MANAGER], 'pages.publish')).toBe(false);
    expect(rolesAllow([UserRole.EDITOR], 'pages.publish')).toBe(true);
    expect(rolesAllow([UserRole.EDITOR], 'commerce.orders')).toBe(false);
    expect(rolesAllow([UserRole.DRAFT_EDITOR], 'pages.editDrafts')).toBe(true);
    expect(rolesAllow([UserRole.DRAFT_EDITOR], 'pages.publish')).toBe(false);
    expect(rolesAllow([UserRole.VIEWER], 'commerce.view')).toBe(true);
    expect(rolesAllow([UserRole.VIEWER], 'commerce.products')).toBe(false);
  });

  it('adds up the permissions of several roles and ignores unknown codes', () => {
    expect(rolesAllow([UserRole.REPORTING, UserRole.STORE_MANAGER], 'commerce.inventory')).toBe(true);
    expect(rolesAllow([5, 99], 'config.enter')).toBe(false);
  });
});
