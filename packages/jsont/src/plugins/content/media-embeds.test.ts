import { describe, expect, it } from 'vitest';
import { scopeOver } from './case-files.js';
import { durationText, video } from './media-embeds.js';

describe('media embeds', () => {
  it('writes durations as minutes and padded seconds', () => {
    expect(durationText(0)).toBe('0:00');
    expect(durationText(59_999)).toBe('0:59');
    expect(durationText(3_725_000)).toBe('62:05');
    expect(durationText(Number.NaN)).toBe('0:00');
  });

  it('keeps the provider embed inert inside an escaped attribute', () => {
    const item = { oembed: { html: '<iframe src="x"></iframe>', providerName: 'vimeo' } };
    const html = String(video(item, [], scopeOver(item), []));
    expect(html).toBe(
      '<div class="sqs-video-wrapper" data-html="&lt;iframe src=&quot;x&quot;&gt;&lt;/iframe&gt;" data-provider-name="vimeo"></div>',
    );
  });
});
