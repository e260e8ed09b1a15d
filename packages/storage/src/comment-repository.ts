import type { Kysely, Selectable } from 'kysely';
import { newId } from './ids.js';
import type { CommentsTable, Database } from './schema.js';

/** What a comment or like belongs to: a page (collection) or an item (post, product, event). */
export type CommentTargetType = 'collection' | 'item';

export interface CommentTarget {
  type: CommentTargetType;
  id: string;
}

/** pending waits for a moderator; approved is public; rejected is hidden for good. */
export type CommentStatus = 'pending' | 'approved' | 'rejected';

export interface StoredComment {
  websiteId: string;
  id: string;
  target: CommentTarget;
  /** The top-level comment a reply answers; null for a top-level comment. */
  parentId: string | null;
  authorName: string;
  /** Only for moderators. */
  authorEmail: string | null;
  /** Plain text as the visitor typed it. */
  body: string;
  status: CommentStatus;
  createdAt: number;
  moderatedAt: number | null;
}

export interface NewComment {
  target: CommentTarget;
  parentId?: string | null;
  authorName: string;
  authorEmail?: string | null;
  body: string;
  /** sha256 of client address and website, for spotting repeated posts. */
  clientHash: string;
  /** Default pending. */
  status?: CommentStatus;
}

/** The counts of spec 3: publicCommentCount (approved comments) and likeCount. */
export interface EngagementCounts {
  publicCommentCount: number;
  likeCount: number;
}

export interface CommentRepository {
  create(websiteId: string, input: NewComment, now?: number): Promise<StoredComment>;
  findById(websiteId: string, id: string): Promise<StoredComment | undefined>;
  /** Approved comments of a page or item, oldest first (replies included; they carry parentId). */
  listPublic(websiteId: string, target: CommentTarget, opts?: { limit?: number }): Promise<StoredComment[]>;
  /** The moderation queue and its history: comments of one status across the website, oldest first. */
  listByStatus(websiteId: string, status: CommentStatus, opts?: { limit?: number }): Promise<StoredComment[]>;
  /**
   * Sets a comment's status. Rejecting a top-level comment rejects its replies too, so no reply is left
   * public under a hidden comment. Undefined when the website has no such comment.
   */
  moderate(
    websiteId: string,
    id: string,
    status: Exclude<CommentStatus, 'pending'>,
    now?: number,
  ): Promise<StoredComment | undefined>;
  /** True when the same client already sent this text for this target since `since`. */
  isRepeat(
    websiteId: string,
    target: CommentTarget,
    clientHash: string,
    body: string,
    since: number,
  ): Promise<boolean>;
  /** One like per visitor: a second like of the same visitor is not counted (`added` false). */
  like(
    websiteId: string,
    target: CommentTarget,
    visitorHash: string,
    now?: number,
  ): Promise<{ added: boolean; likeCount: number }>;
  hasLiked(websiteId: string, target: CommentTarget, visitorHash: string): Promise<boolean>;
  /** Counts for many targets in two queries; targets without rows get zeros. Keyed by `type:id`. */
  counts(websiteId: string, targets: readonly CommentTarget[]): Promise<Map<string, EngagementCounts>>;
}

export const targetKey = (target: CommentTarget) => `${target.type}:${target.id}`;

const MAX_LIST = 500;
const limitOf = (limit: number | undefined) => Math.min(Math.max(1, Math.trunc(limit ?? MAX_LIST)), MAX_LIST);

function toComment(row: Selectable<CommentsTable>): StoredComment {
  return {
    websiteId: row.website_id,
    id: row.id,
    target: { type: row.target_type as CommentTargetType, id: row.target_id },
    parentId: row.parent_id,
    authorName: row.author_name,
    authorEmail: row.author_email,
    body: row.body,
    status: row.status as CommentStatus,
    createdAt: Number(row.created_at),
    moderatedAt: row.moderated_at === null ? null : Number(row.moderated_at),
  };
}

export function commentRepository(db: Kysely<Database>): CommentRepository {
  const findById = async (websiteId: string, id: string) => {
    const row = await db
      .selectFrom('comments')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toComment(row) : undefined;
  };

  const likeCount = async (websiteId: string, target: CommentTarget) => {
    const row = await db
      .selectFrom('likes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('website_id', '=', websiteId)
      .where('target_type', '=', target.type)
      .where('target_id', '=', target.id)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };

  return {
    async create(websiteId, input, now = Date.now()) {
      const row = {
        website_id: websiteId,
        id: newId(now),
        target_type: input.target.type,
        target_id: input.target.id,
        parent_id: input.parentId ?? null,
        author_name: input.authorName,
        author_email: input.authorEmail ?? null,
        body: input.body,
        status: input.status ?? 'pending',
        client_hash: input.clientHash,
        created_at: now,
        moderated_at: null,
      };
      await db.insertInto('comments').values(row).execute();
      return toComment(row);
    },

    findById,

    async listPublic(websiteId, target, opts = {}) {
      const rows = await db
        .selectFrom('comments')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('target_type', '=', target.type)
        .where('target_id', '=', target.id)
        .where('status', '=', 'approved')
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .limit(limitOf(opts.limit))
        .execute();
      return rows.map(toComment);
    },

    async listByStatus(websiteId, status, opts = {}) {
      const rows = await db
        .selectFrom('comments')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('status', '=', status)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .limit(limitOf(opts.limit))
        .execute();
      return rows.map(toComment);
    },

    async moderate(websiteId, id, status, now = Date.now()) {
      const result = await db
        .updateTable('comments')
        .set({ status, moderated_at: now })
        .where('website_id', '=', websiteId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      if (status === 'rejected') {
        await db
          .updateTable('comments')
          .set({ status: 'rejected', moderated_at: now })
          .where('website_id', '=', websiteId)
          .where('parent_id', '=', id)
          .execute();
      }
      return findById(websiteId, id);
    },

    async isRepeat(websiteId, target, clientHash, body, since) {
      const row = await db
        .selectFrom('comments')
        .select('id')
        .where('website_id', '=', websiteId)
        .where('target_type', '=', target.type)
        .where('target_id', '=', target.id)
        .where('client_hash', '=', clientHash)
        .where('body', '=', body)
        .where('created_at', '>=', since)
        .executeTakeFirst();
      return row !== undefined;
    },

    async like(websiteId, target, visitorHash, now = Date.now()) {
      const result = await db
        .insertInto('likes')
        .values({
          website_id: websiteId,
          target_type: target.type,
          target_id: target.id,
          visitor_hash: visitorHash,
          created_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['website_id', 'target_type', 'target_id', 'visitor_hash']).doNothing(),
        )
        .executeTakeFirst();
      return {
        added: Number(result.numInsertedOrUpdatedRows ?? 0) > 0,
        likeCount: await likeCount(websiteId, target),
      };
    },

    async hasLiked(websiteId, target, visitorHash) {
      const row = await db
        .selectFrom('likes')
        .select('visitor_hash')
        .where('website_id', '=', websiteId)
        .where('target_type', '=', target.type)
        .where('target_id', '=', target.id)
        .where('visitor_hash', '=', visitorHash)
        .executeTakeFirst();
      return row !== undefined;
    },

    async counts(websiteId, targets) {
      const result = new Map<string, EngagementCounts>();
      for (const t of targets) result.set(targetKey(t), { publicCommentCount: 0, likeCount: 0 });
      if (targets.length === 0) return result;
      const ids = [...new Set(targets.map((t) => t.id))];
      const comments = await db
        .selectFrom('comments')
        .select(['target_type', 'target_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('website_id', '=', websiteId)
        .where('target_id', 'in', ids)
        .where('status', '=', 'approved')
        .groupBy(['target_type', 'target_id'])
        .execute();
      const likes = await db
        .selectFrom('likes')
        .select(['target_type', 'target_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('website_id', '=', websiteId)
        .where('target_id', 'in', ids)
        .groupBy(['target_type', 'target_id'])
        .execute();
      for (const row of comments) {
        const entry = result.get(`${row.target_type}:${row.target_id}`);
        if (entry) entry.publicCommentCount = Number(row.n);
      }
      for (const row of likes) {
        const entry = result.get(`${row.target_type}:${row.target_id}`);
        if (entry) entry.likeCount = Number(row.n);
      }
      return result;
    },
  };
}
