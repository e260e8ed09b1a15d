// Image markup of content items: the data attributes the front-end image loader reads, and the alt
// text chosen from the image's own fields.

import { ALT_TEXT_MAX_LENGTH, BlockType } from '@baukasten/commerce';
import type { Formatter, RenderScope } from '../../plugin-api.js';
import { asNumber, asText, escapeAttribute, field, isObject, isTruthy, path } from './template-values.js';

/**
 * Tags become one space each and nothing else is collapsed: the loader compares alt text with what
 * older pages stored, which kept the spacing.
 */
export function textWithoutTags(html: string): string {
  return html.replace(/<[^>]*>?/g, (tag) => (tag.endsWith('>') ? ' ' : ''));
}

/** Title, else the body's text cut at 250 characters, else the file name, else ''. */
export function altTextFromFields(image: unknown): string {
  const title = field(image, 'title');
  if (isTruthy(title)) return asText(title);
  const body = field(image, 'body');
  if (isTruthy(body)) {
    const text = textWithoutTags(asText(body));
    if (text.length > 0) return text.slice(0, ALT_TEXT_MAX_LENGTH);
  }
  const filename = field(image, 'filename');
  return isTruthy(filename) ? asText(filename) : '';
}

/** Image blocks store their alt text on the item and it wins even when empty. */
export function altTextOf(image: unknown, scope: RenderScope): string {
  const blockType = scope.resolve('blockType');
  if (blockType !== undefined && asNumber(blockType) === BlockType.IMAGE) {
    return asText(field(image, 'altText')).trim();
  }
  return altTextFromFields(image);
}

export function focalPointOf(image: unknown): string {
  const point = field(image, 'mediaFocalPoint');
  if (point === undefined) return '0.5,0.5';
  return `${asNumber(field(point, 'x'))},${asNumber(field(point, 'y'))}`;
}

/** The attributes of an image element, each followed by a space; '' for a missing image. */
export function imageMetaAttributes(image: unknown, scope: RenderScope, alt?: string): string {
  if (image === undefined) return '';
  const assetUrl = asText(field(image, 'assetUrl'));
  const componentKey = field(image, 'componentKey');
  let attributes = '';
  if (isObject(field(image, 'licensedAssetPreview'))) attributes += 'data-licensed-asset-preview="true" ';
  if (componentKey !== undefined) attributes += `data-component-key="${asText(componentKey)}" `;
  attributes += `data-src="${assetUrl}" data-image="${assetUrl}" `;
  attributes += `data-image-dimensions="${asText(field(image, 'originalSize'))}" `;
  attributes += `data-image-focal-point="${focalPointOf(image)}" `;
  attributes += `alt="${alt ?? escapeAttribute(altTextOf(image, scope))}" `;
  return attributes;
}

export const imageMeta: Formatter = (value, _args, scope) => imageMetaAttributes(value, scope);

export const childImageMeta: Formatter = (value, args, scope) => {
  const index = args.length ? Number.parseInt(args[0], 10) : 0;
  return imageMetaAttributes(path(value, 'items', index), scope);
};

export const coverImageMeta: Formatter = (value, _args, scope) =>
  imageMetaAttributes(field(value, 'coverImage'), scope);

/** A lazy-loaded image with a plain <noscript> fallback; the optional argument is its class. */
export const image: Formatter = (value, args, scope) => {
  const className = args.length === 1 ? args[0] : 'thumb-image';
  const alt = escapeAttribute(altTextOf(value, scope));
  const assetUrl = asText(field(value, 'assetUrl'));
  return (
    `<noscript><img src="${assetUrl}" alt="${alt}" /></noscript>` +
    `<img class="${className}" ${imageMetaAttributes(value, scope, alt)}` +
    `data-load="false" data-image-id="${asText(field(value, 'id'))}" data-type="image" />`
  );
};
