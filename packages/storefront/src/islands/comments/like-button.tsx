import { type FormEvent, useEffect, useState } from 'react';
import { postJson, serverMessage } from '../forms/form-request.js';
import { COMMENT_TEXTS } from './texts.js';

export const LIKES_URL = '/api/likes';

export interface LikeButtonProps {
  targetType: 'collection' | 'item';
  targetId: string;
  /** likeCount of spec 3. */
  likeCount: number;
  /** This visitor liked it already (their like cookie is known to the server). */
  liked: boolean;
  /** The visitor's crumb and the page's path: the button posts without script too. */
  crumb: string;
  returnTo: string;
}

/**
 * The like button of simple liking (spec 3 simpleLikingEnabled): one like per visitor. A second press
 * changes nothing; the count is what the server counted.
 */
export function LikeButton({
  targetType,
  targetId,
  likeCount,
  liked: likedAtFirst,
  crumb,
  returnTo,
}: LikeButtonProps) {
  const [count, setCount] = useState(likeCount);
  const [liked, setLiked] = useState(likedAtFirst);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const like = async (event: FormEvent) => {
    event.preventDefault();
    if (liked || busy) return;
    setBusy(true);
    setProblem(null);
    const answer = await postJson(LIKES_URL, { targetType, targetId });
    setBusy(false);
    if (answer.ok) {
      setLiked(true);
      setCount(Number((answer.body as { likeCount?: unknown }).likeCount ?? count));
    } else {
      setProblem(serverMessage(answer.body) ?? COMMENT_TEXTS.likeFailed);
    }
  };

  return (
    <form
      className="like"
      method="post"
      action={LIKES_URL}
      onSubmit={like}
      data-hydrated={hydrated ? 'true' : undefined}
    >
      <input type="hidden" name="crumb" value={crumb} />
      <input type="hidden" name="targetType" value={targetType} />
      <input type="hidden" name="targetId" value={targetId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        className={`like__button${liked ? ' like__button--liked' : ''}`}
        aria-pressed={liked}
        aria-label={COMMENT_TEXTS.likeLabel(count)}
      >
        <span className="like__icon" aria-hidden="true">
          ♥
        </span>{' '}
        <span aria-hidden="true">{liked ? COMMENT_TEXTS.liked : COMMENT_TEXTS.like}</span>{' '}
        <span className="like__count" aria-hidden="true">
          {count}
        </span>
      </button>
      {problem && (
        <span className="like__problem" role="alert">
          {problem}
        </span>
      )}
    </form>
  );
}
