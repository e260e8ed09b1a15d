import { type FormEvent, useEffect, useState } from 'react';
import { postJson, serverMessage } from '../forms/form-request.js';
import { useIslandId } from '../island-id.js';
import { COMMENT_TEXTS } from './texts.js';

export const COMMENTS_URL = '/api/comments';
export const COMMENT_BODY_MAX = 2000;

export interface ThreadComment {
  id: string;
  authorName: string;
  body: string;
  createdAt: number;
  createdText: string;
}

export interface CommentsProps {
  targetType: 'collection' | 'item';
  targetId: string;
  /** Approved comments, oldest first, each with its approved replies. */
  comments: (ThreadComment & { replies: ThreadComment[] })[];
  /** False when the page is closed for comments: the thread shows, the form does not. */
  acceptsComments: boolean;
  /** The visitor's crumb and the page's path: the form posts without script too. */
  crumb: string;
  returnTo: string;
  /** The outcome of a post without script, shown at the form once the page is back. */
  notice?: { kind: 'ok' | 'error'; text: string } | null;
}

type Sent = { kind: 'ok' | 'error'; text: string } | null;

/**
 * The built-in comments of a page or item: the approved thread, a form for a new comment and one for
 * a reply. What a visitor sends waits for a moderator, so the form says so instead of showing it.
 */
export function Comments({
  targetType,
  targetId,
  comments,
  acceptsComments,
  crumb,
  returnTo,
  notice = null,
}: CommentsProps) {
  const hidden = { targetType, targetId, crumb, returnTo };
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="comments__body" data-hydrated={hydrated ? 'true' : undefined}>
      {comments.length === 0 ? (
        <p className="comments__empty">{COMMENT_TEXTS.empty}</p>
      ) : (
        <ol className="comments__list">
          {comments.map((comment) => (
            <li key={comment.id} className="comment">
              <CommentText comment={comment} />
              {comment.replies.length > 0 && (
                <ol className="comments__replies" aria-label={COMMENT_TEXTS.repliesLabel(comment.authorName)}>
                  {comment.replies.map((reply) => (
                    <li key={reply.id} className="comment comment--reply">
                      <CommentText comment={reply} />
                    </li>
                  ))}
                </ol>
              )}
              {acceptsComments &&
                (replyTo === comment.id ? (
                  <CommentForm {...hidden} parent={comment} onCancel={() => setReplyTo(null)} />
                ) : (
                  <button type="button" className="comment__reply" onClick={() => setReplyTo(comment.id)}>
                    {COMMENT_TEXTS.reply}
                    <span className="visually-hidden"> ({comment.authorName})</span>
                  </button>
                ))}
            </li>
          ))}
        </ol>
      )}
      {acceptsComments ? (
        <CommentForm {...hidden} notice={notice} />
      ) : (
        <p className="comments__closed">{COMMENT_TEXTS.closed}</p>
      )}
    </div>
  );
}

function CommentText({ comment }: { comment: ThreadComment }) {
  return (
    <article className="comment__text">
      <p className="comment__meta">
        <strong className="comment__author">{comment.authorName}</strong>{' '}
        <time dateTime={new Date(comment.createdAt).toISOString()}>{comment.createdText}</time>
      </p>
      <p className="comment__body">{comment.body}</p>
    </article>
  );
}

interface CommentFormProps {
  targetType: CommentsProps['targetType'];
  targetId: string;
  crumb: string;
  returnTo: string;
  parent?: ThreadComment;
  notice?: Sent;
  onCancel?: () => void;
}

function CommentForm({
  targetType,
  targetId,
  crumb,
  returnTo,
  parent,
  notice = null,
  onCancel,
}: CommentFormProps) {
  const id = useIslandId();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<Sent>(notice);
  const title = parent ? COMMENT_TEXTS.replyTitle(parent.authorName) : COMMENT_TEXTS.formTitle;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setSending(true);
    setSent(null);
    const answer = await postJson(COMMENTS_URL, {
      targetType,
      targetId,
      parentId: parent?.id ?? null,
      authorName: String(data.get('authorName') ?? ''),
      authorEmail: String(data.get('authorEmail') ?? ''),
      body: String(data.get('body') ?? ''),
      homepage: String(data.get('homepage') ?? ''),
    });
    setSending(false);
    if (answer.ok) {
      form.reset();
      setSent({ kind: 'ok', text: String((answer.body as { message?: unknown }).message ?? '') });
    } else {
      setSent({ kind: 'error', text: serverMessage(answer.body) ?? COMMENT_TEXTS.failed });
    }
  };

  return (
    <form
      className={`comment-form${parent ? ' comment-form--reply' : ''}`}
      method="post"
      action={COMMENTS_URL}
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
    >
      <input type="hidden" name="crumb" value={crumb} />
      <input type="hidden" name="targetType" value={targetType} />
      <input type="hidden" name="targetId" value={targetId} />
      <input type="hidden" name="parentId" value={parent?.id ?? ''} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <h3 id={`${id}-title`} className="comment-form__title">
        {title}
      </h3>
      <div className="comment-form__field">
        <label htmlFor={`${id}-name`}>{COMMENT_TEXTS.name}</label>
        <input id={`${id}-name`} name="authorName" autoComplete="name" maxLength={80} required />
      </div>
      <div className="comment-form__field">
        <label htmlFor={`${id}-email`}>{COMMENT_TEXTS.email}</label>
        <input id={`${id}-email`} name="authorEmail" type="email" autoComplete="email" maxLength={256} />
      </div>
      <div className="comment-form__field">
        <label htmlFor={`${id}-body`}>{COMMENT_TEXTS.body}</label>
        <textarea id={`${id}-body`} name="body" rows={4} maxLength={COMMENT_BODY_MAX} required />
      </div>
      {/* People never see this field; bots that fill it are ignored by the server. */}
      <div className="comment-form__honeypot" aria-hidden="true">
        <label htmlFor={`${id}-homepage`}>{COMMENT_TEXTS.honeypot}</label>
        <input id={`${id}-homepage`} name="homepage" tabIndex={-1} autoComplete="off" />
      </div>
      {sent && (
        <p
          className={`comment-form__message comment-form__message--${sent.kind}`}
          role={sent.kind === 'error' ? 'alert' : 'status'}
        >
          {sent.text}
        </p>
      )}
      <div className="comment-form__actions">
        <button type="submit" className="button" disabled={sending}>
          {sending ? COMMENT_TEXTS.sending : parent ? COMMENT_TEXTS.submitReply : COMMENT_TEXTS.submit}
        </button>
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {COMMENT_TEXTS.cancelReply}
          </button>
        )}
      </div>
    </form>
  );
}
