// Comment markup of posts and collections: the count text, the link to the comments, the comments
// container (ours or Disqus) and the predicates that decide whether comments show at all.

import { commentCountText, commentsVisible } from '@baukasten/commerce';
import type { Formatter, Predicate, RenderScope } from '../../plugin-api.js';
import { asNumber, asText, field, isTruthy, path } from '../content/template-values.js';

/** Disqus replaces the built-in comments when the site names its Disqus account. */
const disqusShortname = (scope: RenderScope) => scope.resolve('websiteSettings.disqusShortname');

// The site's locale picks the words: 'Keine Kommentare' on a German site (issue 22).
export const commentCount: Formatter = (value, _args, scope) =>
  commentCountText(asNumber(field(value, 'publicCommentCount')), scope.locale);

export const commentLink: Formatter = (value, _args, scope) => {
  const id = asText(field(value, 'id'));
  const url = asText(field(value, 'fullUrl'));
  if (isTruthy(disqusShortname(scope))) {
    return `<a href="${url}" class="sqs-comment-link sqs-disqus-comment-link" data-id="${id}"></a>`;
  }
  const [count, ...noun] = commentCountText(asNumber(field(value, 'publicCommentCount')), scope.locale).split(
    ' ',
  );
  return (
    `<a href="${url}#comments-${id}" class="sqs-comment-link" data-id="${id}">\n` +
    `  ${count}\n  ${noun.join(' ')}\n  </a>`
  );
};

/** The comments container; the page's item (or else collection) gives the count and state. */
export const comments: Formatter = (value, _args, scope) => {
  if (isTruthy(disqusShortname(scope))) return '<div class="squarespace-comments" id="disqus_thread"></div>';
  const lookup = (key: string) => field(value, key) ?? scope.resolve(key);
  const owner = isTruthy(lookup('item')) ? 'item' : isTruthy(lookup('collection')) ? 'collection' : null;
  let html = `<div class="squarespace-comments" id="comments-${asText(field(value, 'id'))}"`;
  if (owner) {
    const record = lookup(owner);
    html +=
      ` data-${owner}-id="${asText(field(record, 'id'))}"` +
      ` data-public-comment-count="${asText(field(record, 'publicCommentCount'))}"` +
      ` data-comment-state="${asText(field(record, 'commentState'))}"`;
  }
  return `${html}></div>`;
};

export const commentPredicates: Record<string, Predicate> = {
  comments: (_args, scope) => {
    const settings = scope.resolve('websiteSettings');
    return commentsVisible({
      commentState: asNumber(field(scope.current, 'commentState')),
      publicCommentCount: asNumber(field(scope.current, 'publicCommentCount')) || 0,
      websiteSettings:
        settings === undefined
          ? undefined
          : { commentsEnabled: isTruthy(field(settings, 'commentsEnabled')) },
    });
  },
  // The conformance cases (plugins/p-disqus-1) spell it disqusShortName, spec 3's website context
  // disqusShortname (as the server sends it): either names the Disqus account.
  disqus: (_args, scope) => {
    const settings = scope.resolve('websiteSettings');
    return isTruthy(path(settings, 'disqusShortName')) || isTruthy(path(settings, 'disqusShortname'));
  },
};
