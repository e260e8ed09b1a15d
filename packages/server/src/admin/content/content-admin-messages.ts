/**
 * The German texts of the blog post and event routes of the editor. Routes and schemas use these; no
 * user-facing string is written anywhere else in this folder.
 */
export const contentAdminMessages = {
  collectionNotFound: 'Dieser Blog oder Veranstaltungskalender wurde nicht gefunden.',
  entryNotFound: 'Dieser Beitrag oder diese Veranstaltung wurde nicht gefunden.',
  titleMissing: 'Bitte gib einen Titel ein.',
  titleTooLong: 'Der Titel darf höchstens 200 Zeichen lang sein.',
  urlIdInvalid: (value: string) =>
    `„${value}“ ist keine gültige Adresse. Erlaubt sind Kleinbuchstaben, Ziffern und Bindestriche.`,
  urlIdTaken: (value: string) => `Die Adresse „${value}“ ist in dieser Sammlung bereits vergeben.`,
  formatUnknown: 'Das Textformat muss „markdown“ oder „html“ sein.',
  excerptTooLong: 'Der Anreißer darf höchstens 10.000 Zeichen lang sein.',
  bodyTooLong: 'Der Text darf höchstens 100.000 Zeichen lang sein.',
  namesInvalid: (what: string) => `Bitte gib die ${what} als Liste von Namen an.`,
  nameInvalid: (what: string) => `Jede ${what} braucht einen Namen mit höchstens 100 Zeichen.`,
  tooManyNames: (what: string) => `Höchstens 50 ${what} sind möglich.`,
  authorTooLong: 'Der Name des Autors darf höchstens 100 Zeichen lang sein.',
  starredInvalid: 'Bitte gib an, ob der Beitrag hervorgehoben ist (ja oder nein).',
  commentStateInvalid:
    'Der Kommentarstatus muss 0 (keine Kommentare), 1 (Kommentare offen) oder 2 (Kommentare geschlossen) sein.',
  dateTimeInvalid: 'Bitte gib Datum und Uhrzeit als JJJJ-MM-TTTHH:MM an, z. B. 2026-07-04T14:00.',
  startMissing: 'Bitte gib an, wann die Veranstaltung beginnt.',
  endMissing: 'Bitte gib an, wann die Veranstaltung endet.',
  endBeforeStart: 'Eine Veranstaltung kann nicht enden, bevor sie beginnt.',
  notAnEvent: 'Beginn, Ende und Ort gibt es nur bei Veranstaltungen.',
  addressTooLong: 'Jede Adresszeile darf höchstens 200 Zeichen lang sein.',
  latitudeInvalid: 'Der Breitengrad muss eine Zahl zwischen -90 und 90 sein.',
  longitudeInvalid: 'Der Längengrad muss eine Zahl zwischen -180 und 180 sein.',
  coordinatesIncomplete: 'Bitte gib Breiten- und Längengrad zusammen an.',
  imageUrlInvalid: 'Bitte gib eine gültige Bildadresse an (https://… oder /…).',
  publishNeedsPermission:
    'Veröffentlichte Beiträge und Veranstaltungen ändern, veröffentlichen oder löschen dürfen nur Personen, die Seiten veröffentlichen dürfen.',
} as const;
