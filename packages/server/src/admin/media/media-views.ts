import type { Media } from '@baukasten/storage';

/** The URL-safe file name an image is served under (`Mein Foto.JPG` → `mein-foto.jpg`). */
export function urlFileName(filename: string): string {
  const cleaned = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(-80);
  return cleaned || 'bild';
}

/** Where the site serves the image; `?format=500w` picks a rendition. */
export const mediaAssetUrl = (media: Pick<Media, 'id' | 'filename'>) =>
  `/media/${media.id}/${urlFileName(media.filename)}`;

/**
 * The image as the editor lists it, and `image`: the object product images, image blocks and social
 * images take (spec 3 image fields).
 */
export function mediaView(media: Media) {
  const assetUrl = mediaAssetUrl(media);
  const originalSize = `${media.width}x${media.height}`;
  return {
    id: media.id,
    filename: media.filename,
    contentType: media.contentType,
    width: media.width,
    height: media.height,
    byteSize: media.byteSize,
    altText: media.altText,
    focalPoint: media.focalPoint,
    variants: media.variants,
    createdAt: media.createdAt,
    assetUrl,
    image: {
      assetUrl,
      altText: media.altText,
      originalSize,
      mediaFocalPoint: media.focalPoint,
      systemDataVariants: media.variants.join(','),
    },
  };
}
