import { createHash } from 'node:crypto';
import { commentCountText, commentsVisible, isValidEmail } from '@baukasten/commerce';
import type { CommentStatus, CommentTarget, Storage, StoredComment, Website } from '@baukasten/storage';
import { HttpError } from '../http-error.js';
import { commentMessages as m } from './comment-messages.js';

/*
 * Comments and likes of pages and items (spec 3 commentState, publicCommentCount, likeCount; spec 4
 * visibility). Visitors write; a comment is public only once a moderator approved it. Spam is kept out
 * by a rate limit per client (in the routes), a hidden honeypot field, a link limit and a repeat check.
 */

export const MAX_NAME = 80;
export const MAX_BODY = 2000;
const MAX_LINKS = 2;
/** The same text from the same client for the same page counts as a repeat for this long. */
const REPEAT_WINDOW_MS = 24 * 3_600_000;
/** commentState 1: comments open (spec 4). */
export const COMMENTS_OPEN = 1;

/** What a comment or like points at, as pages show it. */
export interface ResolvedTarget {
  target: CommentTarget;
  title: string;
  fullUrl: string;
  commentState: number | null;
}

/** A public comment as visitors see it: no email, no client hash. */
export interface PublicComment {
  id: string;
  parentId: string | null;
  authorName: string;
  body: string;
  createdAt: number;
  createdText: string;
}

export interface PublicThread {
  comments: (PublicComment & { replies: PublicComment[] })[];
  publicCommentCount: number;
  countText: string;
}

export interface NewCommentInput {
  target: CommentTarget;
  parentId?: string | null;
  authorName: string;
  authorEmail?: string;
  body: string;
  /** The hidden field people never fill in; bots often do. */
  honeypot?: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Hash of a client address per website: repeats are found without storing addresses. */
export const clientHashOf = (websiteId: string, ip: string) => sha256(`comment:${websiteId}:${ip}`);
/** Hash of a visitor's like cookie per website. */
export const visitorHashOf = (websiteId: string, token: string) => sha256(`like:${websiteId}:${token}`);

const countLinks = (text: string) => (text.match(/(https?:\/\/|www\.)/gi) ?? []).length;

/** commentState kept on the record itself or, for pages, in their settings. */
function commentStateOf(record: unknown): number | null {
  const r = record as { commentState?: unknown; settings?: { commentState?: unknown } };
  const value = r.commentState ?? r.settings?.commentState;
  return typeof value === 'number' ? value : null;
}

export function dateText(epochMs: number, website: Website): string {
  return new Intl.DateTimeFormat(website.locale || 'de-DE', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: website.timeZone,
  }).format(epochMs);
}

export class CommentService {
  constructor(private readonly storage: Storage) {}

  /** The page or item of the website a comment or like is for; undefined when there is none. */
  async resolveTarget(website: Website, target: CommentTarget): Promise<ResolvedTarget | undefined> {
    if (target.type === 'collection') {
      const collection = await this.storage.collections.findById(website.id, target.id);
      if (!collection) return undefined;
      return {
        target,
        title: collection.title,
        fullUrl: collection.urlId ? `/${collection.urlId}` : '/',
        commentState: commentStateOf(collection),
      };
    }
    const item = await this.storage.items.findById(website.id, target.id);
    if (!item) return undefined;
    const collection = await this.storage.collections.findById(website.id, item.collectionId);
    // Posts and events keep their comment state beside the item (content entries, migration 0010).
    const details = (await this.storage.content.detailsOf(website.id, [item.id])).get(item.id);
    return {
      target,
      title: item.title,
      fullUrl: `/${collection?.urlId ?? ''}/p/${item.urlId}`,
      commentState: details?.commentState ?? commentStateOf(item),
    };
  }

  /** Comments can be written when the site has them on, uses no Disqus and the page is open (state 1). */
  acceptsComments(website: Website, resolved: ResolvedTarget): boolean {
    if (website.settings.disqusShortname) return false;
    return website.settings.commentsEnabled === true && resolved.commentState === COMMENTS_OPEN;
  }

  /** The approved comments of a page or item, replies under their comment, with the count text of spec 8. */
  async thread(website: Website, target: CommentTarget): Promise<PublicThread> {
    const approved = await this.storage.comments.listPublic(website.id, target);
    const view = (c: StoredComment): PublicComment => ({
      id: c.id,
      parentId: c.parentId,
      authorName: c.authorName,
      body: c.body,
      createdAt: c.createdAt,
      createdText: dateText(c.createdAt, website),
    });
    const topLevel = approved.filter((c) => c.parentId === null);
    const shown = new Set(topLevel.map((c) => c.id));
    const comments = topLevel.map((c) => ({
      ...view(c),
      replies: approved.filter((r) => r.parentId === c.id).map(view),
    }));
    // Replies under a comment that is no longer public are not shown, so they do not count either.
    const publicCommentCount = approved.filter((c) => c.parentId === null || shown.has(c.parentId)).length;
    return { comments, publicCommentCount, countText: commentCountText(publicCommentCount, website.locale) };
  }

  /**
   * Checks and stores a visitor's comment; it waits for a moderator. Throws HttpError on bad input.
   * `admit` runs once the comment passed every check of its fields and page, before the spam checks:
   * the rate limit goes there, so a visitor's typos do not use up their comments.
   */
  async post(
    website: Website,
    input: NewCommentInput,
    clientHash: string,
    { admit, now = Date.now() }: { admit?: () => Promise<void>; now?: number } = {},
  ) {
    const authorName = input.authorName.trim();
    const body = input.body.trim();
    const authorEmail = input.authorEmail?.trim() || undefined;
    if (authorName === '') throw new HttpError(400, 'NAME_MISSING', m.nameMissing);
    if (authorName.length > MAX_NAME) throw new HttpError(400, 'NAME_TOO_LONG', m.nameTooLong);
    if (authorEmail && !isValidEmail(authorEmail))
      throw new HttpError(400, 'INVALID_EMAIL', 'E-Mail-Adresse ist ungültig');
    if (body === '') throw new HttpError(400, 'BODY_MISSING', m.bodyMissing);
    if (body.length > MAX_BODY) throw new HttpError(400, 'BODY_TOO_LONG', m.bodyTooLong);

    const resolved = await this.resolveTarget(website, input.target);
    if (!resolved) throw new HttpError(404, 'TARGET_NOT_FOUND', m.targetUnknown);
    if (!this.acceptsComments(website, resolved))
      throw new HttpError(403, 'COMMENTS_CLOSED', m.commentsClosed);

    let parentId: string | null = null;
    if (input.parentId) {
      const parent = await this.storage.comments.findById(website.id, input.parentId);
      const sameTarget = parent?.target.type === input.target.type && parent.target.id === input.target.id;
      if (!parent || !sameTarget || parent.status !== 'approved')
        throw new HttpError(400, 'PARENT_NOT_FOUND', m.parentUnknown);
      // Replies stay one level deep: a reply to a reply answers the same comment.
      parentId = parent.parentId ?? parent.id;
    }

    await admit?.();
    // A filled honeypot gets the same answer as a real comment, so a bot learns nothing; nothing is kept.
    if (input.honeypot && input.honeypot.trim() !== '') return { stored: false as const };
    if (countLinks(body) > MAX_LINKS || countLinks(authorName) > 0)
      throw new HttpError(400, 'TOO_MANY_LINKS', m.tooManyLinks);
    if (
      await this.storage.comments.isRepeat(website.id, input.target, clientHash, body, now - REPEAT_WINDOW_MS)
    )
      throw new HttpError(409, 'REPEATED_COMMENT', m.repeated);

    const comment = await this.storage.comments.create(
      website.id,
      { target: input.target, parentId, authorName, authorEmail, body, clientHash },
      now,
    );
    return { stored: true as const, comment };
  }

  /** Likes a page or item once per visitor; the site must have simple liking on. */
  async like(website: Website, target: CommentTarget, visitorHash: string) {
    if (website.settings.simpleLikingEnabled !== true) throw new HttpError(403, 'LIKES_OFF', m.likesOff);
    if (!(await this.resolveTarget(website, target)))
      throw new HttpError(404, 'TARGET_NOT_FOUND', m.targetUnknown);
    return this.storage.comments.like(website.id, target, visitorHash);
  }

  /** Comments of one status for moderators, with the page they belong to. */
  async queue(website: Website, status: CommentStatus) {
    const comments = await this.storage.comments.listByStatus(website.id, status);
    const targets = new Map<string, ResolvedTarget | undefined>();
    for (const c of comments) {
      const key = `${c.target.type}:${c.target.id}`;
      if (!targets.has(key)) targets.set(key, await this.resolveTarget(website, c.target));
    }
    return comments.map((c) => moderatorView(c, targets.get(`${c.target.type}:${c.target.id}`)));
  }

  async moderate(website: Website, commentId: string, status: 'approved' | 'rejected') {
    const comment = await this.storage.comments.moderate(website.id, commentId, status);
    if (!comment) throw new HttpError(404, 'COMMENT_NOT_FOUND', m.commentNotFound);
    return moderatorView(comment, await this.resolveTarget(website, comment.target));
  }
}

function moderatorView(c: StoredComment, resolved: ResolvedTarget | undefined) {
  return {
    id: c.id,
    parentId: c.parentId,
    authorName: c.authorName,
    authorEmail: c.authorEmail,
    body: c.body,
    status: c.status,
    createdAt: c.createdAt,
    moderatedAt: c.moderatedAt,
    target: {
      type: c.target.type,
      id: c.target.id,
      title: resolved?.title ?? null,
      fullUrl: resolved?.fullUrl ?? null,
    },
  };
}

/** Spec 4 visibility of a comments section, for a page or item with its counts. */
export function commentSectionVisible(
  website: Website,
  commentState: number | null,
  publicCommentCount: number,
): boolean {
  return commentsVisible({
    commentState,
    publicCommentCount,
    websiteSettings: { commentsEnabled: website.settings.commentsEnabled === true },
  });
}
