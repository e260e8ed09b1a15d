import { formatMegabytes } from './media-limits.js';

/** German texts of uploads and the media library (editor messages of spec 5 and 8). */
export const mediaMessages = {
  /** R5.12.6 */
  fileNameMissing: 'Bitte gib einen Dateinamen an.',
  /** R5.12.7: the maximum is shown. */
  fileTooLarge: (maxBytes: number) =>
    `Die Datei ist zu groß. Erlaubt sind höchstens ${formatMegabytes(maxBytes)}.`,
  /** R5.12.8 */
  unsupportedFileType:
    'Dieser Dateityp wird nicht unterstützt. Erlaubt sind Bilder im Format JPEG, PNG, WebP und GIF.',
  /** R8.7.6: a name no file can carry (a path, control characters). */
  fileNotUploadable:
    'Diese Datei kann nicht hochgeladen oder umbenannt werden: Der Name darf weder Schrägstriche noch Steuerzeichen enthalten.',
  /** R8.7.5 */
  uploadFailed: 'Das Hochladen der Datei ist fehlgeschlagen.',
  /** R8.7.7 */
  processingFailed: 'Die Verarbeitung der Datei ist fehlgeschlagen oder wurde abgebrochen.',
  imageTooLargeInPixels: (maxPixels: number) =>
    `Das Bild hat zu viele Bildpunkte. Erlaubt sind höchstens ${Math.round(maxPixels / 1_000_000)} Megapixel.`,
  fileEmpty: 'Die Datei ist leer.',
  mediaNotFound: 'Dieses Bild gibt es auf dieser Website nicht.',
  altTextTooLong: 'Der Alternativtext darf höchstens 250 Zeichen lang sein.',
  focalPointInvalid: 'Der Fokuspunkt muss zwischen 0 und 1 liegen.',
  formatInvalid:
    'Unbekannte Bildgröße. Erlaubt sind original und die Breiten 100w, 300w, 500w, 750w, 1000w, 1500w und 2500w.',
  permissionDenied: 'Dafür fehlt dir die Berechtigung.',
} as const;
