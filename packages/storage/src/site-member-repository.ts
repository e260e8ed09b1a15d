import { UserRole } from '@baukasten/commerce';
import { type Kysely, type Selectable, sql } from 'kysely';
import { hashToken, looksLikeToken, newToken, normaliseEmail } from './account-repository.js';
import { atomically } from './atomically.js';
import { newId } from './ids.js';
import { fromJson, toJson } from './json-column.js';
import type { Database } from './schema.js';

/*
 * Who holds which roles on which website, and invitations to join one (migration 0006). Changes to a
 * website's members first lock its websites row, so two admins demoting each other at the same moment
 * queue up and the "at least one admin" rule holds on PostgreSQL too (SQLite has one writer anyway).
 */

export interface SiteMembersTable {
  website_id: string;
  account_id: string;
  roles: string;
  created_at: number;
  updated_at: number;
}

export interface SiteInvitationsTable {
  website_id: string;
  id: string;
  token_hash: string;
  email: string;
  roles: string;
  invited_by: string | null;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  accepted_by: string | null;
}

declare module './schema.js' {
  interface Database {
    site_members: SiteMembersTable;
    site_invitations: SiteInvitationsTable;
  }
}

export interface SiteMember {
  websiteId: string;
  accountId: string;
  email: string;
  name: string;
  /** Role codes of spec 3, ascending. */
  roles: number[];
  createdAt: number;
  updatedAt: number;
}

/** A website as its member's list shows it. */
export interface MemberSite {
  websiteId: string;
  title: string;
  hostnames: string[];
  roles: number[];
}

export interface SiteInvitation {
  websiteId: string;
  id: string;
  email: string;
  roles: number[];
  invitedBy?: string;
  createdAt: number;
  expiresAt: number;
  acceptedAt?: number;
  acceptedBy?: string;
}

/** Why a member change was refused. */
export type MemberChangeRefusal = 'NOT_A_MEMBER' | 'LAST_ADMIN';
export type MemberChange = { ok: true; member: SiteMember } | { ok: false; reason: MemberChangeRefusal };

/** Why an invitation could not be accepted. */
export type InvitationRefusal = 'NOT_FOUND' | 'USED' | 'EXPIRED' | 'WRONG_ACCOUNT';
export type InvitationAcceptance =
  | { ok: true; invitation: SiteInvitation; member: SiteMember }
  | { ok: false; reason: InvitationRefusal };

export interface SiteMemberRepository {
  /** The account's roles on the website; undefined when it is not a member (or the site does not exist). */
  rolesOf(websiteId: string, accountId: string): Promise<number[] | undefined>;
  /** Every website the account holds a role on, oldest membership first. */
  sitesOf(accountId: string): Promise<MemberSite[]>;
  list(websiteId: string): Promise<SiteMember[]>;
  /** Makes the account a member; an existing member keeps its roles and gains the new ones. */
  add(websiteId: string, accountId: string, roles: readonly number[], now?: number): Promise<SiteMember>;
  /** Replaces the roles; refused when it would leave the website without an admin. */
  setRoles(
    websiteId: string,
    accountId: string,
    roles: readonly number[],
    now?: number,
  ): Promise<MemberChange>;
  /** Removes the member; refused for the last admin. The answer carries the member as it was. */
  remove(websiteId: string, accountId: string): Promise<MemberChange>;
  /** Stores an invitation; the token (for the link) is returned once and kept only as a hash. */
  invite(
    websiteId: string,
    input: { email: string; roles: readonly number[]; invitedBy?: string; ttlMs: number; now?: number },
  ): Promise<{ invitation: SiteInvitation; token: string }>;
  /** Invitations neither accepted nor expired at `now`, newest first. */
  pendingInvitations(websiteId: string, now?: number): Promise<SiteInvitation[]>;
  /** Deletes an invitation that was not accepted yet; false when there is none. */
  revokeInvitation(websiteId: string, invitationId: string): Promise<boolean>;
  findInvitation(token: string): Promise<SiteInvitation | undefined>;
  /**
   * Uses the invitation once: the account (whose email must be the invited one) becomes a member with
   * the invited roles. A second use, an expired or an unknown token is refused and changes nothing.
   */
  acceptInvitation(
    token: string,
    account: { id: string; email: string },
    now?: number,
  ): Promise<InvitationAcceptance>;
}

/** Unique role codes, ascending; anything that is not an integer is dropped. */
export const normaliseRoles = (roles: readonly unknown[]): number[] =>
  [...new Set(roles.filter((r): r is number => Number.isInteger(r)))].sort((a, b) => a - b);

const rolesFrom = (text: string): number[] => normaliseRoles(fromJson<unknown[]>(text, []));
const isAdmin = (roles: readonly number[]) => roles.includes(UserRole.ADMIN);

function toInvitation(row: Selectable<SiteInvitationsTable>): SiteInvitation {
  const invitation: SiteInvitation = {
    websiteId: row.website_id,
    id: row.id,
    email: row.email,
    roles: rolesFrom(row.roles),
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
  };
  if (row.invited_by !== null) invitation.invitedBy = row.invited_by;
  if (row.accepted_at !== null) invitation.acceptedAt = Number(row.accepted_at);
  if (row.accepted_by !== null) invitation.acceptedBy = row.accepted_by;
  return invitation;
}

/**
 * Takes the website's row lock for the rest of the transaction: membership changes of one website run
 * one after another. The no-op UPDATE is portable; SQLite serialises writers by itself.
 */
async function lockWebsite(db: Kysely<Database>, websiteId: string) {
  await db
    .updateTable('websites')
    .set({ updated_at: sql<number>`updated_at` })
    .where('id', '=', websiteId)
    .execute();
}

export function siteMemberRepository(db: Kysely<Database>): SiteMemberRepository {
  const membersQuery = (on: Kysely<Database>, websiteId: string) =>
    on
      .selectFrom('site_members')
      .innerJoin('accounts', 'accounts.id', 'site_members.account_id')
      .select([
        'site_members.website_id',
        'site_members.account_id',
        'site_members.roles',
        'site_members.created_at',
        'site_members.updated_at',
        'accounts.email',
        'accounts.name',
      ])
      .where('site_members.website_id', '=', websiteId);

  type MemberRow = Awaited<ReturnType<ReturnType<typeof membersQuery>['executeTakeFirstOrThrow']>>;
  const toMember = (row: MemberRow): SiteMember => ({
    websiteId: row.website_id,
    accountId: row.account_id,
    email: row.email,
    name: row.name,
    roles: rolesFrom(row.roles),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  });

  const memberOn = async (on: Kysely<Database>, websiteId: string, accountId: string) => {
    const row = await membersQuery(on, websiteId)
      .where('site_members.account_id', '=', accountId)
      .executeTakeFirst();
    return row ? toMember(row) : undefined;
  };

  /** Inside a transaction that holds the website lock. */
  const addOn = async (
    tx: Kysely<Database>,
    websiteId: string,
    accountId: string,
    roles: readonly number[],
    now: number,
  ): Promise<SiteMember> => {
    const existing = await memberOn(tx, websiteId, accountId);
    if (existing) {
      const merged = normaliseRoles([...existing.roles, ...roles]);
      await tx
        .updateTable('site_members')
        .set({ roles: toJson(merged), updated_at: now })
        .where('website_id', '=', websiteId)
        .where('account_id', '=', accountId)
        .execute();
      return { ...existing, roles: merged, updatedAt: now };
    }
    await tx
      .insertInto('site_members')
      .values({
        website_id: websiteId,
        account_id: accountId,
        roles: toJson(normaliseRoles(roles)),
        created_at: now,
        updated_at: now,
      })
      .execute();
    return (await memberOn(tx, websiteId, accountId))!;
  };

  /** True when some member other than accountId is an admin. */
  const anotherAdmin = async (tx: Kysely<Database>, websiteId: string, accountId: string) => {
    const rows = await tx
      .selectFrom('site_members')
      .select('roles')
      .where('website_id', '=', websiteId)
      .where('account_id', '!=', accountId)
      .execute();
    return rows.some((r) => isAdmin(rolesFrom(r.roles)));
  };

  return {
    async rolesOf(websiteId, accountId) {
      if (!websiteId || !accountId) return undefined;
      const row = await db
        .selectFrom('site_members')
        .select('roles')
        .where('website_id', '=', websiteId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row ? rolesFrom(row.roles) : undefined;
    },

    async sitesOf(accountId) {
      const rows = await db
        .selectFrom('site_members')
        .innerJoin('websites', 'websites.id', 'site_members.website_id')
        .select(['websites.id', 'websites.title', 'site_members.roles'])
        .where('site_members.account_id', '=', accountId)
        .orderBy('site_members.created_at')
        .orderBy('websites.id')
        .execute();
      if (rows.length === 0) return [];
      const hostnames = await db
        .selectFrom('website_hostnames')
        .select(['website_id', 'hostname'])
        .where(
          'website_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('position')
        .orderBy('hostname')
        .execute();
      return rows.map((r) => ({
        websiteId: r.id,
        title: r.title,
        hostnames: hostnames.filter((h) => h.website_id === r.id).map((h) => h.hostname),
        roles: rolesFrom(r.roles),
      }));
    },

    async list(websiteId) {
      const rows = await membersQuery(db, websiteId)
        .orderBy('site_members.created_at')
        .orderBy('site_members.account_id')
        .execute();
      return rows.map(toMember);
    },

    add: (websiteId, accountId, roles, now = Date.now()) =>
      atomically(db, async (tx) => {
        await lockWebsite(tx, websiteId);
        return addOn(tx, websiteId, accountId, roles, now);
      }),

    setRoles: (websiteId, accountId, roles, now = Date.now()) =>
      atomically(db, async (tx): Promise<MemberChange> => {
        await lockWebsite(tx, websiteId);
        const member = await memberOn(tx, websiteId, accountId);
        if (!member) return { ok: false, reason: 'NOT_A_MEMBER' };
        const next = normaliseRoles(roles);
        if (isAdmin(member.roles) && !isAdmin(next) && !(await anotherAdmin(tx, websiteId, accountId)))
          return { ok: false, reason: 'LAST_ADMIN' };
        await tx
          .updateTable('site_members')
          .set({ roles: toJson(next), updated_at: now })
          .where('website_id', '=', websiteId)
          .where('account_id', '=', accountId)
          .execute();
        return { ok: true, member: { ...member, roles: next, updatedAt: now } };
      }),

    remove: (websiteId, accountId) =>
      atomically(db, async (tx): Promise<MemberChange> => {
        await lockWebsite(tx, websiteId);
        const member = await memberOn(tx, websiteId, accountId);
        if (!member) return { ok: false, reason: 'NOT_A_MEMBER' };
        if (isAdmin(member.roles) && !(await anotherAdmin(tx, websiteId, accountId)))
          return { ok: false, reason: 'LAST_ADMIN' };
        await tx
          .deleteFrom('site_members')
          .where('website_id', '=', websiteId)
          .where('account_id', '=', accountId)
          .execute();
        return { ok: true, member };
      }),

    async invite(websiteId, { email, roles, invitedBy, ttlMs, now = Date.now() }) {
      const token = newToken();
      const row: SiteInvitationsTable = {
        website_id: websiteId,
        id: newId(now),
        token_hash: hashToken(token),
        email: normaliseEmail(email),
        roles: toJson(normaliseRoles(roles)),
        invited_by: invitedBy ?? null,
        created_at: now,
        expires_at: now + ttlMs,
        accepted_at: null,
        accepted_by: null,
      };
      await db.insertInto('site_invitations').values(row).execute();
      return { invitation: toInvitation(row), token };
    },

    async pendingInvitations(websiteId, now = Date.now()) {
      const rows = await db
        .selectFrom('site_invitations')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('accepted_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toInvitation);
    },

    async revokeInvitation(websiteId, invitationId) {
      const result = await db
        .deleteFrom('site_invitations')
        .where('website_id', '=', websiteId)
        .where('id', '=', invitationId)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async findInvitation(token) {
      if (!looksLikeToken(token)) return undefined;
      const row = await db
        .selectFrom('site_invitations')
        .selectAll()
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirst();
      return row ? toInvitation(row) : undefined;
    },

    acceptInvitation: (token, account, now = Date.now()) =>
      atomically(db, async (tx): Promise<InvitationAcceptance> => {
        if (!looksLikeToken(token)) return { ok: false, reason: 'NOT_FOUND' };
        const row = await tx
          .selectFrom('site_invitations')
          .selectAll()
          .where('token_hash', '=', hashToken(token))
          .executeTakeFirst();
        if (!row) return { ok: false, reason: 'NOT_FOUND' };
        if (row.accepted_at !== null) return { ok: false, reason: 'USED' };
        if (Number(row.expires_at) <= now) return { ok: false, reason: 'EXPIRED' };
        if (row.email !== normaliseEmail(account.email)) return { ok: false, reason: 'WRONG_ACCOUNT' };
        await lockWebsite(tx, row.website_id);
        // Conditional: of two acceptances racing for the same token, one wins.
        const taken = await tx
          .updateTable('site_invitations')
          .set({ accepted_at: now, accepted_by: account.id })
          .where('website_id', '=', row.website_id)
          .where('id', '=', row.id)
          .where('accepted_at', 'is', null)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 0) return { ok: false, reason: 'USED' };
        const invitation = toInvitation({ ...row, accepted_at: now, accepted_by: account.id });
        const member = await addOn(tx, row.website_id, account.id, invitation.roles, now);
        return { ok: true, invitation, member };
      }),
  };
}
