import { LIMITS } from '@baukasten/jsont';

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

/**
 * Why a render of the owner's template stopped at one of the engine's limits (`RenderedPage.aborted`),
 * in German, for the editor (save, preview). `file` names the template.
 */
export function renderStopMessage(file: string, reason: string): string {
  const intro = `Die Vorlage „${file}“ wurde beim Darstellen abgebrochen:`;
  switch (reason) {
    case 'time':
      return `${intro} Sie rechnet länger als ${LIMITS.maxRenderMs} ms. Vereinfache Schleifen, Makros und aufwendige Formatierer wie „json“. Besucher sehen weiter die zuletzt funktionierende Version.`;
    case 'output':
      return `${intro} Sie erzeugt mehr als ${LIMITS.maxOutputLength.toLocaleString('de-DE')} Zeichen. Besucher sehen weiter die zuletzt funktionierende Version.`;
    case 'steps':
      return `${intro} Sie durchläuft mehr als ${LIMITS.maxWork.toLocaleString('de-DE')} Schleifenrunden und Makroaufrufe. Besucher sehen weiter die zuletzt funktionierende Version.`;
    case 'nesting':
      return `${intro} Ihre Blöcke sind tiefer als ${LIMITS.maxNesting} Ebenen verschachtelt.`;
    default:
      return `${intro} Besucher sehen weiter die zuletzt funktionierende Version.`;
  }
}
