import { PERMISSIONS, rolesAllow } from '@baukasten/commerce';
import type { Account, MemberSite, SiteInvitation, SiteMember, Website } from '@baukasten/storage';
import type { FastifyRequest } from 'fastify';
import { originOf, publicUrlOf } from '../site-url.js';
import { EDITABLE_SETTINGS } from './admin-input.js';
import { roleNamesOf } from './invitation-email.js';

/*
 * The JSON shapes the admin API answers with. Settings are shown by an allow-list: whatever else a
 * website keeps in its settings (the interim ownerToken, later payment keys) never reaches the editor.
 */

export const accountView = (account: Account) => ({
  id: account.id,
  email: account.email,
  name: account.name,
  createdAt: account.createdAt,
});

/** The permissions the roles add up to, in the matrix's order; the editor shows and hides by them. */
export const permissionsOf = (roles: readonly number[]) => PERMISSIONS.filter((p) => rolesAllow(roles, p));

/**
 * Where the website answers: its hostname with the configured scheme and port (site-url.ts), never
 * anything of the request's Host (security review #18, finding 3: restock mails are sent from here).
 */
export function siteUrl(request: FastifyRequest, hostname: string | undefined): string | undefined {
  return hostname ? originOf(hostname, publicUrlOf(request)) : undefined;
}

export const memberSiteView = (request: FastifyRequest, site: MemberSite) => ({
  id: site.websiteId,
  title: site.title,
  hostnames: site.hostnames,
  url: siteUrl(request, site.hostnames[0]),
  roles: site.roles,
  roleNames: roleNamesOf(site.roles),
});

export function siteView(request: FastifyRequest, website: Website, roles: readonly number[]) {
  const settings: Record<string, unknown> = {};
  for (const key of EDITABLE_SETTINGS)
    if (website.settings[key] !== undefined) settings[key] = website.settings[key];
  return {
    id: website.id,
    title: website.title,
    hostnames: website.hostnames,
    url: siteUrl(request, website.primaryHostname ?? website.hostnames[0]),
    locale: website.locale,
    timeZone: website.timeZone,
    currency: website.currency,
    settings,
    createdAt: website.createdAt,
    roles: [...roles],
    roleNames: roleNamesOf(roles),
    permissions: permissionsOf(roles),
  };
}

export const memberView = (member: SiteMember, you: Account) => ({
  accountId: member.accountId,
  email: member.email,
  name: member.name,
  roles: member.roles,
  roleNames: roleNamesOf(member.roles),
  isYou: member.accountId === you.id,
  since: member.createdAt,
});

export const invitationView = (invitation: SiteInvitation) => ({
  id: invitation.id,
  email: invitation.email,
  roles: invitation.roles,
  roleNames: roleNamesOf(invitation.roles),
  createdAt: invitation.createdAt,
  expiresAt: invitation.expiresAt,
});
