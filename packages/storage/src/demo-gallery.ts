import type { Storage } from './open-storage.js';
import type { Block } from './types.js';
import { CollectionType } from './types.js';

/** A picture of the demo workshop, drawn by the placeholder image route (1200 × 1200 px, or ?format=750w). */
const picture = (name: string, title: string, caption: string, focal: { x: number; y: number }) => ({
  assetUrl: `/assets/demo/${name}.svg`,
  altText: title,
  title,
  caption,
  originalSize: '1200x1200',
  mediaFocalPoint: focal,
});

/**
 * The demo shop's gallery page (collection type slide-gallery 15): a grid that opens in the lightbox,
 * comments open (commentState 1) and the like and share buttons of the site's settings.
 */
export async function seedDemoGallery(tx: Storage, websiteId: string): Promise<void> {
  const blocks = [
    { type: 'text', html: '<p>Ein Blick hinter die Kulissen: so entstehen unsere Stücke.</p>' },
    {
      type: 'gallery',
      id: 'werkstatt',
      images: [
        picture('werkbank', 'Die Werkbank', 'Hier wird gesägt, geschliffen und geölt.', { x: 0.5, y: 0.4 }),
        picture('toepferscheibe', 'Die Töpferscheibe', 'Jeder Becher beginnt als Tonklumpen.', {
          x: 0.3,
          y: 0.5,
        }),
        picture('brennofen', 'Der Brennofen', 'Bei 1240 °C wird die Glasur hart.', { x: 0.5, y: 0.5 }),
        picture('lager', 'Das Lager', 'Alles, was du bestellst, liegt hier bereit.', { x: 0.7, y: 0.6 }),
      ],
      settings: {
        design: 'grid',
        lightbox: true,
        lightboxTheme: 'dark',
        'thumbnails-per-row': 4,
        'aspect-ratio': '1:1',
        'show-meta': true,
        'meta-position': 'bottom-left',
      },
    },
  ] as unknown as Block[];
  await tx.collections.create(websiteId, {
    type: CollectionType.SLIDE_GALLERY,
    urlId: 'galerie',
    title: 'Galerie',
    position: 6,
    description: 'Bilder aus unserer Werkstatt.',
    blocks,
    settings: { pageKind: 'gallery', commentState: 1 },
  });
}
