import { api } from '../../api/api-client.js';

/* The moderation calls of the admin API (packages/server/src/comments, README there). */

export type CommentStatus = 'pending' | 'approved' | 'rejected';

export interface ModeratedComment {
  id: string;
  parentId: string | null;
  authorName: string;
  authorEmail: string | null;
  body: string;
  status: CommentStatus;
  createdAt: number;
  moderatedAt: number | null;
  target: { type: 'collection' | 'item'; id: string; title: string | null; fullUrl: string | null };
}

const base = (siteId: string) => `/sites/${encodeURIComponent(siteId)}/comments`;

export const moderation = {
  list: (siteId: string, status: CommentStatus) =>
    api.get<{ comments: ModeratedComment[] }>(base(siteId), { query: { status } }),
  decide: (siteId: string, commentId: string, status: 'approved' | 'rejected') =>
    api.patch<{ comment: ModeratedComment }>(`${base(siteId)}/${encodeURIComponent(commentId)}`, { status }),
};
