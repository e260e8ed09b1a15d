import { formatMegabytes } from '../media/media-limits.js';

/** German texts of digital product files in the editor and at the download (issue 23). */
export const productFileMessages = {
  fileNameMissing: 'Bitte gib einen Dateinamen an.',
  fileNameInvalid:
    'Diese Datei kann nicht hochgeladen werden: Der Name darf höchstens 200 Zeichen lang sein und weder Schrägstriche noch Steuerzeichen enthalten.',
  fileTooLarge: (maxBytes: number) =>
    `Die Datei ist zu groß. Erlaubt sind höchstens ${formatMegabytes(maxBytes)}.`,
  fileEmpty: 'Die Datei ist leer.',
  uploadBroken: 'Das Hochladen wurde abgebrochen. Bitte versuche es noch einmal.',
  notDigital:
    'Nur digitale Produkte haben eine Datei zum Herunterladen. Stelle den Produkttyp auf „Digital“.',
  noFile: 'Für dieses Produkt ist noch keine Datei hinterlegt.',
  downloadLimitInvalid: 'Die Anzahl der Downloads muss eine ganze Zahl zwischen 1 und 100 sein.',
  downloadDaysInvalid: 'Der Zeitraum muss eine ganze Zahl zwischen 1 und 3650 Tagen sein.',
  downloadLimitReached: (limit: number) =>
    `Diese Datei wurde schon ${limit === 1 ? 'einmal' : `${limit}-mal`} heruntergeladen – öfter ist es nicht möglich. Bitte wende dich an den Shop, wenn du sie noch einmal brauchst.`,
  downloadExpired: (days: number) =>
    `Der Download war ${days === 1 ? 'einen Tag' : `${days} Tage`} nach dem Kauf verfügbar; dieser Zeitraum ist abgelaufen. Bitte wende dich an den Shop, wenn du die Datei noch brauchst.`,
} as const;
