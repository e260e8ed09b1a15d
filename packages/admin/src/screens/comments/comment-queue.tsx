import { useState } from 'react';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useAction, useLoad } from '../../ui/async.js';
import { Button, ErrorBox, Loading, NotAvailable, StatusMessage } from '../../ui/controls.js';
import { dateTime, siteAddress } from '../../ui/format.js';
import { PageTitle } from '../../ui/page-title.js';
import { type CommentStatus, type ModeratedComment, moderation } from './comments-api.js';
import { K } from './texts.js';
import './comments.css';

/*
 * /kommentare — the moderation queue (issue 11): visitors' comments waiting for approval, oldest first,
 * each with its page, to approve or reject; the approved and rejected ones can be decided again.
 * Needs comments.moderate (roles admin, editor, moderator, website manager).
 */

const STATUSES: CommentStatus[] = ['pending', 'approved', 'rejected'];

export function CommentQueue() {
  const { site } = useSite();
  const [status, setStatus] = useState<CommentStatus>('pending');
  const loaded = useLoad(() => moderation.list(site.id, status), [site.id, status]);
  const action = useAction();
  const [announcement, setAnnouncement] = useState('');
  const address = site.url ?? siteAddress(site.hostnames[0]);
  if (isMissingRoute(loaded.error)) return <NotAvailable title={K.title} />;

  const decide = async (comment: ModeratedComment, decision: 'approved' | 'rejected') => {
    const answer = await action.run(() => moderation.decide(site.id, comment.id, decision));
    if (!answer || !loaded.data) return;
    // Decided: it leaves this list (it now belongs to the other one).
    loaded.set({ comments: loaded.data.comments.filter((c) => c.id !== comment.id) });
    setAnnouncement(
      decision === 'approved' ? K.approved(comment.authorName) : K.rejected(comment.authorName),
    );
  };

  const comments = loaded.data?.comments;
  return (
    <div>
      <PageTitle>{K.title}</PageTitle>
      <p className="muted">{K.intro}</p>
      <fieldset className="comment-filter">
        <legend className="visually-hidden">{K.filter}</legend>
        {STATUSES.map((s) => (
          <Button
            key={s}
            variant={s === status ? 'primary' : 'secondary'}
            aria-pressed={s === status}
            onClick={() => {
              setAnnouncement('');
              setStatus(s);
            }}
          >
            {K.tabs[s]}
          </Button>
        ))}
      </fieldset>
      <ErrorBox error={loaded.error ?? action.error} />
      <StatusMessage>{announcement}</StatusMessage>
      {loaded.loading && !comments ? <Loading /> : null}
      {comments && comments.length === 0 ? <p>{K.none[status]}</p> : null}
      {comments && comments.length > 0 ? (
        <>
          <p className="muted">{K.count(comments.length)}</p>
          <ol className="comment-queue">
            {comments.map((comment) => (
              <li key={comment.id} className="card comment-queue__item">
                <h2 className="comment-queue__author">
                  {comment.authorName}
                  {comment.authorEmail ? <span className="muted"> · {comment.authorEmail}</span> : null}
                </h2>
                <p className="muted">
                  <time dateTime={new Date(comment.createdAt).toISOString()}>
                    {dateTime(comment.createdAt, site.timeZone)}
                  </time>{' '}
                  {K.on}{' '}
                  {comment.target.fullUrl ? (
                    <a href={`${address ?? ''}${comment.target.fullUrl}`} target="_blank" rel="noreferrer">
                      {comment.target.title ?? comment.target.fullUrl}
                    </a>
                  ) : (
                    K.unknownPage
                  )}
                  {comment.parentId ? ` · ${K.reply}` : null}
                </p>
                <p className="comment-queue__body">{comment.body}</p>
                <div className="form-actions">
                  {comment.status !== 'approved' ? (
                    <Button
                      variant="primary"
                      busy={action.busy}
                      aria-label={K.approve(comment.authorName)}
                      onClick={() => decide(comment, 'approved')}
                    >
                      {K.approveLabel}
                    </Button>
                  ) : null}
                  {comment.status !== 'rejected' ? (
                    <Button
                      variant="danger"
                      busy={action.busy}
                      aria-label={K.reject(comment.authorName)}
                      onClick={() => decide(comment, 'rejected')}
                    >
                      {K.rejectLabel}
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}
