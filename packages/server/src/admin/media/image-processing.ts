import { IMAGE_WIDTHS } from '@baukasten/commerce';
import type { MediaFile } from '@baukasten/storage';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { HttpError } from '../../http-error.js';
import { MAX_PIXELS, MAX_UPLOAD_BYTES } from './media-limits.js';
import { mediaMessages as m } from './media-messages.js';

/*
 * An upload becomes an original and its renditions. The type is what the bytes are (sharp reads them),
 * not what the browser claimed. The original is re-encoded in its own format, turned upright by its EXIF
 * orientation and stripped of metadata (phone photos carry GPS positions). Renditions are WebP at each
 * width step of spec 9 up to the original's width, so the storefront's srcset can offer every step
 * (the original stands in above that, R9.5.3).
 */

const ACCEPTED = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' } as const;
type Accepted = keyof typeof ACCEPTED;

export interface ProcessedImage {
  contentType: string;
  width: number;
  height: number;
  files: MediaFile[];
}

const refuse = (status: number, type: string, message: string) => new HttpError(status, type, message);

export async function processUpload(data: Buffer): Promise<ProcessedImage> {
  if (data.length === 0) throw refuse(400, 'FILE_EMPTY', m.fileEmpty);
  if (data.length > MAX_UPLOAD_BYTES) throw refuse(413, 'FILE_TOO_LARGE', m.fileTooLarge(MAX_UPLOAD_BYTES));
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(415, 'UNSUPPORTED_FILE_TYPE', m.unsupportedFileType);
  }
  const format = metadata.format as string;
  if (!(format in ACCEPTED)) throw refuse(415, 'UNSUPPORTED_FILE_TYPE', m.unsupportedFileType);
  if (!metadata.width || !metadata.height) throw refuse(415, 'UNSUPPORTED_FILE_TYPE', m.unsupportedFileType);
  if (metadata.width * (metadata.pageHeight ?? metadata.height) > MAX_PIXELS)
    throw refuse(413, 'IMAGE_TOO_LARGE', m.imageTooLargeInPixels(MAX_PIXELS));

  try {
    const animated = format === 'gif' && (metadata.pages ?? 1) > 1;
    const input = () => sharp(data, { limitInputPixels: MAX_PIXELS, animated }).rotate();
    const encode = (image: Sharp, as: Accepted) =>
      as === 'jpeg'
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : as === 'png'
          ? image.png({ compressionLevel: 9 })
          : as === 'webp'
            ? image.webp({ quality: 90 })
            : image.gif();
    const original = await encode(input(), format as Accepted).toBuffer({ resolveWithObject: true });
    const width = original.info.width;
    const height = animated ? (original.info.pageHeight ?? original.info.height) : original.info.height;
    const files: MediaFile[] = [
      { variant: 'original', contentType: ACCEPTED[format as Accepted], width, height, data: original.data },
    ];
    const steps = IMAGE_WIDTHS.filter((w) => w <= width);
    for (const step of steps.length > 0 ? steps : [IMAGE_WIDTHS[0]!]) {
      const rendition = await input()
        .resize({ width: step, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      files.push({
        variant: `${step}w`,
        contentType: 'image/webp',
        width: rendition.info.width,
        height: animated ? (rendition.info.pageHeight ?? rendition.info.height) : rendition.info.height,
        data: rendition.data,
      });
    }
    return { contentType: ACCEPTED[format as Accepted], width, height, files };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refuse(422, 'PROCESSING_FAILED', m.processingFailed);
  }
}
