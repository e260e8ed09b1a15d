/** German texts of the theme code editor's API. */
export const themeCodeMessages = {
  unknownFile: 'Diese Datei gehört nicht zum Theme.',
  sourceMissing: 'Bitte gib den Inhalt der Datei an.',
  sourceTooLarge: (kb: number) => `Die Datei ist zu groß. Erlaubt sind höchstens ${kb} KB.`,
  templateInvalid: (count: number) =>
    count === 1
      ? 'Die Vorlage enthält einen Fehler und wurde nicht gespeichert.'
      : `Die Vorlage enthält ${count} Fehler und wurde nicht gespeichert.`,
  cssInvalid: 'Das Stylesheet enthält einen Fehler und wurde nicht gespeichert.',
  cssUnclosedBrace: 'Diese geschweifte Klammer „{“ wird nicht geschlossen.',
  cssStrayBrace: 'Zu dieser schließenden Klammer „}“ gibt es keine öffnende.',
  cssUnclosedComment: 'Dieser Kommentar „/*“ wird nicht geschlossen.',
  cssUnclosedString: 'Diese Zeichenkette wird nicht geschlossen.',
  nulCharacter: 'Die Datei enthält ein unzulässiges Steuerzeichen (NUL).',
} as const;
