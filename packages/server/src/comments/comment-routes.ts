import { randomBytes } from 'node:crypto';
import { SESSION_MESSAGES } from '@baukasten/commerce';
import type { CommentTarget, Storage } from '@baukasten/storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accessedSite, requireSitePermission } from '../admin/permissions.js';
import { registerCrumbCookie, requireCrumb } from '../crumb.js';
import { HttpError } from '../http-error.js';
import { parseOr400 } from '../parse-input.js';
import type { RateLimiter } from '../rate-limit.js';
import type { SharedState } from '../shared-state.js';
import { websiteOf } from '../site-request.js';
import { commentMessages as m } from './comment-messages.js';
import { CommentService, clientHashOf, visitorHashOf } from './comment-service.js';

export const COMMENTS_PATH = '/api/comments';
export const LIKES_PATH = '/api/likes';
/** The visitor's like cookie: a random token, so one browser likes a page once. */
export const LIKER_COOKIE = 'bk_liker';
const LIKER_MAX_AGE_S = 2 * 365 * 86_400;

/** Spam limit: comments per client address and website. */
export const COMMENT_LIMIT = { limit: 5, windowMs: 10 * 60_000 };
const LIKE_LIMIT = { limit: 60, windowMs: 60_000 };

const targetFields = {
  targetType: z.enum(['collection', 'item']),
  targetId: z.string().min(1).max(64),
};
const targetQuery = z.object(targetFields);
const text = (max: number) =>
  z
    .string()
    .max(max * 2)
    .optional()
    .default('');
const commentBody = z.object({
  ...targetFields,
  parentId: z.string().max(64).nullish(),
  authorName: text(80),
  authorEmail: z.string().max(512).optional(),
  body: text(2000),
  /** Honeypot: a field hidden from people. */
  homepage: z.string().max(2000).optional(),
  returnTo: z.string().max(2083).optional(),
  crumb: z.string().optional(),
});

const targetOf = (input: { targetType: 'collection' | 'item'; targetId: string }): CommentTarget => ({
  type: input.targetType,
  id: input.targetId,
});

async function limit(limiter: RateLimiter, key: string, message: string) {
  if (!(await limiter.hit(key))) throw new HttpError(429, 'RATE_LIMITED', message);
}

/** The like cookie of this browser, issued with this answer when it has none. */
function likerToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[LIKER_COOKIE];
  if (existing && /^[\w-]{16,64}$/.test(existing)) return existing;
  const token = randomBytes(18).toString('base64url');
  reply.setCookie(LIKER_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: LIKER_MAX_AGE_S,
    secure: request.protocol === 'https',
  });
  return token;
}

/** Query keys a page reads after a form post without script: the outcome, or the error type. */
export const POSTED_QUERY = 'kommentar';
export const FAILED_QUERY = 'kommentarFehler';

const isFormPost = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

/** The page a form came from: a path of this site only, never another host. */
const returnPath = (body: unknown) => {
  const value = (body as { returnTo?: unknown } | undefined)?.returnTo;
  return typeof value === 'string' && /^\/(?![/\\])[^\s?#]*$/.test(value) ? value : '/';
};

/**
 * JSON for the islands; for a plain form post (no script) a 303 back to the page, which then shows the
 * outcome: `?kommentar=eingegangen` or `?kommentarFehler=<type>`.
 */
async function answerFormOrJson(
  request: FastifyRequest,
  reply: FastifyReply,
  anchor: string,
  run: () => Promise<object>,
) {
  if (!isFormPost(request)) return reply.send(await run());
  const back = returnPath(request.body);
  try {
    await run();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return reply.redirect(`${back}?${FAILED_QUERY}=${encodeURIComponent(error.type)}${anchor}`, 303);
  }
  return reply.redirect(`${back}?${POSTED_QUERY}=eingegangen${anchor}`, 303);
}

export interface CommentRouteOptions {
  storage: Storage;
  shared: SharedState;
}

/** Visitor side (host-scoped): read a thread, write a comment or reply, like a page or item. */
export function registerCommentRoutes(site: FastifyInstance, { storage, shared }: CommentRouteOptions) {
  const comments = new CommentService(storage);
  const commentLimiter = shared.rateLimiter('comments', COMMENT_LIMIT);
  const likeLimiter = shared.rateLimiter('likes', LIKE_LIMIT);

  site.get(COMMENTS_PATH, async (request) => {
    const website = websiteOf(request);
    const target = targetOf(parseOr400(targetQuery, request.query));
    const resolved = await comments.resolveTarget(website, target);
    if (!resolved) throw new HttpError(404, 'TARGET_NOT_FOUND', m.targetUnknown);
    return {
      ...(await comments.thread(website, target)),
      acceptsComments: comments.acceptsComments(website, resolved),
    };
  });

  site.post(COMMENTS_PATH, async (request, reply) =>
    answerFormOrJson(request, reply, '#kommentare', async () => {
      await requireCrumb(request);
      const website = websiteOf(request);
      const input = parseOr400(commentBody, request.body);
      await comments.post(
        website,
        {
          target: targetOf(input),
          parentId: input.parentId || null,
          authorName: input.authorName,
          authorEmail: input.authorEmail,
          body: input.body,
          honeypot: input.homepage,
        },
        clientHashOf(website.id, request.ip),
        { admit: () => limit(commentLimiter, `${website.id}:${request.ip}`, m.tooManyComments) },
      );
      reply.code(202);
      return { status: 'pending', message: m.awaitingApproval };
    }),
  );

  site.post(LIKES_PATH, async (request, reply) =>
    answerFormOrJson(request, reply, '', async () => {
      await requireCrumb(request);
      const website = websiteOf(request);
      const target = targetOf(parseOr400(targetQuery, request.body));
      await limit(likeLimiter, `${website.id}:${request.ip}`, SESSION_MESSAGES.tooManyRequests);
      const token = likerToken(request, reply);
      const { added, likeCount } = await comments.like(website, target, visitorHashOf(website.id, token));
      return { liked: true, counted: added, likeCount };
    }),
  );
}

const queueQuery = z.object({ status: z.string().optional() });
const moderation = z.object({ status: z.string() });
const commentParams = z.object({ siteId: z.string(), commentId: z.string().min(1).max(64) });

/**
 * Moderator side under /api/admin (not host-scoped, like the rest of the admin API): the queue of
 * comments waiting for approval and the decision on one. Both need `comments.moderate`.
 */
export async function registerCommentModerationRoutes(app: FastifyInstance, storage: Storage) {
  const comments = new CommentService(storage);
  const siteOf = async (request: FastifyRequest) => {
    const website = await storage.websites.findById(accessedSite(request).websiteId);
    if (!website) throw new HttpError(404, 'SITE_NOT_FOUND', m.targetUnknown);
    return website;
  };
  await app.register(
    async (admin) => {
      registerCrumbCookie(admin);
      admin.addHook('preHandler', async (request) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') await requireCrumb(request);
      });
      const guard = { preHandler: requireSitePermission('comments.moderate') };

      admin.get('/sites/:siteId/comments', guard, async (request) => {
        const raw = parseOr400(queueQuery, request.query).status ?? 'pending';
        if (raw !== 'pending' && raw !== 'approved' && raw !== 'rejected')
          throw new HttpError(400, 'STATUS_UNKNOWN', m.queueStatusUnknown);
        return { comments: await comments.queue(await siteOf(request), raw) };
      });

      admin.patch('/sites/:siteId/comments/:commentId', guard, async (request) => {
        const { commentId } = parseOr400(commentParams, request.params);
        const { status } = parseOr400(moderation, request.body);
        if (status !== 'approved' && status !== 'rejected')
          throw new HttpError(400, 'STATUS_UNKNOWN', m.statusUnknown);
        return { comment: await comments.moderate(await siteOf(request), commentId, status) };
      });
    },
    { prefix: '/api/admin' },
  );
}
