import { createHash } from 'node:crypto';
import { renderIsland, type VideoOverlayProps } from '@baukasten/storefront';
import sanitizeHtml from 'sanitize-html';
import { type GalleryImageInput, galleryContext } from './gallery-context.js';
import { ImageHelperError, responsiveImage, type StoredImage } from './responsive-image.js';

/*
 * Template contexts of the media blocks: gallery, video (spec 3 Video: oembed html and providerName,
 * overlay image) and audio. A block that cannot be shown safely becomes `{type: 'missing'}`, which
 * templates skip, rather than breaking the page.
 */

const MISSING = { type: 'missing' } as const;

/** A stable element id for a block without one: a short hash of its content. */
const elementId = (prefix: string, block: object) =>
  `${prefix}-${
    typeof (block as { id?: unknown }).id === 'string'
      ? (block as { id: string }).id
      : createHash('sha1').update(JSON.stringify(block)).digest('hex').slice(0, 10)
  }`;

export function galleryBlockContext(block: Record<string, unknown>, label = 'Bildergalerie') {
  const images = Array.isArray(block.images) ? (block.images as GalleryImageInput[]) : [];
  const gallery = galleryContext(images, block.settings, { id: elementId('galerie', block), label });
  return gallery.hasImages ? { ...block, gallery } : MISSING;
}

/**
 * The provider's oEmbed HTML cut down to its iframe with an https address: a stored embed can then
 * never run script in the page itself, whatever was saved.
 */
export function safeEmbedHtml(html: string, title: string): string {
  let src = '';
  sanitizeHtml(html, {
    allowedTags: ['iframe'],
    allowedAttributes: { iframe: ['src'] },
    allowedSchemes: ['https'],
    exclusiveFilter: (frame) => {
      if (frame.tag === 'iframe' && !src && /^https:\/\//i.test(frame.attribs.src ?? ''))
        src = frame.attribs.src!;
      return false;
    },
  });
  if (!src) return '';
  const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return (
    `<iframe src="${attr(src)}" title="${attr(title || 'Video')}" loading="lazy" ` +
    'allow="autoplay; encrypted-media; fullscreen; picture-in-picture" allowfullscreen ' +
    'sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"></iframe>'
  );
}

interface VideoBlock {
  title?: unknown;
  oembed?: { html?: unknown; providerName?: unknown };
  overlay?: StoredImage | null;
}

export function videoBlockContext(block: Record<string, unknown>) {
  const video = block as VideoBlock;
  const title = typeof video.title === 'string' ? video.title : '';
  const embedHtml = safeEmbedHtml(typeof video.oembed?.html === 'string' ? video.oembed.html : '', title);
  if (!embedHtml) return MISSING;
  let poster: VideoOverlayProps['poster'] = null;
  if (video.overlay) {
    try {
      const picture = responsiveImage(video.overlay, '(max-width: 960px) 100vw, 960px');
      poster = { ...picture, alt: picture.alt || title };
    } catch (error) {
      // Without a usable overlay image the player shows straight away.
      if (!(error instanceof ImageHelperError)) throw error;
    }
  }
  const providerName = typeof video.oembed?.providerName === 'string' ? video.oembed.providerName : '';
  return {
    ...block,
    video: {
      title,
      providerName,
      island: renderIsland('video-overlay', {
        title,
        providerName,
        embedHtml,
        poster,
      } satisfies VideoOverlayProps),
    },
  };
}

const isAudioUrl = (url: unknown): url is string =>
  typeof url === 'string' && (/^https:\/\/\S+$/i.test(url) || /^\/(?!\/)\S*$/.test(url));

export function audioBlockContext(block: Record<string, unknown>) {
  const url = block.audioAssetUrl;
  if (!isAudioUrl(url)) return MISSING;
  const durationMs =
    typeof block.durationMs === 'number' && block.durationMs > 0 ? block.durationMs : undefined;
  return {
    ...block,
    audio: {
      audioUrl: url,
      title: typeof block.title === 'string' ? block.title : '',
      artist: typeof block.artist === 'string' ? block.artist : '',
      durationMs,
    },
  };
}

/** The context of a media block kind, or undefined for kinds this module does not handle. */
export function mediaBlockContext(block: { type: string }, label?: string) {
  const record = block as Record<string, unknown> & { type: string };
  if (block.type === 'gallery') return galleryBlockContext(record, label);
  if (block.type === 'video') return videoBlockContext(record);
  if (block.type === 'audio') return audioBlockContext(record);
  return undefined;
}
