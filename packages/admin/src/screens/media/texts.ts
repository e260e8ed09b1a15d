/* The German texts of the media library and the image picker (the shell's texts are in messages.ts). */

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

export const M = {
  title: 'Bilder',
  intro:
    'Lade Bilder hoch und verwende sie in Bildblöcken, als Produktbilder und als Vorschaubild für soziale Netzwerke.',
  upload: 'Bild hochladen',
  uploadHint:
    'JPEG, PNG, WebP oder GIF, höchstens 20 MB. Verkleinerte Fassungen für jede Bildschirmbreite entstehen beim Hochladen.',
  uploading: 'Wird hochgeladen …',
  uploaded: (name: string) => `„${name}“ wurde hochgeladen.`,
  /** R5.12.6 */
  fileNameMissing: 'Bitte gib einen Dateinamen an.',
  /** R5.12.7 */
  fileTooLarge: 'Die Datei ist zu groß. Erlaubt sind höchstens 20 MB.',
  /** R5.12.8 */
  unsupportedFileType:
    'Dieser Dateityp wird nicht unterstützt. Erlaubt sind Bilder im Format JPEG, PNG, WebP und GIF.',
  /** R8.7.5 */
  uploadFailed: 'Das Hochladen der Datei ist fehlgeschlagen.',
  /** R8.7.6: the server's words for a name no file can carry. */
  fileNotUploadable:
    'Diese Datei kann nicht hochgeladen oder umbenannt werden: Der Name darf weder Schrägstriche noch Steuerzeichen enthalten.',
  /** R8.7.8: the upload (the server's processing job) answered without the image it made. */
  noResponseData:
    'Der Auftrag hat keine Antwortdaten geliefert. Bitte lade die Seite neu und prüfe, ob das Bild da ist.',
  none: 'Noch keine Bilder hochgeladen.',
  altText: 'Alternativtext',
  altTextHint: 'Beschreibt das Bild für Menschen, die es nicht sehen (höchstens 250 Zeichen).',
  focalPoint: 'Fokuspunkt',
  focalPointHint: 'Klicke ins Bild: Dieser Punkt bleibt beim Zuschneiden sichtbar.',
  focalX: 'Fokus waagerecht (0–1)',
  focalY: 'Fokus senkrecht (0–1)',
  save: 'Speichern',
  saved: 'Gespeichert.',
  delete: 'Löschen',
  deleted: 'Bild gelöscht.',
  size: (w: number, h: number) => `${w} × ${h} px`,
  pick: 'Bild auswählen',
  pickTitle: 'Bild auswählen',
  choose: (name: string) => `„${name}“ verwenden`,
  change: 'Anderes Bild',
  remove: 'Bild entfernen',
  close: 'Schließen',
  noImage: 'Kein Bild ausgewählt.',
  details: (name: string) => `Bild „${name}“ bearbeiten`,
} as const;
