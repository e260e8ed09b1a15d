import type { InvitationRefusal, MemberChangeRefusal, Storage } from '@baukasten/storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http-error.js';
import { websiteById } from '../site-request.js';
import {
  invitationInput,
  invitationParams,
  memberParams,
  parseInput,
  rolesInput,
  tokenParams,
} from './admin-input.js';
import { adminMessages } from './admin-messages.js';
import { invitationView, memberSiteView, memberView } from './admin-views.js';
import { invitationEmail } from './invitation-email.js';
import { accessedSite, requireAccount, requireSitePermission, signedInAccount } from './permissions.js';

export const INVITATION_VALID_DAYS = 7;
const DAY_MS = 86_400_000;

/** Where the editor takes an invitation link; the token is the last path segment. */
export const INVITATION_PAGE = '/config/invitations';

const refusedChange: Record<MemberChangeRefusal, () => HttpError> = {
  NOT_A_MEMBER: () => new HttpError(404, 'MEMBER_NOT_FOUND', adminMessages.memberNotFound),
  LAST_ADMIN: () => new HttpError(409, 'LAST_ADMIN', adminMessages.lastAdmin),
};

const refusedInvitation: Record<InvitationRefusal, () => HttpError> = {
  NOT_FOUND: () => new HttpError(404, 'INVITATION_NOT_FOUND', adminMessages.invitationNotFound),
  // 410 Gone: the link existed but will never work again.
  USED: () => new HttpError(410, 'INVITATION_USED', adminMessages.invitationUsed),
  EXPIRED: () => new HttpError(410, 'INVITATION_EXPIRED', adminMessages.invitationExpired),
  WRONG_ACCOUNT: () => new HttpError(403, 'INVITATION_WRONG_ACCOUNT', adminMessages.invitationWrongAccount),
};

/**
 * The invitation link opens the editor at its own configured address (BASE_DOMAIN with the public scheme
 * and port), never at the request's Host (security review #18, finding 3).
 */
const origin = (request: FastifyRequest) => request.server.editorBaseUrl;

/** Members of a website, invitations, and accepting one. Mounted under /api/admin. */
export function registerMemberRoutes(admin: FastifyInstance, storage: Storage) {
  const manageMembers = { preHandler: requireSitePermission('site.members') };

  admin.get('/sites/:siteId/members', manageMembers, async (request) => {
    const { websiteId } = accessedSite(request);
    const you = signedInAccount(request);
    const [members, invitations] = await Promise.all([
      storage.siteMembers.list(websiteId),
      storage.siteMembers.pendingInvitations(websiteId),
    ]);
    return {
      members: members.map((member) => memberView(member, you)),
      invitations: invitations.map(invitationView),
    };
  });

  admin.patch('/sites/:siteId/members/:accountId', manageMembers, async (request) => {
    const { websiteId } = accessedSite(request);
    const { accountId } = parseInput(memberParams, request.params);
    const { roles } = parseInput(rolesInput, request.body);
    const change = await storage.siteMembers.setRoles(websiteId, accountId, roles);
    if (!change.ok) throw refusedChange[change.reason]();
    return { member: memberView(change.member, signedInAccount(request)) };
  });

  admin.delete('/sites/:siteId/members/:accountId', manageMembers, async (request) => {
    const { websiteId } = accessedSite(request);
    const { accountId } = parseInput(memberParams, request.params);
    const change = await storage.siteMembers.remove(websiteId, accountId);
    if (!change.ok) throw refusedChange[change.reason]();
    return { removed: true };
  });

  admin.get('/sites/:siteId/invitations', manageMembers, async (request) => ({
    invitations: (await storage.siteMembers.pendingInvitations(accessedSite(request).websiteId)).map(
      invitationView,
    ),
  }));

  admin.post('/sites/:siteId/invitations', manageMembers, async (request, reply) => {
    const { websiteId } = accessedSite(request);
    const inviter = signedInAccount(request);
    const input = parseInput(invitationInput, request.body);
    const website = await websiteById(storage, websiteId);
    const existing = await storage.accounts.findByEmail(input.email);
    if (existing && (await storage.siteMembers.rolesOf(websiteId, existing.id)))
      throw new HttpError(409, 'ALREADY_MEMBER', adminMessages.alreadyMember);

    // The invitation and its mail commit together: no link without its mail, no mail for a lost link.
    const { invitation, token, acceptUrl } = await storage.transaction(async (tx) => {
      const created = await tx.siteMembers.invite(websiteId, {
        email: input.email,
        roles: input.roles,
        invitedBy: inviter.id,
        ttlMs: INVITATION_VALID_DAYS * DAY_MS,
      });
      const acceptUrl = `${origin(request)}${INVITATION_PAGE}/${created.token}`;
      await tx.outbox.enqueue(
        websiteId,
        invitationEmail({
          to: input.email,
          siteTitle: website.title,
          inviterName: inviter.name,
          roles: input.roles,
          acceptUrl,
          validDays: INVITATION_VALID_DAYS,
        }),
      );
      return { ...created, acceptUrl };
    });
    return reply.code(201).send({ invitation: invitationView(invitation), token, acceptUrl });
  });

  admin.delete('/sites/:siteId/invitations/:invitationId', manageMembers, async (request) => {
    const { websiteId } = accessedSite(request);
    const { invitationId } = parseInput(invitationParams, request.params);
    if (!(await storage.siteMembers.revokeInvitation(websiteId, invitationId)))
      throw refusedInvitation.NOT_FOUND();
    return { revoked: true };
  });

  // Not site-guarded: whoever accepts holds no role on the site yet. The token is the permission.
  admin.post('/invitations/:token/accept', { preHandler: requireAccount }, async (request) => {
    const account = signedInAccount(request);
    const { token } = parseInput(tokenParams, request.params);
    const accepted = await storage.siteMembers.acceptInvitation(token, account);
    if (!accepted.ok) throw refusedInvitation[accepted.reason]();
    const site = (await storage.siteMembers.sitesOf(account.id)).find(
      (s) => s.websiteId === accepted.member.websiteId,
    );
    return { site: site ? memberSiteView(request, site) : undefined };
  });
}
