import { useState } from 'react';
import { GALLERY_TEXTS } from './texts.js';

export interface VideoPoster {
  src: string;
  srcset: string;
  sizes: string;
  alt: string;
  width: number;
  height: number;
  objectPosition: string;
}

export interface VideoOverlayProps {
  title: string;
  providerName: string;
  /** The provider's oEmbed HTML, already cleaned by the server down to one https iframe. */
  embedHtml: string;
  /** The overlay image of spec 3 (Video.overlay); without one the player shows at once. */
  poster: VideoPoster | null;
}

/**
 * A video of spec 3 (oembed html, overlay): the overlay image with a play button stands in for the
 * provider's player, which loads only when the visitor asks for it (no third-party request before).
 */
export function VideoOverlay({ title, providerName, embedHtml, poster }: VideoOverlayProps) {
  const [playing, setPlaying] = useState(poster === null);
  if (playing) {
    return (
      <div
        className="media-video__player"
        data-provider-name={providerName}
        dangerouslySetInnerHTML={{ __html: embedHtml }}
      />
    );
  }
  return (
    <button type="button" className="media-video__overlay" onClick={() => setPlaying(true)}>
      <img
        className="media-video__poster"
        src={poster!.src}
        srcSet={poster!.srcset}
        sizes={poster!.sizes}
        alt={poster!.alt}
        width={poster!.width}
        height={poster!.height}
        style={{ objectPosition: poster!.objectPosition }}
        loading="lazy"
      />
      <span className="media-video__play" aria-hidden="true">
        ▶
      </span>
      <span className="visually-hidden">{GALLERY_TEXTS.playVideo(title)}</span>
    </button>
  );
}
