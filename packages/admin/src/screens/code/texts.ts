/* The German texts of the theme code editor. */

export const C = {
  title: 'Theme-Code',
  intro:
    'Bearbeite die JSON-T-Vorlagen und das Stylesheet deiner Website. Änderungen gelten nur für diese Website; „Auf Standard zurücksetzen“ holt die Datei des Standard-Themes zurück.',
  file: 'Datei',
  overridden: 'angepasst',
  source: (file: string) => `Inhalt von ${file}`,
  check: 'Prüfen',
  noProblems: 'Keine Fehler gefunden.',
  problems: (count: number) => (count === 1 ? '1 Fehler gefunden:' : `${count} Fehler gefunden:`),
  problem: (line: number, column: number, message: string) => `Zeile ${line}, Spalte ${column}: ${message}`,
  save: 'Speichern',
  saved: 'Gespeichert. Die Website zeigt die Änderung sofort.',
  revert: 'Auf Standard zurücksetzen',
  revertQuestion: 'Deine Änderungen an dieser Datei gehen verloren. Wirklich zurücksetzen?',
  reverted: 'Die Datei ist wieder die des Standard-Themes.',
  preview: 'Vorschau',
  previewTitle: 'Vorschau mit ungespeicherten Änderungen',
  previewHint: 'Besucher sehen weiterhin die gespeicherte Fassung.',
  unsaved: 'Ungespeicherte Änderungen',
  /** R8.7.11 */
  noCodeEditingOnAndroid: 'Die Code-Bearbeitung ist auf Android-Geräten nicht verfügbar.',
} as const;
