/* The Design screen's German texts. */
export const D = {
  title: 'Design',
  intro:
    'Wähle Vorlage, Schriften, Farben und Abstände. Die Vorschau zeigt die Startseite mit deinen Änderungen; Besucher sehen sie erst nach dem Speichern.',
  template: 'Vorlage',
  templateHint:
    'Eine Vorlage setzt alle Einstellungen unten. Seiten, Produkte und Inhalte bleiben beim Wechsel erhalten.',
  plainLook: 'Bisher nutzt die Website das schlichte Baukasten-Design.',
  fonts: 'Schriften',
  headingSample: 'Überschrift',
  bodySample: 'Fließtext mit Umlauten: Grüße aus Köln.',
  colours: 'Farben',
  coloursHint: 'Jeder Text braucht mindestens einen Kontrast von 4,5:1 zu seinem Hintergrund.',
  colourPicker: (label: string) => `${label} – Farbwähler`,
  buttonShape: 'Form der Schaltflächen',
  spacing: 'Abstände',
  contentWidth: 'Inhaltsbreite',
  save: 'Design speichern',
  saved: 'Design gespeichert.',
  preview: 'Vorschau',
  previewWidth: 'Breite der Vorschau',
  widths: { phone: 'Telefon', tablet: 'Tablet', desktop: 'Desktop' },
  previewLoading: 'Vorschau wird erstellt …',
  previewPaused: 'Die Vorschau wartet, bis alle Farben lesbar sind.',
  previewFrame: 'Vorschau der Startseite',
} as const;
