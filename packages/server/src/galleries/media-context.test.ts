import { MISSING_ORIGINAL_SIZE } from '@baukasten/commerce';
import { describe, expect, it } from 'vitest';
import { shareLinks } from '../comments/share-links.js';
import { galleryContext, gallerySettings } from './gallery-context.js';
import { audioBlockContext, safeEmbedHtml, videoBlockContext } from './media-context.js';
import { type ImageHelperError, responsiveImage } from './responsive-image.js';

const image = (name: string, extra: Record<string, unknown> = {}) => ({
  assetUrl: `/assets/demo/${name}.svg`,
  altText: name,
  originalSize: '1200x800',
  ...extra,
});

describe('image helper', () => {
  it('R9.5.3 lists the width steps up to the original width, with the focal point as object-position', () => {
    const picture = responsiveImage(image('werkbank', { mediaFocalPoint: { x: 0.25, y: 0.8 } }), '100vw');
    expect(picture.srcset).toBe(
      [100, 300, 500, 750, 1000].map((w) => `/assets/demo/werkbank.svg?format=${w}w ${w}w`).join(', '),
    );
    expect(picture).toMatchObject({
      width: 1200,
      height: 800,
      objectPosition: '25% 80%',
      focalPoint: '0.25,0.8',
    });
  });

  it('R5.10.7 refuses an image without originalSize with "Invalid source parameter. Pass in \'originalSize\'"', () => {
    expect(() => responsiveImage({ assetUrl: '/a.jpg' }, '100vw')).toThrow(MISSING_ORIGINAL_SIZE);
  });

  it('R5.10.3 R5.10.4 needs sizes and a src', () => {
    const problems = (call: () => unknown) => {
      try {
        call();
        return [];
      } catch (error) {
        return (error as ImageHelperError).problems;
      }
    };
    expect(problems(() => responsiveImage(image('a'), ''))).toEqual(['sizes is required']);
    expect(problems(() => responsiveImage({ originalSize: '10x10' }, '100vw'))).toEqual(['src is required']);
  });

  it('R9.5.6 takes the alt text from the title, then the body cut at 250 characters', () => {
    const body = `<p>${'Holz '.repeat(80)}</p>`;
    expect(responsiveImage(image('a', { altText: '', title: 'Titel' }), '1px').alt).toBe('Titel');
    expect(responsiveImage(image('a', { altText: '', body }), '1px').alt).toHaveLength(250);
  });
});

describe('gallery settings', () => {
  it('R9.4.4 R9.4.5 R9.4.6 R9.4.7 R9.4.8 R9.4.9 keep every number in its range, with the defaults of spec 9', () => {
    expect(gallerySettings({})).toMatchObject({
      design: 'grid',
      'autoplay-duration': 5,
      'thumbnail-strip-height': 80,
      'thumbnail-strip-margin': 20,
      'thumbnails-per-row': 4,
      padding: 20,
      'max-width': 300,
      'meta-position': 'bottom',
      'active-alignment': 'center',
    });
    expect(
      gallerySettings({
        'autoplay-duration': 60,
        'thumbnail-strip-height': -5,
        'thumbnail-strip-margin': 99,
        'thumbnails-per-row': 0,
        padding: 51,
        'max-width': 50,
      }),
    ).toMatchObject({
      'autoplay-duration': 10,
      'thumbnail-strip-height': 0,
      'thumbnail-strip-margin': 60,
      'thumbnails-per-row': 1,
      padding: 50,
      'max-width': 100,
    });
  });

  it('R3.22.2 R3.22.3 R3.22.4 accept only the designs, meta positions and alignments of spec 3', () => {
    expect(
      gallerySettings({ design: 'stacked', 'meta-position': 'top-right', 'active-alignment': 'left' }),
    ).toMatchObject({ design: 'stacked', 'meta-position': 'top-right', 'active-alignment': 'left' });
    expect(
      gallerySettings({ design: 'mosaik', 'meta-position': 'links', 'active-alignment': 'oben' }),
    ).toMatchObject({ design: 'grid', 'meta-position': 'bottom', 'active-alignment': 'center' });
  });

  it('leaves out an image the helper refuses and says why', () => {
    const gallery = galleryContext(
      [image('a'), { assetUrl: '/b.jpg' }],
      { lightbox: true },
      { id: 'g', label: 'G' },
    );
    expect(gallery.count).toBe(1);
    expect(gallery.imageProblems).toEqual([{ index: 1, message: MISSING_ORIGINAL_SIZE }]);
    expect(gallery.images[0]).toMatchObject({ link: '/assets/demo/a.svg', positionText: 'Bild 1 von 1' });
    expect(gallery.island).toContain('data-island="gallery"');
  });

  it('plays only slideshows and sliders, every autoplay-duration seconds', () => {
    const props = (settings: object) => {
      const html = galleryContext([image('a'), image('b')], settings, { id: 'g', label: 'G' }).island;
      return JSON.parse(
        /data-props="([^"]*)"/
          .exec(html)![1]!
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&'),
      );
    };
    expect(props({ design: 'slideshow', autoplay: true, 'autoplay-duration': 3 })).toMatchObject({
      autoplay: true,
      autoplayDurationMs: 3000,
    });
    expect(props({ design: 'grid', autoplay: true }).autoplay).toBe(false);
  });
});

describe('video and audio', () => {
  it('R3.20.1 keeps only the https iframe of the oEmbed HTML and the overlay image', () => {
    const html =
      '<iframe src="https://www.youtube.com/embed/abc" onload="alert(1)"></iframe><script>alert(2)</script>';
    const embed = safeEmbedHtml(html, 'Werkstattfilm');
    expect(embed).toContain('src="https://www.youtube.com/embed/abc"');
    expect(embed).not.toMatch(/onload|<script|alert/);
    expect(safeEmbedHtml('<iframe src="http://unsicher.example/"></iframe>', '')).toBe('');
    const block = videoBlockContext({
      type: 'video',
      title: 'Werkstattfilm',
      oembed: { html, providerName: 'YouTube' },
      overlay: image('poster'),
    }) as { video: { island: string; providerName: string } };
    expect(block.video.providerName).toBe('YouTube');
    expect(block.video.island).toContain('media-video__poster');
    expect(block.video.island).not.toContain('<iframe');
    expect(videoBlockContext({ type: 'video', oembed: { html: '<b>kein Video</b>' } })).toEqual({
      type: 'missing',
    });
  });

  it('gives the audio player an https or site address only', () => {
    expect(
      audioBlockContext({ type: 'audio', audioAssetUrl: '/assets/ton.mp3', title: 'Ton' }),
    ).toMatchObject({
      audio: { audioUrl: '/assets/ton.mp3', title: 'Ton' },
    });
    expect(audioBlockContext({ type: 'audio', audioAssetUrl: 'javascript:alert(1)' })).toEqual({
      type: 'missing',
    });
  });
});

describe('share links', () => {
  it("R3.11.1 offers the services of the site's shareButtonOptions only", () => {
    const page = { url: 'https://laden.example/galerie', title: 'Galerie & mehr' };
    expect(shareLinks({ facebook: true, x: true, linkedin: false }, page).map((l) => l.service)).toEqual([
      'facebook',
      'x',
    ]);
    expect(shareLinks(['twitter', 'email'], page)).toEqual([
      { service: 'x', label: 'Auf X teilen', url: expect.stringContaining('text=Galerie%20%26%20mehr') },
      {
        service: 'email',
        label: 'Per E-Mail teilen',
        url: 'mailto:?subject=Galerie%20%26%20mehr&body=https%3A%2F%2Fladen.example%2Fgalerie',
      },
    ]);
    expect(shareLinks(undefined, page)).toEqual([]);
  });
});
