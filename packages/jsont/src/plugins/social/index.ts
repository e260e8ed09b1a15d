import type { Plugin } from '../../plugin-api.js';
import { googleCalendarUrlFormatter } from './calendar-link.js';
import { commentCount, commentLink, commentPredicates, comments } from './comments.js';
import {
  likeButton,
  socialButtonFormatter,
  socialButtonInline,
  twitterFollowButton,
} from './share-buttons.js';
import { activateTwitterLinksFormatter } from './twitter-links.js';

/** Comments, likes, sharing, follow buttons and calendar links. */
export const socialPlugin: Plugin = {
  name: 'social',
  formatters: {
    'activate-twitter-links': activateTwitterLinksFormatter,
    'comment-count': commentCount,
    'comment-link': commentLink,
    comments,
    'google-calendar-url': googleCalendarUrlFormatter,
    'like-button': likeButton,
    'social-button': socialButtonFormatter,
    'social-button-inline': socialButtonInline,
    'twitter-follow-button': twitterFollowButton,
  },
  predicates: commentPredicates,
};
