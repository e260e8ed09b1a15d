import { commentCountText } from '@baukasten/commerce';
import type { CommentTarget, Storage, Website } from '@baukasten/storage';
import {
  type CommentsProps,
  type DisqusThreadProps,
  type LikeButtonProps,
  renderIsland,
} from '@baukasten/storefront';
import type { FastifyRequest } from 'fastify';
import { commentErrorText, commentMessages } from './comment-messages.js';
import { FAILED_QUERY, LIKER_COOKIE, POSTED_QUERY } from './comment-routes.js';
import { CommentService, commentSectionVisible, visitorHashOf } from './comment-service.js';
import { shareLinks } from './share-links.js';

/*
 * What a page or item shows below its content: comments (built-in or Disqus), the like button and the
 * share links, in the shapes the theme's partials `comments`, `like` and `share` read. Any page route
 * (gallery pages here, blog posts and events too) adds the result to its template context:
 *
 *   ...(await engagementContext(storage, request, website, {
 *     target: { type: 'item', id: item.id }, title, fullUrl, commentState, origin,
 *   }))
 *
 * and the template applies `{engagement|apply comments}` (and `like`, `share`).
 */

export interface EngagementInput {
  target: CommentTarget;
  title: string;
  /** Path of the page, e.g. '/galerie'. */
  fullUrl: string;
  /** commentState of spec 3: 1 open; anything else closed. */
  commentState: number | null;
  /** Scheme and host of the site, for share and Disqus addresses. */
  origin: string;
  /** Absolute or site path of the page's image, for share links that pin one. */
  imageUrl?: string;
}

/** websiteSettings as templates read them (the social predicates and formatters of @baukasten/jsont). */
export function websiteSettingsContext(website: Website) {
  return {
    commentsEnabled: website.settings.commentsEnabled === true,
    simpleLikingEnabled: website.settings.simpleLikingEnabled === true,
    disqusShortname: website.settings.disqusShortname || undefined,
  };
}

/** What the comment form says after a post without script came back (see comment-routes.ts). */
function postedNotice(query: unknown): CommentsProps['notice'] {
  const q = (query ?? {}) as Record<string, unknown>;
  if (q[FAILED_QUERY] !== undefined) return { kind: 'error', text: commentErrorText(q[FAILED_QUERY]) };
  if (q[POSTED_QUERY] === 'eingegangen') return { kind: 'ok', text: commentMessages.awaitingApproval };
  return null;
}

export async function engagementContext(
  storage: Storage,
  request: FastifyRequest,
  website: Website,
  input: EngagementInput,
) {
  const service = new CommentService(storage);
  const settings = websiteSettingsContext(website);
  const pageUrl = `${input.origin}${input.fullUrl}`;
  const counts = (await storage.comments.counts(website.id, [input.target])).values().next().value ?? {
    publicCommentCount: 0,
    likeCount: 0,
  };
  const disqus = settings.disqusShortname
    ? {
        shortname: settings.disqusShortname,
        identifier: `${input.target.type}-${input.target.id}`,
        pageUrl,
        threadUrl: `https://${encodeURIComponent(settings.disqusShortname)}.disqus.com/`,
      }
    : undefined;
  // The forum's script loads only when the visitor asks (another company's code); the link works without it.
  const disqusView = disqus
    ? { ...disqus, island: renderIsland('disqus-thread', disqus satisfies DisqusThreadProps) }
    : undefined;

  let commentsIsland = '';
  let publicCommentCount = counts.publicCommentCount;
  const visible = !disqus && commentSectionVisible(website, input.commentState, publicCommentCount);
  if (visible) {
    const thread = await service.thread(website, input.target);
    publicCommentCount = thread.publicCommentCount;
    const acceptsComments = service.acceptsComments(website, { ...input, target: input.target });
    commentsIsland = renderIsland('comments', {
      targetType: input.target.type,
      targetId: input.target.id,
      comments: thread.comments,
      acceptsComments,
      crumb: request.crumb ?? '',
      returnTo: input.fullUrl,
      notice: postedNotice(request.query),
    } satisfies CommentsProps);
  }

  let likeIsland = '';
  if (settings.simpleLikingEnabled) {
    const token = request.cookies[LIKER_COOKIE];
    const liked = token
      ? await storage.comments.hasLiked(website.id, input.target, visitorHashOf(website.id, token))
      : false;
    likeIsland = renderIsland('like-button', {
      targetType: input.target.type,
      targetId: input.target.id,
      likeCount: counts.likeCount,
      liked,
      crumb: request.crumb ?? '',
      returnTo: input.fullUrl,
    } satisfies LikeButtonProps);
  }

  const imageUrl = input.imageUrl?.startsWith('/') ? `${input.origin}${input.imageUrl}` : input.imageUrl;
  return {
    websiteSettings: settings,
    engagement: {
      id: input.target.id,
      title: input.title,
      fullUrl: input.fullUrl,
      commentState: input.commentState ?? 0,
      publicCommentCount,
      likeCount: counts.likeCount,
      countText: commentCountText(publicCommentCount, website.locale),
      // Spec 4 (R4.8.1–R4.8.3), or Disqus in place of the built-in comments when the site names an account.
      showComments: visible || disqus !== undefined,
      commentsIsland,
      disqus: disqusView,
      likeIsland,
      shareLinks: shareLinks(website.settings.shareButtonOptions, {
        url: pageUrl,
        title: input.title,
        imageUrl,
      }),
    },
  };
}
