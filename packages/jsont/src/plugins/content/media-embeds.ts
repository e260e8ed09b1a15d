// Audio and video embeds of content items. The markup is what the front-end players look for.

import type { Formatter } from '../../plugin-api.js';
import { focalPointOf } from './image-meta.js';
import { asNumber, asText, escapeAttribute, field, isTruthy } from './template-values.js';

export const audioPlayer: Formatter = (value) => {
  const id = asText(field(value, 'id'));
  const audioUrl = asText(field(field(value, 'structuredContent'), 'audioAssetUrl'));
  return (
    `<script>Y.use('squarespace-audio-player-frontend');</script>\n` +
    `<div class="squarespace-audio-player" data-audio-asset-url="${audioUrl}" data-item-id="${id}" ` +
    `id="audio-player-${id}"></div>`
  );
};

const COLOR_ATTRIBUTES = [
  ['topleft', 'topLeftAverage'],
  ['topright', 'topRightAverage'],
  ['bottomleft', 'bottomLeftAverage'],
  ['bottomright', 'bottomRightAverage'],
  ['center', 'centerAverage'],
] as const;

/**
 * The video wrapper holds the provider's embed HTML in an attribute (the player inserts it on
 * click); with `overlay` a poster image or a no-thumb cover sits above it. Arguments: `load-false`,
 * `color-data`.
 */
export const video: Formatter = (value, args) => {
  const oembed = field(value, 'oembed');
  const colorData = field(value, 'colorData');
  const assetUrl = asText(field(value, 'assetUrl'));
  let html = '<div class="sqs-video-wrapper" ';
  if (args.includes('load-false')) html += ' data-load="false" ';
  html += `data-html="${escapeAttribute(asText(field(oembed, 'html')))}" `;
  html += `data-provider-name="${asText(field(oembed, 'providerName'))}">`;
  if (isTruthy(field(value, 'overlay'))) {
    html += '<div class="sqs-video-overlay';
    if (isTruthy(field(value, 'mainImageId')) || isTruthy(field(value, 'systemDataId'))) {
      html += '" style="opacity: 0;">';
      html += `<img data-load="false" data-src="${assetUrl}" `;
      html += `data-image-dimensions="${asText(field(value, 'originalSize'))}" `;
      html += `data-image-focal-point="${focalPointOf(value)}" `;
      if (args.includes('color-data') && isTruthy(colorData)) {
        for (const [attribute, key] of COLOR_ATTRIBUTES) {
          html += `data-color-${attribute}="#${asText(field(colorData, key))}" `;
        }
      }
      html += '/>';
    } else {
      html += ' no-thumb" style="opacity: 0;">';
    }
    html += '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>';
  }
  return `${html}</div>`;
};

/** Milliseconds as minutes:seconds, e.g. 125000 -> '2:05'. */
export function durationText(milliseconds: number): string {
  const seconds = Math.trunc(milliseconds / 1000) || 0;
  const minutes = Math.trunc(seconds / 60);
  return `${minutes}:${String(Math.abs(seconds - minutes * 60)).padStart(2, '0')}`;
}

export const humanizeDuration: Formatter = (value) => durationText(asNumber(value));
