import type { Plugin } from '../../plugin-api.js';
import { colorWeight, imageColor, websiteColor } from './colors.js';
import { contentPredicates } from './content-predicates.js';
import { galleryPredicates } from './gallery-predicates.js';
import { childImageMeta, coverImageMeta, image, imageMeta } from './image-meta.js';
import {
  height,
  imageSrcset,
  resizedHeightForWidth,
  resizedWidthForHeight,
  thumbnailForHeight,
  thumbnailForWidth,
  width,
} from './image-srcset.js';
import { absUrl, capitalize, itemClasses } from './item-classes.js';
import { audioPlayer, humanizeDuration, video } from './media-embeds.js';
import { recordTypePredicates } from './record-type-predicates.js';

/** Formatters and predicates for pages, blog posts, galleries and events. */
export const contentPlugin: Plugin = {
  name: 'content',
  formatters: {
    AbsUrl: absUrl,
    absurl: absUrl,
    'audio-player': audioPlayer,
    capitalize,
    'child-image-meta': childImageMeta,
    'color-weight': colorWeight,
    'cover-image-meta': coverImageMeta,
    height,
    humanizeDuration,
    'humanize-duration': humanizeDuration,
    image,
    'image-color': imageColor,
    'image-meta': imageMeta,
    'image-srcset': imageSrcset,
    'item-classes': itemClasses,
    resizedHeightForWidth,
    resizedWidthForHeight,
    squarespaceThumbnailForHeight: thumbnailForHeight,
    squarespaceThumbnailForWidth: thumbnailForWidth,
    video,
    'website-color': websiteColor,
    width,
  },
  predicates: { ...contentPredicates, ...recordTypePredicates, ...galleryPredicates },
};
