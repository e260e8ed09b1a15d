// Like, share and follow buttons. The markup carries data attributes only; the site's scripts
// draw the buttons, so nothing here talks to a social network.

import type { Formatter } from '../../plugin-api.js';
import { asText, escapeAttribute, field, isTruthy, path } from '../content/template-values.js';

export const likeButton: Formatter = (value, _args, scope) => {
  if (!isTruthy(scope.resolve('websiteSettings.simpleLikingEnabled'))) return '';
  return (
    `<span class="sqs-simple-like" data-item-id="${asText(field(value, 'id'))}" ` +
    `data-like-count="${asText(field(value, 'likeCount'))}">\n` +
    '    <span class="like-icon"></span>\n    <span class="like-count"></span>\n  </span>'
  );
};

/** Share buttons show only when the site chose at least one service. */
function socialButton(item: unknown, website: unknown, inline: boolean): string {
  const options = field(website, 'shareButtonOptions');
  if (!isTruthy(options)) return '';
  const imageId = field(item, 'systemDataId') ?? field(item, 'mainImageId');
  const assetUrl = field(item, 'assetUrl') ?? path(item, 'mainImage', 'assetUrl');
  const tag = inline ? 'span' : 'div';
  return (
    `<${tag} class="squarespace-social-buttons ${inline ? 'inline-style' : 'button-style'}"` +
    ` data-system-data-id="${asText(imageId)}"` +
    ` data-asset-url="${asText(assetUrl)}"` +
    ` data-record-type="${asText(field(item, 'recordType'))}"` +
    ` data-full-url="${asText(field(item, 'fullUrl'))}"` +
    ` data-title="${escapeAttribute(asText(field(item, 'title')))}"></${tag}>`
  );
}

export const socialButtonFormatter: Formatter = (value, _args, scope) =>
  socialButton(value, scope.resolve('website'), false);

export const socialButtonInline: Formatter = (value, _args, scope) =>
  socialButton(value, scope.resolve('website'), true);

/** The account's user name, else the last part of its profile URL. */
export const twitterFollowButton: Formatter = (value) => {
  let userName = asText(field(value, 'userName'));
  if (userName === '') userName = asText(field(value, 'profileUrl')).split('/').pop() ?? '';
  return (
    "<script>Y.use('squarespace-follow-buttons', function(Y) { " +
    "Y.on('domready', function() { Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>" +
    `<div class="squarespace-follow-button" data-username="${escapeAttribute(userName)}"></div>`
  );
};
